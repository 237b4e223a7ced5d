package org.mpish.runtime.mpi.rma;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * The passive-target lock of one rank's part of a window (R42): any number of shared holders or one exclusive
 * holder, by rank in the window. It also records whether that rank's window is exposed by MPI_Win_post, since
 * a window may not be locked and posted at once (R45): mpish refuses the second with MPI_ERR_RMA_CONFLICT.
 */
public final class TargetLock {
    private final int target;
    private final BitSet shared = new BitSet();
    private int exclusive = -1;
    private boolean exposed;
    private final Set<Rank> waiters = ConcurrentHashMap.newKeySet();

    TargetLock(int target) { this.target = target; }

    /**
     * Takes the lock for {@code origin} if it is free for that lock type; false when it must wait.
     * Throws MPI_ERR_RMA_CONFLICT when the target's window is exposed by MPI_Win_post.
     */
    synchronized boolean tryLock(int origin, boolean excl, String winName) {
        if (exposed) {
            throw new MpiException(ErrorClass.MPI_ERR_RMA_CONFLICT, "rank " + target + " has posted an exposure epoch on "
                    + winName + " (MPI_Win_post without MPI_Win_wait yet): a window may not be locked and exposed at once");
        }
        if (excl) {
            if (exclusive >= 0 || !shared.isEmpty()) return false;
            exclusive = origin;
            return true;
        }
        if (exclusive >= 0) return false;
        shared.set(origin);
        return true;
    }

    synchronized void unlock(int origin) {
        if (exclusive == origin) exclusive = -1;
        else shared.clear(origin);
        for (Rank w : waiters) w.wake();
    }

    /** Marks the window exposed (post) or not (wait / test true); refuses exposure while anyone holds the lock. */
    synchronized void setExposed(boolean e, String winName) {
        if (e && (exclusive >= 0 || !shared.isEmpty())) {
            throw new MpiException(ErrorClass.MPI_ERR_RMA_CONFLICT, "MPI_Win_post on " + winName + " while "
                    + holders() + " locked this rank's window: a window may not be exposed and locked at once");
        }
        exposed = e;
    }

    void addWaiter(Rank r) { waiters.add(r); }
    void removeWaiter(Rank r) { waiters.remove(r); }

    public synchronized boolean isExposed() { return exposed; }
    public synchronized boolean isLocked() { return exclusive >= 0 || !shared.isEmpty(); }

    /** "rank 1 (exclusive)", "ranks 0, 2 (shared)" or "nobody". */
    public synchronized String holders() {
        if (exclusive >= 0) return "rank " + exclusive + " (exclusive)";
        if (shared.isEmpty()) return "nobody";
        List<String> l = new ArrayList<>();
        shared.stream().forEach(i -> l.add(Integer.toString(i)));
        return (l.size() == 1 ? "rank " : "ranks ") + String.join(", ", l) + " (shared)";
    }
}
