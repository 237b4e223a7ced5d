package org.mpish.runtime.mpi.session;

import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * The process sets a session sees (MPI-4.1 section 11.3.2): the two the standard requires, mpi://WORLD (every
 * rank of the job) and mpi://SELF (the calling rank), in that order, as Open MPI and MPICH list them.
 */
final class Psets {
    private Psets() {}

    static final String WORLD = "mpi://WORLD", SELF = "mpi://SELF";
    static final List<String> NAMES = List.of(WORLD, SELF);

    /** The members (job ranks, in order) of a process set. */
    static int[] members(Rank r, String name) {
        if (WORLD.equals(name)) {
            int[] all = new int[r.job().size()];
            for (int i = 0; i < all.length; i++) all[i] = i;
            return all;
        }
        if (SELF.equals(name)) return new int[] {r.id()};
        throw new MpiException(ErrorClass.MPI_ERR_ARG, "no process set named '" + name + "' (this session has " + String.join(" and ", NAMES) + ")");
    }

    static String nth(int n) {
        if (n < 0 || n >= NAMES.size()) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "n is " + n + " but the session has " + NAMES.size() + " process sets (0 to " + (NAMES.size() - 1) + ")");
        }
        return NAMES.get(n);
    }
}
