package org.mpish.runtime.mpi;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Hooks around a window's life that the RMA machinery registers: checks MPI_Win_free runs before it deletes
 * any attribute (R10: an epoch still open refuses the free with the window untouched), and clean-up after.
 */
public final class WinLifecycle {
    private WinLifecycle() {}

    private static final List<Consumer<Win>> FREE_CHECKS = new CopyOnWriteArrayList<>();
    private static final List<Consumer<Win>> ON_CREATE = new CopyOnWriteArrayList<>();
    private static final List<Consumer<Win>> ON_FREED = new CopyOnWriteArrayList<>();

    /** A check that throws MpiException when {@code win} may not be freed now. */
    public static void addFreeCheck(Consumer<Win> check) { FREE_CHECKS.add(check); }
    public static void onCreate(Consumer<Win> init) { ON_CREATE.add(init); }

    public static void checkFree(Win w) { for (Consumer<Win> c : FREE_CHECKS) c.accept(w); }
    public static void created(Win w) { for (Consumer<Win> c : ON_CREATE) c.accept(w); }

    /**
     * Clean-up once MPI_Win_free has released {@code w} on the calling rank (after the window's memory of the
     * ALLOCATE flavor is freed): unmaps a shared window's memory, detaches a dynamic window's regions. MPI_Win_free
     * calls {@link #freed}; it must not free SHARED memory itself (that memory is a mapping, released here).
     */
    public static void onFreed(Consumer<Win> action) { ON_FREED.add(action); }
    public static void freed(Win w) { for (Consumer<Win> c : ON_FREED) c.accept(w); }
}
