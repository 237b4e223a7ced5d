package org.mpish.runtime.inspect;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.p2p.Mailbox;
import org.mpish.runtime.mpi.p2p.P2pState;

/**
 * One rank's point-to-point queues: its posted receives (waiting for a message, matched in this order) and its
 * unexpected messages (arrived, not received yet, in arrival order).
 */
public record P2pSnapshot(List<PostedReceive> posted, List<UnexpectedMessage> unexpected) {
    public P2pSnapshot {
        posted = List.copyOf(posted);
        unexpected = List.copyOf(unexpected);
    }

    /** A posted receive: its request, the source and tag it accepts (null: any), its communicator, its room. */
    public record PostedReceive(String request, Integer source, Integer tag, String comm, long capacity) {}

    /** A message that arrived before its receive: who sent it, its tag, its size and how it travels. */
    public record UnexpectedMessage(int source, int tag, String comm, long bytes, String how) {}

    public static P2pSnapshot of(Rank r) {
        P2pState st = P2pState.of(r);
        List<PostedReceive> posted = new ArrayList<>();
        for (Mailbox.PostedView p : st.postedReceives()) {
            posted.add(new PostedReceive(p.request(), p.source() == MpiConst.ANY_SOURCE ? null : p.source(),
                    p.tag() == MpiConst.ANY_TAG ? null : p.tag(), p.comm(), p.capacity()));
        }
        List<UnexpectedMessage> unexpected = new ArrayList<>();
        for (Mailbox.QueuedView m : st.unexpectedMessages()) {
            unexpected.add(new UnexpectedMessage(m.source(), m.tag(), m.comm(), m.bytes(), m.how()));
        }
        return new P2pSnapshot(posted, unexpected);
    }
}
