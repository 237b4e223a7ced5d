package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.Job;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.MpiConst;

/**
 * The point-to-point engine. Matching is done by whichever side arrives second, under the receiver's mailbox
 * lock: a sender takes the first matching posted receive, a receiver the first matching queued message. A
 * standard send of at most the eager limit copies its data and completes; a larger one (and every synchronous
 * send) stays in the receiver's queue referring to the sender's buffer, and the sender waits until the receiver
 * has copied the data, once, straight into its own buffer.
 */
public final class P2p {
    private P2p() {}

    /** Standard sends up to this many bytes complete without waiting for the receive, unless changed. */
    public static final long DEFAULT_EAGER_LIMIT = 65536;

    enum Mode { STANDARD, SYNCHRONOUS, READY, BUFFERED }

    // ---- settings --------------------------------------------------------------------------------

    /** Per-job settings: the eager limit. */
    static final class Settings {
        volatile long eagerLimit = defaultEagerLimit();
        /**
         * Past this many bytes a copy the caller keeps (Sendrecv_replace, automatic buffering) goes to native memory
         * rather than an array ({@link Transfer#bigCopy}); tests lower it to run that path with small messages.
         */
        volatile long copyLimit = Transfer.MAX_COPY;
    }

    /** The key of a job's settings in {@link Job#shared}: they live in the job, and die with it. */
    private static final Object SETTINGS = new Object();

    static Settings settings(Job job) { return job.shared(SETTINGS, Settings::new); }

    /**
     * The eager limit a new job starts with: the system property {@code mpish.eagerLimit}, else the environment
     * variable {@code MPISH_EAGER_LIMIT}, else {@link #DEFAULT_EAGER_LIMIT}.
     */
    public static long defaultEagerLimit() {
        String v = System.getProperty("mpish.eagerLimit");
        if (v == null || v.isBlank()) v = System.getenv("MPISH_EAGER_LIMIT");
        if (v != null && !v.isBlank()) {
            try {
                long l = Long.parseLong(v.trim());
                if (l >= 0) return l;
            } catch (NumberFormatException ignored) {
                // fall back to the default
            }
        }
        return DEFAULT_EAGER_LIMIT;
    }

    public static long eagerLimit(Job job) { return settings(job).eagerLimit; }

    /** No buffering at all (explore --sync): every standard send, even of 0 bytes, completes only once it is received. */
    public static void zeroBuffering(Job job) { settings(job).eagerLimit = -1; }

    /** Sets the eager limit of a job (bytes, 0 = every standard send of data waits for its receive). */
    public static void setEagerLimit(Job job, long bytes) {
        if (bytes < 0) throw new IllegalArgumentException("the eager limit is a number of bytes, 0 or more");
        settings(job).eagerLimit = bytes;
    }

    // ---- sending -------------------------------------------------------------------------------

    /** Starts a send of {@code buf} (checked by the caller); the request is complete unless the send must wait. */
    static SendRequest send(Rank r, Mode mode, Transfer.Layout buf, int dest, int tag, Comm comm) {
        return post(r, mode, buf, null, dest, tag, comm, null);
    }

    /**
     * Starts a send whose data is {@code buf}, or {@code packed} when the caller has already copied it. Ready
     * mode with no matching receive posted raises MPI_ERR_OTHER and sends nothing.
     */
    static SendRequest post(Rank r, Mode mode, Transfer.Layout buf, byte[] packed, int dest, int tag, Comm comm,
                            java.util.function.Consumer<Status> onDone) {
        return post(r, mode, buf, packed, dest, tag, comm, onDone, false);
    }

