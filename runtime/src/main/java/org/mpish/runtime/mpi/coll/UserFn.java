package org.mpish.runtime.mpi.coll;

import org.mpish.runtime.Callback;
import org.mpish.runtime.mpi.datatype.Datatype;

/**
 * The function of a user-defined reduction op ({@code MPI_User_function}): combines {@code len} elements of
 * {@code datatype} at {@code invec} into those at {@code inoutvec} (inoutvec[i] = invec[i] op inoutvec[i]).
 * Both are addresses in the calling rank's memory, as in C. Fails by throwing
 * {@link org.mpish.runtime.CallbackFailure}.
 */
interface UserFn {
    void apply(long invec, long inoutvec, int len, Datatype datatype);

    String describe();

    static UserFn of(Callback cb) {
        return new UserFn() {
            @Override public void apply(long in, long inout, int len, Datatype t) { cb.call(in, inout, len, t); }
            @Override public String describe() { return cb.describe(); }
            @Override public String toString() { return cb.describe(); }
        };
    }
}
