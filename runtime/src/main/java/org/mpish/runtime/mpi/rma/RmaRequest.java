package org.mpish.runtime.mpi.rma;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.MpiConst;

/**
 * The request of MPI_Rput, MPI_Rget, MPI_Raccumulate or MPI_Rget_accumulate (R28, R29). In mpish the
 * operation has reached the target when the call returns, so the request is complete from the start: a
 * Wait or Test returns at once (origin completion); remote completion still takes a flush or unlock.
 * Never persistent; only MPI_ERROR of its status means anything; it cannot be cancelled.
 */
final class RmaRequest extends Request {
    private final String operation;
    private final String what;

    public RmaRequest(Rank owner, String call, String what) {
        super(owner);
        this.operation = call.substring(4).toLowerCase(java.util.Locale.ROOT);
        this.what = what;
        complete(new Status(MpiConst.ANY_SOURCE, MpiConst.ANY_TAG, ErrorClass.MPI_SUCCESS, 0, false));
    }

    @Override public String describe() { return what + " (complete at the origin)"; }
    @Override public String operation() { return operation; }
}
