package org.mpish.runtime.mpi.rma;

import static org.mpish.runtime.mpi.rma.Epochs.Access;
import static org.mpish.runtime.mpi.rma.Epochs.sync;
import static org.mpish.runtime.mpi.rma.RmaModes.LOCK_EXCLUSIVE;
import static org.mpish.runtime.mpi.rma.RmaModes.LOCK_SHARED;
import static org.mpish.runtime.mpi.rma.RmaModes.MODE_NOCHECK;

import java.lang.invoke.VarHandle;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiConst;

/**
 * Passive-target synchronization (R42-R47): lock / unlock, lock_all / unlock_all, the flushes and sync.
 * mpish takes a lock when MPI_Win_lock is called (blocking until it is granted), so an epoch's operations
 * always run under the lock, on any target; NOCHECK changes nothing but is accepted.
 */
final class RmaLocks {
    private RmaLocks() {}

    /** Lock, unlock and flush take a real rank of the window: MPI_PROC_NULL is MPI_ERR_RANK (as Open MPI). */
    static void rank(RmaWindow rw, Win w, int t, String call) {
        if (t < 0 || t >= rw.n) {
            throw new MpiException(ErrorClass.MPI_ERR_RANK, call + ": rank " + (t == MpiConst.PROC_NULL ? "MPI_PROC_NULL" : t)
                    + " is not a rank of " + w.name() + " (0 to " + (rw.n - 1) + ")");
        }
    }

    static void noLocks(RmaWindow rw, Win w, String call) {
        if (rw.hints(w.rank()).noLocks()) {
            throw sync(call + " on " + w.name() + ", whose info says no_locks = true (as Open MPI, mpish holds the program to it)");
        }
    }

    private static void acquire(Rank r, RmaWindow rw, Win w, int t, boolean excl, String call) {
        TargetLock l = rw.lock(t);
        int me = w.rank();
        if (r.job().controller() != null && LockOrder.granted(r, l, me, excl, t, w.name(), call)) return;
        if (l.tryLock(me, excl, w.name())) return;
        l.addWaiter(r);
        try {
            r.await(() -> l.tryLock(me, excl, w.name()), () -> call + " on " + w.name() + ": waiting for "
                    + (excl ? "an exclusive" : "a shared") + " lock on rank " + t + ", held by " + l.holders());
        } finally {
            l.removeWaiter(r);
        }
    }

    public static void lock(Rank r, Win w, int type, int t, int a) {
        String call = "MPI_Win_lock";
        if (type != LOCK_SHARED && type != LOCK_EXCLUSIVE) {
            throw new MpiException(ErrorClass.MPI_ERR_LOCKTYPE, "lock_type " + type + " is neither MPI_LOCK_SHARED nor MPI_LOCK_EXCLUSIVE");
        }
        RmaSync.asserts(a, MODE_NOCHECK, call);
        RmaWindow rw = RmaWindow.of(w);
        rank(rw, w, t, call);
        noLocks(rw, w, call);
        Epochs e = rw.epochs(w.rank());
        if (e.access == Access.START || e.access == Access.LOCK_ALL || (e.access == Access.FENCE && e.fenceUsed)) {
            throw sync(call + " inside an " + e.describeAccess() + " on " + w.name() + "; close it first");
        }
        if (e.lockHeld[t] != 0) throw sync("this rank already holds a lock on rank " + t + " of " + w.name());
        acquire(r, rw, w, t, type == LOCK_EXCLUSIVE, call);
        e.replaceTentativeFence();
        e.lockHeld[t] = type;
        e.locksHeld++;
        e.access = Access.LOCK;
        VarHandle.fullFence();
        RmaTrace.sync(r, w, call, (type == LOCK_EXCLUSIVE ? "exclusive" : "shared") + " lock on rank " + t + " granted");
    }

    public static void unlock(Rank r, Win w, int t) {
        String call = "MPI_Win_unlock";
        RmaWindow rw = RmaWindow.of(w);
        rank(rw, w, t, call);
        Epochs e = rw.epochs(w.rank());
        if (e.access == Access.LOCK_ALL) throw sync(call + " inside an MPI_Win_lock_all epoch on " + w.name() + "; use MPI_Win_unlock_all");
        if (e.access != Access.LOCK || e.lockHeld[t] == 0) throw sync(call + ": this rank holds no lock on rank " + t + " of " + w.name());
        int done = e.completeTo(t);
        VarHandle.fullFence();
        e.lockHeld[t] = 0;
        if (--e.locksHeld == 0) e.access = Access.NONE;
        rw.lock(t).unlock(w.rank());
        RmaTrace.completed(r, w, call, t, done, "at origin and target");
        RmaTrace.sync(r, w, call, "lock on rank " + t + " released");
    }

