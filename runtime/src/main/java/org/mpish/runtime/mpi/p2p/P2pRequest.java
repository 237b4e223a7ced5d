package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.Comm;
import org.mpish.runtime.mpi.Errhandler;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Request;

/** A point-to-point request: errors found when it completes go to its communicator's error handler. */
abstract class P2pRequest extends Request implements MpiProcess.ErrhandlerOwner {
    private final Comm comm;

    P2pRequest(Rank owner, Comm comm) {
        super(owner);
        this.comm = comm;
    }

    Comm comm() { return comm; }

    @Override public Errhandler errhandler() { return comm.errhandler(); }

    /** The persistent request this operation was started from, if any. */
    volatile P2pRequest startedBy;

    /** Whether the request has a handle (nonblocking and persistent calls) rather than living inside a blocking call. */
    boolean registered() { return !name().equals("req") || startedBy != null; }

    /** The handle's name ("req3"), or "(blocking)" for the request inside a blocking call. */
    String label() { return startedBy != null ? startedBy.name() : registered() ? name() : "(blocking)"; }
}
