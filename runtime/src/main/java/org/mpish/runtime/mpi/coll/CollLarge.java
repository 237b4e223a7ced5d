package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COUNT;

import java.lang.foreign.MemorySegment;
import java.util.function.Consumer;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.ElemType;
import org.mpish.runtime.mpi.op.Op;
import org.mpish.runtime.mpi.coll.Meeting.Part;

/**
 * Collective data beyond one Java array (more than 2^31 - 9 bytes from one rank, which the _c forms of MPI-4.1
 * section 2.5.8 allow). A contiguous block that large is not packed: the sender's part is a {@link View} of its
 * memory, which the receivers copy from directly. Such a view is only safe while its owner is inside the call, so
 * the blocking form then meets a second time after delivery ({@link #finish}); the nonblocking and persistent
 * forms, and non-contiguous datatypes (which pack into one array), refuse that much data with MPI_ERR_COUNT.
 */
final class CollLarge {
    private CollLarge() {}

    /** The largest packed array; a block of more bytes goes as a view. */
    static final long ARRAY_LIMIT = Integer.MAX_VALUE - 8;

    /** Bytes folded at a time by the large reductions. */
    private static final int CHUNK = 64 << 20;

    /** A view of a rank's contiguous memory (in: its input; out: its receive buffer, for the reductions), read in place by the others. */
    record View(MemorySegment in, MemorySegment out) {}

    /** Whether {@code count} x {@code t} is more than one packed array holds. */
    static boolean large(Datatype t, long count) {
        return t.size() > 0 && count > ARRAY_LIMIT / t.size();
    }

    /** What a sender contributes for {@code count} x {@code t} at {@code addr}: packed bytes, or a view when it is large. */
    static Object data(Rank r, Datatype t, long addr, long count, Runner run, String call, String arg) {
        if (!large(t, count)) return t.pack(r.memory(), addr, count);
        allowed(t, count, run, call, arg);
        return new View(r.memory().segment(addr, count * t.size()), null);
    }

    /** MPI_ERR_COUNT unless a large block can go as a view: contiguous, and the blocking form. */
    static void allowed(Datatype t, long count, Runner run, String call, String arg) {
        if (!t.isContiguous()) {
            throw new MpiException(MPI_ERR_COUNT, arg + ": " + count + " x " + t.name() + " is "
                    + count * t.size() + " bytes; a non-contiguous datatype goes through one packed copy of at most " + ARRAY_LIMIT
                    + " bytes in " + call);
        }
        if (run != Runner.BLOCKING) {
            throw new MpiException(MPI_ERR_COUNT, arg + ": " + count * t.size() + " bytes is more than the " + ARRAY_LIMIT
                    + " bytes " + call + " copies at once; only the blocking form reads a larger contiguous buffer in place");
        }
    }

    /** The byte length of a part's data: packed bytes or a view. */
    static long length(Object data) {
        if (data instanceof byte[] b) return b.length;
        if (data instanceof View v) return v.in.byteSize();
        return 0;
    }

    /** Stores received data (packed bytes or a view) into {@code count} x {@code t} at {@code addr}. */
    static void unpack(Rank r, Object data, Datatype t, long addr, long count, String arg) {
        if (data instanceof byte[] b) {
            t.unpack(b, 0, b.length, r.memory(), addr, count);
            return;
        }
        MemorySegment src = ((View) data).in;
        if (!t.isContiguous()) {
            throw new MpiException(MPI_ERR_COUNT, arg + ": " + src.byteSize() + " bytes arrive, more than the " + ARRAY_LIMIT
                    + " a non-contiguous datatype (" + t.name() + ") unpacks from one copy");
        }
        MemorySegment.copy(src, 0, r.memory().segment(addr, src.byteSize()), 0, src.byteSize());
    }

    static boolean anyView(Part[] parts) {
        for (Part p : parts) if (p.data() instanceof View) return true;
        return false;
    }

    /**
     * Delivery when some rank's part is a view: after it, every rank meets again, so that no rank returns (and
     * changes the buffer the others read) before every copy is done. A rank whose delivery fails still meets.
     */
    static void finish(Comm c, String call, Part[] parts, Consumer<Part[]> finish) {
        RuntimeException failed = null;
        try {
            finish.accept(parts);
        } catch (RuntimeException e) {
            failed = e;
        }
        c.exchange(null, call);
        if (failed != null) throw failed;
    }

    // ---- Reduce and Allreduce of large contiguous vectors with a predefined op ----

    /** Whether a reduction of {@code count} x {@code t} takes this path. */
    static boolean largeReduction(Datatype t, long count) { return large(t, count); }

    /**
     * Folds bytes [lo, lo + len) of every input left to right in rank order into {@code out} at the same offsets,
     * a chunk at a time through a buffer, so that out may be one of the inputs (in place).
     */
    static void foldInto(Op op, ElemType e, MemorySegment[] inputs, MemorySegment out, long lo, long len) {
        int unit = e.packedSize();
        long step = Math.max(unit, CHUNK / unit * (long) unit);
        MemorySegment tmp = MemorySegment.ofArray(new byte[(int) Math.min(step, Math.max(len, 1))]);
        for (long off = lo; off < lo + len; off += step) {
            long m = Math.min(step, lo + len - off);
            MemorySegment acc = tmp.asSlice(0, m);
            acc.copyFrom(inputs[0].asSlice(off, m));
            for (int j = 1; j < inputs.length; j++) Reductions.fold(op.op(), e, acc, inputs[j].asSlice(off, m), acc, m);
            MemorySegment.copy(acc, 0, out, off, m);
        }
    }
}
