package org.mpish.runtime.mpi.comm;

import java.util.Arrays;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * The rank triplets of MPI_Group_range_incl / range_excl (MPI-4.1 section 7.3.2). The C argument is
 * {@code int ranges[][3]}, which is n triplets one after another in memory; mpish takes it the same way, as a flat
 * array of 3n integers.
 */
final class GroupRanges {
    private GroupRanges() {}

    /** The ranks the first n triplets name, in order; each must be a rank of a group of the given size, once. */
    static int[] expand(int size, int n, int[] ranges) {
        if (n < 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "n = " + n + " is negative");
        int have = ranges == null ? 0 : ranges.length;
        if (have % 3 != 0) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "ranges has " + have
                    + " integers; it must hold whole (first, last, stride) triplets");
        }
        if (n > have / 3) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "n = " + n + " but ranges has only " + have / 3 + " triplets");
        }
        boolean[] seen = new boolean[size];
        int[] out = new int[size];
        int k = 0;
        for (int t = 0; t < n; t++) {
            int first = ranges[3 * t], last = ranges[3 * t + 1], stride = ranges[3 * t + 2];
            String where = "ranges[" + t + "] = (" + first + ", " + last + ", " + stride + ")";
            if (stride == 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, where + ": the stride is 0");
            for (int end : new int[] {first, last}) {
                if (end < 0 || end >= size) {
                    throw new MpiException(ErrorClass.MPI_ERR_RANK, where + ": " + end + " is not a rank of the group (size " + size + ")");
                }
            }
            if ((stride > 0 && first > last) || (stride < 0 && first < last)) {
                throw new MpiException(ErrorClass.MPI_ERR_ARG, where + ": a stride of " + stride
                        + " never gets from " + first + " to " + last);
            }
            for (long x = first; stride > 0 ? x <= last : x >= last; x += stride) {
                int rank = (int) x;
                if (seen[rank]) throw new MpiException(ErrorClass.MPI_ERR_RANK, where + ": rank " + rank + " is named twice");
                seen[rank] = true;
                out[k++] = rank;
            }
        }
        return Arrays.copyOf(out, k);
    }
}
