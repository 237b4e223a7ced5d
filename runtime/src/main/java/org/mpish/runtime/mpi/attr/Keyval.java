package org.mpish.runtime.mpi.attr;

import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;

/**
 * An attribute key: made for one kind of object (communicator, window or datatype), with its copy and delete
 * callbacks and extra state. In C a keyval is an int; {@link #value()} is that int. A keyval freed by the user
 * stays alive for the attributes that still use it ({@link #references()}).
 */
public final class Keyval extends Handle {
    private final int value;
    private final HandleKind objectKind;
    private final CopyFn copyFn;
    private final DeleteFn deleteFn;
    private final Object extraState;
    private final boolean predefined;
    private final boolean mpi1;
    private int references;
    private boolean userFreed;

    public Keyval(int value, HandleKind objectKind, CopyFn copyFn, DeleteFn deleteFn, Object extraState,
                  boolean predefined, boolean mpi1, String name) {
        super(HandleKind.KEYVAL, name);
        this.value = value;
        this.objectKind = objectKind;
        this.copyFn = copyFn;
        this.deleteFn = deleteFn;
        this.extraState = extraState;
        this.predefined = predefined;
        this.mpi1 = mpi1;
        int kinds = 0;
        if (copyFn instanceof CopyFn.Predefined p) {
            if (!p.duplicates()) kinds |= NON_DUP_COPY;
        } else if (copyFn == null) {
            kinds |= NON_DUP_COPY;
        } else {
            kinds |= USER_COPY;
        }
        if (deleteFn != null && !(deleteFn instanceof DeleteFn.Predefined)) kinds |= USER_DELETE;
        this.kinds = kinds;
    }

    /** What copying and deleting this key's attributes involves (for {@link AttrList}'s counts), worked out once. */
    static final int USER_COPY = 1, NON_DUP_COPY = 2, USER_DELETE = 4;
    final int kinds;

    public int value() { return value; }

    /** The key's value: unique in its process, and consecutive values spread perfectly in attribute tables. */
    @Override public int hashCode() { return value; }

    @Override public boolean equals(Object o) { return this == o; }
    /** COMM, WIN or DATATYPE: the kind of object this key may be used on. */
    public HandleKind objectKind() { return objectKind; }
    public CopyFn copyFn() { return copyFn; }
    public DeleteFn deleteFn() { return deleteFn; }
    public Object extraState() { return extraState; }
    @Override public boolean isPredefined() { return predefined; }
    /** Made by the deprecated MPI_Keyval_create. */
    public boolean mpi1() { return mpi1; }

    public int references() { return references; }
    public void addReference() { references++; }
    public void dropReference() { references--; }
    public boolean userFreed() { return userFreed; }
    public void setUserFreed() { userFreed = true; }
}
