package org.mpish.runtime.mpi;

import org.mpish.runtime.Rank;

/**
 * A request for an operation mpish finishes inside the call that starts it (MPI_Comm_idup, for one): already
 * complete, with an empty status, when the caller gets it.
 */
public final class CompletedRequest extends Request {
    private final String operation;

    public CompletedRequest(Rank owner, String operation) {
        super(owner);
        this.operation = operation;
        complete(Status.EMPTY);
    }

    @Override public String describe() { return operation + " (already complete)"; }
    @Override public String operation() { return operation; }
}
