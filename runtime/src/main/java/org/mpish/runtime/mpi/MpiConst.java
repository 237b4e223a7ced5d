package org.mpish.runtime.mpi;

/**
 * The constants that more than one MPI area uses, each written once: the special ranks and tags, MPI_UNDEFINED,
 * the results of the compare calls, MPI_BOTTOM, the largest tag and the MAX_* string lengths. The declarations
 * publish them as MPI_* constants; the engines test against them.
 */
public final class MpiConst {
    private MpiConst() {}

    public static final int ANY_SOURCE = -2, PROC_NULL = -1, ANY_TAG = -1, UNDEFINED = -32766, ROOT = -3;
    /** Results of MPI_Comm_compare and MPI_Group_compare. */
    public static final int IDENT = 0, CONGRUENT = 1, SIMILAR = 2, UNEQUAL = 3;
    public static final long BOTTOM = 0;
    /** The largest tag mpish accepts: the value of the MPI_TAG_UB attribute. */
    public static final int TAG_UB = Integer.MAX_VALUE;
    /** MPI_MAX_ERROR_STRING, MPI_MAX_OBJECT_NAME, MPI_MAX_INFO_KEY, MPI_MAX_INFO_VAL. */
    public static final int MAX_ERROR_STRING = 512, MAX_OBJECT_NAME = 128, MAX_INFO_KEY = 255, MAX_INFO_VAL = 1024;
}
