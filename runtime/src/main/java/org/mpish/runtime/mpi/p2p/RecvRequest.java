package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.MpiConst;

/** A receive: posted in the mailbox until a message matches it, or matched at once against a queued one. */
final class RecvRequest extends P2pRequest {
    final long context;
    final int source;
    final int tag;
    final Transfer.Layout into;
    final long capacity;

    RecvRequest(Rank owner, Comm comm, int source, int tag, Transfer.Layout into) {
        super(owner, comm);
        this.context = comm.shared().contextId();
        this.source = source;
        this.tag = tag;
        this.into = into;
        this.capacity = into.bytes();
    }

    /** What a matched message leaves for the status: plain fields, published by the completion's volatile write. */
    private int matchedSource, matchedTag, matchedError;
    private long matchedBytes;
    private Status made;
    private static final Status MATCHED = new Status(MpiConst.ANY_SOURCE, MpiConst.ANY_TAG, ErrorClass.MPI_SUCCESS, 0, false);

    /** Completes the receive with a matched message (the sender's thread, or the receiver's). */
    void matched(int source, int tag, int error, long bytes) {
        matchedSource = source;
        matchedTag = tag;
        matchedError = error;
        matchedBytes = bytes;
        complete(MATCHED);
    }

    @Override
    public Status status() {
        Status s = super.status();
        if (s != MATCHED) return s;
        Status m = made;
        if (m == null) made = m = new Status(matchedSource, matchedTag, matchedError, matchedBytes, false);
        return m;
    }

    @Override public String operation() { return "recv"; }

    @Override
    public String describe() {
        if (isComplete()) return "receive: complete";
        return "a message " + P2p.from(source) + " with " + (tag == MpiConst.ANY_TAG ? "any tag" : "tag " + tag) + " on "
                + comm().name() + P2pState.of(owner()).mailbox.unmatchedNote(context);
    }

    @Override
    public boolean cancel() {
        if (!P2pState.of(owner()).mailbox.removePosted(this)) return false;
        P2p.trace(owner(), "p2p", "cancel", "receive " + P2p.from(source) + " on " + comm().name() + " cancelled before a message matched");
        complete(new Status(MpiConst.ANY_SOURCE, MpiConst.ANY_TAG, ErrorClass.MPI_SUCCESS, 0, true));
        return true;
    }
}
