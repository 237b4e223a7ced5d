package org.mpish.runtime.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.mpi.LargeCollectiveTest.addBytes;
import static org.mpish.runtime.mpi.LargeCollectiveTest.big;
import static org.mpish.runtime.mpi.LargeCollectiveTest.fill1;
import static org.mpish.runtime.mpi.LargeCollectiveTest.word1;
import static org.mpish.runtime.mpi.LargeCollectiveTest.wrongCombined;
import static org.mpish.runtime.mpi.LargeTransferTest.N;
import static org.mpish.runtime.mpi.LargeTransferTest.fill;
import static org.mpish.runtime.mpi.LargeTransferTest.word;
import static org.mpish.runtime.mpi.LargeTransferTest.wrong;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;

/**
 * Collectives past 2^31 - 1 bytes beyond the blocking Bcast/Gather/Scatter/Alltoall/Reduce/Allreduce of
 * {@link LargeCollectiveTest}: the nonblocking and persistent forms (MPI-4.1 6.12, 6.13), Exscan, Scan with a
 * user-defined op (6.9.5: mpish calls the function once per 16 MiB chunk), Reduce_scatter_block, a neighbourhood
 * all-to-all (8.6) and an intercommunicator Reduce (6.9.1 with 6.2.2). Two ranks with one buffer of 2^31 + 16 bytes
 * each (about 4.3 GB), driving several calls in turn to keep the class short; tagged "large" as
 * {@link LargeTransferTest}. The predefined reductions work on MPI_LONG rather than MPI_BYTE: a predefined op goes
 * element by element, and 2^31 byte elements took minutes on a loaded machine. Expected bytes come from the fill
 * formulas combined word by word in Java.
 */
@Tag("large")
@Timeout(900)
class LargeNonblockingCollTest {
    /** Words of {@code s} (from word index {@code first} of the formulas) that differ from word(i) | word1(i). */
    static long wrongOr(MemorySegment s, long first) {
        long bad = 0;
        for (long i = 0; i < s.byteSize() / 8; i++) {
            if (s.get(ValueLayout.JAVA_LONG_UNALIGNED, i * 8) != (word(first + i) | word1(first + i))) bad++;
        }
        return bad;
    }

