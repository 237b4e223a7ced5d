package org.mpish.runtime.mpi.datatype;

/**
 * The type map of a datatype, element by element with its basic type (MPI-4.1 section 5.1): what the byte runs of
 * {@link Datatype} no longer tell. Walked from the blocks each constructor recorded, in type-map order.
 */
public final class TypeMap {
    private TypeMap() {}

    /** Receives one basic element of the type map: its type and its displacement in bytes. */
    public interface Visitor {
        /** Returns false to stop the walk. */
        boolean element(BasicType type, long displacement);
    }

    /** Walks the type map of one instance of {@code t} placed at {@code base}; false if the visitor stopped it. */
    public static boolean walk(Datatype t, long base, Visitor v) {
        if (t.kids == null) {
            if (t.pairValue != null) return v.element(t.pairValue, base) && v.element(t.pairIndex, base + t.pairIndexOffset);
            BasicType b = t.basicElement();
            return b == null || v.element(b, base);
        }
        for (int i = 0; i < t.kids.length; i++) {
            Datatype k = t.kids[i];
            for (long j = 0; j < t.kidLen[i]; j++) {
                if (!walk(k, base + t.kidDispl[i] + j * k.extent(), v)) return false;
            }
        }
        return true;
    }
}
