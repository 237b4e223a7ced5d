package org.mpish.runtime.catalog;

import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.lapi.LapiRank;
import org.mpish.runtime.mpi.p2p.P2p;

/**
 * What the shell changes in a running job besides calling MPI or LAPI: the eager limit (the shell's
 * {@code eager}, {@code explore --sync}) and the names it gives LAPI counters ({@code cntr new NAME}, usable in
 * LAPI_Xfer's fields). Each setting belongs to one job; reading the job's state is {@code inspect}'s business.
 */
public final class JobSettings {
    private JobSettings() {}

    /** The job's eager limit in bytes: standard sends up to it complete at once (-1: nothing is buffered). */
    public static long eagerLimit(Job job) { return P2p.eagerLimit(job); }

    /** Sets the job's eager limit (bytes, 0 or more; 0 = every standard send of data waits for its receive). */
    public static void setEagerLimit(Job job, long bytes) { P2p.setEagerLimit(job, bytes); }

    /** No buffering at all: every standard send, even of 0 bytes, completes only once it is received. */
    public static void zeroBuffering(Job job) { P2p.zeroBuffering(job); }

    /** Names the LAPI counter at {@code address} of rank {@code r}: the name then stands for it in LAPI_Xfer's fields. */
    public static void nameCounter(Rank r, String name, long address) { LapiRank.of(r).counterNames().put(name, address); }
}
