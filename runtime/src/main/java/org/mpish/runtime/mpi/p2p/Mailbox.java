package org.mpish.runtime.mpi.p2p;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import org.mpish.runtime.mpi.EnvCalls;

/**
 * The receive side of one rank: for each communicator context, the receives posted and not yet matched, and
 * the messages arrived and not yet received (unexpected), both in order. A sender matches against the posted
 * receives, a receiver against the unexpected messages, under this object's lock; scanning in order gives
 * MPI's non-overtaking rule.
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

        void addPosted(RecvRequest r) {
            if (postedCount++ == 0) postedHead = r;
            else postedRest.addLast(r);
        }

        void addUnexpected(Message m) {
            unexpected.addLast(m);
            unexpectedCount++;
        }

        /** Removes a posted receive; false if it is not there. */
        boolean removePosted(RecvRequest r) {
            if (postedCount == 0) return false;
            if (postedHead == r) {
                postedHead = postedRest.pollFirst();
                postedCount--;
                return true;
            }
            if (!postedRest.remove(r)) return false;
            postedCount--;
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
        return (wantSource == EnvCalls.ANY_SOURCE || wantSource == m.source) && (wantTag == EnvCalls.ANY_TAG || wantTag == m.tag);
    }

    /** Removes and returns the first posted receive that {@code m} matches (caller holds the lock). */
    RecvRequest takePosted(Message m) {
        Queues q = queues(m.context);
        if (q.postedCount == 0) return null;
        RecvRequest h = q.postedHead;
        if (matches(h.source, h.tag, m)) {
            q.postedHead = q.postedRest.pollFirst();
            q.postedCount--;
            return h;
        }
        for (Iterator<RecvRequest> it = q.postedRest.iterator(); it.hasNext(); ) {
            RecvRequest r = it.next();
            if (matches(r.source, r.tag, m)) {
                it.remove();
                q.postedCount--;
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

    synchronized boolean removeUnexpected(Message m) { return queues(m.context).removeUnexpected(m); }

    synchronized boolean removePosted(RecvRequest r) { return queues(r.context).removePosted(r); }

    /** "1 other message is queued here: from rank 0 with tag 5 (4 bytes)" for a receive that waits, or "". */
    synchronized String unmatchedNote(long context) {
        Queues q = byContext.get(context);
        if (q == null || q.unexpected.isEmpty()) return "";
        List<String> l = new ArrayList<>();
        for (Message m : q.unexpected) {
            if (l.size() == 3) {
                l.add("...");
                break;
            }
            l.add(m.describe());
        }
        int n = q.unexpected.size();
        return " (" + n + (n == 1 ? " message that does not match is" : " messages that do not match are") + " queued: "
                + String.join("; ", l) + ")";
    }

    /** A posted receive, for the shell's queue view. */
    public record PostedView(String comm, int source, int tag, long capacity, String request) {}

    /** An unexpected message, for the shell's queue view. */
    public record QueuedView(String comm, int source, int srcWorld, int tag, long bytes, String how) {}

    synchronized List<PostedView> posted() {
        List<PostedView> out = new ArrayList<>();
        for (Queues q : byContext.values()) {
            for (RecvRequest r : q.posted()) out.add(new PostedView(r.comm().name(), r.source, r.tag, r.capacity, r.label()));
        }
        return out;
    }

    synchronized List<QueuedView> unexpected() {
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
