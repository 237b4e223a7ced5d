package org.mpish.runtime.mpi.rma;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.explore.Choice;
import org.mpish.runtime.explore.Scheduler;

/**
 * Passive-target lock requests when the schedule is explored: the standard does not say which of several
 * competing requests for one rank's window is granted first, so a request is a choice, decided when no rank can
 * move: granted now, or left to a competing request (then it waits as usual, behind that one).
 */
final class LockOrder {
    private LockOrder() {}

    private static final int GRANT = 1, DEFER = 0;

    /** The undecided requests of a job, per lock. */
    private static final class Pending {
        final Map<TargetLock, List<Request>> byLock = new HashMap<>();
    }

    private static final class Request extends Choice {
        final TargetLock lock;
        final int origin;
        final boolean excl;
        final String winName, label;
        final Pending pending;
        boolean granted;
        /** Left to these requests: it waits until they are decided. */
        List<Request> after = List.of();

        Request(Rank r, TargetLock lock, int origin, boolean excl, int target, String winName, String call, Pending pending) {
            super(r.id(), call);
            this.lock = lock;
            this.origin = origin;
            this.excl = excl;
            this.winName = winName;
            this.pending = pending;
            this.label = call + " (" + (excl ? "exclusive" : "shared") + " lock on rank " + target + " of " + winName + ")";
        }

        private List<Request> competitors() {
            List<Request> out = new ArrayList<>();
            synchronized (pending) {
                for (Request q : pending.byLock.getOrDefault(lock, List.of())) if (q != this && lock.canLock(q.excl)) out.add(q);
            }
            return out;
        }

        @Override protected int[] candidates() {
            if (!lock.canLock(excl)) return new int[0];
            return competitors().isEmpty() ? new int[] {GRANT} : new int[] {GRANT, DEFER};
        }

        @Override protected void resolve(int v) {
            if (v != GRANT) after = competitors();
            synchronized (pending) {
                pending.byLock.get(lock).remove(this);
            }
            if (v != GRANT) return;
            try {
                granted = lock.tryLock(origin, excl, winName);
            } catch (MpiException e) {
                granted = false; // a posted window: the request's own call raises it
            }
        }

        @Override protected String label() { return label; }
        @Override protected String verb() { return "was"; }
        @Override protected String text(int v) { return v == GRANT ? "granted first" : "left to a competing request"; }
    }

    /**
     * Decides a lock request by rank {@code r}: true when it was granted; false when the caller must take it the
     * usual way (after a competing request took the lock first, or to raise the error of a posted window).
     */
    static boolean granted(Rank r, TargetLock l, int origin, boolean excl, int target, String winName, String call) {
        Scheduler s = Scheduler.of(r);
        if (s == null) return false;
        Pending p = r.job().shared(Pending.class, Pending::new);
        Request q = new Request(r, l, origin, excl, target, winName, call, p);
        synchronized (p) {
            p.byLock.computeIfAbsent(l, k -> new ArrayList<>()).add(q);
        }
        int v = s.choose(r, q, true);
        if (v == GRANT) return q.granted;
        r.await(() -> q.after.stream().allMatch(Choice::isResolved),
                () -> call + " on " + winName + ": letting a competing request for rank " + target + "'s lock go first");
        return false;
    }
}
