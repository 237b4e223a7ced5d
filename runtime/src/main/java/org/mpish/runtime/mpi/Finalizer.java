package org.mpish.runtime.mpi;

/**
 * MPI_Finalize for one process: deletes MPI_COMM_SELF's attributes (last set first, A30), waits for the
 * other processes (finalize is collective over MPI_COMM_WORLD), then marks MPI finalized.
 */
public final class Finalizer {
    private Finalizer() {}

    /** Extra finalization steps registered by families (pending buffered sends, LAPI, ...), run in order. */
    private static final java.util.List<java.util.function.Consumer<MpiProcess>> STEPS =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    public static void addStep(java.util.function.Consumer<MpiProcess> step) { STEPS.add(step); }

    public static void finalizeProcess(MpiProcess p) {
        p.markFinalizing();
        // first of all, as if MPI_COMM_SELF were freed (A30-A33); a failing callback fails MPI_Finalize at its end
        MpiException attributeError = Attributes.finalizeAttributes(p);
        for (java.util.function.Consumer<MpiProcess> s : STEPS) s.accept(p);
        p.world().exchange(null, "MPI_Finalize");
        p.markFinalized();
        if (attributeError != null) throw attributeError;
    }
}
