package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.Status;

/**
 * A persistent request (MPI_Send_init, MPI_Bsend_init, MPI_Recv_init): inactive until MPI_Start, which starts
 * one operation with the saved arguments; a completion call makes it inactive again without freeing it.
 */
final class PersistentRequest extends P2pRequest {
    /** The send mode, or null for a receive. */
    private final P2p.Mode mode;
    private final Transfer.Layout buf;
    private final int peer;
    private final int tag;
    private volatile Request current;

    PersistentRequest(Rank owner, Comm comm, P2p.Mode mode, Transfer.Layout buf, int peer, int tag) {
        super(owner, comm);
        this.mode = mode;
        this.buf = buf;
        this.peer = peer;
        this.tag = tag;
    }

    /** MPI_Start: starts the operation (a buffered one copies the data now, B24). */
    void start(Rank r) {
        if (current != null) {
            throw new MpiException(ErrorClass.MPI_ERR_REQUEST, name() + " is already active; complete it (MPI_Wait, MPI_Test) before starting it again").on(comm());
        }
        try {
            buf.check();
            if (mode == null) current = P2p.recv(r, buf, peer, tag, comm());
            else if (mode == P2p.Mode.BUFFERED) current = Buffered.bsend(r, buf, peer, tag, comm());
            else current = P2p.send(r, mode, buf, peer, tag, comm());
            if (current instanceof P2pRequest p) p.startedBy = this;
        } catch (MpiException e) {
            throw e.raisedOn() == null ? e.on(comm()) : e;
        }
    }

    /** After completion: inactive again, ready for the next MPI_Start. */
    void deactivate() { current = null; }

    @Override public boolean isActive() { return current != null; }
    @Override public boolean isComplete() { Request c = current; return c != null && c.isComplete(); }
    @Override public Status status() { Request c = current; return c == null ? null : c.status(); }
    @Override public boolean persistent() { return true; }

    @Override public String operation() {
        return "persistent " + (mode == null ? "recv" : mode == P2p.Mode.BUFFERED ? "bsend" : mode == P2p.Mode.SYNCHRONOUS ? "ssend" : "send");
    }

    @Override
    public String describe() {
        Request c = current;
        return c == null ? "inactive (MPI_Start starts it)" : c.describe();
    }

    @Override
    public boolean cancel() {
        Request c = current;
        return c != null && c.cancel();
    }
}
