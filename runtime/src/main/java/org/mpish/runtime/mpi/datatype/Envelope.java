package org.mpish.runtime.mpi.datatype;

/**
 * The constructor call that made a derived datatype, as MPI_Type_get_envelope and MPI_Type_get_contents return it
 * (MPI-4.1 section 5.1.13): its combiner, and its arguments sorted into integers, addresses, large counts (the
 * {@code _c} constructors' MPI_Count arguments) and datatypes, in the order the standard's table gives.
 */
public record Envelope(String combiner, int[] integers, long[] addresses, long[] largeCounts, Datatype[] types) {
    /** The combiner's value (MPI_COMBINER_NAMED, ...), as the MPI_COMBINER_* constants give it. */
    public int combinerValue() { return Combiners.value(combiner); }
}
