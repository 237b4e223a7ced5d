package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.comm.CommShared;
import org.mpish.runtime.mpi.comm.Group;
import org.mpish.runtime.mpi.MpiProcess;

/** Communicators built by hand for tests, while the communicator calls live on another branch. */
final class Comms {
    private Comms() {}

    /** What MPI_Comm_dup of MPI_COMM_WORLD gives: the same group, a new context, no attached buffer (B14). */
    static Comm dupOfWorld(Rank r, CommShared shared) {
        int n = r.job().size();
        int[] all = new int[n];
        for (int i = 0; i < n; i++) all[i] = i;
        return returning(MpiProcess.of(r).handles().add(new Comm(MpiProcess.of(r), shared, new Group(all), null, r.id(), false, "comm")));
    }

    private static Comm returning(Comm c) {
        c.setErrhandler(org.mpish.runtime.mpi.err.Errhandler.ERRORS_RETURN);
        return c;
    }

    static CommShared shared(Job job) {
        int[] all = new int[job.size()];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return new CommShared(job, all);
    }

    /** An intercommunicator between world ranks {@code a} and {@code b} (disjoint). */
    static Comm inter(Rank r, CommShared shared, int[] a, int[] b) {
        boolean inA = new Group(a).rankOf(r.id()) >= 0;
        Group local = new Group(inA ? a : b), remote = new Group(inA ? b : a);
        return returning(MpiProcess.of(r).handles().add(new Comm(MpiProcess.of(r), shared, local, remote, r.id(), false, "comm")));
    }
}
