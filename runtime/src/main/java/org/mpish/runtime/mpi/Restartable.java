package org.mpish.runtime.mpi;

import org.mpish.runtime.Rank;

/**
 * A persistent request (point-to-point or collective): MPI_Start starts one operation with the saved
 * arguments; a completion call makes it inactive again ({@link #deactivate}) without freeing it.
 */
public interface Restartable {
    void start(Rank r);

    void deactivate();
}
