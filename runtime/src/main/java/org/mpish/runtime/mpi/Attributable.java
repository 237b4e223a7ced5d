package org.mpish.runtime.mpi;

import java.util.LinkedHashMap;

/**
 * An MPI object that caches attributes: communicators, windows and datatypes. The attribute list
 * ({@link AttrList}) keeps the order in which keys were first set (MPI_Finalize deletes COMM_SELF's attributes last-set-first). It is
 * touched only by the owning rank's thread.
 */
public abstract class Attributable extends Handle {
    private final AttrList attributes = new AttrList();
    /** Keys whose delete callback is running on this object (a callback may delete other keys: A16). */
    private Keyval[] deleting;
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
        Keyval[] a = deleting;
        int d = deletingDepth;
        for (int i = 0; i < d; i++) if (a[i] == k) return false;
        if (a == null) deleting = a = new Keyval[4];
        else if (d == a.length) deleting = a = java.util.Arrays.copyOf(a, d * 2);
        a[d] = k;
        deletingDepth = d + 1;
        return true;
    }

    void endDelete(Keyval k) {
        int d = deletingDepth;
        Keyval[] a = deleting;
        if (d > 0 && a[d - 1] == k) { // the usual case: the innermost callback ends
            a[d - 1] = null;
            deletingDepth = d - 1;
            return;
        }
        for (int i = d - 1; i >= 0; i--) {
            if (a[i] == k) {
                System.arraycopy(a, i + 1, a, i, d - i - 1);
                a[--deletingDepth] = null;
                return;
            }
        }
    }
}
