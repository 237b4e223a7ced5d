package org.mpish.runtime.catalog;

import org.mpish.runtime.Rank;

/**
 * What runs a job's calls instead of the in-process runtime (the seam: {@link Invoker} hands every call of a job
 * that has one to it; {@code Job.runOn}). The native engine ({@code org.mpish.runtime.ffm}) is one: it calls the
 * C function of the same name in a real MPI library.
 */
public interface Engine {
    /**
     * Runs {@code call} with raw input arguments (as {@link Invoker#invoke} takes them); returns the outputs in
     * declaration order. Throws ArgError for an argument of the wrong form and MpiException for an MPI error the
     * error handler returned.
     */
    Object[] invoke(Rank rank, Call call, Object[] raw);

    /** The value of constant {@code name} on this engine (its own handles and numbers); {@code inProcess} otherwise. */
    Object constant(Rank rank, Constant c);
}
