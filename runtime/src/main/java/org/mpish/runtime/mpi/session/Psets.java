package org.mpish.runtime.mpi.session;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * The process sets a session sees (MPI-4.1 section 11.3.2): the two the standard requires, mpi://WORLD (every
 * rank of the job) and mpi://SELF (the calling rank), in that order, as Open MPI and MPICH list them; then one
 * per simulated node (--nodes), mpish://node/0, mpish://node/1, ... (the ranks Job.nodeOf places there). The
 * standard keeps the mpi:// prefix for its own names, so mpish's are under mpish://.
 */
final class Psets {
    private Psets() {}

    static final String WORLD = "mpi://WORLD", SELF = "mpi://SELF", NODE = "mpish://node/";

    /** Every process set's name, in the order MPI_Session_get_nth_pset numbers them. */
    static List<String> names(Job job) {
        List<String> all = new ArrayList<>(List.of(WORLD, SELF));
        for (int k = 0; k < job.nodes(); k++) all.add(NODE + k);
        return all;
    }

    /** The members (job ranks, in order) of a process set. */
    static int[] members(Rank r, String name) {
        Job job = r.job();
        if (WORLD.equals(name)) {
            int[] all = new int[job.size()];
            for (int i = 0; i < all.length; i++) all[i] = i;
            return all;
        }
        if (SELF.equals(name)) return new int[] {r.id()};
        int node = nodeNumber(name, job.nodes());
        if (node < 0) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "no process set named '" + name + "' (this session has "
                    + WORLD + ", " + SELF + " and " + NODE + "0" + (job.nodes() > 1 ? " to " + NODE + (job.nodes() - 1) : "") + ")");
        }
        return java.util.stream.IntStream.range(0, job.size()).filter(i -> job.nodeOf(i) == node).toArray();
    }

    /** The node a name mpish://node/K stands for, or -1 when it names none (K written in plain decimal). */
    private static int nodeNumber(String name, int nodes) {
        if (name == null || !name.startsWith(NODE)) return -1;
        String k = name.substring(NODE.length());
        if (k.isEmpty() || k.length() > 9 || !k.chars().allMatch(c -> c >= '0' && c <= '9') || (k.length() > 1 && k.charAt(0) == '0')) return -1;
        int n = Integer.parseInt(k);
        return n < nodes ? n : -1;
    }

    static String nth(Job job, int n) {
        List<String> names = names(job);
        if (n < 0 || n >= names.size()) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "n is " + n + " but the session has " + names.size() + " process sets (0 to " + (names.size() - 1) + ")");
        }
        return names.get(n);
    }
}
