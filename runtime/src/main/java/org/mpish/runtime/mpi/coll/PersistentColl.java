package org.mpish.runtime.mpi.coll;

import java.util.function.Supplier;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.Restartable;
import org.mpish.runtime.mpi.Status;

/**
 * A persistent collective (MPI-4.1 6.13, MPI_..._init): inactive until MPI_Start, which starts one instance
 * with the saved arguments (buffers are read then); completing it makes it inactive again. Every start is a
 * collective of the communicator, matched in order with the others' starts.
 */
final class PersistentColl extends Request implements Restartable, org.mpish.runtime.mpi.err.ErrhandlerOwner {
    private final Comm comm;
    private final String call;
    private final Supplier<Object> starter;
    private volatile CollRequest current;

    PersistentColl(Comm comm, String call, Supplier<Object> starter) {
        super(comm.process().rank());
        this.comm = comm;
        this.call = call;
        this.starter = starter;
    }

    @Override
    public void start(Rank r) {
        if (current != null) {
            throw new MpiException(ErrorClass.MPI_ERR_REQUEST, name() + " is already active; complete it (MPI_Wait, MPI_Test) before starting it again").on(comm);
        }
        try {
            current = (CollRequest) starter.get();
        } catch (MpiException e) {
            throw e.raisedOn() == null ? e.on(comm) : e;
        }
    }

    @Override public void deactivate() { current = null; }
    @Override public boolean isActive() { return current != null; }
    @Override public boolean isComplete() { CollRequest c = current; return c != null && c.isComplete(); }
    @Override public Status status() { CollRequest c = current; return c == null ? null : c.status(); }
    @Override public boolean persistent() { return true; }
    @Override public Errhandler errhandler() { return comm.errhandler(); }
    @Override public String operation() { return "persistent " + call.substring(4).toLowerCase(java.util.Locale.ROOT); }

    @Override
    public String describe() {
        CollRequest c = current;
        return c == null ? call + " on " + comm.name() + ": inactive (MPI_Start starts it)" : c.describe();
    }
}
