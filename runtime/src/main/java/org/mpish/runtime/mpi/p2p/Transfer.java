package org.mpish.runtime.mpi.p2p;

import java.lang.foreign.MemorySegment;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.TypeCopy;

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
        // run by run (TypeCopy walks a contiguous side as one range, not one run per element)
        TypeCopy.copy(new TypeCopy.Side(TypeCopy.of(from.mem), from.addr, from.type, from.count),
                new TypeCopy.Side(TypeCopy.of(to.mem), to.addr, to.type, to.count), bytes);
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

    /**
     * A packed copy of a layout's data that the caller keeps while the message travels (MPI_Sendrecv_replace, a
     * send with automatic buffering): past {@code arrayLimit} bytes ({@link #MAX_COPY} in use) it is native memory
     * of its own, an address space of one block that is freed when the message no longer refers to it; otherwise
     * null, and the caller packs into an array as before.
     */
    static Layout bigCopy(Rank r, Layout from, long arrayLimit) {
        long n = from.bytes();
        if (n <= arrayLimit) return null;
        Memory scratch = new Memory(r.id(), n);
        long at = 0;
        // an earlier copy this size goes back to the system only after a garbage collection: ask for one, then retry
        for (int attempt = 0; at == 0; attempt++) {
            try {
                at = scratch.alloc(n);
            } catch (org.mpish.runtime.MemoryFault e) {
                if (attempt == 5) {
                    throw new MpiException(ErrorClass.MPI_ERR_NO_MEM, "this call keeps a copy of the message, " + n + " bytes, and the"
                            + " system did not give that much memory");
                }
                System.gc();
                try { Thread.sleep(200L << attempt); } catch (InterruptedException ie) { Thread.currentThread().interrupt(); }
            }
        }
        Layout to = new Layout(scratch, at, null, n);
        copy(from, to, n);
        return to;
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
}
