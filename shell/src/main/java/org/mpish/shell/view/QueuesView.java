package org.mpish.shell.view;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.inspect.P2pSnapshot;
import org.mpish.runtime.inspect.RequestSnapshot;

/** A rank's message queues (posted receives, unexpected messages) and its requests, read from any thread. */
public final class QueuesView {
    private QueuesView() {}

    public static List<String> queues(Rank r, boolean color) {
        Ansi a = new Ansi(color);
        P2pSnapshot st = P2pSnapshot.of(r);
        List<String> out = new ArrayList<>();
        List<P2pSnapshot.PostedReceive> posted = st.posted();
        out.add(a.bold("posted receives") + " (waiting for a matching message, matched in this order):");
        if (posted.isEmpty()) out.add("  none");
        for (P2pSnapshot.PostedReceive p : posted) {
            out.add(String.format("  %-8s from %-10s tag %-8s on %-16s room for %d bytes", p.request(),
                    p.source() == null ? "any rank" : "rank " + p.source(),
                    p.tag() == null ? "any" : Integer.toString(p.tag()), p.comm(), p.capacity()));
        }
        List<P2pSnapshot.UnexpectedMessage> unexpected = st.unexpected();
        out.add(a.bold("unexpected messages") + " (arrived, not received yet, in arrival order):");
        if (unexpected.isEmpty()) out.add("  none");
        for (P2pSnapshot.UnexpectedMessage m : unexpected) {
            out.add(String.format("  from rank %-4d tag %-8d on %-16s %8d bytes   %s", m.source(), m.tag(), m.comm(), m.bytes(),
                    a.dim(m.how())));
        }
        return out;
    }

    public static List<String> requests(Rank r, boolean color) {
        Ansi a = new Ansi(color);
        List<String> out = new ArrayList<>();
        for (RequestSnapshot q : RequestSnapshot.of(r)) {
            String state = q.state().word();
            String shown = switch (state) {
                case "pending" -> a.code("33", state);
                case "complete", "cancelled" -> a.code("32", state);
                default -> a.dim(state);
            };
            out.add(String.format("  %-8s %-18s %s   %s", q.name(), q.operation(), shown + " ".repeat(Math.max(0, 9 - state.length())),
                    q.state() == RequestSnapshot.State.PENDING ? "waits for " + q.description() : q.description()));
        }
        if (out.isEmpty()) out.add("  (no requests)");
        return out;
    }
}
