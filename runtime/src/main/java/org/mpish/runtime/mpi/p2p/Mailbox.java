package org.mpish.runtime.mpi.p2p;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import org.mpish.runtime.mpi.MpiConst;

/**
 * The receive side of one rank: for each communicator context, the receives posted and not yet matched, and
 * the messages arrived and not yet received (unexpected), both in order. A sender matches against the posted
 * receives, a receiver against the unexpected messages, under this object's lock; scanning in order gives
 * MPI's non-overtaking rule.
 *
 * <p>When no receive at all is posted here, a sender need not match anything: it pushes the message on a
 * lock-free stack ({@link #push}) instead of taking the lock, so a stream of sends does not fight the receiver
 * for it. Whoever takes the lock next first {@link #drain}s the stack, in push order, through the usual matching;
 * so a sender's messages keep their order whichever way each went. The race between a push and a receive being
 * posted is closed from both sides: after pushing, a sender looks at {@link #postedTotal}; after posting, a
 * receiver looks at {@link #hasIncoming}; one of them sees the other and drains.
 */
public final class Mailbox {
    /**
     * The queues of one context. The oldest posted receive sits in a field and the rest in a deque, and both
     * queues keep counts: a sender that finds one receive posted (the usual ping-pong) touches this object and
     * the request, not the deque's internals.
     */
    static final class Queues {
        final long context;
        RecvRequest postedHead;
        int postedCount;
        int unexpectedCount;
        final ArrayDeque<RecvRequest> postedRest = new ArrayDeque<>();
        final ArrayDeque<Message> unexpected = new ArrayDeque<>();
        Queues(long context) { this.context = context; }

        void addPosted(RecvRequest r, Mailbox mb) {
            if (postedCount++ == 0) postedHead = r;
            else postedRest.addLast(r);
            mb.postedTotal++;
        }

        void addUnexpected(Message m) {
            unexpected.addLast(m);
            unexpectedCount++;
        }

        /** Removes a posted receive; false if it is not there. */
        boolean removePosted(RecvRequest r, Mailbox mb) {
            if (postedCount == 0) return false;
            if (postedHead == r) {
                postedHead = postedRest.pollFirst();
            } else if (!postedRest.remove(r)) {
                return false;
            }
            postedCount--;
            mb.postedTotal--;
            return true;
        }

        boolean removeUnexpected(Message m) {
            if (unexpectedCount == 0 || !unexpected.remove(m)) return false;
            unexpectedCount--;
            return true;
        }

        /** The posted receives in order. */
        List<RecvRequest> posted() {
            List<RecvRequest> l = new ArrayList<>(postedCount);
            if (postedHead != null) l.add(postedHead);
            l.addAll(postedRest);
            return l;
        }
    }

    private final HashMap<Long, Queues> byContext = new HashMap<>();
    private Queues last;

    /** Receives posted, over all contexts (changed under the lock, read by senders without it). */
    volatile int postedTotal;
    /** The incoming stack: messages pushed without the lock, newest first. */
    private volatile Message incoming;
    private static final java.lang.invoke.VarHandle INCOMING =
            org.mpish.runtime.VarHandles.field(java.lang.invoke.MethodHandles.lookup(), "incoming", Message.class);

    /** Pushes a message without the lock (any thread); see the class comment for when that is allowed. */
    void push(Message m) {
        Message top;
        do {
            top = incoming;
            m.nextIncoming = top;
        } while (!INCOMING.compareAndSet(this, top, m));
    }

    boolean hasIncoming() { return incoming != null; }

    /**
     * Moves the pushed messages, oldest first, through matching as if each sender had taken the lock (caller
     * holds it): a message that a posted receive matches comes back paired with it, to be delivered once the
     * lock is released ({@link P2p#deliverAll}); the others join the unexpected queue. Returns null when nothing
     * matched.
     */
    Object[] drain() {
        if (incoming == null) return null;
        Message m = (Message) INCOMING.getAndSet(this, (Message) null);
        Message prev = null; // reverse: the stack is newest first
        while (m != null) {
            Message next = m.nextIncoming;
            m.nextIncoming = prev;
            prev = m;
            m = next;
        }
        Object[] matched = null;
        int n = 0;
        for (m = prev; m != null; ) {
            Message next = m.nextIncoming;
            m.nextIncoming = null;
            RecvRequest r = postedTotal == 0 ? null : takePosted(m);
            if (r == null) {
                queues(m.context).addUnexpected(m);
            } else {
                if (matched == null) matched = new Object[8];
                else if (n + 2 > matched.length) matched = java.util.Arrays.copyOf(matched, matched.length * 2);
                matched[n++] = m;
                matched[n++] = r;
            }
            m = next;
        }
        return matched;
    }

    /** The queues of a context (caller holds the lock). */
    Queues queues(long context) {
        Queues q = last;
        if (q != null && q.context == context) return q;
        q = byContext.get(context);
        if (q == null) byContext.put(context, q = new Queues(context));
        last = q;
        return q;
    }

