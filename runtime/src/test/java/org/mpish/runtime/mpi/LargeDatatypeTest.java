package org.mpish.runtime.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.mpi.LargeCollectiveTest.big;
import static org.mpish.runtime.mpi.LargeTransferTest.fill;
import static org.mpish.runtime.mpi.LargeTransferTest.word;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;

/**
 * A non-contiguous datatype past 2^31 - 1 bytes in one call (MPI-4.1 section 2.5.8, the "_c" bindings of 19.2):
 * a vector of 2^15 + 1 blocks of 64 KiB, 65600 bytes apart (size 2^31 + 2^16, extent 2^31 + 2^21 + 2^16), through
 * point-to-point (nonblocking send and receive), MPI_Pack_c / MPI_Unpack_c and their external32 forms, RMA Put, Get
 * and Accumulate, MPI_Sendrecv_replace_c, MPI_Isendrecv_replace_c and MPI_Bsend_c with automatic buffering.
 * Tagged "large": each test holds about 4.3 GB of native memory (two buffers of about 2 GiB) and frees it at the end.
 * The data is {@link LargeTransferTest#word} of the 8-byte word's index in the spread-out buffer; blocks and gaps
 * are multiples of 8 bytes, so the packed stream's word k is the buffer's word {@link #src}(k), and every word of
 * both forms is compared with the formula (the gaps with the marker they held before).
 */
@Tag("large")
@Timeout(900)
class LargeDatatypeTest {
    static final long BLOCKS = (1L << 15) + 1, BLOCK = 65536, STRIDE = 65600;
    /** Bytes of data in one vector, and the bytes it spans. */
    static final long SIZE = BLOCKS * BLOCK, SPAN = (BLOCKS - 1) * STRIDE + BLOCK;
    static final long BLOCK_WORDS = BLOCK / 8, STRIDE_WORDS = STRIDE / 8;
    /** What a gap holds before data arrives around it. */
    static final long MARKER = 0x5555555555555555L;
    /** MPI_BUFFER_AUTOMATIC (MPI-4.1 section 3.6.1): the address mpish gives it, 2, as the MPI_BUFFER_AUTOMATIC constant shows. */
    static final long AUTOMATIC = 2;

    /** The word index in the spread-out buffer of the packed stream's word k. */
    static long src(long k) { return k / BLOCK_WORDS * STRIDE_WORDS + k % BLOCK_WORDS; }

    /** Words of a packed stream that differ from {@code f} of the formula (0 when every byte is right). */
    static long packedWrong(MemorySegment s, LongUnaryOperator f) {
        long bad = 0;
        for (long k = 0; k < SIZE / 8; k++) if (s.get(ValueLayout.JAVA_LONG_UNALIGNED, k * 8) != f.applyAsLong(word(src(k)))) bad++;
        return bad;
    }

    /** Words of a spread-out buffer that differ: blocks from the formula, gaps from {@code gap}. */
    static long spreadWrong(MemorySegment s, long gap) {
        long bad = 0;
        for (long i = 0; i < SPAN / 8; i++) {
            long want = i % STRIDE_WORDS < BLOCK_WORDS ? word(i) : gap;
            if (s.get(ValueLayout.JAVA_LONG_UNALIGNED, i * 8) != want) bad++;
        }
        return bad;
    }

    /** Fills the blocks with the formula and the gaps with the marker. */
    static void fillSpread(MemorySegment s) {
        fill(s);
        for (long b = 0; b < BLOCKS - 1; b++) s.asSlice(b * STRIDE + BLOCK, STRIDE - BLOCK).fill((byte) 0x55);
    }

    /** The vector over {@code elem}: blocks and stride counted in its elements (an 8-byte type or MPI_BYTE). */
    static Object vector(Rank r, String elem, long elemSize) {
        Object v = call1(r, "MPI_Type_vector_c", BLOCKS, BLOCK / elemSize, STRIDE / elemSize, elem);
        call(r, "MPI_Type_commit", v);
        assertEquals(SIZE, call1(r, "MPI_Type_size_c", v));
        return v;
    }

