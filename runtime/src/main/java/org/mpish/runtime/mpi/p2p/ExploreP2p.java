package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.mpi.MpiConst;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.Rank;
import org.mpish.runtime.explore.Choice;
import org.mpish.runtime.explore.Scheduler;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.env.EnvCalls;
import org.mpish.runtime.mpi.Request;

/**
 * The choices of point-to-point communication when a job's schedule is explored ({@link Scheduler}); nothing
 * here runs otherwise. A wildcard receive is not posted: it waits, as a choice, until no rank can move, and is
 * then posted for the one sender decided (its first matching message, so messages between a pair keep their
 * order). Every later receive of that rank on that communicator waits behind it, since a receive posted earlier
 * matches first. A wildcard probe, MPI_Waitany / Testany and MPI_Waitsome / Testsome are choices in the same
 * way; tests and specific probes let every other rank move first, so a polling loop cannot keep the turn.
 */
final class ExploreP2p {
    private ExploreP2p() {}

    /** Value of a Waitsome / Testsome choice that returns every completed request. */
    static final int ALL = -1;

    static boolean on(Rank r) { return r.job().controller() != null; }

    /** The receives a rank holds back, per communicator context, oldest first (the head is a wildcard). */
    static final class Held {
        final Map<Long, ArrayDeque<RecvRequest>> byContext = new HashMap<>();
    }

    private static Held held(Rank r) { return r.state(Held.class, x -> new Held()); }

    /** Whether receives on {@code context} wait behind an undecided wildcard receive. */
    static boolean holding(Rank r, long context) {
        Held h = r.stateIfPresent(Held.class);
        if (h == null) return false;
        synchronized (h) {
            ArrayDeque<RecvRequest> d = h.byContext.get(context);
            return d != null && !d.isEmpty();
        }
    }

    /** Takes a receive being posted when it must wait (a wildcard, or behind one); false: post it as usual. */
    static boolean hold(Rank r, RecvRequest q) {
        Scheduler s = Scheduler.of(r);
        if (s == null) return false;
        Held h = held(r);
        synchronized (h) {
            ArrayDeque<RecvRequest> d = h.byContext.computeIfAbsent(q.context, k -> new ArrayDeque<>());
            if (q.source != MpiConst.ANY_SOURCE && d.isEmpty()) return false;
            d.addLast(q);
        }
        if (q.source == MpiConst.ANY_SOURCE) s.choose(r, new WildcardReceive(r, q, h), false);
        return true;
    }

    /** A held wildcard receive: decided (once it is the oldest held) for one of the senders of queued messages. */
    private static final class WildcardReceive extends Choice {
        private final Rank owner;
        private final RecvRequest q;
        private final Held h;
        private final String label;

        WildcardReceive(Rank r, RecvRequest q, Held h) {
            super(r.id(), callName(r, "MPI_Recv"));
            this.owner = r;
            this.q = q;
            this.h = h;
            this.label = callName(r, "MPI_Recv") + " (MPI_ANY_SOURCE, " + tagWords(q.tag) + (q.comm().name().equals("MPI_COMM_WORLD") ? "" : ", on " + q.comm().name()) + ")";
        }

        @Override protected int[] candidates() {
            synchronized (h) {
                if (h.byContext.get(q.context).peekFirst() != q) return new int[0];
            }
            return senders(owner, q.context, q.tag);
        }

        @Override protected void resolve(int source) {
            List<RecvRequest> release = new ArrayList<>();
            synchronized (h) {
                ArrayDeque<RecvRequest> d = h.byContext.get(q.context);
                d.pollFirst();
                q.source = source;
                release.add(q);
                // the receives behind it go too, up to the next wildcard (which becomes the one to decide)
                while (!d.isEmpty() && d.peekFirst().source != MpiConst.ANY_SOURCE) release.add(d.pollFirst());
            }
            for (RecvRequest x : release) P2p.post(owner, x);
        }

        @Override protected String label() { return label; }
        @Override protected String verb() { return "matched"; }
        @Override protected String text(int v) { return "rank " + v; }
        @Override protected long context() { return q.context; }
        @Override protected int tag() { return q.tag; }
    }

