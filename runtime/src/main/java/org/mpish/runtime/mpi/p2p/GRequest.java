package org.mpish.runtime.mpi.p2p;

import java.util.Map;
import org.mpish.runtime.Callback;
import org.mpish.runtime.CallbackFailure;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.Status;

/**
 * A generalized request (MPI-4.1 section 13.2): an operation the user's own code carries out and declares finished
 * with MPI_Grequest_complete. MPI only keeps its three functions and their extra_state and calls them at the points
 * the standard names: query_fn when a completion call (or MPI_Request_get_status) reports the status, free_fn when
 * the request is freed, cancel_fn from MPI_Cancel. Each returns an error code; 0 is MPI_SUCCESS.
 */
final class GRequest extends Request {
    /** One of the three user functions, as the catalogue hands it over (a script function). */
    record Fn(Callback cb) {
        static Fn of(Callback cb) { return new Fn(cb); }
        @Override public String toString() { return cb.describe(); }
    }

    private final Fn query, free, cancel;
    private final Object extraState;
    /** MPI_Request_free came before MPI_Grequest_complete: free_fn waits for the completion. */
    private boolean freeRequested;

    GRequest(Rank owner, Fn query, Fn free, Fn cancel, Object extraState) {
        super(owner);
        this.query = query;
        this.free = free;
        this.cancel = cancel;
        this.extraState = extraState;
    }

    @Override public String describe() { return "a generalized request: waits for MPI_Grequest_complete"; }
    @Override public String operation() { return "grequest"; }

    boolean freeRequested() { return freeRequested; }

    /** MPI_Grequest_complete: later completion calls find it done. */
    void markComplete() {
        if (isComplete()) throw new MpiException(ErrorClass.MPI_ERR_REQUEST, name() + ": MPI_Grequest_complete was already called on it");
        complete(Status.EMPTY);
    }

    /** query_fn(extra_state, status): the status it leaves, with MPI_ERROR holding its result code. */
    Status query() {
        // the function gets a status to fill in (fields it assigns are read back) and may also return one
        Map<String, Object> fields = Status.EMPTY.toMap();
        Object[] got = {null};
        int code = run(() -> got[0] = query.cb().callStructured(extraState, fields));
        Object res = got[0];
        Status s = res instanceof Status st ? st
                : res instanceof Map<?, ?> m ? Status.coerce(owner(), "the status query_fn returned", m)
                : Status.coerce(owner(), "status", fields);
        return s.withError(code);
    }

    /** free_fn(extra_state): its result code. */
    int runFree() { return run(() -> free.cb().call(extraState)); }

    /**
     * The status a completing call reports (query_fn, then free_fn, as the standard orders them); MPI_ERROR holds
     * the result: free_fn's code when it fails (it is the last callback), otherwise query_fn's.
     */
    Status finish() {
        Status s = query();
        int f = runFree();
        return f != 0 ? s.withError(f) : s;
    }

    /** MPI_Request_free: free_fn now if the request is complete, else at MPI_Grequest_complete. True if freed now. */
    boolean requestFree() {
        freeRequested = true;
        return isComplete();
    }

    /** MPI_Cancel: cancel_fn(extra_state, complete), complete saying whether MPI_Grequest_complete was called. */
    @Override public boolean cancel() {
        boolean done = isComplete();
        fail(run(() -> cancel.cb().call(extraState, done)), "cancel_fn");
        return true;
    }

    /** Throws the error a callback's code stands for (the class of a user code is the process's). */
    void fail(int code, String which) {
        if (code == 0) return;
        MpiProcess p = MpiProcess.of(owner());
        throw new MpiException(code, p.errorClassOf(code), name() + ": the generalized request's " + which + " returned error code "
                + code + " (" + ErrorClass.name(p.errorClassOf(code)) + ")");
    }

    /** Runs a callback; a function that throws an integer reports that code, anything else MPI_ERR_OTHER. */
    private static int run(java.util.function.Supplier<Object> body) {
        try {
            return codeOf(body.get());
        } catch (CallbackFailure f) {
            return f.explicitCode() ? f.code() : ErrorClass.MPI_ERR_OTHER;
        }
    }

    /** The code a callback returned: a number (0 = success); undefined or a status (query_fn's) count as success. */
    private static int codeOf(Object result) {
        if (result instanceof Number n) return n.intValue();
        return 0;
    }
}
