package org.mpish.runtime;

import java.util.function.BooleanSupplier;

/**
 * Takes over when a job's ranks run and wait, for a job whose schedule is controlled ({@code mpish explore}, a
 * replayed schedule): then ranks run one at a time and every wait hands the processor to the next rank by a fixed
 * rule, so a run depends only on the choices the controller makes. A job without one (the usual case) never calls
 * it: {@link Rank#await} and the script runner look at {@link Job#controller()} once, after their fast paths.
 */
public interface Controller {
    /** The rank is about to run its script: returns when it is this rank's turn. */
    void begin(Rank r);

    /** Called by {@link Rank#await} on the rank's own thread once {@code done} is false; returns when it holds. */
    void await(Rank r, BooleanSupplier done);

    /**
     * A catalogued call is about to run on the rank's thread: a controller may let the others move first, so that a
     * rank polling in a loop (MPI_Win_test, LAPI_Getcntr, ...) does not keep the turn forever.
     */
    default void called(Rank r) {}

    /** The rank's script and its last wait are over: it gives up its turn for good. */
    void exit(Rank r);
}
