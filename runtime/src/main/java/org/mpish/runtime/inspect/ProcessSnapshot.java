package org.mpish.runtime.inspect;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.MpiProcess;

/** Where a rank is in MPI's life: whether MPI_Init has run on it, and whether MPI_Finalize has. */
public record ProcessSnapshot(boolean initialized, boolean finalized) {
    public static ProcessSnapshot of(Rank r) {
        MpiProcess p = r.stateIfPresent(MpiProcess.class);
        return p == null ? new ProcessSnapshot(false, false) : new ProcessSnapshot(p.initialized(), p.finalized());
    }

    /** MPI_Init ran and MPI_Finalize has not: a script that ends here is finalized for it. */
    public boolean running() { return initialized && !finalized; }
}
