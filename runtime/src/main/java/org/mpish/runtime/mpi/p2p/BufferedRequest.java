package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * The request of MPI_Ibsend: complete as soon as the data is in the attached buffer (B23). Cancelling it before
 * the message is received withdraws the message and frees its buffer entry.
 */
final class BufferedRequest extends P2pRequest {
    private final SendRequest inner;
    private final int dest;

    BufferedRequest(Rank owner, Comm comm, int dest, SendRequest inner) {
        super(owner, comm);
        this.inner = inner;
        this.dest = dest;
        complete(SendRequest.DONE);
    }

    @Override public String operation() { return "ibsend"; }

    @Override
    public String describe() {
        return "buffered send to rank " + dest + ": complete (the data is in the attached buffer"
                + (inner == null || inner.isComplete() ? " and has been received)" : "; not received yet)");
    }

    @Override
    public boolean cancel() {
        if (inner == null || !inner.cancel()) return false;
        complete(SendRequest.CANCELLED);
        return true;
    }
}
