package org.mpish.runtime.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;

/**
 * More than 2^31 - 1 bytes in one call (MPI-4.1 section 2.5.8 and the large-count "_c" bindings of 19.2): MPI_Send_c /
 * MPI_Recv_c and MPI_Put_c of 2^31 + 16 bytes of MPI_BYTE move every byte. Each test holds two such buffers (about
 * 4.3 GB of native memory) and frees them at the end; the class is tagged "large" so that a build can leave it out,
 * and Maven runs test classes one after another, never two of these at once. The data is a formula of the byte's
 * position, recomputed on the receiving side: first and last bytes and a sum over the whole buffer are compared.
 */
@Tag("large")
@Timeout(900)
class LargeTransferTest {
    /** 2^31 + 16: past the largest int count, and not a multiple of a large power of two. */
    static final long N = (1L << 31) + 16;

    /** The value of the 8-byte word at word index i: distinct in every word, cheap to recompute. */
    static long word(long i) { return i * 0x9E3779B97F4A7C15L ^ (i >>> 7); }

    /** The byte at position b: a byte of its word (little-endian, as x86 stores a long), or b itself in a tail shorter than a word. */
    static byte expected(long b, long size) {
        return b >= size / 8 * 8 ? (byte) b : (byte) (word(b / 8) >>> (8 * (b % 8)));
    }

    static void fill(MemorySegment s) {
        long words = s.byteSize() / 8;
        for (long i = 0; i < words; i++) s.set(ValueLayout.JAVA_LONG_UNALIGNED, i * 8, word(i));
        for (long b = words * 8; b < s.byteSize(); b++) s.set(ValueLayout.JAVA_BYTE, b, (byte) b);
    }

    /** How many words and tail bytes of {@code s} differ from the formula (0 when every byte arrived). */
    static long wrong(MemorySegment s) {
        long words = s.byteSize() / 8, bad = 0;
        for (long i = 0; i < words; i++) if (s.get(ValueLayout.JAVA_LONG_UNALIGNED, i * 8) != word(i)) bad++;
        for (long b = words * 8; b < s.byteSize(); b++) if (s.get(ValueLayout.JAVA_BYTE, b) != (byte) b) bad++;
        return bad;
    }

    private static long big(Rank r) { return LargeCollectiveTest.big(r, N); }

    @Test
    void sendAndRecvOfMoreThan2GiBMoveEveryByte() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = big(r);
                MemorySegment s = r.memory().segment(buf, N);
                if (r.id() == 0) {
                    fill(s);
                    call(r, "MPI_Send_c", buf, N, "MPI_BYTE", 1, 3, "MPI_COMM_WORLD");
                } else {
                    Status st = (Status) call1(r, "MPI_Recv_c", buf, N, "MPI_BYTE", 0, 3, "MPI_COMM_WORLD");
                    assertEquals(N, call1(r, "MPI_Get_count_c", st, "MPI_BYTE"));
                    assertEquals(word(0), s.get(ValueLayout.JAVA_LONG_UNALIGNED, 0), "first word");
                    assertEquals(expected(N - 1, N), s.get(ValueLayout.JAVA_BYTE, N - 1), "last byte");
                    assertEquals(0L, wrong(s), "bytes that differ");
                }
                r.memory().free(buf);
            }, 600); // filling and checking 2 GiB takes a while on a loaded machine
        }
    }

    @Test
    void putOfMoreThan2GiBMovesEveryByte() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = big(r);
                MemorySegment s = r.memory().segment(buf, N);
                Object win = call1(r, "MPI_Win_create_c", buf, N, 1L, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                call(r, "MPI_Win_fence", 0, win);
                if (r.id() == 0) {
                    fill(s);
                    call(r, "MPI_Put_c", buf, N, "MPI_BYTE", 1, 0L, N, "MPI_BYTE", win);
                }
                call(r, "MPI_Win_fence", 0, win);
                if (r.id() == 1) {
                    assertEquals(word(0), s.get(ValueLayout.JAVA_LONG_UNALIGNED, 0), "first word");
                    assertEquals(expected(N - 1, N), s.get(ValueLayout.JAVA_BYTE, N - 1), "last byte");
                    assertEquals(0L, wrong(s), "bytes that differ");
                }
                call(r, "MPI_Win_free", win);
                r.memory().free(buf);
            }, 600); // filling and checking 2 GiB takes a while on a loaded machine
        }
    }

    @Test
    void packAndUnpackOfMoreThan2GiBMoveEveryByte() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long in = big(r), out = big(r);
                MemorySegment src = r.memory().segment(in, N), packed = r.memory().segment(out, N);
                fill(src);
                assertEquals(N, call1(r, "MPI_Pack_c", in, N, "MPI_BYTE", out, N, 0L, "MPI_COMM_SELF"));
                assertEquals(expected(N - 1, N), packed.get(ValueLayout.JAVA_BYTE, N - 1), "last byte packed");
                assertEquals(0L, wrong(packed), "packed bytes that differ");
                src.fill((byte) 0);
                assertEquals(N, call1(r, "MPI_Unpack_c", out, N, 0L, in, N, "MPI_BYTE", "MPI_COMM_SELF"));
                assertEquals(0L, wrong(src), "unpacked bytes that differ");
                r.memory().free(in);
                r.memory().free(out);
            }, 600);
        }
    }
}
