package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.err.ErrhandlerOwner;

/** A point-to-point request: errors found when it completes go to its communicator's error handler. */
abstract class P2pRequest extends Request implements ErrhandlerOwner {
    private final Comm comm;

    P2pRequest(Rank owner, Comm comm) {
        super(owner);
        this.comm = comm;
    }

    Comm comm() { return comm; }
    @Override public org.mpish.runtime.mpi.Handle communicator() { return comm; }

    /*
     * Completion without the base class's unconditional wake: the owner is woken only when it is parked in a
     * wait. Safe because the owner publishes that it waits (a volatile write) before it re-checks isComplete(),
     * and this writes the status (volatile) before it looks: one of the two always sees the other.
     */
    private volatile Status done;

    @Override public boolean isComplete() { return done != null; }
    @Override public Status status() { return done; }

    @Override
    public void complete(Status s) {
        done = s;
        if (wakesOwner()) {
            Rank o = owner();
            if (!o.onOwnThread()) o.wake(); // a no-op unless the owner is parked
        }
    }

    /** Whether completing this request may end a wait of its owner (false for requests nobody waits on). */
    boolean wakesOwner() { return true; }

    @Override public Errhandler errhandler() { return comm.errhandler(); }

    /** The persistent request this operation was started from, if any. */
    volatile P2pRequest startedBy;

    /** Whether the request has a handle (nonblocking and persistent calls) rather than living inside a blocking call. */
    boolean registered() { return !name().equals("req") || startedBy != null; }

    /** The handle's name ("req3"), or "(blocking)" for the request inside a blocking call. */
    String label() { return startedBy != null ? startedBy.name() : registered() ? name() : "(blocking)"; }
}
