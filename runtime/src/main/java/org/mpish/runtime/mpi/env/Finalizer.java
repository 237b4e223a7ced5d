package org.mpish.runtime.mpi.env;

import java.util.function.Consumer;
import org.mpish.runtime.Hooks;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.attr.Attributes;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * MPI_Finalize for one process: deletes MPI_COMM_SELF's attributes (last set first, A30), waits for the
 * other processes (finalize is collective over MPI_COMM_WORLD), then marks MPI finalized.
 */
public final class Finalizer {
    private Finalizer() {}

    /** Extra finalization steps families wire into a job (pending buffered sends, ...), run in order. */
    public static final Hooks.Point<Consumer<MpiProcess>> STEPS = new Hooks.Point<>("finalize step");

    public static void finalizeProcess(MpiProcess p) {
        p.markFinalizing();
        // first of all, as if MPI_COMM_SELF were freed (A30-A33); a failing callback fails MPI_Finalize at its end
        MpiException attributeError = Attributes.finalizeAttributes(p);
        for (Consumer<MpiProcess> s : p.rank().job().hooks().at(STEPS)) s.accept(p);
        Comm.world(p).exchange(null, "MPI_Finalize");
        p.markFinalized();
        if (attributeError != null) throw attributeError;
    }
}
