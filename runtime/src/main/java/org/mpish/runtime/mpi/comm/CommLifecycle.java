package org.mpish.runtime.mpi.comm;

import java.util.function.BiConsumer;
import org.mpish.runtime.Hooks;
import org.mpish.runtime.Rank;

/** The point where other families hook a communicator's end: p2p delivers and drops its attached buffer. */
public final class CommLifecycle {
    private CommLifecycle() {}

    /** Steps MPI_Comm_free runs before the handle becomes invalid (wired per job by the families that need them). */
    public static final Hooks.Point<BiConsumer<Rank, Comm>> ON_FREE = new Hooks.Point<>("communicator freed");

    /** Steps MPI_Comm_dup and MPI_Comm_idup run on the new communicator (old, new): the topology goes with it. */
    public static final Hooks.Point<BiConsumer<Comm, Comm>> ON_DUP = new Hooks.Point<>("communicator duplicated");

    static void duplicated(Rank r, Comm old, Comm made) {
        for (BiConsumer<Comm, Comm> s : r.job().hooks().at(ON_DUP)) s.accept(old, made);
    }

    static void freeing(Rank r, Comm c) {
        for (BiConsumer<Rank, Comm> s : r.job().hooks().at(ON_FREE)) s.accept(r, c);
    }
}
