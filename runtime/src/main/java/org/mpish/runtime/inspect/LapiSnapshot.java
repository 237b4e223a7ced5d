package org.mpish.runtime.inspect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;
import org.mpish.runtime.lapi.Context;
import org.mpish.runtime.lapi.Counters;
import org.mpish.runtime.lapi.LapiRank;

/**
 * One rank's LAPI state: every counter it has used or had moved (in address order) and every open handle with
 * the steps waiting for the rank's next progress point and the transfers still moving data.
 */
public record LapiSnapshot(List<Counter> counters, List<Handle> handles) {
    public LapiSnapshot {
        counters = List.copyOf(counters);
        handles = List.copyOf(handles);
    }

    /**
     * A counter: its address, the shell name given to it (null: none), its value (null: its memory was freed),
     * the role it was last used in (org_cntr, tgt_cntr, cmpl_cntr; null: none yet), how often LAPI incremented
     * it, what moved it last, and the wait on it ("LAPI_Waitcntr(2)"; null: none).
     */
    public record Counter(long address, String name, Long value, String role, int increments, String lastEvent, String waiter) {}

    /** An open LAPI handle: its number, interrupt or polling mode, queued steps, transfers still moving. */
    public record Handle(int handle, boolean interrupt, int queued, int moving) {}

    public static LapiSnapshot of(Rank r) {
        LapiRank lr = LapiRank.of(r);
        Map<Long, String> names = new HashMap<>();
        for (Map.Entry<String, Long> e : lr.counterNames().entrySet()) names.put(e.getValue(), e.getKey());
        List<Counter> counters = new ArrayList<>();
        for (Map.Entry<Long, LapiRank.CounterInfo> e : lr.counters().entrySet()) {
            LapiRank.CounterInfo c = e.getValue();
            Long value;
            try {
                value = Counters.get(r, e.getKey());
            } catch (MemoryFault f) {
                value = null;
            }
            counters.add(new Counter(e.getKey(), names.get(e.getKey()), value, c.role(), c.increments(), c.lastEvent(), c.waiter()));
        }
        List<Handle> handles = new ArrayList<>();
        for (Context c : lr.contexts()) handles.add(new Handle(c.handle(), c.interrupt(), c.queued(), c.moving()));
        return new LapiSnapshot(counters, handles);
    }
}
