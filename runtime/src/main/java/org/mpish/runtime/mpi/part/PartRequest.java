package org.mpish.runtime.mpi.part;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.Restartable;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.err.ErrhandlerOwner;

/**
 * One side of a partitioned message: inactive until MPI_Start, complete when every partition has moved, and
 * inactive again after a completion call (it is persistent: MPI_Request_free frees it).
 */
final class PartRequest extends Request implements Restartable, ErrhandlerOwner {
    final boolean send;
    final Comm comm;
    final long addr;
    final int partitions;
    /** Bytes per partition (count elements of a contiguous datatype). */
    final long partBytes;
    final int peer, tag;
    Channel channel;
    /** Rounds started (MPI_Start calls); guarded by the channel. */
    int round;
    /** Sender: partitions marked ready this round; receiver: partitions fully arrived this round. */
    boolean[] marks;

    PartRequest(Rank owner, boolean send, Comm comm, long addr, int partitions, long partBytes, int peer, int tag) {
        super(owner);
        this.send = send;
        this.comm = comm;
        this.addr = addr;
        this.partitions = partitions;
        this.partBytes = partBytes;
        this.peer = peer;
        this.tag = tag;
        this.marks = new boolean[partitions];
        setActive(false);
    }

    long totalBytes() { return partBytes * partitions; }

    @Override public void start(Rank r) {
        if (isActive() && !isComplete()) {
            throw new MpiException(ErrorClass.MPI_ERR_REQUEST, name() + " is already active; complete it (MPI_Wait, MPI_Test) before starting it again").on(comm);
        }
        reset();
        setActive(true);
        channel.started(this);
    }

    @Override public void deactivate() { setActive(false); }
    @Override public boolean persistent() { return true; }
    @Override public Errhandler errhandler() { return comm.errhandler(); }
    @Override public String operation() { return send ? "partitioned send" : "partitioned recv"; }

    void finish(int source) { complete(new Status(source, tag, ErrorClass.MPI_SUCCESS, totalBytes(), false)); }

    @Override public String describe() {
        if (!isActive()) return "inactive (MPI_Start starts it)";
        return channel.describe(this);
    }
}
