package org.mpish.runtime.mpi.rma;

import java.util.function.Consumer;
import org.mpish.runtime.Hooks;

/**
 * Points around a window's life where the RMA machinery hooks in, per job: checks MPI_Win_free runs before it
 * deletes any attribute (R10: an epoch still open refuses the free with the window untouched), and clean-up after.
 */
public final class WinLifecycle {
    private WinLifecycle() {}

    /** Checks that throw MpiException when a window may not be freed now. */
    public static final Hooks.Point<Consumer<Win>> FREE_CHECKS = new Hooks.Point<>("window free check");
    public static final Hooks.Point<Consumer<Win>> ON_CREATE = new Hooks.Point<>("window created");
    /**
     * Clean-up once MPI_Win_free has released a window on the calling rank (after the window's memory of the
     * ALLOCATE flavor is freed): unmaps a shared window's memory, detaches a dynamic window's regions. MPI_Win_free
     * calls {@link #freed}; it must not free SHARED memory itself (that memory is a mapping, released here).
     */
    public static final Hooks.Point<Consumer<Win>> ON_FREED = new Hooks.Point<>("window freed");

    public static void checkFree(Win w) { run(w, FREE_CHECKS); }
    public static void created(Win w) { run(w, ON_CREATE); }
    public static void freed(Win w) { run(w, ON_FREED); }

    private static void run(Win w, Hooks.Point<Consumer<Win>> point) {
        for (Consumer<Win> c : w.process().rank().job().hooks().at(point)) c.accept(w);
    }
}
