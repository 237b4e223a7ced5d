package org.mpish.runtime.mpi.rma;

import java.lang.foreign.MemorySegment;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.ElemType;

/**
 * How a datatype lays data out in window memory: the bytes {@code count} instances touch, and the elements an
 * accumulate visits inside a target segment (whose bounds the caller has already checked against the window,
 * R20). Put and get move data with {@link org.mpish.runtime.mpi.datatype.TypeCopy}.
 */
final class TargetLayout {
    private TargetLayout() {}

    /** The lowest byte offset (relative to the buffer address) that {@code count} instances of {@code t} touch. */
    static long lo(Datatype t, long count) {
        if (t.isContiguous()) return 0;
        long min = Long.MAX_VALUE;
        for (int r = 0; r < t.runCount(); r++) min = Math.min(min, t.runOffset(r));
        return min + Math.min(0, (count - 1) * t.extent());
    }

    /** One past the highest byte offset that {@code count} instances of {@code t} touch. */
    static long hi(Datatype t, long count) {
        if (t.isContiguous()) return count * t.extent();
        long max = Long.MIN_VALUE;
        for (int r = 0; r < t.runCount(); r++) max = Math.max(max, t.runOffset(r) + t.runLength(r));
        return max + Math.max(0, (count - 1) * t.extent());
    }

    /** Visits an element: its index in the packed stream and its offset in the target segment. */
    interface ElementVisitor {
        void at(long index, long offset);
    }

    /**
     * Visits the first {@code n} elements of {@code count} instances of {@code t} at {@code off}, in type-map
     * order: basic elements of {@code e}'s size, or whole instances for pair types.
     */
    static void elements(Datatype t, long count, ElemType e, long n, long off, ElementVisitor v) {
        long idx = 0;
        if (e.isPair()) {
            for (long i = 0; i < count && idx < n; i++) v.at(idx++, off + i * t.extent());
            return;
        }
        int es = e.basic().size();
        for (long i = 0; i < count && idx < n; i++) {
            long base = off + i * t.extent();
            for (int r = 0; r < t.runCount() && idx < n; r++) {
                long ro = base + t.runOffset(r);
                long k = t.runLength(r) / es;
                for (long j = 0; j < k && idx < n; j++) v.at(idx++, ro + j * es);
            }
        }
    }

    /** Elements in {@code count} instances of {@code t} counted in units of {@code e}. */
    static long elementCount(Datatype t, long count, ElemType e) {
        return e.isPair() ? count : count * t.size() / e.basic().size();
    }
}
