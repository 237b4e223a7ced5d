package org.mpish.runtime.mpi.p2p;

import java.lang.foreign.MemorySegment;
import org.mpish.runtime.Memory;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.datatype.Datatype;

/**
 * Moves message data. A buffer is a {@link Layout}: memory, address, datatype and count (a null datatype means
 * plain bytes). Data goes from one layout straight into another, run by run, without an intermediate copy;
 * contiguous buffers move with one bulk copy.
 */
final class Transfer {
    private Transfer() {}

    /** A message buffer as C sees it: {@code count} instances of {@code type} at {@code addr}; type null = bytes. */
    record Layout(Memory mem, long addr, Datatype type, long count) {
        long bytes() { return type == null ? count : count * type.size(); }
        boolean contiguous() { return type == null || type.isContiguous(); }

        /** Checks that every byte the layout covers is allocated memory (MemoryFault if not). */
        void check() {
            if (type == null) mem.segment(addr, count);
            else type.checkBuffer(mem, addr, count);
        }
    }

    /** Copies the first {@code bytes} bytes of {@code from}'s packed stream into {@code to}'s layout. */
    static void copy(Layout from, Layout to, long bytes) {
        if (bytes <= 0) return;
        if (from.contiguous() && to.contiguous()) {
            Memory.copy(from.mem, from.addr, to.mem, to.addr, bytes);
            return;
        }
        Runs src = new Runs(from);
        Runs dst = new Runs(to);
        long left = bytes;
        while (left > 0) {
            long n = Math.min(left, Math.min(src.remaining, dst.remaining));
            MemorySegment.copy(src.segment(n), 0, dst.segment(n), 0, n);
            src.advance(n);
            dst.advance(n);
            left -= n;
        }
    }

    /**
     * The most bytes one Java array holds, so the most a copy of a message can (an eager send, MPI_Sendrecv_replace,
     * a buffered send without an attached buffer): larger messages go straight from buffer to buffer, or are refused.
     */
    static final long MAX_COPY = Integer.MAX_VALUE - 8;

    /** Packs a layout into a new array (the eager copy); more than {@link #MAX_COPY} bytes is MPI_ERR_COUNT. */
    static byte[] pack(Layout from) {
        long n = from.bytes();
        if (n > MAX_COPY) {
            throw new MpiException(ErrorClass.MPI_ERR_COUNT, "this call keeps a copy of the message, and mpish holds a copy of at most "
                    + MAX_COPY + " bytes; the message has " + n + " (send it with MPI_Send_c / MPI_Isend_c instead, which copy"
                    + " straight into the receive buffer)");
        }
        if (from.contiguous()) {
            byte[] out = new byte[Math.toIntExact(n)];
            if (n > 0) {
                Memory.Block b = from.mem.block(from.addr, n);
                MemorySegment.copy(b.segment(), java.lang.foreign.ValueLayout.JAVA_BYTE, from.addr - b.address(), out, 0, out.length);
            }
            return out;
        }
        return from.type.pack(from.mem, from.addr, from.count);
    }

    /** Unpacks the first {@code bytes} bytes of {@code data} into a layout. */
    static void unpack(byte[] data, long bytes, Layout to) {
        if (bytes <= 0) return;
        if (to.contiguous()) {
            Memory.Block b = to.mem.block(to.addr, bytes);
            MemorySegment.copy(data, 0, b.segment(), java.lang.foreign.ValueLayout.JAVA_BYTE, to.addr - b.address(), (int) bytes);
            return;
        }
        to.type.unpack(data, 0, (int) bytes, to.mem, to.addr, to.count);
    }

    /** A cursor over the contiguous runs a layout's packed stream occupies in memory. */
    private static final class Runs {
        private final Layout l;
        private long instance;
        private int run;
        private long offsetInRun;
        long remaining;

        Runs(Layout l) {
            this.l = l;
            remaining = l.type == null ? l.count : l.type.runCount() == 0 ? 0 : l.type.runLength(0);
            skipEmpty();
        }

        MemorySegment segment(long n) {
            long a = l.type == null ? l.addr + offsetInRun
                    : l.addr + instance * l.type.extent() + l.type.runOffset(run) + offsetInRun;
            return l.mem.segment(a, n);
        }

        void advance(long n) {
            offsetInRun += n;
            remaining -= n;
            if (remaining == 0) next();
        }

        private void next() {
            if (l.type == null) return;
            offsetInRun = 0;
            if (++run == l.type.runCount()) {
                run = 0;
                instance++;
            }
            remaining = instance < l.count ? l.type.runLength(run) : 0;
            skipEmpty();
        }

        private void skipEmpty() {
            if (l.type == null) return;
            while (remaining == 0 && instance < l.count && l.type.runCount() > 0) {
                if (++run == l.type.runCount()) {
                    run = 0;
                    instance++;
                }
                remaining = instance < l.count ? l.type.runLength(run) : 0;
            }
        }
    }
}
