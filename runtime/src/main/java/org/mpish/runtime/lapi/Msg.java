package org.mpish.runtime.lapi;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** One transfer in flight: who started it, to which task, and whether a purge cancelled it. */
final class Msg {
    private static final AtomicLong IDS = new AtomicLong();

    final long id = IDS.incrementAndGet();
    final Context origin;
    final int tgt;
    final String label;
    volatile boolean cancelled;
    private final AtomicBoolean dataDone = new AtomicBoolean();

    Msg(Context origin, int tgt, String label) {
        this.origin = origin;
        this.tgt = tgt;
        this.label = label;
    }

    /** The data movement is over (L71): the origin's fence no longer waits for this message. Once only. */
    void dataComplete() {
        if (dataDone.compareAndSet(false, true)) origin.finished(this);
    }

    @Override public String toString() { return label + " (message " + id + ")"; }
}
