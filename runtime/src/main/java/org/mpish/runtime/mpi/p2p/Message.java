package org.mpish.runtime.mpi.p2p;

/**
 * One message on its way: the envelope (communicator context, source rank, tag), its size and where its data
 * is. Eager messages carry a packed copy; the others refer to the sender's buffer (or the attached buffer of a
 * buffered send), and the receiver copies straight from there, once, when it matches.
 */
final class Message {
    final long context;
    /** The sender's rank in the communicator (what the receiver's status shows). */
    final int source;
    final int tag;
    final long bytes;
    final int srcWorld;
    final int dstWorld;
    /** The sender's name for the communicator, for people. */
    final String commName;
    final P2p.Mode mode;
    final long id;
    /** Eager data (or Sendrecv_replace's copy); null when the data is still in {@link #from}. */
    byte[] packed;
    final Transfer.Layout from;
    /** Counted in the receiver's {@link P2pState#eagerHeld} until delivered. */
    boolean held;
    /** Small enough to go eagerly, but the receiver held its limit of unreceived copies: it waits for the receive. */
    boolean heldBack;
    /** Completed when the message is delivered (rendezvous, synchronous, buffered); null for eager sends. */
    SendRequest sender;
    /** The explorer's record of this send (its vector clock, its delivery) when the schedule is explored; else null. */
    org.mpish.runtime.explore.Scheduler.Send explored;
    /** The link of the mailbox's incoming stack ({@link Mailbox#push}). */
    Message nextIncoming;

    Message(long context, int source, int tag, long bytes, int srcWorld, int dstWorld, String commName,
            P2p.Mode mode, long id, Transfer.Layout from) {
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.bytes = bytes;
        this.srcWorld = srcWorld;
        this.dstWorld = dstWorld;
        this.commName = commName;
        this.mode = mode;
        this.id = id;
        this.from = from;
    }

    /** "message #3 from rank 0 with tag 5 (8 bytes)". */
    String describe() {
        return "from rank " + source + " with tag " + tag + " (" + P2p.bytes(bytes) + ")";
    }
}
