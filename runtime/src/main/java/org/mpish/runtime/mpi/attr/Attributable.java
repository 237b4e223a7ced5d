package org.mpish.runtime.mpi.attr;

import java.util.LinkedHashMap;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;

/**
 * An MPI object that caches attributes: communicators, windows and datatypes. The attribute list
 * ({@link AttrList}) keeps the order in which keys were first set (MPI_Finalize deletes COMM_SELF's attributes last-set-first). It is
 * touched only by the owning rank's thread.
 */
public abstract class Attributable extends Handle {
    private final AttrList attributes = new AttrList();
    /**
     * The values of the keys whose delete callback is running on this object, outermost first (a callback may
     * delete other keys: A16): the first in a field, deeper ones in an array. Key values are unique in the process
     * and ints need no GC write barrier, which matters when MPI_Comm_free runs a thousand callbacks.
     */
    private int deleting0;
    private int[] deletingMore;
    private int deletingDepth;

    protected Attributable(HandleKind kind, String name) { super(kind, name); }

    /** A snapshot of the attributes (keyval to value) in order of first setting, for inspection. */
    public LinkedHashMap<Keyval, Object> attributeMap() {
        LinkedHashMap<Keyval, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < attributes.end(); i++) {
            Keyval k = attributes.keyAt(i);
            if (k != null) m.put(k, attributes.valueAt(i));
        }
        return m;
    }

    /** The number of attributes cached on this object. */
    public int attributeCount() { return attributes.size(); }

    /** The live attribute list, for {@link Attributes}. */
    AttrList attrs() { return attributes; }

    /** Marks {@code k}'s delete callback as running on this object; false if it already is (a nested delete). */
    boolean beginDelete(Keyval k) {
        int v = k.value(), d = deletingDepth;
        if (d == 0) {
            deleting0 = v;
            deletingDepth = 1;
            return true;
        }
        if (deleting0 == v) return false;
        int[] a = deletingMore;
        for (int i = 0; i < d - 1; i++) if (a[i] == v) return false;
        if (a == null) deletingMore = a = new int[4];
        else if (d - 1 == a.length) deletingMore = a = java.util.Arrays.copyOf(a, a.length * 2);
        a[d - 1] = v;
        deletingDepth = d + 1;
        return true;
    }

    /** The callback {@link #beginDelete} marked has returned: the innermost one, as callbacks nest (try/finally). */
    void endDelete(Keyval k) {
        deletingDepth--;
    }
}
