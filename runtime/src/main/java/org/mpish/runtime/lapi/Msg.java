package org.mpish.runtime.lapi;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** One transfer in flight: who started it, to which task, and whether a purge cancelled it. */
final class Msg {
    /** The key of the job's message counter in {@link org.mpish.runtime.Job#shared}: numbers count per job. */
    private static final Object IDS = new Object();

    final long id;
    final Context origin;
    final int tgt;
    final String label;
    volatile boolean cancelled;
    private final AtomicBoolean dataDone = new AtomicBoolean();

    Msg(Context origin, int tgt, String label) {
        this.origin = origin;
        this.id = origin.rank().job().shared(IDS, AtomicLong::new).incrementAndGet();
        this.tgt = tgt;
        this.label = label;
    }

    /** The data movement is over (L71): the origin's fence no longer waits for this message. Once only. */
    void dataComplete() {
        if (dataDone.compareAndSet(false, true)) origin.finished(this);
    }

    private long held;
    private LapiRank heldAt;

    /** This message's data waits at {@code at} for its first step there ({@link LapiRank#held}). */
    synchronized void hold(LapiRank at, long bytes) {
        if (bytes <= 0) return;
        held = bytes;
        heldAt = at;
        at.held.addAndGet(bytes);
    }

    /** A step of this message runs (or is dropped) at {@code where}: its data no longer waits there. */
    synchronized void release(org.mpish.runtime.Rank where) {
        if (held > 0 && heldAt.rank() == where) {
            heldAt.held.addAndGet(-held);
            held = 0;
        }
    }

    @Override public String toString() { return label + " (message " + id + ")"; }
}