    /**
     * As above; {@code blocking}: the caller only waits for the send (MPI_Send), so a send that completes at once
     * (eager, or to MPI_PROC_NULL) makes no request and returns null.
     */
    static SendRequest post(Rank r, Mode mode, Transfer.Layout buf, byte[] packed, int dest, int tag, Comm comm,
                            java.util.function.Consumer<Status> onDone, boolean blocking) {
        if (dest == MpiConst.PROC_NULL) {
            if (blocking) return null;
            SendRequest s = new SendRequest(r, comm, mode, dest, null, null);
            s.complete(SendRequest.DONE);
            return s;
        }
        P2pState me = P2pState.of(r);
        int dstWorld = comm.peerWorldRank(dest);
        long bytes = packed != null ? packed.length : buf.bytes();
        Message m = new Message(comm.shared().contextId(), comm.rank(), tag, bytes, r.id(), dstWorld, comm.name(), mode,
                me.nextMessage++, buf);
        if (r.job().controller() != null) ExploreP2p.sent(r, m);
        boolean eager = mode != Mode.SYNCHRONOUS && mode != Mode.BUFFERED && bytes <= me.settings.eagerLimit
                && (packed != null || bytes <= Transfer.MAX_COPY); // a larger one cannot be copied: it waits for its receive
        P2pState dst = me.peer(dstWorld);
        Mailbox mb = dst.mailbox;
        // a blocking send that completes at once (eager) needs no request, unless flow control makes it wait
        SendRequest s = blocking && eager ? null : new SendRequest(r, comm, mode, dest, m, onDone);
        Job job = r.job();
        if (mode != Mode.READY && mb.postedTotal == 0) {
            // nothing posted there to match: push the message without the lock (see Mailbox)
            s = readyToQueue(r, mode, m, buf, packed, eager, dst, dest, comm, s, onDone);
            mb.push(m);
            if (mb.postedTotal != 0) mb.settle(); // a receive was posted meanwhile: match now
            queued(r, mode, m, s, dst, dest, tag, comm);
            return s;
        }
        RecvRequest match;
        Object[] drained;
        synchronized (mb) {
            drained = mb.drain();
            match = mb.takePosted(m);
            if (match == null) {
                if (mode == Mode.READY) throw notPosted(comm, tag, dest);
                s = readyToQueue(r, mode, m, buf, packed, eager, dst, dest, comm, s, onDone);
                mb.queues(m.context).addUnexpected(m);
            } else {
                m.packed = packed;
                m.sender = s;
            }
        }
        deliverAll(drained);
        if (match != null) {
            if (job.tracing()) trace(r, "p2p", "send", sendText(mode, dest, tag, comm, bytes) + ": matched a posted receive at once");
            deliver(m, match);
        } else {
            queued(r, mode, m, s, dst, dest, tag, comm);
        }
        return s;
    }

    /**
     * Readies a message that no posted receive takes yet, to wait in the receiver's queue: an eager message gets its
     * packed copy, counted against the receiver's limit; when the limit is reached, or the message is not eager, the
     * message refers to the sender's data and request instead (made here if the caller had none). Returns the request.
     */
    private static SendRequest readyToQueue(Rank r, Mode mode, Message m, Transfer.Layout buf, byte[] packed, boolean eager,
                                            P2pState dst, int dest, Comm comm, SendRequest s,
                                            java.util.function.Consumer<Status> onDone) {
        long bytes = m.bytes;
        if (eager && bytes > 0 && !reserve(dst, bytes)) {
            eager = false; // the receiver already holds its share of unreceived copies: wait for the receive
            m.heldBack = true;
            if (s == null) s = new SendRequest(r, comm, mode, dest, m, onDone);
        }
        if (eager) {
            m.packed = packed != null ? packed : Transfer.pack(buf);
            m.held = bytes > 0; // reserved above
        } else {
            m.packed = packed;
            m.sender = s;
        }
        return s;
    }

    /** After a message readied by {@link #readyToQueue} went into the receiver's queue: trace, completion, wake-up. */
    private static void queued(Rank r, Mode mode, Message m, SendRequest s, P2pState dst, int dest, int tag, Comm comm) {
        boolean copied = m.sender == null; // an eager copy travels: the send is complete
        Job job = r.job();
        if (job.tracing()) trace(r, "p2p", "send", sendText(mode, dest, tag, comm, m.bytes) + queuedText(mode, copied, m.heldBack, dst, m.bytes));
        if (copied && s != null) s.complete(SendRequest.DONE);
        job.rank(m.dstWorld).wake(); // a probe there may be waiting for it (a no-op unless it is parked)
    }

    private static String queuedText(Mode mode, boolean eager, boolean full, P2pState dst, long bytes) {
        return eager ? ": copied eagerly, queued at the receiver"
                : mode == Mode.BUFFERED ? ": queued at the receiver; the data waits in the attached buffer until the receive matches"
                : full ? ": queued at the receiver, which already holds " + bytes(dst.eagerHeld.get()) + " of messages not yet "
                        + "received (its limit); the sender waits, its data in place, until the receive matches"
                : ": queued at the receiver; the sender waits, its data in place, until the receive matches";
    }

