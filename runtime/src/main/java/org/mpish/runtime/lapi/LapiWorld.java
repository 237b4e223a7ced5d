package org.mpish.runtime.lapi;

import java.util.concurrent.ConcurrentHashMap;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.CommShared;

/**
 * What the ranks of one job share for LAPI: the rendezvous behind the collective calls of each handle
 * (LAPI_Address_init, LAPI_Gfence), which every task of the job joins in the same order (L8, L72).
 */
final class LapiWorld {
    private final Job job;
    private final ConcurrentHashMap<Integer, CommShared> rendezvous = new ConcurrentHashMap<>();

    private LapiWorld(Job job) { this.job = job; }

    /** The job's LAPI world, kept with rank 0's state so it lives exactly as long as the job. */
    static LapiWorld of(Rank r) {
        return r.job().rank(0).state(LapiWorld.class, r0 -> new LapiWorld(r0.job()));
    }

    /** Every task contributes {@code mine} to its next collective on {@code ctx}'s handle; returns all, by task. */
    Object[] exchange(Context ctx, Object mine, String call) {
        int[] tasks = new int[job.size()];
        for (int i = 0; i < tasks.length; i++) tasks[i] = i;
        CommShared cs = rendezvous.computeIfAbsent(ctx.handle(), h -> new CommShared(job, tasks));
        long seq = ctx.owner().nextCollective(ctx.handle());
        Object[] all = cs.exchange(ctx.rank(), ctx.rank().id(), seq, new Object[] {call, mine}, call + " on LAPI handle " + ctx.handle());
        Object[] values = new Object[all.length];
        for (int i = 0; i < all.length; i++) {
            Object[] c = (Object[]) all[i];
            if (!call.equals(c[0])) {
                throw LapiErrors.fail(LapiErrors.ERR_UNKNOWN, "task " + i + " called " + c[0] + " where task " + ctx.rank().id()
                        + " called " + call + ": every task must make LAPI's collective calls in the same order (L8, L72)");
            }
            values[i] = c[1];
        }
        return values;
    }
}
