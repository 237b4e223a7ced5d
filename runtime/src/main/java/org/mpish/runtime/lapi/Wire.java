package org.mpish.runtime.lapi;

import org.mpish.runtime.Rank;

/**
 * How a step reaches the task it must happen at. Steps that run no user code (data landing, counters) run at
 * once when the receiving context is in interrupt mode (INTERRUPT_SET 1, LAPI's default: the adapter's own
 * thread does it), and at the receiver's next progress point in polling mode. Steps that call user functions
 * (header, completion, send-completion and error handlers) always run on the receiving task's own thread at
 * its progress points.
 */
final class Wire {
    private Wire() {}

    static void deliver(Rank to, int handle, Step s) {
        LapiRank lr = LapiRank.of(to);
        Context c = lr.contextOrNull(handle);
        boolean now = c != null && !s.user() && c.interrupt();
        if (!lr.accept(handle, s, now)) {
            if (Trace.on(to)) Trace.emit(to, "dropped", "h" + handle + " " + s.what() + " of " + s.msg() + ": handle terminated on rank " + to.id(), null);
            if (s.msg() != null) {
                s.msg().release(to);
                s.msg().dataComplete();
            }
        }
    }
}