    /** Counts {@code bytes} of an eager copy against the receiver's limit; false (nothing counted) if they do not fit. */
    private static boolean reserve(P2pState dst, long bytes) {
        for (;;) {
            long held = dst.eagerHeld.get();
            if (held + bytes > dst.eagerCap) return false;
            if (dst.eagerHeld.compareAndSet(held, held + bytes)) return true;
        }
    }

    /** Delivers the (message, receive) pairs a {@link Mailbox#drain} matched; call it without the lock. */
    static void deliverAll(Object[] pairs) {
        if (pairs == null) return;
        for (int i = 0; i < pairs.length && pairs[i] != null; i += 2) deliver((Message) pairs[i], (RecvRequest) pairs[i + 1]);
    }

    private static MpiException notPosted(Comm comm, int tag, int dest) {
        return new MpiException(ErrorClass.MPI_ERR_OTHER, "no receive matching tag " + tag + " from rank "
                + comm.rank() + " is posted at rank " + dest + " on " + comm.name()
                + "; a ready-mode send is only correct once the matching receive has been posted");
    }

    private static String sendText(Mode mode, int dest, int tag, Comm comm, long bytes) {
        return mode.name().toLowerCase() + " to rank " + dest + " with tag " + tag + " on " + comm.name() + ", " + bytes(bytes);
    }

    // ---- receiving -----------------------------------------------------------------------------

    /** Posts a receive (matching a queued message at once if there is one). */
    static RecvRequest recv(Rank r, Transfer.Layout into, int source, int tag, Comm comm) {
        RecvRequest q = new RecvRequest(r, comm, source, tag, into);
        if (source == MpiConst.PROC_NULL) {
            q.complete(new Status(MpiConst.PROC_NULL, MpiConst.ANY_TAG, ErrorClass.MPI_SUCCESS, 0, false));
            return q;
        }
        if (r.job().controller() != null && ExploreP2p.hold(r, q)) return q;
        post(r, q);
        return q;
    }

    /** Posts a receive in its owner's mailbox, matching a queued message at once if there is one. */
    static void post(Rank r, RecvRequest q) {
        int source = q.source, tag = q.tag;
        Mailbox mb = P2pState.of(r).mailbox;
        Message m;
        Object[] drained;
        synchronized (mb) {
            drained = mb.drain();
            m = mb.findUnexpected(q.context, source, tag, true);
            if (m == null) mb.queues(q.context).addPosted(q, mb);
        }
        deliverAll(drained);
        if (m != null) deliver(m, q);
        else {
            if (mb.hasIncoming()) mb.settle(); // a message pushed while this receive was being posted
            if (r.job().tracing()) trace(r, "p2p", "recv", "receive " + from(source) + " with tag " + tagText(tag) + " on " + q.comm().name() + " posted; no message yet");
        }
    }

    /**
     * A blocking receive (MPI_Recv): takes a queued message at once without making a request, else posts one and
     * waits. Returns the status; its error (truncation) is for the caller to raise ({@link #check(Status, long, Comm)}).
     */
    static Status recvBlocking(Rank r, Transfer.Layout into, int source, int tag, Comm comm) {
        if (source == MpiConst.PROC_NULL) return new Status(MpiConst.PROC_NULL, MpiConst.ANY_TAG, ErrorClass.MPI_SUCCESS, 0, false);
        long context = comm.shared().contextId();
        if (r.job().controller() != null && (source == MpiConst.ANY_SOURCE || ExploreP2p.holding(r, context))) {
            RecvRequest q = recv(r, into, source, tag, comm); // held as a choice, or behind one
            await(r, q);
            return q.status();
        }
        Mailbox mb = P2pState.of(r).mailbox;
        Message m;
        RecvRequest q = null;
        Object[] drained;
        synchronized (mb) {
            drained = mb.drain();
            m = mb.findUnexpected(context, source, tag, true);
            if (m == null) {
                q = new RecvRequest(r, comm, source, tag, into);
                mb.queues(context).addPosted(q, mb);
            }
        }
        deliverAll(drained);
        if (m != null) return deliver(m, into, into.bytes(), r, null);
        if (mb.hasIncoming()) mb.settle(); // a message pushed while this receive was being posted
        if (r.job().tracing()) trace(r, "p2p", "recv", "receive " + from(source) + " with tag " + tagText(tag) + " on " + comm.name() + " posted; no message yet");
        await(r, q);
        return q.status();
    }