    static boolean matches(int wantSource, int wantTag, Message m) {
        return (wantSource == MpiConst.ANY_SOURCE || wantSource == m.source) && (wantTag == MpiConst.ANY_TAG || wantTag == m.tag);
    }

    /** Removes and returns the first posted receive that {@code m} matches (caller holds the lock). */
    RecvRequest takePosted(Message m) {
        Queues q = queues(m.context);
        if (q.postedCount == 0) return null;
        RecvRequest h = q.postedHead;
        if (matches(h.source, h.tag, m)) {
            q.postedHead = q.postedRest.pollFirst();
            q.postedCount--;
            postedTotal--;
            return h;
        }
        for (Iterator<RecvRequest> it = q.postedRest.iterator(); it.hasNext(); ) {
            RecvRequest r = it.next();
            if (matches(r.source, r.tag, m)) {
                it.remove();
                q.postedCount--;
                postedTotal--;
                return r;
            }
        }
        return null;
    }

    /** The first unexpected message matching (source, tag); removed when {@code take} (caller holds the lock). */
    Message findUnexpected(long context, int source, int tag, boolean take) {
        Queues q = queues(context);
        if (q.unexpectedCount == 0) return null;
        for (Iterator<Message> it = q.unexpected.iterator(); it.hasNext(); ) {
            Message m = it.next();
            if (matches(source, tag, m)) {
                if (take) {
                    it.remove();
                    q.unexpectedCount--;
                }
                return m;
            }
        }
        return null;
    }

    boolean removeUnexpected(Message m) {
        Object[] d;
        boolean removed;
        synchronized (this) {
            d = drain();
            removed = queues(m.context).removeUnexpected(m);
        }
        P2p.deliverAll(d);
        return removed;
    }

    boolean removePosted(RecvRequest r) {
        Object[] d;
        boolean removed;
        synchronized (this) {
            d = drain();
            removed = queues(r.context).removePosted(r, this);
        }
        P2p.deliverAll(d);
        return removed;
    }

    /** Drains the incoming stack (taking the lock) and delivers what matched: a view then sees every arrival. */
    void settle() {
        if (!hasIncoming()) return;
        Object[] d;
        synchronized (this) {
            d = drain();
        }
        P2p.deliverAll(d);
    }

    /** "1 other message is queued here: from rank 0 with tag 5 (4 bytes)" for a receive that waits, or "". */
    /**
     * The note a waiting receive's description carries. It only reads (it may run on another thread, for the
     * deadlock roll-call): the pushed messages not drained yet count as queued, oldest first.
     */
    String unmatchedNote(long context) {
        synchronized (this) {
            return unmatchedNoteLocked(context);
        }
    }

    private String unmatchedNoteLocked(long context) {
        List<Message> all = new ArrayList<>();
        Queues q = byContext.get(context);
        if (q != null) all.addAll(q.unexpected);
        List<Message> pushed = new ArrayList<>();
        for (Message m = incoming; m != null; m = m.nextIncoming) if (m.context == context) pushed.add(m); // no drain runs: we hold the lock
        java.util.Collections.reverse(pushed);
        all.addAll(pushed);
        if (all.isEmpty()) return "";
        List<String> l = new ArrayList<>();
        for (Message m : all) {
            if (l.size() == 3) {
                l.add("...");
                break;
            }
            l.add(m.describe());
        }
        int n = all.size();
        return " (" + n + (n == 1 ? " message that does not match is" : " messages that do not match are") + " queued: "
                + String.join("; ", l) + ")";
    }

    /** A posted receive, for the shell's queue view. */
    public record PostedView(String comm, int source, int tag, long capacity, String request) {}

    /** An unexpected message, for the shell's queue view. */
    public record QueuedView(String comm, int source, int srcWorld, int tag, long bytes, String how) {}

    List<PostedView> posted() {
        settle();
        synchronized (this) {
            return postedLocked();
        }
    }

    private List<PostedView> postedLocked() {
        List<PostedView> out = new ArrayList<>();
        for (Queues q : byContext.values()) {
            for (RecvRequest r : q.posted()) out.add(new PostedView(r.comm().name(), r.source, r.tag, r.capacity, r.label()));
        }
        return out;
    }

    List<QueuedView> unexpected() {
        settle();
        synchronized (this) {
            return unexpectedLocked();
        }
    }

    private List<QueuedView> unexpectedLocked() {
        List<QueuedView> out = new ArrayList<>();
        for (Queues q : byContext.values()) {
            for (Message m : q.unexpected) {
                String how = m.packed != null ? "eager copy" : switch (m.mode) {
                    case SYNCHRONOUS -> "synchronous: sender waits";
                    case BUFFERED -> "in the sender's attached buffer";
                    default -> "rendezvous: sender waits";
                };
                out.add(new QueuedView(m.commName, m.source, m.srcWorld, m.tag, m.bytes, how));
            }
        }
        return out;
    }
}
