package org.mpish.runtime.mpi;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the RMA machinery adds to MPI_Win_free: the epoch check that runs before any attribute is deleted
 * (R9, R10: an open epoch refuses the free with MPI_ERR_RMA_SYNC and the window untouched), and the clean-up
 * after (a shared window's mapping is unmapped, a dynamic window's regions detached, R8).
 */
final class RmaFreeCheck {
    private RmaFreeCheck() {}

    private static final AtomicBoolean DONE = new AtomicBoolean();

    static void register() {
        if (!DONE.compareAndSet(false, true)) return;
        WinLifecycle.addFreeCheck(w -> {
            Epochs e = RmaWindow.of(w).epochs(w.rank());
            if (e.activeAccess()) {
                throw Epochs.sync("MPI_Win_free inside an " + e.describeAccess() + " on " + w.name() + "; close it first");
            }
            if (e.posted) {
                throw Epochs.sync("MPI_Win_free while the MPI_Win_post exposure epoch on " + w.name() + " is open; close it with MPI_Win_wait");
            }
        });
        WinLifecycle.onFreed(w -> {
            RmaWindow rw = RmaWindow.of(w);
            int me = w.rank();
            if (w.flavor() == Win.FLAVOR_DYNAMIC) rw.regions(me).clear();
            if (w.flavor() == Win.FLAVOR_SHARED && rw.sharedMappings[me] != 0) {
                w.process().rank().memory().unmap(rw.sharedMappings[me]);
                rw.sharedMappings[me] = 0;
            }
        });
    }
}
