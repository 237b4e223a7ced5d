package org.mpish.runtime.mpi.p2p;

import java.util.concurrent.ConcurrentHashMap;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * The point-to-point state of one rank: its mailbox, its attached send buffers (the process buffer and one
 * per communicator), and the job's settings. Everything here may be read by other threads (senders, the
 * shell's views), so it is thread-safe.
 */
public final class P2pState {
    final Rank rank;
    final Mailbox mailbox = new Mailbox();
    final P2p.Settings settings;
    volatile BsendBuffer processBuffer;
    final ConcurrentHashMap<Comm, BsendBuffer> commBuffers = new ConcurrentHashMap<>();
    /** Buffers attached to sessions (MPI_Session_attach_buffer), by session handle. */
    final ConcurrentHashMap<org.mpish.runtime.mpi.Handle, BsendBuffer> sessionBuffers = new ConcurrentHashMap<>();
    /**
     * Bytes of eagerly sent messages queued here and not yet received: the copies MPI keeps for this rank. A
     * standard send that would take it past {@link #eagerCap} waits for its receive instead, as a larger send
     * does, so a rank that floods another that never receives blocks (and a deadlock is reported) instead of
     * filling the JVM's heap.
     */
    final java.util.concurrent.atomic.AtomicLong eagerHeld = new java.util.concurrent.atomic.AtomicLong();
    /** 16 MiB, or less: the rank's memory limit, or a share of the heap when the job has many ranks. */
    final long eagerCap;
    public static final long EAGER_HELD_MAX = 16L << 20;
    /** Numbers the messages this rank sends (its own thread only). */
    long nextMessage;
    /** The other ranks' state, by world rank, filled as this rank sends to them (its own thread only). */
    private final P2pState[] peers;

    private P2pState(Rank rank) {
        this.rank = rank;
        this.settings = P2p.settings(rank.job());
        this.peers = new P2pState[rank.job().size()];
        this.eagerCap = Math.min(Math.min(EAGER_HELD_MAX, rank.memory().limit()),
                Math.max(1L << 20, Runtime.getRuntime().maxMemory() / (4L * rank.job().size())));
    }

    /** The state of world rank {@code w} (for its mailbox), cached. */
    P2pState peer(int w) {
        P2pState p = peers[w];
        if (p == null) peers[w] = p = w == rank.id() ? this : of(rank.job().rank(w));
        return p;
    }

    private static final int SLOT = 1; // see Rank.MAX_SLOTS

    public static P2pState of(Rank r) { return r.slot(SLOT, P2pState.class, P2pState::new); }

    /** The posted receives of this rank, for the shell. */
    public java.util.List<Mailbox.PostedView> postedReceives() { return mailbox.posted(); }

    /** The messages that arrived here and are not yet received, for the shell. */
    public java.util.List<Mailbox.QueuedView> unexpectedMessages() { return mailbox.unexpected(); }

    /**
     * For MPI_Comm_free / MPI_Comm_disconnect (another family): waits until the messages in {@code comm}'s
     * attached buffer have been received, then drops the buffer, so a freed communicator keeps no buffer.
     * Call it on the rank's own thread before the handle is marked freed.
     */
    public static void commFreed(Rank r, Comm comm) {
        P2pState st = r.stateIfPresent(P2pState.class);
        if (st == null) return;
        BsendBuffer b = st.commBuffers.get(comm);
        if (b == null) return;
        if (!b.drained()) r.await(b::drained, () -> b.waitText() + "; freeing " + comm.name() + " waits for the messages in its buffer");
        st.commBuffers.remove(comm);
    }

    /**
     * For MPI_Session_finalize (another area): the messages in the session's buffer are delivered first, then the
     * buffer is dropped, as MPI_Finalize does for the process buffer. Call it on the rank's own thread.
     */
    public static void sessionFinalized(Rank r, org.mpish.runtime.mpi.Handle session) {
        P2pState st = r.stateIfPresent(P2pState.class);
        if (st == null) return;
        BsendBuffer b = st.sessionBuffers.get(session);
        if (b == null) return;
        if (!b.drained()) r.await(b::drained, () -> b.waitText() + "; MPI_Session_finalize first completes the messages in the buffer of " + session.name());
        st.sessionBuffers.remove(session);
        b.clear();
    }

    /** The process buffer (MPI_Buffer_attach), or null. */
    public BsendBuffer processBuffer() { return processBuffer; }

    /** Buffers attached to communicators (MPI_Comm_attach_buffer), by communicator name. */
    public java.util.Map<String, BsendBuffer> commBuffers() {
        java.util.Map<String, BsendBuffer> m = new java.util.TreeMap<>();
        for (java.util.Map.Entry<Comm, BsendBuffer> e : commBuffers.entrySet()) m.put(e.getKey().name(), e.getValue());
        for (java.util.Map.Entry<org.mpish.runtime.mpi.Handle, BsendBuffer> e : sessionBuffers.entrySet()) m.put(e.getKey().name(), e.getValue());
        return m;
    }
}
