package org.mpish.runtime.lapi;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import org.mpish.runtime.Rank;
import org.mpish.runtime.explore.Choice;
import org.mpish.runtime.explore.Scheduler;

/**
 * The order in which a task's dispatcher runs active messages from different origins, when the job's schedule is
 * explored ({@code mpish explore}). LAPI orders no two transfers, not even two to the same target (separate
 * transfers are ordered only by counters and LAPI_Fence), so whichever origin's message comes next is a choice,
 * decided when no task can move (every message that can be in flight then is). The messages of one origin keep
 * the order they were sent in, a narrower set of schedules than LAPI allows and the one a single network path
 * gives. Only one context's dispatcher per task uses this, and only under a {@link Scheduler}; otherwise
 * {@link Context} takes its queue in arrival order.
 */
final class AmOrder {
    /** Context numbers of LAPI handles for the explorer's happens-before analysis, apart from MPI communicators'. */
    private static final long CONTEXT_BASE = 1L << 40;

    private final Context context;
    private final Scheduler scheduler;
    /** The decision being made (the dispatcher waits for it), or null. */
    private volatile Next pending;
    /** The step the last decision picked: runs before anything else. */
    private volatile Step chosen;

    private AmOrder(Context context, Scheduler scheduler) {
        this.context = context;
        this.scheduler = scheduler;
    }

    /** The order keeper of a new context, or null when its job's schedule is not explored. */
    static AmOrder of(Context c) {
        Scheduler s = Scheduler.of(c.rank());
        return s == null ? null : new AmOrder(c, s);
    }

    static long contextOf(int handle) { return CONTEXT_BASE + handle; }

    /** What an active message carries for the happens-before analysis (null when not explored). */
    static Scheduler.Send sent(Rank origin, Rank target, int handle) {
        Scheduler s = Scheduler.of(origin);
        return s == null ? null : s.sent(origin.id(), origin.id(), target.id(), contextOf(handle), 0);
    }

    /** The header handler of the message {@code s} is about to run at its target. */
    static void arrived(Rank target, Scheduler.Send s) {
        Scheduler sc = s == null ? null : Scheduler.of(target);
        if (sc != null && s.receivedAt() < 0) sc.received(s); // a dropped packet comes again: merge once
    }

    private static boolean isMessage(Step s) { return s.user() && s.what().equals(ActiveMessages.HEADER_STEP); }

    /** Whether the dispatcher waits for a decision (so a progress point has nothing to do). */
    boolean waiting() { return pending != null; }

    /**
     * The step to run next from {@code q}, or null when there is none or the next is an active message whose
     * origin is still to be decided. Steps that are not active messages keep their queue order.
     */
    Step next(Queue<Step> q) {
        Step c = chosen;
        if (c != null) {
            chosen = null;
            return c;
        }
        Step head = q.peek();
        if (head == null || !isMessage(head)) return q.poll();
        if (pending == null) {
            Next n = new Next(q);
            pending = n;
            scheduler.choose(context.rank(), n, false);
        }
        return null;
    }

    /** One decision: which origin's first waiting active message the dispatcher runs next. */
    private final class Next extends Choice {
        private final Queue<Step> q;

        Next(Queue<Step> q) {
            super(context.rank().id(), "LAPI_dispatcher"); // one word: schedule files separate fields by spaces
            this.q = q;
        }

        @Override protected int[] candidates() {
            List<Integer> origins = new ArrayList<>();
            for (Step s : q) if (isMessage(s) && !origins.contains(s.peer())) origins.add(s.peer());
            int[] out = new int[origins.size()];
            for (int i = 0; i < out.length; i++) out[i] = origins.get(i);
            return out;
        }

        @Override protected void resolve(int origin) {
            for (Step s : q) {
                if (isMessage(s) && s.peer() == origin) {
                    q.remove(s);
                    chosen = s;
                    break;
                }
            }
            pending = null;
            context.wakeDispatcher();
        }

        @Override protected String label() { return "active message handled on LAPI handle " + context.handle(); }
        @Override protected String verb() { return "came from"; }
        @Override protected String text(int origin) { return "task " + origin; }
        @Override protected long context() { return contextOf(context.handle()); }
    }
}
