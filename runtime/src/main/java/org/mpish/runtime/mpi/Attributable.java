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
        for (int i = 0; i < deletingDepth; i++) if (deleting[i] == k) return false;
        if (deleting == null) deleting = new Keyval[4];
        else if (deletingDepth == deleting.length) deleting = java.util.Arrays.copyOf(deleting, deletingDepth * 2);
        deleting[deletingDepth++] = k;
        return true;
    }

    void endDelete(Keyval k) {
        for (int i = deletingDepth - 1; i >= 0; i--) {
            if (deleting[i] == k) {
                System.arraycopy(deleting, i + 1, deleting, i, deletingDepth - i - 1);
                deleting[--deletingDepth] = null;
                return;
            }
        }
    }
}
