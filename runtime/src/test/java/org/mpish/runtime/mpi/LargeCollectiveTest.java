package org.mpish.runtime.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.LargeTransferTest.N;
import static org.mpish.runtime.mpi.LargeTransferTest.expected;
import static org.mpish.runtime.mpi.LargeTransferTest.fill;
import static org.mpish.runtime.mpi.LargeTransferTest.word;
import static org.mpish.runtime.mpi.LargeTransferTest.wrong;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;

/**
 * Collectives of more than 2^31 - 1 bytes in one call (MPI-4.1 section 2.5.8, the _c bindings of chapter 6):
 * MPI_Bcast_c, MPI_Allreduce_c and MPI_Reduce_c (both in place, to keep to two buffers of 2^31 + 16 bytes, about
 * 4.3 GB), MPI_Gather_c into a receive buffer of 2^31 + 16 bytes, MPI_Scatter_c and MPI_Alltoall_c on one
 * process; and MPI_Bcast_c of a non-contiguous datatype that large, read run by run from the root's memory.
 * {@link LargeNonblockingCollTest} has the nonblocking and persistent forms and the other reductions. Tagged "large"
 * as {@link LargeTransferTest}. Expected bytes come from the fill formula, combined word by word with plain Java
 * arithmetic (OR, or a byte-wise add without carries between bytes), not from mpish's reduction code.
 */
@Tag("large")
@Timeout(900)
class LargeCollectiveTest {
    /** A buffer of n bytes (the one helper of the large tests); an earlier test's native memory comes back only after a garbage collection. */
    static long big(Rank r, long n) {
        r.memory().setLimit(r.memory().bytesInUse() + n + (64L << 20));
        for (int attempt = 0; ; attempt++) {
            try {
                return r.memory().alloc(n);
            } catch (org.mpish.runtime.MemoryFault e) {
                if (attempt == 10) throw e;
                System.gc();
                try { Thread.sleep(500); } catch (InterruptedException ie) { throw new IllegalStateException(ie); }
            }
        }
    }

    /** Rank 1's data: rank 0's words turned by 13 bits, tail bytes times 7. */
    static long word1(long i) { return Long.rotateLeft(word(i), 13); }

    static void fill1(MemorySegment s) {
        long words = s.byteSize() / 8;
        for (long i = 0; i < words; i++) s.set(ValueLayout.JAVA_LONG_UNALIGNED, i * 8, word1(i));
        for (long b = words * 8; b < s.byteSize(); b++) s.set(ValueLayout.JAVA_BYTE, b, (byte) (b * 7));
    }

    /** Eight signed chars added byte by byte, wrapping in each byte (no carry into the next). */
    static long addBytes(long a, long b) {
        long low7 = 0x7F7F7F7F7F7F7F7FL;
        return ((a & low7) + (b & low7)) ^ ((a ^ b) & ~low7);
    }

    /** Words and tail bytes of {@code s} that differ from word(i) OP word1(i). */
    static long wrongCombined(MemorySegment s, boolean or) {
        long words = s.byteSize() / 8, bad = 0;
        for (long i = 0; i < words; i++) {
            long want = or ? word(i) | word1(i) : addBytes(word(i), word1(i));
            if (s.get(ValueLayout.JAVA_LONG_UNALIGNED, i * 8) != want) bad++;
        }
        for (long b = words * 8; b < s.byteSize(); b++) {
            byte want = or ? (byte) (b | b * 7) : (byte) (b + b * 7);
            if (s.get(ValueLayout.JAVA_BYTE, b) != want) bad++;
        }
        return bad;
    }