    public static void lockAll(Rank r, Win w, int a) {
        String call = "MPI_Win_lock_all";
        RmaSync.asserts(a, MODE_NOCHECK, call);
        RmaWindow rw = RmaWindow.of(w);
        noLocks(rw, w, call);
        Epochs e = rw.epochs(w.rank());
        if (e.activeAccess()) throw sync(call + " inside an " + e.describeAccess() + " on " + w.name() + "; close it first");
        int got = 0;
        try {
            for (; got < rw.n; got++) acquire(r, rw, w, got, false, call);
        } catch (RuntimeException ex) {
            for (int t = 0; t < got; t++) rw.lock(t).unlock(w.rank());
            throw ex;
        }
        e.replaceTentativeFence();
        e.access = Access.LOCK_ALL;
        VarHandle.fullFence();
        RmaTrace.sync(r, w, call, "shared lock on every rank granted");
    }

    public static void unlockAll(Rank r, Win w) {
        String call = "MPI_Win_unlock_all";
        RmaWindow rw = RmaWindow.of(w);
        Epochs e = rw.epochs(w.rank());
        if (e.access != Access.LOCK_ALL) throw sync(call + " with no MPI_Win_lock_all epoch open on " + w.name());
        int done = e.completeAll();
        VarHandle.fullFence();
        e.access = Access.NONE;
        for (int t = 0; t < rw.n; t++) rw.lock(t).unlock(w.rank());
        RmaTrace.completed(r, w, call, -1, done, "at origin and target");
        RmaTrace.sync(r, w, call, "every lock released");
    }

    /** Flush, flush_local (t >= 0) and their _all forms (t < 0): only inside a passive-target epoch (R46). */
    public static void flush(Rank r, Win w, int t, boolean all, boolean local) {
        Epochs e = Epochs.of(w);
        // the hot case in few bytecodes: flush one target inside lock_all, or inside a lock on it
        if (!all && e.passiveTo(t)) {
            int done = e.completeTo(t);
            VarHandle.releaseFence();
            if (r.job().tracing()) traceFlush(r, w, t, false, local, done);
            return;
        }
        flushOther(r, w, e.rw, e, t, all, local);
    }

    private static void flushOther(Rank r, Win w, RmaWindow rw, Epochs e, int t, boolean all, boolean local) {
        if (!all && (t < 0 || t >= rw.n)) rank(rw, w, t, flushName(all, local));
        boolean ok = e.access == Access.LOCK_ALL || (e.access == Access.LOCK && (all || e.lockHeld[t] != 0));
        if (!ok) {
            String call = flushName(all, local);
            throw sync(call + " outside a passive-target epoch" + (all || e.access != Access.LOCK ? "" : " on rank " + t)
                    + " on " + w.name() + " (it needs MPI_Win_lock" + (all ? "" : " of that rank") + " or MPI_Win_lock_all)");
        }
        int done = all ? e.completeAll() : e.completeTo(t);
        VarHandle.releaseFence();
        if (r.job().tracing()) traceFlush(r, w, t, all, local, done);
    }

    private static void traceFlush(Rank r, Win w, int t, boolean all, boolean local, int done) {
        RmaTrace.completed(r, w, flushName(all, local), all ? -1 : t, done,
                local ? "at the origin (in mpish also at the target)" : "at origin and target");
    }

    private static String flushName(boolean all, boolean local) {
        return "MPI_Win_flush" + (local ? "_local" : "") + (all ? "_all" : "");
    }

    /** MPI_Win_sync: orders this rank's loads and stores on window memory (R47); passive-target epochs only. */
    public static void winSync(Rank r, Win w) {
        RmaWindow rw = RmaWindow.of(w);
        Epochs e = rw.epochs(w.rank());
        if (e.access != Access.LOCK && e.access != Access.LOCK_ALL) {
            throw sync("MPI_Win_sync outside a passive-target epoch on " + w.name() + " (it needs MPI_Win_lock or MPI_Win_lock_all)");
        }
        VarHandle.fullFence();
        RmaTrace.sync(r, w, "MPI_Win_sync", "loads and stores ordered");
    }
}
