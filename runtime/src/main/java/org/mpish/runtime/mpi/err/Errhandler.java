package org.mpish.runtime.mpi.err;

import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;

/**
 * An error handler: one of the predefined ones or a user function, for one object kind.
 * Mirrors {@code MPI_Errhandler}.
 */
public final class Errhandler extends Handle {
    enum Builtin { FATAL, RETURN, ABORT }

    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler("MPI_ERRORS_ARE_FATAL", Builtin.FATAL, null, null);
    public static final Errhandler ERRORS_RETURN = new Errhandler("MPI_ERRORS_RETURN", Builtin.RETURN, null, null);
    public static final Errhandler ERRORS_ABORT = new Errhandler("MPI_ERRORS_ABORT", Builtin.ABORT, null, null);

    private final Builtin builtin;
    private final ErrhandlerFn fn;
    private final HandleKind objectKind;
    private int users;

    private Errhandler(String name, Builtin builtin, ErrhandlerFn fn, HandleKind objectKind) {
        super(HandleKind.ERRHANDLER, name);
        this.builtin = builtin;
        this.fn = fn;
        this.objectKind = objectKind;
    }

    /** A user handler for objects of {@code kind} (COMM or WIN). */
    public static Errhandler user(ErrhandlerFn fn, HandleKind kind) { return new Errhandler("eh", null, fn, kind); }

    /** FATAL, RETURN or ABORT for the predefined handlers, null for user handlers. */
    public Builtin builtin() { return builtin; }
    public ErrhandlerFn fn() { return fn; }
    /** The object kind a user handler was made for; null for predefined handlers (valid everywhere). */
    public HandleKind objectKind() { return objectKind; }
    @Override public boolean isPredefined() { return builtin != null; }

    /** Objects currently using this handler; a freed handler lives on while this is above zero. */
    public synchronized int users() { return users; }
    public synchronized void addUser() { users++; }
    public synchronized void dropUser() { users--; }
}
