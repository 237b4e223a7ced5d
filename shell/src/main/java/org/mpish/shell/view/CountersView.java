package org.mpish.shell.view;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.inspect.LapiSnapshot;

/**
 * The LAPI counters of one rank as a table: every counter the rank has used or had moved, its value, its role
 * (org_cntr, tgt_cntr, cmpl_cntr), how often LAPI incremented it, what moved it last and who waits on it; then
 * each open handle with the steps waiting for this rank's next progress point and its transfers still moving.
 */
public final class CountersView {
    private CountersView() {}

    public static List<String> lines(Rank r) {
        LapiSnapshot lr = LapiSnapshot.of(r);
        List<String> out = new ArrayList<>();
        out.add(String.format("  %-16s %-6s %6s %-10s %5s  %s", "counter", "name", "value", "role", "+1s", "last event"));
        for (LapiSnapshot.Counter c : lr.counters()) {
            String value = c.value() == null ? "freed" : Long.toString(c.value());
            String last = c.lastEvent() + (c.waiter() != null ? "   [awaited by " + c.waiter() + "]" : "");
            out.add(String.format("  0x%-14x %-6s %6s %-10s %5d  %s", c.address(), c.name() == null ? "-" : c.name(), value,
                    c.role() == null ? "-" : c.role(), c.increments(), last));
        }
        if (lr.counters().isEmpty()) out.add("  (no counters used on rank " + r.id() + " yet; `cntr new c0` makes one)");
        for (LapiSnapshot.Handle c : lr.handles()) {
            out.add(String.format("  handle %d: %s mode, %d step(s) queued for the next progress point, %d transfer(s) still moving data",
                    c.handle(), c.interrupt() ? "interrupt" : "polling", c.queued(), c.moving()));
        }
        if (lr.handles().isEmpty()) out.add("  (no LAPI handle open on rank " + r.id() + ")");
        return out;
    }
}
