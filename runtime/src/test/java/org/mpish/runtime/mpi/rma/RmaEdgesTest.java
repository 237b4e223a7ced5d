package org.mpish.runtime.mpi.rma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RMA_SYNC;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TRUNCATE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TYPE;
import static org.mpish.runtime.mpi.rma.RmaFixture.alloc;
import static org.mpish.runtime.mpi.rma.RmaFixture.create;
import static org.mpish.runtime.mpi.rma.RmaFixture.fails;
import static org.mpish.runtime.mpi.rma.RmaFixture.ok;
import static org.mpish.runtime.mpi.rma.RmaFixture.read;
import static org.mpish.runtime.mpi.rma.RmaFixture.type;
import static org.mpish.runtime.mpi.rma.RmaFixture.write;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.datatype.Datatype;

/**
 * Paths of Put, Get and Get_accumulate that PIT found untested (mutants that survived): Get's own checks, a
 * strided result buffer, pair results, and a strided target ending on the window's last byte. Expected values are
 * worked out by hand from the calls' definitions (MPI-4.1 sections 12.3 and 12.4).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RmaEdgesTest {
    static final int FENCE = 0;

    @Test
    void getChecksItsEpochAndTheTypeSignatures_R19_R33() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 4);
                long buf = r.memory().alloc(16);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Get", buf, 1, "MPI_INT", 1 - r.id(), 0L, 1, "MPI_INT", w); // no epoch
                ok(r, "MPI_Win_fence", FENCE, w);
                fails(MPI_ERR_TYPE, r, "MPI_Get", buf, 1, "MPI_INT", 1 - r.id(), 0L, 1, "MPI_FLOAT", w);
                fails(MPI_ERR_TYPE, r, "MPI_Get_accumulate", buf, 1, "MPI_INT", buf, 1, "MPI_FLOAT", 1 - r.id(), 0L,
                        1, "MPI_INT", "MPI_SUM", w); // R23: the result type is built from another basic type
                ok(r, "MPI_Win_fence", FENCE, w);
            });
        }
    }

    /** The old target values land in the result buffer's type map: ints 0 and 2 of a vector, int 1 untouched. */
    @Test
    void getAccumulateIntoAStridedResult_R24() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 4);
                write(r, w.base(), "MPI_INT", 5, 6, 7, 8);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 0) {
                    Datatype every2nd = type(r, "MPI_INT").vector(2, 1, 2);
                    every2nd.commit();
                    long src = alloc(r, "MPI_INT", 100, 200);
                    long res = alloc(r, "MPI_INT", -1, -1, -1);
                    ok(r, "MPI_Get_accumulate", src, 2, "MPI_INT", res, 1, every2nd, 1, 1L, 2, "MPI_INT", "MPI_SUM", w);
                    assertArrayEquals(new long[] {6, -1, 7}, read(r, res, "MPI_INT", 3));
                }
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 1) assertArrayEquals(new long[] {5, 106, 207, 8}, read(r, w.base(), "MPI_INT", 4));
            });
        }
    }

    /** Get_accumulate of MPI_2INT pairs returns each old (value, index) pair (sections 6.9.4 and 12.3.4). */
    @Test
    void getAccumulateOfPairsReturnsTheOldPairs_R24() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 8);
                write(r, w.base(), "MPI_INT", 5, 1, 9, 2); // pairs (5, 1) and (9, 2)
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 0) {
                    long src = alloc(r, "MPI_INT", 7, 3, 4, 0); // pairs (7, 3) and (4, 0)
                    long res = alloc(r, "MPI_INT", -1, -1, -1, -1);
                    ok(r, "MPI_Get_accumulate", src, 2, "MPI_2INT", res, 2, "MPI_2INT", 1, 0L, 2, "MPI_2INT", "MPI_MAXLOC", w);
                    assertArrayEquals(new long[] {5, 1, 9, 2}, read(r, res, "MPI_INT", 4));
                }
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 1) assertArrayEquals(new long[] {7, 3, 9, 2}, read(r, w.base(), "MPI_INT", 4));
            });
        }
    }

    /** R20: a strided target whose last element ends exactly at the window's end is inside the window. */
    @Test
    void aStridedTargetMayEndOnTheWindowsLastByte_R20() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 4);
                Datatype firstAndLast = type(r, "MPI_INT").vector(2, 1, 3); // ints 0 and 3: bytes 0-4 and 12-16
                firstAndLast.commit();
                long src = alloc(r, "MPI_INT", 41, 42);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 0) ok(r, "MPI_Put", src, 2, "MPI_INT", 1, 0L, 1, firstAndLast, w);
                ok(r, "MPI_Win_fence", FENCE, w); // a put and an accumulate to one place need separate epochs
                if (r.id() == 0) ok(r, "MPI_Accumulate", src, 2, "MPI_INT", 1, 0L, 1, firstAndLast, "MPI_SUM", w);
                ok(r, "MPI_Win_fence", FENCE, w);
                if (r.id() == 1) assertArrayEquals(new long[] {82, 0, 0, 84}, read(r, w.base(), "MPI_INT", 4));
            });
        }
    }

    /**
     * Inside a passive epoch with buffers already used once, Put and Get of one word take a fast path: it must move
     * exactly the word's bytes, leave longer transfers and bad arguments to the checked path, and the errors keep
     * their classes (R19 truncation, R30 an uncommitted type). Each call is made twice: the first use of a buffer
     * goes through the checked path.
     */
    @Test
    void passiveEpochWordPathsMoveExactlyTheirBytes_R17_R19_R30() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 256, 1);
                write(r, w.base(), "MPI_INT", 77, 77, 77, 77);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    long[] sixteen = new long[16];
                    for (int i = 0; i < 16; i++) sixteen[i] = 1000 + i;
                    long src = alloc(r, "MPI_INT", sixteen);
                    long longs = alloc(r, "MPI_LONG", 0x0102030405060708L, 9, 10, 11);
                    long dst = alloc(r, "MPI_INT", new long[18]);
                    Datatype loose = type(r, "MPI_INT").contiguous(2); // never committed
                    ok(r, "MPI_Win_lock_all", 0, w);
                    for (int round = 0; round < 2; round++) {
                        ok(r, "MPI_Put", src, 1, "MPI_INT", 1, 4L, 1, "MPI_INT", w);          // one int: ints 0, 2, 3 stay 77
                        ok(r, "MPI_Put", longs, 1, "MPI_LONG", 1, 16L, 1, "MPI_LONG", w);   // bytes 16-24
                        ok(r, "MPI_Put", src, 16, "MPI_INT", 1, 64L, 16, "MPI_INT", w);     // 64 bytes, not a word
                        ok(r, "MPI_Put", longs, 4, "MPI_LONG", 1, 128L, 4, "MPI_LONG", w);  // 32 bytes
                        ok(r, "MPI_Get", dst, 1, "MPI_INT", 1, 4L, 1, "MPI_INT", w);
                        ok(r, "MPI_Get", dst + 8, 16, "MPI_INT", 1, 64L, 16, "MPI_INT", w);
                        fails(MPI_ERR_TRUNCATE, r, "MPI_Put", src, 2, "MPI_INT", 1, 0L, 1, "MPI_INT", w);
                        fails(MPI_ERR_TRUNCATE, r, "MPI_Get", dst, 1, "MPI_INT", 1, 0L, 2, "MPI_INT", w);
                        fails(MPI_ERR_TYPE, r, "MPI_Put", src, 1, loose, 1, 0L, 2, "MPI_INT", w);
                        fails(MPI_ERR_TYPE, r, "MPI_Put", src, 2, "MPI_INT", 1, 0L, 1, loose, w);
                        fails(MPI_ERR_TYPE, r, "MPI_Get", dst, 1, loose, 1, 0L, 2, "MPI_INT", w);
                        fails(MPI_ERR_TYPE, r, "MPI_Get", dst, 2, "MPI_INT", 1, 0L, 1, loose, w);
                    }
                    ok(r, "MPI_Win_unlock_all", w);
                    long[] got = read(r, dst, "MPI_INT", 18);
                    assertArrayEquals(new long[] {1000, 0}, java.util.Arrays.copyOfRange(got, 0, 2), "one int fetched");
                    assertArrayEquals(sixteen, java.util.Arrays.copyOfRange(got, 2, 18), "16 ints fetched");
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 1) {
                    assertArrayEquals(new long[] {77, 1000, 77, 77}, read(r, w.base(), "MPI_INT", 4));
                    assertArrayEquals(new long[] {0x0102030405060708L}, read(r, w.base() + 16, "MPI_LONG", 1));
                    long[] sixteen = new long[16];
                    for (int i = 0; i < 16; i++) sixteen[i] = 1000 + i;
                    assertArrayEquals(sixteen, read(r, w.base() + 64, "MPI_INT", 16));
                    assertArrayEquals(new long[] {0x0102030405060708L, 9, 10, 11}, read(r, w.base() + 128, "MPI_LONG", 4));
                }
            });
        }
    }
}
