package org.mpish.runtime.mpi;

/**
 * An MPI object as a handle: its kind, its name in the shell ("comm1", "MPI_COMM_WORLD"), and whether it is
 * still valid. Handles are process-local, as in C: every rank has its own objects, even for MPI_COMM_WORLD.
 * The null handle of each kind is one shared object ({@link #nullOf}).
 */
public abstract class Handle implements org.mpish.runtime.ObjectHandle {
    private final HandleKind kind;
    /**
     * Written plainly by the constructor (a volatile store there would be a full fence on every request made)
     * and with release semantics by {@link #setName}; read with acquire semantics.
     */
    private String name;
    private static final java.lang.invoke.VarHandle NAME =
            org.mpish.runtime.VarHandles.field(java.lang.invoke.MethodHandles.lookup(), "name", String.class);
    private volatile boolean freed;

    protected Handle(HandleKind kind, String name) {
        this.kind = kind;
        this.name = name;
    }

    public final HandleKind kind() { return kind; }
    @Override public final String name() { return (String) NAME.getAcquire(this); }
    final void setName(String n) { NAME.setRelease(this, n); }

    /** A null handle (MPI_COMM_NULL, ...). Final, a type test: every call's handle arguments ask it. */
    public final boolean isNull() { return this instanceof NullHandle; }
    /** Predefined objects (MPI_COMM_WORLD, MPI_INT, MPI_ERRORS_RETURN, ...) cannot be freed. */
    public boolean isPredefined() { return false; }
    public final boolean isFreed() { return freed; }
    /** Marks the handle invalid: later use is an error of this kind's class. */
    public void markFreed() { freed = true; }
    public final boolean isValid() { return !freed && !isNull(); }

    @Override public String toString() { return name(); }

    /** A name as MPI stores it: at most MPI_MpiConst.MAX_OBJECT_NAME - 1 characters, longer ones truncated. */
    public static String objectName(String n) {
        if (n == null) throw new MpiException(ErrorClass.MPI_ERR_ARG, "the name is NULL");
        return n.length() > MpiConst.MAX_OBJECT_NAME - 1 ? n.substring(0, MpiConst.MAX_OBJECT_NAME - 1) : n;
    }

    /** The null handle of a kind. */
    public static Handle nullOf(HandleKind kind) { return NullHandle.NULLS.get(kind.ordinal()); }

    /** The null handles: MPI_COMM_NULL, MPI_WIN_NULL, MPI_KEYVAL_INVALID, ... */
    static final class NullHandle extends Handle {
        static final java.util.List<NullHandle> NULLS =
                java.util.Arrays.stream(HandleKind.values()).map(NullHandle::new).toList();
        private NullHandle(HandleKind kind) { super(kind, kind.nullName()); }
        @Override public boolean isPredefined() { return true; }
    }
}
