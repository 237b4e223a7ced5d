package org.mpish.runtime.mpi.coll;

import java.util.function.Function;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.coll.Meeting.Part;

/**
 * A started nonblocking collective (MPI-4.1 6.12). This rank's part was contributed when it started; the
 * request completes once every rank has contributed, and its data is delivered then, on the owning rank's own
 * thread, the first time a completion call (MPI_Wait, MPI_Test, ...) looks at it: a user op's function must run
 * there. An error found on delivery fails that completion call through the communicator's error handler. With large
 * data read in place, the request stays incomplete after delivery until every rank is done with the lent memory
 * (the {@link CollLarge.Rest} its delivery left). So that one rank's completion call does not wait on another
 * rank that is inside some other MPI call, a rank that marks the lent memory's tally nudges the others: each runs
 * {@link #progressHere} on its open requests at its next progress point (any MPI call that waits or polls), and keeps
 * an error it finds there for the completion call.
 */
final class CollRequest extends Request implements org.mpish.runtime.mpi.err.ErrhandlerOwner {
    private final Comm comm;
    private final String call;
    private final Comm.Pending pending;
    private final Function<Part[], CollLarge.Rest> finish;
    /** What is left after delivery (large data read in place), or null. */
    private CollLarge.Rest rest;
    private boolean delivered;
    /** An error delivery found at a progress point, thrown by the next completion call. */
    private MpiException held;

    CollRequest(Comm comm, String call, Comm.Pending pending, Function<Part[], CollLarge.Rest> finish) {
        super(comm.process().rank());
        this.comm = comm;
        this.call = call;
        this.pending = pending;
        this.finish = finish;
        CollLarge.opened(this);
    }

    @Override
    public boolean isComplete() {
        if (held != null && owner().onOwnThread()) { // another thread (a shell view) sees it complete, with its error status
            MpiException e = held;
            held = null;
            throw e;
        }
        if (super.isComplete()) return true;
        if (!owner().onOwnThread() || !delivered && !pending.ready()) return false;
        try {
            if (!delivered) {
                delivered = true;
                rest = finish.apply(Meeting.collect(comm, call, pending));
            }
            if (rest != null && !rest.poll()) return false;
            CollLarge.closed(this);
            complete(Status.EMPTY);
        } catch (MpiException e) {
            CollLarge.closed(this);
            complete(Status.EMPTY.withError(e.errorClass()));
            throw e.raisedOn() == null ? e.on(comm) : e;
        }
        return true;
    }

    /** Delivers and completes as far as the others allow, at a progress point of the owning rank (see the class comment). */
    void progressHere() {
        if (held != null || super.isComplete()) return;
        try {
            isComplete();
        } catch (MpiException e) {
            held = e;
        }
    }

    @Override public Errhandler errhandler() { return comm.errhandler(); }
    @Override public String operation() { return call.substring(4).toLowerCase(java.util.Locale.ROOT); }

    @Override
    public String describe() {
        if (delivered && !super.isComplete()) return call + " on " + comm.name() + ": waiting for the others to finish with the memory lent to them";
        return super.isComplete() || pending.ready() ? call + " on " + comm.name() + ": every rank has joined"
                : call + " on " + comm.name() + ": " + Meeting.notCalled(comm, pending);
    }
}