    @Test
    void nonblockingSendAndRecvOfAVectorPast2GiBMoveEveryByte() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object v = vector(r, "MPI_BYTE", 1);
                long buf = big(r, SPAN);
                MemorySegment s = r.memory().segment(buf, SPAN);
                if (r.id() == 0) {
                    fill(s);
                    Object req = call1(r, "MPI_Isend_c", buf, 1L, v, 1, 7, "MPI_COMM_WORLD");
                    call(r, "MPI_Wait", req);
                    // back again, into the vector's blocks only
                    s.fill((byte) 0x55);
                    req = call1(r, "MPI_Irecv_c", buf, 1L, v, 1, 8, "MPI_COMM_WORLD");
                    Status st = (Status) call(r, "MPI_Wait", req)[1];
                    assertEquals(1L, call1(r, "MPI_Get_count_c", st, v));
                    assertEquals(SIZE, call1(r, "MPI_Get_elements_c", st, v));
                    assertEquals(0L, spreadWrong(s, MARKER), "words that differ after the receive into the vector");
                } else {
                    Status st = (Status) call1(r, "MPI_Recv_c", buf, SIZE, "MPI_BYTE", 0, 7, "MPI_COMM_WORLD");
                    assertEquals(SIZE, call1(r, "MPI_Get_count_c", st, "MPI_BYTE"));
                    assertEquals(0L, packedWrong(s, w -> w), "words that differ after the send of the vector");
                    call(r, "MPI_Send_c", buf, SIZE, "MPI_BYTE", 0, 8, "MPI_COMM_WORLD");
                }
                r.memory().free(buf);
            }, 600);
        }
    }

    @Test
    void packUnpackAndTheirExternal32FormsOfAVectorPast2GiB() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object v = vector(r, "MPI_DOUBLE", 8); // 8-byte elements: external32 reverses each word's bytes
                long in = big(r, SPAN), out = big(r, SIZE);
                MemorySegment spread = r.memory().segment(in, SPAN), packed = r.memory().segment(out, SIZE);
                fill(spread);
                assertEquals(SIZE, call1(r, "MPI_Pack_c", in, 1L, v, out, SIZE, 0L, "MPI_COMM_SELF"));
                assertEquals(0L, packedWrong(packed, w -> w), "packed words that differ");
                spread.fill((byte) 0x55);
                assertEquals(SIZE, call1(r, "MPI_Unpack_c", out, SIZE, 0L, in, 1L, v, "MPI_COMM_SELF"));
                assertEquals(0L, spreadWrong(spread, MARKER), "unpacked words that differ");
                fill(spread);
                assertEquals(SIZE, call1(r, "MPI_Pack_external_size_c", "external32", 1L, v));
                assertEquals(SIZE, call1(r, "MPI_Pack_external_c", "external32", in, 1L, v, out, SIZE, 0L));
                assertEquals(0L, packedWrong(packed, Long::reverseBytes), "external32 words that differ (big-endian)");
                spread.fill((byte) 0x55);
                assertEquals(SIZE, call1(r, "MPI_Unpack_external_c", "external32", out, SIZE, 0L, in, 1L, v));
                assertEquals(0L, spreadWrong(spread, MARKER), "words unpacked from external32 that differ");
                r.memory().free(in);
                r.memory().free(out);
            }, 600);
        }
    }

    @Test
    void putGetAndAccumulateWithAVectorPast2GiBAtTheTarget() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object v = vector(r, "MPI_BYTE", 1), vl = vector(r, "MPI_LONG", 8);
                long n = r.id() == 0 ? SIZE : SPAN; // rank 0: the packed origin; rank 1: the window
                long buf = big(r, n);
                MemorySegment s = r.memory().segment(buf, n);
                Object win = call1(r, "MPI_Win_create_c", buf, n, 1L, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                if (r.id() == 0) for (long k = 0; k < SIZE / 8; k++) s.set(ValueLayout.JAVA_LONG_UNALIGNED, k * 8, word(src(k)));
                else s.fill((byte) 0x55);
                call(r, "MPI_Win_fence", 0, win);
                if (r.id() == 0) call(r, "MPI_Put_c", buf, SIZE, "MPI_BYTE", 1, 0L, 1L, v, win);
                call(r, "MPI_Win_fence", 0, win);
                if (r.id() == 1) assertEquals(0L, spreadWrong(s, MARKER), "window words that differ after the put");
                if (r.id() == 0) {
                    s.fill((byte) 0);
                    call(r, "MPI_Get_c", buf, SIZE, "MPI_BYTE", 1, 0L, 1L, v, win);
                }
                call(r, "MPI_Win_fence", 0, win);
                if (r.id() == 0) {
                    assertEquals(0L, packedWrong(s, w -> w), "origin words that differ after the get");
                    // the same words xor-ed onto the target's blocks leave zeros there; the gaps keep the marker
                    call(r, "MPI_Accumulate_c", buf, SIZE / 8, "MPI_LONG", 1, 0L, 1L, vl, "MPI_BXOR", win);
                }
                call(r, "MPI_Win_fence", 0, win);
                if (r.id() == 1) {
                    long bad = 0;
                    for (long i = 0; i < SPAN / 8; i++) {
                        long want = i % STRIDE_WORDS < BLOCK_WORDS ? 0 : MARKER;
                        if (s.get(ValueLayout.JAVA_LONG_UNALIGNED, i * 8) != want) bad++;
                    }
                    assertEquals(0L, bad, "window words that differ after the accumulate");
                }
                call(r, "MPI_Win_free", win);
                r.memory().free(buf);
            }, 600);
        }
    }

    @Test
    void automaticBsendAndSendrecvReplaceOfAVectorPast2GiB() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object v = vector(r, "MPI_BYTE", 1);
                long buf = big(r, SPAN);
                MemorySegment s = r.memory().segment(buf, SPAN);
                fillSpread(s);
                call(r, "MPI_Buffer_attach", AUTOMATIC, 0);
                // the send keeps its own copy: the blocks may change at once, and the receive brings the formula back
                call(r, "MPI_Bsend_c", buf, 1L, v, 0, 4, "MPI_COMM_SELF");
                for (long i = 0; i < SPAN / 8; i += STRIDE_WORDS) s.asSlice(i * 8, BLOCK).fill((byte) 0);
                Status st = (Status) call1(r, "MPI_Recv_c", buf, 1L, v, 0, 4, "MPI_COMM_SELF");
                assertEquals(1L, call1(r, "MPI_Get_count_c", st, v));
                assertEquals(0L, spreadWrong(s, MARKER), "words that differ after the buffered send to itself");
                call(r, "MPI_Buffer_detach");
                st = (Status) call1(r, "MPI_Sendrecv_replace_c", buf, 1L, v, 0, 5, 0, 5, "MPI_COMM_SELF");
                assertEquals(1L, call1(r, "MPI_Get_count_c", st, v));
                assertEquals(0L, spreadWrong(s, MARKER), "words that differ after MPI_Sendrecv_replace_c");
                Object req = call1(r, "MPI_Isendrecv_replace_c", buf, 1L, v, 0, 6, 0, 6, "MPI_COMM_SELF");
                st = (Status) call(r, "MPI_Wait", req)[1];
                assertEquals(SIZE, call1(r, "MPI_Get_count_c", st, "MPI_BYTE"));
                assertEquals(0L, spreadWrong(s, MARKER), "words that differ after MPI_Isendrecv_replace_c");
                r.memory().free(buf);
            }, 600);
        }
    }
}
