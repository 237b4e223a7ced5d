package org.mpish.runtime.mpi.comm;

import java.util.function.BiConsumer;
import org.mpish.runtime.Hooks;
import org.mpish.runtime.Rank;

/** The point where other families hook a communicator's end: p2p delivers and drops its attached buffer. */
public final class CommLifecycle {
    private CommLifecycle() {}

    /** Steps MPI_Comm_free runs before the handle becomes invalid (wired per job by the families that need them). */
    public static final Hooks.Point<BiConsumer<Rank, Comm>> ON_FREE = new Hooks.Point<>("communicator freed");

    static void freeing(Rank r, Comm c) {
        for (BiConsumer<Rank, Comm> s : r.job().hooks().at(ON_FREE)) s.accept(r, c);
    }
}