    @Test
    void bcastOfMoreThan2GiBReachesEveryRank() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = big(r, N);
                MemorySegment s = r.memory().segment(buf, N);
                if (r.id() == 0) fill(s);
                call(r, "MPI_Bcast_c", buf, N, "MPI_BYTE", 0, "MPI_COMM_WORLD");
                if (r.id() == 1) {
                    assertEquals(word(0), s.get(ValueLayout.JAVA_LONG_UNALIGNED, 0), "first word");
                    assertEquals(expected(N - 1, N), s.get(ValueLayout.JAVA_BYTE, N - 1), "last byte");
                    assertEquals(0L, wrong(s), "bytes that differ");
                }
                r.memory().free(buf);
            }, 600);
        }
    }

    /**
     * Counts that disagree across the 2^31-byte line (each rank picks the lent-memory or the packed path from its own
     * count): the rank whose count is too small gets MPI_ERR_TRUNCATE (or MPI_ERR_COUNT when the root sends less than it
     * expects), the others return, and nobody is left waiting, as a following MPI_Barrier shows. MPI-4.1 section 6.4: the
     * type signatures of root and receivers must match, so this is the program's error, reported, never a hang.
     */
    @Test
    void bcastCountsThatDisagreeAcrossTheLargeLineGiveAnErrorNotAHang() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                // the root sends more than 2^31 - 1 bytes; rank 1 receives 16
                long buf = r.id() == 0 ? big(r, N) : r.memory().alloc(16);
                if (r.id() == 0) {
                    fill(r.memory().segment(buf, N));
                    call(r, "MPI_Bcast_c", buf, N, "MPI_BYTE", 0, "MPI_COMM_WORLD");
                } else {
                    MpiException e = expectError(ErrorClass.MPI_ERR_TRUNCATE,
                            () -> call(r, "MPI_Bcast_c", buf, 16L, "MPI_BYTE", 0, "MPI_COMM_WORLD"));
                    assertTrue(e.getMessage().contains(Long.toString(N)), e.getMessage());
                }
                call(r, "MPI_Barrier", "MPI_COMM_WORLD");
                r.memory().free(buf);
                // the root sends 16 bytes; rank 1 expects more than 2^31 - 1
                long buf2 = r.id() == 1 ? big(r, N) : r.memory().alloc(16);
                if (r.id() == 0) {
                    call(r, "MPI_Bcast_c", buf2, 16L, "MPI_BYTE", 0, "MPI_COMM_WORLD");
                } else {
                    expectError(ErrorClass.MPI_ERR_COUNT, () -> call(r, "MPI_Bcast_c", buf2, N, "MPI_BYTE", 0, "MPI_COMM_WORLD"));
                }
                call(r, "MPI_Barrier", "MPI_COMM_WORLD");
                r.memory().free(buf2);
            }, 600);
        }
    }

    @Test
    void allreduceInPlaceOfMoreThan2GiBWithBorGivesEveryRankTheOr() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = big(r, N);
                MemorySegment s = r.memory().segment(buf, N);
                if (r.id() == 0) fill(s); else fill1(s);
                call(r, "MPI_Allreduce_c", 1L /* MPI_IN_PLACE */, buf, N, "MPI_BYTE", "MPI_BOR", "MPI_COMM_WORLD");
                assertEquals(word(0) | word1(0), s.get(ValueLayout.JAVA_LONG_UNALIGNED, 0), "first word");
                long last = N / 8 - 1; // N is a multiple of 8: the last byte is the top byte of the last word
                assertEquals((byte) ((word(last) | word1(last)) >>> 56), s.get(ValueLayout.JAVA_BYTE, N - 1), "last byte");
                assertEquals(0L, wrongCombined(s, true), "bytes that differ");
                r.memory().free(buf);
            }, 600);
        }
    }

    @Test
    void reduceInPlaceOfMoreThan2GiBWithSumOnSignedCharWrapsEachByte() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = big(r, N);
                MemorySegment s = r.memory().segment(buf, N);
                if (r.id() == 0) fill(s); else fill1(s);
                Object send = r.id() == 0 ? (Object) 1L /* MPI_IN_PLACE at the root */ : (Object) buf;
                call(r, "MPI_Reduce_c", send, buf, N, "MPI_SIGNED_CHAR", "MPI_SUM", 0, "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    long last = N / 8 - 1;
                    assertEquals((byte) (addBytes(word(last), word1(last)) >>> 56), s.get(ValueLayout.JAVA_BYTE, N - 1), "last byte");
                    assertEquals(0L, wrongCombined(s, false), "bytes that differ");
                } else {
                    assertEquals(word1(0), s.get(ValueLayout.JAVA_LONG_UNALIGNED, 0), "a non-root's buffer is left as it was");
                }
                r.memory().free(buf);
            }, 600);
        }
    }

    @Test
    void gatherIntoMoreThan2GiBPutsTheSecondBlockPastTheIntOffsets() {
        long half = N / 2; // 2^30 + 8 bytes from each rank, 2^31 + 16 at the root
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long send = big(r, half);
                MemorySegment s = r.memory().segment(send, half);
                if (r.id() == 0) fill(s); else fill1(s);
                long recv = r.id() == 0 ? big(r, N) : 0;
                call(r, "MPI_Gather_c", send, half, "MPI_BYTE", recv, half, "MPI_BYTE", 0, "MPI_COMM_WORLD");
                r.memory().free(send);
                if (r.id() == 0) {
                    MemorySegment got = r.memory().segment(recv, N);
                    assertEquals(0L, wrong(got.asSlice(0, half)), "rank 0's block");
                    MemorySegment second = got.asSlice(half, half);
                    MemorySegment want = MemorySegment.ofArray(new byte[(int) half]);
                    fill1(want);
                    assertEquals(-1L, second.mismatch(want), "rank 1's block, from byte 2^30 + 8 on");
                    r.memory().free(recv);
                }
            }, 600);
        }
    }

    @Test
    void scatterAndAlltoallOfMoreThan2GiBOnOneProcessCopyEveryByte() {
        try (TestJob t = new TestJob(1)) { // one process: a block of 2^31 + 16 bytes with only two such buffers
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long send = big(r, N), recv = big(r, N);
                fill(r.memory().segment(send, N));
                MemorySegment got = r.memory().segment(recv, N);
                call(r, "MPI_Scatter_c", send, N, "MPI_BYTE", recv, N, "MPI_BYTE", 0, "MPI_COMM_SELF");
                assertEquals(0L, wrong(got), "scattered bytes that differ");
                got.fill((byte) 0);
                call(r, "MPI_Alltoall_c", send, N, "MPI_BYTE", recv, N, "MPI_BYTE", "MPI_COMM_SELF");
                assertEquals(0L, wrong(got), "all-to-all bytes that differ");
                r.memory().free(send);
                r.memory().free(recv);
            }, 600);
        }
    }

    /**
     * A non-contiguous block of more than 2^31 bytes (MPI-4.1 6.4 with a derived datatype, 5.1.7): 2049 runs of 1 MiB,
     * each followed by a one-byte gap, broadcast from rank 0 into a contiguous buffer of 2^31 + 2^20 bytes on rank 1.
     * The bytes arrive in type-map order, without the gaps: run b of the receiver is bytes [b (2^20 + 1), + 2^20) of the
     * root's buffer, filled by the formula and compared by MemorySegment.mismatch. Two buffers of about 2.15 GB;
     * 21 s at load 20 (58 s with a byte-by-byte check), hence the comparison of whole runs.
     */
    @Test
    void aNonContiguousDatatypeOfMoreThan2GiBIsBroadcastRunByRun() {
        long run = 1L << 20, runs = 2049, n = runs * (run + 1);
        java.util.concurrent.atomic.AtomicReference<MemorySegment> root = new java.util.concurrent.atomic.AtomicReference<>();
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object block = call1(r, "MPI_Type_contiguous", 1 << 20, "MPI_BYTE");
                Object gapped = call1(r, "MPI_Type_create_resized", block, 0L, run + 1);
                call(r, "MPI_Type_commit", gapped);
                if (r.id() == 0) {
                    long buf = big(r, n);
                    root.set(r.memory().segment(buf, n));
                    fill(root.get());
                    call(r, "MPI_Bcast_c", buf, runs, gapped, 0, "MPI_COMM_WORLD");
                    call(r, "MPI_Barrier", "MPI_COMM_WORLD"); // rank 1 has compared
                    r.memory().free(buf);
                } else {
                    long buf = big(r, runs * run);
                    call(r, "MPI_Bcast_c", buf, runs * run, "MPI_BYTE", 0, "MPI_COMM_WORLD");
                    MemorySegment got = r.memory().segment(buf, runs * run);
                    long bad = 0;
                    for (long b = 0; b < runs; b++) {
                        long at = b * (run + 1);
                        if (MemorySegment.mismatch(root.get(), at, at + run, got, b * run, b * run + run) >= 0) bad++;
                    }
                    assertEquals(0L, bad, "runs that differ from the root's");
                    assertEquals(expected(n - 2, n), got.get(ValueLayout.JAVA_BYTE, runs * run - 1), "the last byte, from the formula");
                    call(r, "MPI_Barrier", "MPI_COMM_WORLD");
                    r.memory().free(buf);
                }
            }, 600);
        }
    }
}
