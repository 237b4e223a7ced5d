package org.mpish.runtime.mpi;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import org.mpish.runtime.Rank;

/** Steps other families register for a communicator's end: p2p delivers and drops its attached buffer. */
public final class CommLifecycle {
    private CommLifecycle() {}

    private static final List<BiConsumer<Rank, Comm>> ON_FREE = new CopyOnWriteArrayList<>();

    /** Registers a step run by MPI_Comm_free before the handle becomes invalid (registering twice is harmless). */
    public static void onFree(BiConsumer<Rank, Comm> step) {
        if (!ON_FREE.contains(step)) ON_FREE.add(step);
    }

    static void freeing(Rank r, Comm c) {
        for (BiConsumer<Rank, Comm> s : ON_FREE) s.accept(r, c);
    }
}