    /** Delivers a matched message into a receive: one copy, truncation checked, both sides completed. */
    static void deliver(Message m, RecvRequest q) {
        deliver(m, q.into, q.capacity, q.owner(), q);
    }

    /** Delivers into {@code into} (of {@code capacity} bytes) at {@code receiver}; completes {@code q} if given. */
    private static Status deliver(Message m, Transfer.Layout into, long capacity, Rank receiver, RecvRequest q) {
        long n = Math.min(m.bytes, capacity);
        int err = m.bytes > capacity ? ErrorClass.MPI_ERR_TRUNCATE : ErrorClass.MPI_SUCCESS;
        try {
            if (m.packed != null) Transfer.unpack(m.packed, n, into);
            else Transfer.copy(m.from, into, n);
        } catch (MemoryFault f) {
            err = ErrorClass.MPI_ERR_BUFFER;
        }
        if (receiver.job().tracing()) {
            trace(receiver, "p2p", "match", "message " + m.describe() + " on " + m.commName + " matched the receive"
                    + (q != null && q.registered() ? " " + q.label() : "") + (err == ErrorClass.MPI_ERR_TRUNCATE ? ": truncated to the receive's " + bytes(capacity) : ""));
        }
        if (m.explored != null) ExploreP2p.received(receiver, m);
        if (m.held) {
            m.held = false;
            P2pState.of(receiver).eagerHeld.addAndGet(-m.bytes);
        }
        Status st = null;
        if (q != null) q.matched(m.source, m.tag, err, n); // the receiver makes the Status, on its own thread
        else st = new Status(m.source, m.tag, err, n, false);
        if (m.sender != null) m.sender.done(SendRequest.DONE);
        return st;
    }

    /** Blocks until {@code q} completes (a blocking call's wait); the roll-call shows what it waits for. */
    static void await(Rank r, P2pRequest q) {
        if (!q.isComplete()) r.await(q::isComplete, q::describe);
    }

    /** Raises the error a completed receive carries (MPI_ERR_TRUNCATE, ...), on its communicator. */
    static Status check(P2pRequest q) {
        return check(q.status(), q instanceof RecvRequest rq ? rq.capacity : 0, q.comm());
    }

    /** Raises the error of a receive's status (capacity: the receive buffer's bytes), on {@code comm}. */
    static Status check(Status s, long capacity, Comm comm) {
        if (s.error() != ErrorClass.MPI_SUCCESS) throw receiveError(s, capacity, comm);
        return s;
    }

    private static MpiException receiveError(Status s, long capacity, Comm comm) {
        String why = s.error() == ErrorClass.MPI_ERR_TRUNCATE
                ? "the message from rank " + s.source() + " with tag " + s.tag() + " is longer than the receive buffer of "
                  + bytes(capacity) + "; only the first " + bytes(s.bytes()) + " were stored"
                : "the receive buffer is not valid memory any more";
        return new MpiException(s.error(), why).on(comm);
    }

    // ---- words ---------------------------------------------------------------------------------

    static String from(int source) {
        return source == MpiConst.ANY_SOURCE ? "from any rank" : source == MpiConst.PROC_NULL ? "from MPI_PROC_NULL" : "from rank " + source;
    }

    static String tagText(int tag) { return tag == MpiConst.ANY_TAG ? "any" : Integer.toString(tag); }

    static String bytes(long n) { return n == 1 ? "1 byte" : n + " bytes"; }

    /** "a" or "an" before a number said aloud: an 8-byte, an 11-byte, an 18000-byte message. */
    static String article(long n) {
        String s = Long.toString(n);
        boolean vowel = s.startsWith("8") || ((s.startsWith("11") || s.startsWith("18")) && s.length() % 3 == 2);
        return vowel ? "an" : "a";
    }

    static void trace(Rank r, String family, String kind, String text) {
        Job j = r.job();
        if (j.tracing()) j.emit(r.id(), family, kind, text, null);
    }
}