    /** The senders (ranks in the communicator) of the queued messages a wildcard receive with {@code tag} could take, in order of arrival. */
    private static int[] senders(Rank r, long context, int tag) {
        Mailbox mb = P2pState.of(r).mailbox;
        List<Integer> out = new ArrayList<>();
        Object[] drained;
        synchronized (mb) {
            drained = mb.drain();
            Mailbox.Queues qs = mb.queues(context);
            for (Message m : qs.unexpected) {
                if (Mailbox.matches(MpiConst.ANY_SOURCE, tag, m) && !out.contains(m.source)) out.add(m.source);
            }
        }
        P2p.deliverAll(drained);
        return out.stream().mapToInt(Integer::intValue).sorted().toArray();
    }

    /**
     * The source a probe looks at: a wildcard probe's is decided as a choice; a blocking probe that names its
     * source has nothing to decide. MPI_Iprobe may also not see a message that has arrived ({@link Choice#NONE}),
     * once per message: called again, as in a polling loop, it sees it (the standard's progress rule).
     */
    static int probeSource(Rank r, Comm c, int source, int tag, boolean block, boolean take) {
        Scheduler s = Scheduler.of(r);
        if (s == null) return source;
        if (block && source != MpiConst.ANY_SOURCE) return source;
        String call = callName(r, block ? (take ? "MPI_Mprobe" : "MPI_Probe") : (take ? "MPI_Improbe" : "MPI_Iprobe"));
        long ctx = c.shared().contextId();
        String label = call + " (" + (source == MpiConst.ANY_SOURCE ? "MPI_ANY_SOURCE" : "rank " + source) + ", " + tagWords(tag) + ")";
        Declined declined = r.state(Declined.class, x -> new Declined());
        return s.choose(r, new Choice(r.id(), call) {
            private List<Message> seen = List.of();

            @Override protected int[] candidates() {
                seen = firstMessages(r, ctx, source, tag);
                List<Integer> out = new ArrayList<>();
                for (Message m : seen) out.add(m.source);
                out.sort(null);
                if (!block && !declined.messages.containsAll(seen)) out.add(NONE);
                return out.stream().mapToInt(Integer::intValue).toArray();
            }

            @Override protected void resolve(int v) { if (v == NONE) declined.messages.addAll(seen); }
            @Override protected boolean allowsNone() { return !block; }
            @Override protected String label() { return label; }
            @Override protected String verb() { return block ? "matched" : "saw"; }
            @Override protected String text(int v) { return v == NONE ? "nothing yet" : "rank " + v + (block ? "" : "'s message"); }
            @Override protected long context() { return source == MpiConst.ANY_SOURCE ? ctx : -1; }
            @Override protected int tag() { return tag; }
        }, true);
    }

    /** What a rank's tests have once not seen (messages, requests): the next test sees them. */
    static final class Declined {
        final java.util.Set<Object> messages = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    }

    /** The first queued message from each sender that (source, tag) matches, in order of arrival. */
    private static List<Message> firstMessages(Rank r, long context, int source, int tag) {
        Mailbox mb = P2pState.of(r).mailbox;
        List<Message> out = new ArrayList<>();
        List<Integer> from = new ArrayList<>();
        Object[] drained;
        synchronized (mb) {
            drained = mb.drain();
            for (Message m : mb.queues(context).unexpected) {
                if (Mailbox.matches(source, tag, m) && !from.contains(m.source)) {
                    from.add(m.source);
                    out.add(m);
                }
            }
        }
        P2p.deliverAll(drained);
        return out;
    }

    /**
     * Whether MPI_Test sees {@code q} complete: a completed request may go unseen once (then the next test sees
     * it); one not complete is not seen.
     */
    static boolean testSees(Rank r, Request q, String call) {
        Scheduler s = Scheduler.of(r);
        Declined declined = r.state(Declined.class, x -> new Declined());
        String name = callName(r, call);
        int v = s.choose(r, new Choice(r.id(), name) {
            @Override protected int[] candidates() {
                if (!q.isComplete()) return new int[0];
                return declined.messages.contains(q) ? new int[] {1} : new int[] {1, NONE};
            }

            @Override protected void resolve(int v) { if (v == NONE) declined.messages.add(q); }
            @Override protected boolean allowsNone() { return true; }
            @Override protected String label() { return name + " (" + q.name() + ")"; }
            @Override protected String verb() { return "saw"; }
            @Override protected String text(int v) { return v == NONE ? "the request pending" : "the request complete"; }
        }, true);
        return v != Choice.NONE;
    }

