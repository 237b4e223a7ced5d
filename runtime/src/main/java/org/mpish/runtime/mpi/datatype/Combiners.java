package org.mpish.runtime.mpi.datatype;

import java.util.List;

/** The MPI_COMBINER_* constants (MPI-4.1 section 5.1.13), numbered as in MPICH's mpi.h. */
final class Combiners {
    private Combiners() {}

    /** The names, each at the index of MPICH's value minus one (MPI_COMBINER_NAMED = 1, ...). */
    public static final List<String> NAMES = List.of("MPI_COMBINER_NAMED", "MPI_COMBINER_DUP", "MPI_COMBINER_CONTIGUOUS",
            "MPI_COMBINER_VECTOR", "MPI_COMBINER_HVECTOR_INTEGER", "MPI_COMBINER_HVECTOR", "MPI_COMBINER_INDEXED",
            "MPI_COMBINER_HINDEXED_INTEGER", "MPI_COMBINER_HINDEXED", "MPI_COMBINER_INDEXED_BLOCK", "MPI_COMBINER_STRUCT_INTEGER",
            "MPI_COMBINER_STRUCT", "MPI_COMBINER_SUBARRAY", "MPI_COMBINER_DARRAY", "MPI_COMBINER_F90_REAL",
            "MPI_COMBINER_F90_COMPLEX", "MPI_COMBINER_F90_INTEGER", "MPI_COMBINER_RESIZED", "MPI_COMBINER_HINDEXED_BLOCK");

    public static int value(String name) {
        int i = NAMES.indexOf(name);
        if (i < 0) throw new IllegalArgumentException("no combiner " + name);
        return i + 1;
    }
}
