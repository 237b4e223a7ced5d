package org.mpish.runtime.mpi.rma;

import static org.mpish.runtime.mpi.rma.Epochs.Access;
import static org.mpish.runtime.mpi.rma.Epochs.sync;
import static org.mpish.runtime.mpi.rma.RmaModes.MODE_NOCHECK;
import static org.mpish.runtime.mpi.rma.RmaModes.MODE_NOPRECEDE;
import static org.mpish.runtime.mpi.rma.RmaModes.MODE_NOPUT;
import static org.mpish.runtime.mpi.rma.RmaModes.MODE_NOSTORE;
import static org.mpish.runtime.mpi.rma.RmaModes.MODE_NOSUCCEED;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Group;

/**
 * The RMA synchronization calls (R33-R47): fence; post / start / complete / wait / test; lock / unlock,
 * lock_all / unlock_all, the flushes and sync. Operations complete at the target before their call returns,
 * so the calls that complete operations only count them off (and publish memory with a full fence); what
 * makes them real is the ordering: fence is a barrier, start waits for the matching posts, wait for the
 * matching completes, and lock for the lock.
 */
final class RmaSync {
    private RmaSync() {}

    static void asserts(int a, int allowed, String call) {
        if ((a & ~allowed) != 0) {
            throw new MpiException(ErrorClass.MPI_ERR_ASSERT, "assert 0x" + Integer.toHexString(a) + " has bits " + call
                    + " does not take (it takes " + RmaModes.modeNames(allowed) + ")");
        }
    }

    // ---- fence -----------------------------------------------------------------------------------

    public static void fence(Rank r, Win w, int a) {
        asserts(a, MODE_NOSTORE | MODE_NOPUT | MODE_NOPRECEDE | MODE_NOSUCCEED, "MPI_Win_fence");
        RmaWindow rw = RmaWindow.of(w);
        Epochs e = rw.epochs(w.rank());
        if (e.access == Access.START || e.access == Access.LOCK || e.access == Access.LOCK_ALL) {
            throw sync("MPI_Win_fence inside an " + e.describeAccess() + " on " + w.name() + "; close it first");
        }
        if (e.posted) throw sync("MPI_Win_fence while the MPI_Win_post exposure epoch on " + w.name() + " is open; close it with MPI_Win_wait");
        if ((a & MODE_NOPRECEDE) != 0 && e.access == Access.FENCE && e.fenceUsed) {
            throw new MpiException(ErrorClass.MPI_ERR_ASSERT, "MPI_MODE_NOPRECEDE, but this rank issued operations on "
                    + w.name() + " since the last fence");
        }
        Object[] all = w.comm().exchange(a, "MPI_Win_fence on " + w.name());
        int done = e.completeAll();
        e.access = (a & MODE_NOSUCCEED) != 0 ? Access.NONE : Access.FENCE;
        e.afterNoSucceed = (a & MODE_NOSUCCEED) != 0;
        e.fenceUsed = false;
        VarHandle.fullFence();
        for (int bit : new int[] {MODE_NOPRECEDE, MODE_NOSUCCEED}) {
            List<Integer> with = new ArrayList<>(), without = new ArrayList<>();
            for (int i = 0; i < all.length; i++) ((((Integer) all[i]) & bit) != 0 ? with : without).add(i);
            if (!with.isEmpty() && !without.isEmpty()) {
                throw new MpiException(ErrorClass.MPI_ERR_ASSERT, RmaModes.modeNames(bit) + " given by ranks " + with
                        + " but not by " + without + ": it must be given by all ranks of " + w.name() + " or by none");
            }
        }
        RmaTrace.completed(r, w, "MPI_Win_fence", -1, done, "at origin and target");
        RmaTrace.sync(r, w, "MPI_Win_fence", (a & MODE_NOSUCCEED) != 0 ? "no epoch follows" : "fence epoch open");
    }

    // ---- PSCW -------------------------------------------------------------------------------------

    /** Window ranks of the members of {@code g}; a member outside the window is MPI_ERR_GROUP. */
    static int[] windowRanks(Win w, Group g) {
        int[] out = new int[g.size()];
        for (int i = 0; i < out.length; i++) {
            int wr = w.comm().group().rankOf(g.worldRank(i));
            if (wr < 0) throw new MpiException(ErrorClass.MPI_ERR_GROUP, "member " + i + " of " + g.name() + " (job rank "
                    + g.worldRank(i) + ") is not in the group of " + w.name());
            out[i] = wr;
        }
        return out;
    }

