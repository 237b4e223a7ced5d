package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.Status;

/**
 * A send-receive (MPI-4.1 section 3.10): a receive and a send under one request, complete once both are; its status
 * is the receive's. MPI_Isendrecv hands it out as a handle; MPI_Sendrecv waits on its parts. Each part wakes the
 * owner when it completes and a wait re-checks both, so it needs no wake of its own.
 */
final class SendrecvRequest extends P2pRequest {
    final RecvRequest recv;
    final SendRequest send;
    private final boolean replace;

    SendrecvRequest(Rank owner, Comm comm, RecvRequest recv, SendRequest send, boolean replace) {
        super(owner, comm);
        this.recv = recv;
        this.send = send;
        this.replace = replace;
    }

    /** Once registered: the parts carry this handle's name (the mailbox view, the trace). */
    SendrecvRequest named() {
        recv.startedBy = this;
        send.startedBy = this;
        return this;
    }

    @Override public boolean isComplete() { return recv.isComplete() && send.isComplete(); }

    @Override public Status status() { return isComplete() ? recv.status() : null; }

    @Override public String operation() { return replace ? "isendrecv_replace" : "isendrecv"; }

    @Override
    public String describe() {
        boolean r = recv.isComplete(), s = send.isComplete();
        if (r && s) return "send and receive: complete";
        if (r) return "its send: " + send.describe();
        if (s) return "its receive: " + recv.describe();
        return "its receive: " + recv.describe() + "; and its send: " + send.describe();
    }
}
