package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.datatype.Datatype;

/** The count and datatype checks of the point-to-point declarations, read from a call's arguments. */
final class P2pArgs {
    private P2pArgs() {}

    /** A count: an int in the int form of a call (wider ones are refused before), up to 2^63 - 1 in its _c form. */
    static long count(Args a, int i) { return count(a.call().inputs().get(i).name(), a.l(i)); }

    /** Count {@code c}, given as parameter {@code name}, if it is 0 or more. */
    static long count(String name, long c) {
        if (c < 0) throw new MpiException(ErrorClass.MPI_ERR_COUNT, name + " is " + c + "; it must be 0 or more");
        return c;
    }

    static Datatype type(Args a, int i) { return committed(a.type(i)); }

    static Datatype committed(Datatype t) {
        if (!t.committed()) throw new MpiException(ErrorClass.MPI_ERR_TYPE, t.name() + " has not been committed (MPI_Type_commit)");
        return t;
    }
}