    /**
     * Which completed request MPI_Waitany / Testany reports: an index, -1 when no request is active, -2 when none
     * has completed (a test only).
     */
    static int pickAny(Rank r, Request[] qs, String call, boolean block) {
        if (!anyActive(qs)) return -1;
        Scheduler s = Scheduler.of(r);
        int v = s.choose(r, new Completed(r, qs, callName(r, call), block, false), true);
        return v == Choice.NONE ? -2 : v;
    }

    /** Which completed requests MPI_Waitsome / Testsome report: {@link #ALL}, or one index. */
    static int pickSome(Rank r, Request[] qs, String call, boolean block) {
        if (!anyActive(qs)) return ALL;
        Scheduler s = Scheduler.of(r);
        int v = s.choose(r, new Completed(r, qs, callName(r, call), block, true), true);
        return v == Choice.NONE ? ALL : v;
    }

    /** Lets every other rank that can move go first (MPI_Test and the like). */
    static void yieldTurn(Rank r, String call) {
        Scheduler s = Scheduler.of(r);
        if (s != null) s.yieldTurn(r, callName(r, call));
    }

    private static final class Completed extends Choice {
        private final Request[] qs;
        private final boolean block, some;
        private final String label;

        private final Declined declined;

        Completed(Rank r, Request[] qs, String call, boolean block, boolean some) {
            super(r.id(), call);
            this.declined = r.state(Declined.class, x -> new Declined());
            this.qs = qs;
            this.block = block;
            this.some = some;
            List<String> names = new ArrayList<>();
            for (Request q : qs) names.add(q == null ? "MPI_REQUEST_NULL" : q.name());
            this.label = call + " (" + String.join(", ", names) + ")";
        }

        @Override protected int[] candidates() {
            List<Integer> done = new ArrayList<>();
            boolean fresh = false;
            for (int i = 0; i < qs.length; i++) {
                if (!Completion.idle(qs[i]) && qs[i].isComplete()) {
                    done.add(i);
                    if (!declined.messages.contains(qs[i])) fresh = true;
                }
            }
            if (some && !done.isEmpty()) {
                if (done.size() == 1) return new int[] {ALL};
                done.add(0, ALL);
            } else if (!block && fresh) {
                done.add(NONE); // MPI_Testany may not see a completion yet, once
            }
            return done.stream().mapToInt(Integer::intValue).toArray();
        }

        @Override protected void resolve(int v) {
            if (v != NONE) return;
            for (Request q : qs) if (!Completion.idle(q) && q.isComplete()) declined.messages.add(q);
        }

        @Override protected boolean allowsNone() { return !block; }
        @Override protected String label() { return label; }
        @Override protected String verb() { return "returned"; }

        @Override protected String text(int v) {
            if (v == NONE) return some ? "no request" : "no request complete";
            if (v == ALL) return "every completed request";
            return (some ? "only index " : "index ") + v + " (" + qs[v].name() + ")";
        }
    }

    private static boolean anyActive(Request[] qs) {
        for (Request q : qs) if (!Completion.idle(q)) return true;
        return false;
    }

    // ---- happens-before ----------------------------------------------------------------------

    static void sent(Rank r, Message m) {
        Scheduler s = Scheduler.of(r);
        if (s != null) m.explored = s.sent(r.id(), m.source, m.dstWorld, m.context, m.tag);
    }

    static void received(Rank receiver, Message m) {
        Scheduler s = Scheduler.of(receiver);
        if (s != null) s.received(m.explored);
    }

    // ---- words ---------------------------------------------------------------------------------

    private static String callName(Rank r, String fallback) {
        String c = r.currentCall();
        return c != null ? c : fallback;
    }

    private static String tagWords(int tag) { return tag == MpiConst.ANY_TAG ? "MPI_ANY_TAG" : "tag " + tag; }
}
