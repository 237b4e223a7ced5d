package org.mpish.shell.view;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.p2p.Mailbox;
import org.mpish.runtime.mpi.p2p.P2pState;
import org.mpish.runtime.mpi.MpiConst;

/** A rank's message queues (posted receives, unexpected messages) and its requests, read from any thread. */
public final class QueuesView {
    private QueuesView() {}

    public static List<String> queues(Rank r, boolean color) {
        Ansi a = new Ansi(color);
        P2pState st = P2pState.of(r);
        List<String> out = new ArrayList<>();
        List<Mailbox.PostedView> posted = st.postedReceives();
        out.add(a.bold("posted receives") + " (waiting for a matching message, matched in this order):");
        if (posted.isEmpty()) out.add("  none");
        for (Mailbox.PostedView p : posted) {
            out.add(String.format("  %-8s from %-10s tag %-8s on %-16s room for %d bytes", p.request(),
                    p.source() == MpiConst.ANY_SOURCE ? "any rank" : "rank " + p.source(),
                    p.tag() == MpiConst.ANY_TAG ? "any" : Integer.toString(p.tag()), p.comm(), p.capacity()));
        }
        List<Mailbox.QueuedView> unexpected = st.unexpectedMessages();
        out.add(a.bold("unexpected messages") + " (arrived, not received yet, in arrival order):");
        if (unexpected.isEmpty()) out.add("  none");
        for (Mailbox.QueuedView m : unexpected) {
            out.add(String.format("  from rank %-4d tag %-8d on %-16s %8d bytes   %s", m.source(), m.tag(), m.comm(), m.bytes(),
                    a.dim(m.how())));
        }
        return out;
    }

    public static List<String> requests(Rank r, boolean color) {
        Ansi a = new Ansi(color);
        List<String> out = new ArrayList<>();
        for (Handle h : MpiProcess.of(r).handles().of(HandleKind.REQUEST)) {
            if (!(h instanceof Request q)) continue;
            String state = !q.isActive() ? "inactive" : q.isComplete() ? (q.status() != null && q.status().cancelled() ? "cancelled" : "complete") : "pending";
            String shown = switch (state) {
                case "pending" -> a.code("33", state);
                case "complete", "cancelled" -> a.code("32", state);
                default -> a.dim(state);
            };
            out.add(String.format("  %-8s %-18s %s   %s", q.name(), q.operation(), shown + " ".repeat(Math.max(0, 9 - state.length())),
                    q.isActive() && !q.isComplete() ? "waits for " + q.describe() : q.describe()));
        }
        if (out.isEmpty()) out.add("  (no requests)");
        return out;
    }
}
