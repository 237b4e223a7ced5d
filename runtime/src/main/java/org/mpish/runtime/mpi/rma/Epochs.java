package org.mpish.runtime.mpi.rma;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * One rank's synchronization state on one window: its access epoch (fence, start, lock, lock_all), its
 * exposure epoch (post), the locks it holds, and operations issued but not yet completed by a
 * synchronization call. Changed only by the owning rank's thread; read by the shell's views.
 *
 * <p>Fence epochs follow MPICH (R36): a fence without MPI_MODE_NOSUCCEED leaves a tentative fence epoch;
 * the first operation makes it real. A tentative one is silently replaced by lock, lock_all, start or post
 * (the standard's "an epoch starts only if operations follow"), a real one makes them fail with
 * MPI_ERR_RMA_SYNC.
 */
public final class Epochs {
    enum Access { NONE, FENCE, START, LOCK, LOCK_ALL }

    /** The window's shared state (targets' memory, locks). */
    final RmaWindow rw;
    /** The window's {@link RmaWindow#targets} (the same array: one load less on the hot paths). */
    private final RmaWindow.TargetMem[] targets;
    final int me;
    final int n;
    volatile Access access = Access.NONE;
    /** An operation was issued in the current fence epoch (it is no longer tentative). */
    volatile boolean fenceUsed;
    /** The last fence carried MPI_MODE_NOSUCCEED (for error messages). */
    volatile boolean afterNoSucceed;
    volatile int[] startGroup = new int[0];
    volatile boolean[] inStart;
    /** Per target: 0 no lock, else MPI_LOCK_SHARED or MPI_LOCK_EXCLUSIVE as held by this rank. */
    final int[] lockHeld;
    volatile int locksHeld;
    volatile boolean posted;
    volatile int[] postGroup = new int[0];
    /** Per target: operations issued since the last synchronization that completed them. */
    final int[] pending;
    /** Per target: how many of its posts this rank's starts have matched (PSCW matching, R41). */
    final long[] matched;

    Epochs(RmaWindow rw, int me, int n) {
        this.rw = rw;
        this.targets = rw.targets;
        this.me = me;
        this.n = n;
        this.lockHeld = new int[n];
        this.pending = new int[n];
        this.matched = new long[n];
        this.inStart = new boolean[n];
    }

    /** The calling rank's epochs on {@code w} (cached in the handle: a field load on the hot paths). */
    static Epochs of(Win w) {
        Epochs e = w.epochs;
        return e != null ? e : lookup(w);
    }

    private static Epochs lookup(Win w) {
        Epochs e = RmaWindow.of(w).epochs(w.rank());
        w.epochs = e;
        return e;
    }

    public Access access() { return access; }
    public boolean fenceUsed() { return fenceUsed; }
    public boolean posted() { return posted; }
    public int[] startGroup() { return startGroup.clone(); }
    public int[] postGroup() { return postGroup.clone(); }
    public int lockHeld(int t) { return lockHeld[t]; }
    public int pending(int t) { return pending[t]; }

    /** True when a fence epoch with operations in it, or a PSCW / lock epoch, is open. */
    boolean activeAccess() {
        return access == Access.START || access == Access.LOCK || access == Access.LOCK_ALL
                || (access == Access.FENCE && fenceUsed);
    }

    /** Opening start / lock / lock_all / post: a tentative fence epoch gives way; anything else clashes. */
    void replaceTentativeFence() {
        if (access == Access.FENCE && !fenceUsed) access = Access.NONE;
    }

    /**
     * Checks that an operation to {@code t} may be issued now (R33, R37, R42, R28).
     * {@code request}: the request-based forms, valid only in a passive-target epoch.
     */
    void check(int t, Win w, String call, boolean request) {
        Access a = access;
        if (a == Access.LOCK_ALL || (a == Access.LOCK && lockHeld[t] != 0)) return; // passive target: the hot case
        checkOther(a, t, w, call, request);
    }

    /**
     * Whether {@code t} is a rank of the window inside a passive-target epoch that covers it (lock_all, or a lock
     * on t): every RMA operation (R33, R42) and flush (R46) to it may go ahead. The hot paths' one epoch check;
     * anything else takes the full checks in order.
     */
    boolean passiveTo(int t) {
        if (Integer.compareUnsigned(t, n) >= 0) return false;
        Access a = access;
        return a == Access.LOCK_ALL || (a == Access.LOCK && lockHeld[t] != 0);
    }

    private void checkOther(Access a, int t, Win w, String call, boolean request) {
        switch (a) {
            case NONE -> throw sync(call + " outside an access epoch on " + w.name() + ": "
                    + (afterNoSucceed ? "the last MPI_Win_fence had MPI_MODE_NOSUCCEED, so it opened none; " : "")
                    + "open one with MPI_Win_fence, MPI_Win_start, MPI_Win_lock or MPI_Win_lock_all");
            case FENCE -> {
                if (request) throw sync(call + " needs a passive-target epoch (MPI_Win_lock or MPI_Win_lock_all), not a fence epoch");
            }
            case START -> {
                if (request) throw sync(call + " needs a passive-target epoch (MPI_Win_lock or MPI_Win_lock_all), not an MPI_Win_start epoch");
                if (!inStart[t]) throw sync("rank " + t + " is not in the group of the MPI_Win_start epoch on " + w.name()
                        + " (" + ranks(startGroup) + ")");
            }
            case LOCK -> {
                if (lockHeld[t] == 0) throw sync("this rank holds no lock on rank " + t + " of " + w.name()
                        + " (it holds locks on " + ranks(lockedTargets()) + "); call MPI_Win_lock first");
            }
            case LOCK_ALL -> { }
        }
    }

    /** Counts an operation to {@code t} as issued and not yet completed; it makes a fence epoch real. */
    void issued(int t) {
        if (access == Access.FENCE) fenceUsed = true;
        pending[t]++;
    }

    /** {@link #target} if it was resolved already, else null (no call: for the leaf fast paths). */
    RmaWindow.TargetMem targetIfKnown(int t) { return targets[t]; }

    /** Rank {@code t}'s window memory ({@link RmaWindow#target}); t is a rank of the window. */
    RmaWindow.TargetMem target(int t) {
        RmaWindow.TargetMem m = targets[t];
        return m != null ? m : rw.resolveTarget(t);
    }

    /** {@link #issued} inside a passive-target epoch ({@link #passiveTo} said so): no fence to make real. */
    void issuedPassive(int t) {
        pending[t]++;
    }

    int[] lockedTargets() {
        List<Integer> l = new ArrayList<>();
        for (int t = 0; t < n; t++) if (lockHeld[t] != 0) l.add(t);
        return l.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Clears the pending count of {@code t}; returns how many operations that completed. */
    int completeTo(int t) {
        int p = pending[t];
        pending[t] = 0;
        return p;
    }

    int completeAll() {
        int s = 0;
        for (int t = 0; t < n; t++) s += completeTo(t);
        return s;
    }

    /** A one-line description of the access epoch, for views and messages. */
    public String describeAccess() {
        return switch (access) {
            case NONE -> "none";
            case FENCE -> fenceUsed ? "fence epoch" : "fence epoch (tentative: no operation yet)";
            case START -> "MPI_Win_start epoch to " + ranks(startGroup);
            case LOCK -> {
                List<String> l = new ArrayList<>();
                for (int t = 0; t < n; t++) {
                    if (lockHeld[t] != 0) l.add("rank " + t + (lockHeld[t] == RmaModes.LOCK_EXCLUSIVE ? " exclusive" : " shared"));
                }
                yield "lock epoch: " + String.join(", ", l);
            }
            case LOCK_ALL -> "lock_all epoch (shared lock on every rank)";
        };
    }

    public String describeExposure() {
        if (posted) return "MPI_Win_post epoch to " + ranks(postGroup);
        if (access == Access.FENCE) return "fence epoch";
        return "none";
    }

    static String ranks(int[] rs) {
        if (rs.length == 0) return "no rank";
        List<String> l = new ArrayList<>();
        for (int r : rs) l.add(Integer.toString(r));
        return (rs.length == 1 ? "rank " : "ranks ") + String.join(", ", l);
    }

    static MpiException sync(String what) { return new MpiException(ErrorClass.MPI_ERR_RMA_SYNC, what); }
}
