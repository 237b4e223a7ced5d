package org.mpish.runtime.mpi;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.attr.Keyval;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.comm.CommShared;
import org.mpish.runtime.mpi.comm.Group;
import org.mpish.runtime.mpi.err.Errhandler;

/**
 * The MPI state of one rank (one "process"): initialization, its handles, MPI_COMM_WORLD and MPI_COMM_SELF,
 * its keyvals, its user error classes, and the routing of errors to error handlers.
 */
public final class MpiProcess {
    /** The key of MPI_COMM_WORLD's shared part in {@link Job#shared}: created once per job, gone with the job. */
    private static final Object WORLD = new Object();

    private final Rank rank;
    private final HandleTable handles = new HandleTable();
    private final Comm world;
    private final Comm self;
    private final Map<Integer, Keyval> keyvals = new ConcurrentHashMap<>();
    /** User error codes and classes (MPI_Add_error_class / _code): code to class, and their strings. */
    private final Map<Integer, Integer> userCodes = new ConcurrentHashMap<>();
    private final Map<Integer, String> userStrings = new ConcurrentHashMap<>();
    private volatile int lastUsedCode = ErrorClass.MPI_ERR_LASTCODE;
    private volatile boolean initialized;
    private volatile boolean finalized;
    private volatile boolean finalizing;

    public MpiProcess(Rank rank) {
        this.rank = rank;
        Job job = rank.job();
        int n = job.size();
        int[] all = new int[n];
        for (int i = 0; i < n; i++) all[i] = i;
        CommShared ws = job.shared(WORLD, () -> new CommShared(job, all));
        this.world = handles.predefined(new Comm(this, ws, new Group(all), null, rank.id(), true, "MPI_COMM_WORLD"));
        this.self = handles.predefined(new Comm(this, new CommShared(job, new int[] {rank.id()}),
                new Group(new int[] {rank.id()}), null, 0, true, "MPI_COMM_SELF"));
        Predefined.register(this);
    }

    /** The MPI process of a rank, created on first use. */
    private static final int SLOT = 0; // see Rank.MAX_SLOTS

    public static MpiProcess of(Rank r) { return r.slot(SLOT, MpiProcess.class, MpiProcess::new); }

    /**
     * Nothing to do any more: the job's shared world lives in the job itself (a static map of worlds used to keep
     * every job that ended without an abort, its ranks and their memory, alive for ever). Kept for callers.
     */
    public static void release(Job job) { }

    public Rank rank() { return rank; }
    public HandleTable handles() { return handles; }
    public Comm world() { return world; }
    public Comm self() { return self; }
    public Map<Integer, Keyval> keyvals() { return keyvals; }

    public boolean initialized() { return initialized; }
    public boolean finalized() { return finalized; }
    public boolean finalizing() { return finalizing; }
    public void markInitialized() { initialized = true; }
    public void markFinalizing() { finalizing = true; }
    public void markFinalized() { finalized = true; finalizing = false; }

    /** The class of an error code: itself for predefined classes and user classes, its class for user codes. */
    public int errorClassOf(int code) {
        if (ErrorClass.isPredefined(code)) return code;
        Integer c = userCodes.get(code);
        return c == null ? ErrorClass.MPI_ERR_UNKNOWN : c;
    }

    /** User codes and classes: code to class (a class maps to itself). */
    public Map<Integer, Integer> userCodes() { return userCodes; }
    public Map<Integer, String> userStrings() { return userStrings; }
    public int lastUsedCode() { return lastUsedCode; }
    public void setLastUsedCode(int c) { lastUsedCode = c; }

    /**
     * Routes an error to the error handler of {@code object} (a communicator or window; anything else, or an
     * invalid handle, goes to MPI_COMM_SELF's handler, as MPI-4 says for calls with no valid object), then
     * throws: fatal handlers abort the job; MPI_ERRORS_RETURN and user handlers rethrow {@code e} to the caller.
     */
    public RuntimeException raise(Handle object, MpiException e, String call) {
        e.at(call, rank.id());
        Errhandler eh = handlerFor(object);
        Handle target = object != null && object.isValid() && (object instanceof Comm || object.kind() == HandleKind.WIN)
                ? object : self;
        if (rank.job().tracing()) {
            rank.job().emit(rank.id(), "err", "raised", e.getMessage() + " -> " + eh.name() + " on " + target.name(), null);
        }
        if (eh.builtin() == Errhandler.Builtin.FATAL || eh.builtin() == Errhandler.Builtin.ABORT) {
            Job.Abort a = new Job.Abort(1, e.getMessage() + " (fatal: " + eh.name() + " on " + target.name() + ")",
                    Job.Abort.Kind.FATAL_ERROR, rank.id());
            rank.job().abort(a);
            throw new JobAbortedException(rank.job().abortReason());
        }
        if (eh.builtin() == null) {
            try {
                eh.fn().handle(target, e.code());
            } catch (org.mpish.runtime.CallbackFailure f) {
                // a handler that fails still leaves the call failing with its own error; say what the handler did
                throw new MpiException(e.code(), e.errorClass(), e.detail() + " (then the error handler " + eh.name() + " failed: "
                        + f.getMessage() + ")").at(call, rank.id());
            }
        }
        throw e;
    }

    /** The handler that applies to errors raised on {@code object}. */
    public Errhandler handlerFor(Handle object) {
        if (object instanceof Comm c && c.isValid()) return c.errhandler();
        if (object instanceof ErrhandlerOwner o && object.isValid()) return o.errhandler();
        return self.errhandler();
    }

    /** An object other than a communicator that carries an error handler (windows). */
    public interface ErrhandlerOwner {
        Errhandler errhandler();
    }
}