    public static void post(Rank r, Win w, Group g, int a) {
        asserts(a, MODE_NOCHECK | MODE_NOSTORE | MODE_NOPUT, "MPI_Win_post");
        RmaWindow rw = RmaWindow.of(w);
        int me = w.rank();
        Epochs e = rw.epochs(me);
        if (e.posted) throw sync("MPI_Win_post while the previous exposure epoch on " + w.name() + " (to " + Epochs.ranks(e.postGroup) + ") is open; close it with MPI_Win_wait or MPI_Win_test");
        if (e.access == Access.FENCE && e.fenceUsed) throw sync("MPI_Win_post inside a fence epoch with operations on " + w.name());
        int[] group = windowRanks(w, g);
        rw.lock(me).setExposed(true, w.name());
        e.replaceTentativeFence();
        e.postGroup = group;
        e.posted = true;
        for (int o : group) {
            rw.addPost(me, o);
            rw.rankOf(o).wake();
        }
        RmaTrace.sync(r, w, "MPI_Win_post", "exposure epoch open to " + Epochs.ranks(group));
    }

    public static void start(Rank r, Win w, Group g, int a) {
        asserts(a, MODE_NOCHECK, "MPI_Win_start");
        RmaWindow rw = RmaWindow.of(w);
        int me = w.rank();
        Epochs e = rw.epochs(me);
        if (e.activeAccess()) throw sync("MPI_Win_start inside an " + e.describeAccess() + " on " + w.name() + "; close it first");
        int[] group = windowRanks(w, g);
        if ((a & MODE_NOCHECK) == 0) {
            r.await(() -> {
                for (int t : group) if (rw.posts(t, me) <= e.matched[t]) return false;
                return true;
            }, () -> "MPI_Win_start on " + w.name() + ": waiting for " + Epochs.ranks(unposted(rw, me, e, group))
                    + " to call MPI_Win_post with this rank in the group");
        }
        boolean[] in = new boolean[rw.n];
        for (int t : group) {
            e.matched[t]++;
            in[t] = true;
        }
        e.replaceTentativeFence();
        e.inStart = in;
        e.startGroup = group;
        e.access = Access.START;
        VarHandle.fullFence();
        RmaTrace.sync(r, w, "MPI_Win_start", "access epoch open to " + Epochs.ranks(group));
    }

    private static int[] unposted(RmaWindow rw, int me, Epochs e, int[] group) {
        return java.util.Arrays.stream(group).filter(t -> rw.posts(t, me) <= e.matched[t]).toArray();
    }

    public static void complete(Rank r, Win w) {
        RmaWindow rw = RmaWindow.of(w);
        int me = w.rank();
        Epochs e = rw.epochs(me);
        if (e.access != Access.START) throw sync("MPI_Win_complete with no MPI_Win_start epoch open on " + w.name());
        int done = e.completeAll();
        VarHandle.fullFence();
        for (int t : e.startGroup) {
            rw.addComplete(t, me);
            rw.rankOf(t).wake();
        }
        e.access = Access.NONE;
        e.startGroup = new int[0];
        RmaTrace.completed(r, w, "MPI_Win_complete", -1, done, "at the origin");
        RmaTrace.sync(r, w, "MPI_Win_complete", "access epoch closed");
    }

    private static int[] uncompleted(RmaWindow rw, int me, int[] group) {
        return java.util.Arrays.stream(group).filter(o -> rw.completes(me, o) < rw.posts(me, o)).toArray();
    }

    public static void waitExposure(Rank r, Win w) {
        RmaWindow rw = RmaWindow.of(w);
        int me = w.rank();
        Epochs e = rw.epochs(me);
        if (!e.posted) throw sync("MPI_Win_wait with no MPI_Win_post exposure epoch open on " + w.name());
        int[] group = e.postGroup;
        r.await(() -> uncompleted(rw, me, group).length == 0,
                () -> "MPI_Win_wait on " + w.name() + ": waiting for " + Epochs.ranks(uncompleted(rw, me, group))
                        + " to call MPI_Win_complete");
        closeExposure(r, w, rw, e, "MPI_Win_wait");
    }

    public static boolean test(Rank r, Win w) {
        RmaWindow rw = RmaWindow.of(w);
        int me = w.rank();
        Epochs e = rw.epochs(me);
        if (!e.posted) throw sync("MPI_Win_test with no MPI_Win_post exposure epoch open on " + w.name());
        r.progress();
        if (uncompleted(rw, me, e.postGroup).length > 0) return false;
        closeExposure(r, w, rw, e, "MPI_Win_test");
        return true;
    }

    private static void closeExposure(Rank r, Win w, RmaWindow rw, Epochs e, String call) {
        VarHandle.fullFence();
        e.posted = false;
        e.postGroup = new int[0];
        rw.lock(w.rank()).setExposed(false, w.name());
        RmaTrace.sync(r, w, call, "exposure epoch closed: every origin has completed");
    }
}
