package org.mpish.runtime.mpi.rma;

import java.util.function.Consumer;
import org.mpish.runtime.Hooks;

/**
 * What the RMA machinery adds to MPI_Win_free: the epoch check that runs before any attribute is deleted
 * (R9, R10: an open epoch refuses the free with MPI_ERR_RMA_SYNC and the window untouched), and the clean-up
 * after (a shared window's mapping is unmapped, a dynamic window's regions detached, R8).
 */
final class RmaFreeCheck {
    private RmaFreeCheck() {}

    /** Wires the check and the clean-up into a new job. */
    static void wire(Hooks hooks) {
        hooks.add(WinLifecycle.FREE_CHECKS, FREE_CHECK);
        hooks.add(WinLifecycle.ON_FREED, CLEAN_UP);
    }

    private static final Consumer<Win> FREE_CHECK = w -> {
        Epochs e = RmaWindow.of(w).epochs(w.rank());
        if (e.activeAccess()) {
            throw Epochs.sync("MPI_Win_free inside an " + e.describeAccess() + " on " + w.name() + "; close it first");
        }
        if (e.posted) {
            throw Epochs.sync("MPI_Win_free while the MPI_Win_post exposure epoch on " + w.name() + " is open; close it with MPI_Win_wait");
        }
    };

    private static final Consumer<Win> CLEAN_UP = w -> {
        RmaWindow rw = RmaWindow.of(w);
        int me = w.rank();
        if (w.flavor() == Win.FLAVOR_DYNAMIC) rw.regions(me).clear();
        if (w.flavor() == Win.FLAVOR_SHARED && rw.sharedMappings[me] != 0) {
            w.process().rank().memory().unmap(rw.sharedMappings[me]);
            rw.sharedMappings[me] = 0;
        }
    };
}
