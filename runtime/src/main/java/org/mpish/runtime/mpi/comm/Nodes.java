package org.mpish.runtime.mpi.comm;

import org.mpish.runtime.Job;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/** Which simulated nodes a communicator's processes are on ({@link Job#nodeOf}). */
public final class Nodes {
    private Nodes() {}

    /** Whether every process of {@code c} (both groups of an intercommunicator) is on {@code node}. */
    static boolean onOneNode(Comm c, int node) {
        Job job = c.process().rank().job();
        CommShared s = c.shared();
        for (int i = 0; i < s.participantCount(); i++) if (job.nodeOf(s.participant(i)) != node) return false;
        return true;
    }

    /** MPI_ERR_RMA_SHARED unless every process of {@code c} is on this process's node (MPI-4.1 12.2.3). */
    public static void checkSharedMemory(Comm c) {
        Job job = c.process().rank().job();
        int me = c.process().rank().id(), node = job.nodeOf(me);
        CommShared s = c.shared();
        for (int i = 0; i < s.participantCount(); i++) {
            int w = s.participant(i);
            if (job.nodeOf(w) != node) {
                throw new MpiException(ErrorClass.MPI_ERR_RMA_SHARED, c.name() + " spans more than one node (world rank "
                        + me + " is on " + job.nodeName(node) + ", world rank " + w + " on " + job.nodeName(job.nodeOf(w))
                        + "); memory is shared only within a node, as in the communicators MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) makes");
            }
        }
    }
}