    @Test
    void nonblockingAndPersistentCollectivesOfMoreThan2GiB() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = big(r, N);
                MemorySegment s = r.memory().segment(buf, N);
                if (r.id() == 0) fill(s);
                // MPI_Ibcast_c: the root's buffer is read in place until rank 1 has copied it
                Object q = call1(r, "MPI_Ibcast_c", buf, N, "MPI_BYTE", 0, "MPI_COMM_WORLD");
                call(r, "MPI_Wait", q);
                assertEquals(0L, wrong(s), "bytes that differ after MPI_Ibcast_c");
                // MPI_Allreduce_init_c in place with MPI_BOR, started once
                if (r.id() == 1) fill1(s);
                Object p = call1(r, "MPI_Allreduce_init_c", 1L /* MPI_IN_PLACE */, buf, N / 8, "MPI_LONG", "MPI_BOR", "MPI_COMM_WORLD",
                        "MPI_INFO_NULL");
                call(r, "MPI_Start", p);
                call(r, "MPI_Wait", p);
                call(r, "MPI_Request_free", p);
                assertEquals(0L, wrongCombined(s, true), "bytes that differ after MPI_Allreduce_init_c");
                // MPI_Ireduce_scatter_block_c in place: block k of the OR lands at the start of rank k's buffer
                fill(s);
                if (r.id() == 1) fill1(s);
                long half = N / 2; // 2^30 + 8 bytes: 2^27 + 1 words
                q = call1(r, "MPI_Ireduce_scatter_block_c", 1L, buf, half / 8, "MPI_LONG", "MPI_BOR", "MPI_COMM_WORLD");
                call(r, "MPI_Wait", q);
                assertEquals(0L, wrongOr(s.asSlice(0, half), r.id() * half / 8), "block " + r.id() + " of the OR");
                if (r.id() == 1) assertEquals(word1(half / 8), s.get(ValueLayout.JAVA_LONG_UNALIGNED, half), "past the block, recvbuf is left");
                r.memory().free(buf);
            }, 900);
        }
    }

    /** Byte-wise add (each byte wrapping on its own) as a JavaScript or Java user function sees it: inout = in + inout. */
    static Callback bytewiseAdd(Rank r, AtomicLong calls, AtomicLong maxLen) {
        return new Callback() {
            @Override public Object call(Object... a) {
                long in = ((Number) a[0]).longValue(), inout = ((Number) a[1]).longValue();
                int len = ((Number) a[2]).intValue();
                calls.incrementAndGet();
                maxLen.accumulateAndGet(len, Math::max);
                MemorySegment x = r.memory().segment(in, len), y = r.memory().segment(inout, len);
                int words = len / 8;
                for (int i = 0; i < words; i++) {
                    long o = 8L * i;
                    y.set(ValueLayout.JAVA_LONG_UNALIGNED, o, addBytes(x.get(ValueLayout.JAVA_LONG_UNALIGNED, o), y.get(ValueLayout.JAVA_LONG_UNALIGNED, o)));
                }
                for (int b = words * 8; b < len; b++) y.set(ValueLayout.JAVA_BYTE, b, (byte) (x.get(ValueLayout.JAVA_BYTE, b) + y.get(ValueLayout.JAVA_BYTE, b)));
                return null;
            }
            @Override public String describe() { return "byte-wise add"; }
        };
    }

    @Test
    void scanExscanNeighbourAndIntercommunicatorReduceOfMoreThan2GiB() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = big(r, N);
                MemorySegment s = r.memory().segment(buf, N);
                fill(s);
                if (r.id() == 1) fill1(s);
                // MPI_Exscan_c in place: rank 1 gets rank 0's input, rank 0's buffer is left as it was
                call(r, "MPI_Exscan_c", 1L, buf, N / 8, "MPI_LONG", "MPI_BOR", "MPI_COMM_WORLD");
                assertEquals(0L, wrong(s), "both buffers now hold rank 0's data");
                // MPI_Iscan_c in place with a user op: rank 1 gets the byte-wise sum, in 16 MiB chunks
                if (r.id() == 1) fill1(s);
                AtomicLong calls = new AtomicLong(), maxLen = new AtomicLong();
                Object op = call1(r, "MPI_Op_create", bytewiseAdd(r, calls, maxLen), true);
                Object q = call1(r, "MPI_Iscan_c", 1L, buf, N, "MPI_SIGNED_CHAR", op, "MPI_COMM_WORLD");
                call(r, "MPI_Wait", q);
                if (r.id() == 0) {
                    assertEquals(0L, wrong(s), "rank 0's scan is its own input");
                    assertEquals(0L, calls.get(), "rank 0 has one input: nothing to combine");
                } else {
                    assertEquals(0L, wrongCombined(s, false), "bytes that differ from the byte-wise sum");
                    assertEquals(N / (16 << 20) + 1, calls.get(), "one call per 16 MiB chunk (and the 16-byte tail)");
                    assertEquals(16L << 20, maxLen.get(), "len is the chunk's elements");
                }
                // MPI_Ineighbor_alltoall_c on a graph where rank 0 sends to rank 1
                fill(s);
                if (r.id() == 1) s.fill((byte) 0);
                int[] none = {}, zero = {0}, one = {1};
                Object g = call1(r, "MPI_Dist_graph_create_adjacent", "MPI_COMM_WORLD", r.id() == 1 ? 1 : 0, r.id() == 1 ? zero : none,
                        "MPI_UNWEIGHTED", r.id() == 0 ? 1 : 0, r.id() == 0 ? one : none, "MPI_UNWEIGHTED", "MPI_INFO_NULL", 0);
                q = call1(r, "MPI_Ineighbor_alltoall_c", buf, N, "MPI_BYTE", buf, N, "MPI_BYTE", g);
                call(r, "MPI_Wait", q);
                assertEquals(0L, wrong(s), "rank 1 received rank 0's bytes");
                // MPI_Reduce_c on an intercommunicator: rank 1's group (of one) reduces into rank 0's buffer
                if (r.id() == 1) fill1(s);
                Object local = call1(r, "MPI_Comm_split", "MPI_COMM_WORLD", r.id(), 0);
                Object inter = call1(r, "MPI_Intercomm_create", local, 0, "MPI_COMM_WORLD", 1 - r.id(), 7);
                call(r, "MPI_Reduce_c", buf, buf, N / 8, "MPI_LONG", "MPI_BOR", r.id() == 0 ? -3 /* MPI_ROOT */ : 0, inter);
                if (r.id() == 0) {
                    MemorySegment want = MemorySegment.ofArray(new byte[1 << 20]);
                    fill1(want); // the first MiB of rank 1's data (the formula is per position, so a prefix matches)
                    assertEquals(-1L, s.asSlice(0, 1 << 20).mismatch(want), "the first MiB is rank 1's");
                    long bad = 0;
                    for (long i = 0; i < N / 8; i++) if (s.get(ValueLayout.JAVA_LONG_UNALIGNED, i * 8) != word1(i)) bad++;
                    assertEquals(0L, bad, "words that differ from rank 1's");
                }
                r.memory().free(buf);
            }, 900);
        }
    }
}
