package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.MpiConst;

/**
 * A send: complete at once when the data was copied eagerly (or went to MPI_PROC_NULL), else when the receiver
 * has taken the message. A buffered send's inner request completes when its entry in the attached buffer has
 * been received, which frees that entry.
 */
final class SendRequest extends P2pRequest {
    static final Status DONE = new Status(MpiConst.ANY_SOURCE, MpiConst.ANY_TAG, ErrorClass.MPI_SUCCESS, 0, false);
    static final Status CANCELLED = new Status(MpiConst.ANY_SOURCE, MpiConst.ANY_TAG, ErrorClass.MPI_SUCCESS, 0, true);

    final P2p.Mode mode;
    final int dest;
    final Message msg;
    /** Told once the message has been delivered or cancelled (a buffered entry becomes free). */
    final java.util.function.Consumer<Status> onDone;

    SendRequest(Rank owner, Comm comm, P2p.Mode mode, int dest, Message msg, java.util.function.Consumer<Status> onDone) {
        super(owner, comm);
        this.mode = mode;
        this.dest = dest;
        this.msg = msg;
        this.onDone = onDone;
    }

    /** A buffered send's inner request is waited on by no one: its buffer entry wakes those who wait for it. */
    @Override boolean wakesOwner() { return mode != P2p.Mode.BUFFERED; }

    void done(Status s) {
        complete(s);
        if (onDone != null) onDone.accept(s);
    }

    @Override public String operation() {
        return switch (mode) {
            case STANDARD -> "send";
            case SYNCHRONOUS -> "ssend";
            case READY -> "rsend";
            case BUFFERED -> "bsend";
        };
    }

    @Override
    public String describe() {
        if (isComplete()) return operation() + " to rank " + dest + ": complete";
        String what = "rank " + dest + " to receive " + (msg.bytes == 0 ? "an empty message" : P2p.article(msg.bytes) + " " + msg.bytes + "-byte message")
                + " with tag " + msg.tag + " on " + comm().name();
        return switch (mode) {
            case SYNCHRONOUS -> what + " (a synchronous send completes only when the receive matches)";
            case BUFFERED -> what + " (buffered)";
            default -> msg.heldBack
                    ? what + " (rank " + dest + " already holds its limit of " + P2p.bytes(P2pState.of(owner().job().rank(msg.dstWorld)).eagerCap)
                      + " of eager messages it has not received, so the send waits for the matching receive)"
                    : what + " (it is larger than the eager limit of " + P2p.bytes(P2p.eagerLimit(owner().job()))
                    + ", so the send waits for the matching receive)";
        };
    }

    /** Cancels the send if the message has not been matched yet (it is then withdrawn from the receiver's queue). */
    @Override
    public boolean cancel() {
        if (msg == null) return false;
        Mailbox mb = P2pState.of(owner().job().rank(msg.dstWorld)).mailbox;
        if (!mb.removeUnexpected(msg)) return false;
        if (msg.held) { // an eager copy withdrawn: the receiver no longer holds it
            msg.held = false;
            P2pState.of(owner().job().rank(msg.dstWorld)).eagerHeld.addAndGet(-msg.bytes);
        }
        P2p.trace(owner(), "p2p", "cancel", operation() + " to rank " + dest + " with tag " + msg.tag + " withdrawn before it was received");
        done(CANCELLED);
        return true;
    }
}
