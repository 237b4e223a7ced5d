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

    /** The handle's name once the shell knows it ("req3"), else what the call was. */
    String label() { return name().equals("req") ? operation() : name(); }
}
