package org.mpish.runtime.mpi.rma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.mpi.rma.RmaFixture.alloc;
import static org.mpish.runtime.mpi.rma.RmaFixture.create;
import static org.mpish.runtime.mpi.rma.RmaFixture.ok;
import static org.mpish.runtime.mpi.rma.RmaFixture.read;
import static org.mpish.runtime.mpi.rma.RmaFixture.readD;
import static org.mpish.runtime.mpi.rma.RmaFixture.type;
import static org.mpish.runtime.mpi.rma.RmaFixture.write;
import static org.mpish.runtime.mpi.rma.RmaFixture.writeD;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.MpiConst;

/** The result of every communication call, contiguous and strided (R17-R27). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RmaOpsTest {
    static final int FENCE = 0;

    @Test
    void putWritesAtBasePlusDispTimesTheTargetsDispUnit() { // R18: the target's disp_unit counts, not the origin's
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                int me = r.id();
                Win w = create(r, 64, me == 1 ? 8 : 4);
                long src = alloc(r, "MPI_INT", 100 + me);
                ok(r, "MPI_Win_fence", FENCE, w);
                // every rank puts its int at disp 2 of rank 1, whose disp_unit is 8: byte 16, int index 4 ... 
                // ... so ranks write one after another at disp 2 + me
                ok(r, "MPI_Put", src, 1, "MPI_INT", 1, 2L + me, 1, "MPI_INT", w);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (me == 1) {
                    long[] v = read(r, w.base(), "MPI_INT", 16);
                    assertEquals(100, v[4]);
                    assertEquals(101, v[6]);
                    assertEquals(102, v[8]);
                    assertEquals(0, v[5]);
                }
            });
        }
    }

    @Test
    void getReadsTheTargetAndPutToSelfWorks() { // R17 (a process may target itself), R21
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                int me = r.id();
                Win w = create(r, 32, 4);
                write(r, w.base(), "MPI_INT", 10 * me, 10 * me + 1, 10 * me + 2, 10 * me + 3);
                long self = alloc(r, "MPI_INT", 77);
                long dst = r.memory().alloc(16);
                ok(r, "MPI_Win_fence", FENCE, w);
                ok(r, "MPI_Get", dst, 4, "MPI_INT", 1 - me, 0L, 4, "MPI_INT", w);
                ok(r, "MPI_Put", self, 1, "MPI_INT", me, 7L, 1, "MPI_INT", w);
                ok(r, "MPI_Win_fence", FENCE, w);
                int o = 10 * (1 - me);
                assertArrayEquals(new long[] {o, o + 1, o + 2, o + 3}, read(r, dst, "MPI_INT", 4));
                assertEquals(77, read(r, w.base(), "MPI_INT", 8)[7]);
            });
        }
    }

    @Test
    void stridedOriginAndTargetWithVectorAndIndexedTypes() { // R19: derived datatypes at both ends
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                int me = r.id();
                Win w = create(r, 16 * 4, 4);
                Datatype in = type(r, "MPI_INT");
                Datatype every2nd = in.vector(4, 1, 2); // 4 ints, stride 2
                every2nd.commit();
                Datatype idx = in.indexed(new int[] {2, 1, 1}, new long[] {0, 5, 9});
                idx.commit();
                long src = alloc(r, "MPI_INT", 1, -1, 2, -1, 3, -1, 4, -1);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (me == 0) ok(r, "MPI_Put", src, 1, every2nd, 1, 0L, 1, idx, w); // 1,2,3,4 -> [0],[1],[5],[9]
                ok(r, "MPI_Win_fence", FENCE, w);
                if (me == 1) {
                    long[] v = read(r, w.base(), "MPI_INT", 16);
                    assertArrayEquals(new long[] {1, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0}, v);
                }
                // and back: a strided get into a strided origin buffer
                long dst = alloc(r, "MPI_INT", 9, 9, 9, 9, 9, 9, 9, 9);
                if (me == 0) ok(r, "MPI_Get", dst, 1, every2nd, 1, 0L, 1, idx, w);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (me == 0) assertArrayEquals(new long[] {1, 9, 2, 9, 3, 9, 4, 9}, read(r, dst, "MPI_INT", 8));
            });
        }
    }

    @Test
    void subarrayShapedTargetWithHindexed() { // a 2x2 block of a 4x4 int matrix (what Type_create_subarray builds)
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16 * 4, 4);
                Datatype in = type(r, "MPI_INT");
                Datatype block = in.hindexed(new int[] {2, 2}, new long[] {(1 * 4 + 1) * 4, (2 * 4 + 1) * 4}, "MPI_COMBINER_SUBARRAY")
                        .resized(0, 64);
                block.commit();
                long src = alloc(r, "MPI_INT", 5, 6, 7, 8);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 0) ok(r, "MPI_Accumulate", src, 4, "MPI_INT", 1, 0L, 1, block, "MPI_SUM", w);
                if (r.id() == 0) ok(r, "MPI_Accumulate", src, 4, "MPI_INT", 1, 0L, 1, block, "MPI_SUM", w);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 1) {
                    assertArrayEquals(new long[] {0, 0, 0, 0, 0, 10, 12, 0, 0, 14, 16, 0, 0, 0, 0, 0}, read(r, w.base(), "MPI_INT", 16));
                }
            });
        }
    }

    @Test
    void accumulateAppliesEveryPredefinedOpOnIntegers() { // R22: target <- target op origin
        long[][] cases = { // op, target, origin, expected
            {0, 6, 3, 9}, {1, 6, 3, 18}, {2, 6, 3, 6}, {3, 6, 3, 3}, {4, 6, 0, 0}, {5, 0, 3, 1},
            {6, 6, 3, 0}, {7, 6, 3, 2}, {8, 6, 3, 7}, {9, 6, 3, 5}, {10, 6, 3, 3},
        };
        String[] ops = {"MPI_SUM", "MPI_PROD", "MPI_MAX", "MPI_MIN", "MPI_LAND", "MPI_LOR", "MPI_LXOR", "MPI_BAND", "MPI_BOR",
                "MPI_BXOR", "MPI_REPLACE"};
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 8 * cases.length, 8);
                for (int i = 0; i < cases.length; i++) write(r, w.base() + 8L * i, "MPI_LONG", cases[i][1]);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 0) {
                    for (int i = 0; i < cases.length; i++) {
                        long src = alloc(r, "MPI_LONG", cases[i][2]);
                        ok(r, "MPI_Accumulate", src, 1, "MPI_LONG", 1, (long) i, 1, "MPI_LONG", ops[(int) cases[i][0]], w);
                    }
                }
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 1) {
                    long[] v = read(r, w.base(), "MPI_LONG", cases.length);
                    for (int i = 0; i < cases.length; i++) assertEquals(cases[i][3], v[i], ops[(int) cases[i][0]]);
                }
            });
        }
    }

    @Test
    void floatingPointUnsignedLogicalAndByteOps() { // R23: each op on the type groups it suits
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 64, 1);
                long b = w.base();
                writeD(r, b, 1.5, 2.0);
                write(r, b + 16, "MPI_UNSIGNED", 0xFFFFFFF0L);
                write(r, b + 20, "MPI_C_BOOL", 1);
                write(r, b + 21, "MPI_BYTE", 0x0F);
                write(r, b + 24, "MPI_UNSIGNED_LONG", -2L); // 2^64 - 2
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 0) {
                    long d = r.memory().alloc(16);
                    writeD(r, d, 2.25, 5.0);
                    ok(r, "MPI_Accumulate", d, 1, "MPI_DOUBLE", 1, 0L, 1, "MPI_DOUBLE", "MPI_SUM", w);
                    ok(r, "MPI_Accumulate", d + 8, 1, "MPI_DOUBLE", 1, 8L, 1, "MPI_DOUBLE", "MPI_PROD", w);
                    ok(r, "MPI_Accumulate", alloc(r, "MPI_UNSIGNED", 0x20), 1, "MPI_UNSIGNED", 1, 16L, 1, "MPI_UNSIGNED", "MPI_MAX", w);
                    ok(r, "MPI_Accumulate", alloc(r, "MPI_C_BOOL", 0), 1, "MPI_C_BOOL", 1, 20L, 1, "MPI_C_BOOL", "MPI_LAND", w);
                    ok(r, "MPI_Accumulate", alloc(r, "MPI_BYTE", 0x3C), 1, "MPI_BYTE", 1, 21L, 1, "MPI_BYTE", "MPI_BXOR", w);
                    ok(r, "MPI_Accumulate", alloc(r, "MPI_UNSIGNED_LONG", 5), 1, "MPI_UNSIGNED_LONG", 1, 24L, 1, "MPI_UNSIGNED_LONG", "MPI_MIN", w);
                }
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 1) {
                    assertArrayEquals(new double[] {3.75, 10.0}, readD(r, b, 2));
                    assertEquals(0xFFFFFFF0L, read(r, b + 16, "MPI_UNSIGNED", 1)[0], "unsigned max keeps the larger unsigned value");
                    assertEquals(0, read(r, b + 20, "MPI_C_BOOL", 1)[0]);
                    assertEquals(0x33, read(r, b + 21, "MPI_BYTE", 1)[0]);
                    assertEquals(5, read(r, b + 24, "MPI_UNSIGNED_LONG", 1)[0], "2^64-2 is larger than 5 unsigned");
                }
            });
        }
    }

    @Test
    void maxlocAndMinlocOnPairTypes() { // R22 with MPI_DOUBLE_INT / MPI_2INT: ties keep the smaller index
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                int me = r.id();
                Win w = create(r, 32, 1);
                Datatype di = type(r, "MPI_DOUBLE_INT");
                if (me == 0) {
                    writeD(r, w.base(), -1.0);
                    write(r, w.base() + 8, "MPI_INT", -1);
                    write(r, w.base() + 16, "MPI_INT", 1000, -1);
                }
                ok(r, "MPI_Win_fence", FENCE, w);
                long src = r.memory().alloc(16);
                writeD(r, src, me == 3 ? 1.0 : 2.0 + (me % 2)); // ranks 1 and 3 tie on... rank 1: 3.0, rank 3: 1.0
                write(r, src + 8, "MPI_INT", me);
                ok(r, "MPI_Accumulate", src, 1, di, 0, 0L, 1, di, "MPI_MAXLOC", w);
                long p2 = alloc(r, "MPI_INT", me == 2 ? 5 : 7, me); // min value 5 at rank 2
                ok(r, "MPI_Accumulate", p2, 1, "MPI_2INT", 0, 16L, 1, "MPI_2INT", "MPI_MINLOC", w);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (me == 0) {
                    assertEquals(3.0, readD(r, w.base(), 1)[0]);
                    assertEquals(1, read(r, w.base() + 8, "MPI_INT", 1)[0]);
                    assertArrayEquals(new long[] {5, 2}, read(r, w.base() + 16, "MPI_INT", 2));
                }
            });
        }
    }

    @Test
    void getAccumulateFetchesOldValuesReplaceAndNoOp() { // R24, R27
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 32, 4);
                write(r, w.base(), "MPI_INT", 1, 2, 3, 4);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 0) {
                    long src = alloc(r, "MPI_INT", 10, 20, 30, 40);
                    long res = r.memory().alloc(16);
                    ok(r, "MPI_Get_accumulate", src, 4, "MPI_INT", res, 4, "MPI_INT", 1, 0L, 4, "MPI_INT", "MPI_SUM", w);
                    assertArrayEquals(new long[] {1, 2, 3, 4}, read(r, res, "MPI_INT", 4));
                    ok(r, "MPI_Get_accumulate", src, 2, "MPI_INT", res, 2, "MPI_INT", 1, 0L, 2, "MPI_INT", "MPI_REPLACE", w);
                    assertArrayEquals(new long[] {11, 22}, read(r, res, "MPI_INT", 2));
                    // NO_OP: an atomic read; the origin triple is ignored (NULL address, null type)
                    ok(r, "MPI_Get_accumulate", 0L, 0, "MPI_DATATYPE_NULL", res, 4, "MPI_INT", 1, 0L, 4, "MPI_INT", "MPI_NO_OP", w);
                    assertArrayEquals(new long[] {10, 20, 33, 44}, read(r, res, "MPI_INT", 4));
                }
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 1) assertArrayEquals(new long[] {10, 20, 33, 44}, read(r, w.base(), "MPI_INT", 4));
            });
        }
    }

    @Test
    void fetchAndOpAndCompareAndSwap() { // R25, R26
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 8);
                write(r, w.base(), "MPI_LONG", 40, 7);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 0) {
                    long one = alloc(r, "MPI_LONG", 2);
                    long res = r.memory().alloc(8);
                    ok(r, "MPI_Fetch_and_op", one, res, "MPI_LONG", 1, 0L, "MPI_SUM", w);
                    assertEquals(40, read(r, res, "MPI_LONG", 1)[0]);
                    ok(r, "MPI_Fetch_and_op", 0L, res, "MPI_LONG", 1, 0L, "MPI_NO_OP", w); // NULL origin with NO_OP
                    assertEquals(42, read(r, res, "MPI_LONG", 1)[0]);
                    long cmp = alloc(r, "MPI_LONG", 6);
                    long val = alloc(r, "MPI_LONG", 99);
                    ok(r, "MPI_Compare_and_swap", val, cmp, res, "MPI_LONG", 1, 1L, w);
                    assertEquals(7, read(r, res, "MPI_LONG", 1)[0], "no swap: 7 != 6, old value returned");
                    write(r, cmp, "MPI_LONG", 7);
                    ok(r, "MPI_Compare_and_swap", val, cmp, res, "MPI_LONG", 1, 1L, w);
                    assertEquals(7, read(r, res, "MPI_LONG", 1)[0]);
                }
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 1) assertArrayEquals(new long[] {42, 99}, read(r, w.base(), "MPI_LONG", 2));
            });
        }
    }

    @Test
    void smallAndUnalignedElementsTakeTheLockedPath() { // 1- and 2-byte CAS and FAO, an int at an odd address
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 1);
                ok(r, "MPI_Win_fence", FENCE, w);
                long res = r.memory().alloc(8);
                if (r.id() == 0) {
                    ok(r, "MPI_Fetch_and_op", alloc(r, "MPI_SHORT", -3), res, "MPI_SHORT", 1, 2L, "MPI_SUM", w);
                    ok(r, "MPI_Compare_and_swap", alloc(r, "MPI_UINT8_T", 200), alloc(r, "MPI_UINT8_T", 0), res, "MPI_UINT8_T", 1, 0L, w);
                    ok(r, "MPI_Fetch_and_op", alloc(r, "MPI_INT", 123456), res, "MPI_INT", 1, 5L, "MPI_REPLACE", w);
                }
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 1) {
                    assertEquals(200, read(r, w.base(), "MPI_UINT8_T", 1)[0]);
                    assertEquals(-3, read(r, w.base() + 2, "MPI_SHORT", 1)[0]);
                    assertEquals(123456, read(r, w.base() + 5, "MPI_INT", 1)[0]);
                }
            });
        }
    }

    @Test
    void requestFormsReturnCompleteRequestsInsideLockEpochs() { // R28: Wait/Test = origin completion
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 4);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    ok(r, "MPI_Win_lock", RmaModes.LOCK_EXCLUSIVE, 1, 0, w);
                    Request q1 = (Request) TestJob.call1(r, "MPI_Rput", alloc(r, "MPI_INT", 5, 6), 2, "MPI_INT", 1, 0L, 2, "MPI_INT", w);
                    long dst = r.memory().alloc(8);
                    Request q2 = (Request) TestJob.call1(r, "MPI_Rget", dst, 2, "MPI_INT", 1, 0L, 2, "MPI_INT", w);
                    Request q3 = (Request) TestJob.call1(r, "MPI_Raccumulate", alloc(r, "MPI_INT", 1), 1, "MPI_INT", 1, 1L, 1, "MPI_INT", "MPI_SUM", w);
                    long res = r.memory().alloc(4);
                    Request q4 = (Request) TestJob.call1(r, "MPI_Rget_accumulate", alloc(r, "MPI_INT", 1), 1, "MPI_INT", res, 1, "MPI_INT",
                            1, 1L, 1, "MPI_INT", "MPI_SUM", w);
                    for (Request q : new Request[] {q1, q2, q3, q4}) {
                        assertEquals(true, q.isComplete());
                        assertEquals(ErrorClass.MPI_SUCCESS, q.status().error());
                    }
                    assertEquals("rget_accumulate", q4.operation());
                    assertArrayEquals(new long[] {5, 6}, read(r, dst, "MPI_INT", 2));
                    assertEquals(7, read(r, res, "MPI_INT", 1)[0]);
                    ok(r, "MPI_Win_unlock", 1, w);
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 1) assertArrayEquals(new long[] {5, 8}, read(r, w.base(), "MPI_INT", 2));
            });
        }
    }

    @Test
    void procNullIsALegalTargetEvenOutsideAnEpochAndZeroCountsMoveNothing() { // R31, R32
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 4);
                long src = alloc(r, "MPI_INT", 1);
                ok(r, "MPI_Put", src, 1, "MPI_INT", MpiConst.PROC_NULL, 0L, 1, "MPI_INT", w);
                ok(r, "MPI_Accumulate", src, 1, "MPI_INT", "MPI_PROC_NULL", 0L, 1, "MPI_INT", "MPI_SUM", w);
                Request q = (Request) TestJob.call1(r, "MPI_Rget", src, 1, "MPI_INT", "MPI_PROC_NULL", 0L, 1, "MPI_INT", w);
                assertEquals(true, q.isComplete());
                ok(r, "MPI_Win_fence", FENCE, w);
                ok(r, "MPI_Put", 0L, 0, "MPI_INT", 1 - r.id(), 1000L, 0, "MPI_INT", w); // no bytes: no range check either
                ok(r, "MPI_Win_fence", RmaModes.MODE_NOSUCCEED, w);
                assertArrayEquals(new long[] {0, 0, 0, 0}, read(r, w.base(), "MPI_INT", 4));
            });
        }
    }

    @Test
    void fetchAndOpOnPairsAndCasOnAddressSizedIntegers() { // R25 with MPI_2INT, R26 with MPI_AINT
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 1);
                write(r, w.base(), "MPI_INT", 5, 3);
                write(r, w.base() + 8, "MPI_AINT", 0x7000_0000_0000L);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 0) {
                    long res = r.memory().alloc(8);
                    ok(r, "MPI_Fetch_and_op", alloc(r, "MPI_INT", 9, 0), res, "MPI_2INT", 1, 0L, "MPI_MAXLOC", w);
                    assertArrayEquals(new long[] {5, 3}, read(r, res, "MPI_INT", 2));
                    ok(r, "MPI_Compare_and_swap", alloc(r, "MPI_AINT", 1), alloc(r, "MPI_AINT", 0x7000_0000_0000L), res, "MPI_AINT", 1, 8L, w);
                    assertEquals(0x7000_0000_0000L, read(r, res, "MPI_AINT", 1)[0]);
                }
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 1) {
                    assertArrayEquals(new long[] {9, 0}, read(r, w.base(), "MPI_INT", 2));
                    assertEquals(1, read(r, w.base() + 8, "MPI_AINT", 1)[0]);
                }
            });
        }
    }
}
