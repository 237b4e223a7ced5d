package org.mpish.runtime.mpi;

import org.mpish.runtime.Rank;

/**
 * A pending operation: point-to-point sends and receives, RMA request-based operations, buffer flushes.
 * Subclasses say what they wait for; completion is signalled with {@link #complete}, which wakes the owner.
 * Mirrors {@code MPI_Request}.
 */
public abstract class Request extends Handle {
    private final Rank owner;
    private volatile Status status;
    /** Inverted so that a new request needs no store (a volatile store in a constructor is a full fence). */
    private volatile boolean inactive;

    protected Request(Rank owner) {
        super(HandleKind.REQUEST, "req");
        this.owner = owner;
    }

    public Rank owner() { return owner; }
    public boolean isComplete() { return status != null; }
    public Status status() { return status; }
    /** False for an inactive persistent request (MPI_Wait on it returns at once with an empty status). */
    public boolean isActive() { return !inactive; }
    protected void setActive(boolean a) { inactive = !a; }

    /** Marks the operation complete with this status and wakes the owning rank if it waits. */
    public void complete(Status s) {
        status = s;
        owner.wake();
    }

    /** Clears the completion (persistent requests restart). */
    protected void reset() { status = null; }

    /** What the operation waits for, for `ranks` and the deadlock roll-call. */
    public abstract String describe();

    /** "send", "recv", "rput", "iflush", ... */
    public abstract String operation();

    /** Whether this request may be cancelled (MPI_Cancel); default: no. */
    public boolean cancel() { return false; }

    /** The communicator the operation runs on (MPI_Comm_disconnect waits for it), or null when none. */
    public Handle communicator() { return null; }

    /** Persistent requests are not freed by completion. */
    public boolean persistent() { return false; }
}
