package org.mpish.runtime.mpi.datatype;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * MPI_Type_create_darray (MPI-4.1 section 5.1.4): the part of a global array that one process of a process grid
 * owns under a block, cyclic or no distribution per dimension. The process grid is row-major whatever the array's
 * order; the result's lower bound is 0 and its extent the whole global array, so consecutive instances tile.
 */
final class Darray {
    private Darray() {}

    public static final int BLOCK = 121, CYCLIC = 122, NONE = 123, DFLT_DARG = -49767;

    public static Datatype create(int size, int rank, long[] gsizes, int[] distribs, int[] dargs, int[] psizes, boolean cOrder,
                                  Datatype old) {
        int nd = gsizes.length;
        if (size <= 0) throw new MpiException(ErrorClass.MPI_ERR_SIZE, "size = " + size + "; a process grid has at least one process");
        if (nd <= 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "ndims = " + nd + "; it must be positive");
        long procs = 1;
        for (int d = 0; d < nd; d++) {
            if (psizes[d] <= 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "array_of_psizes[" + d + "] = " + psizes[d] + "; it must be positive");
            procs *= psizes[d];
        }
        if (procs != size) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "the process grid has " + procs + " processes (the product of array_of_psizes); size is " + size);
        }
        if (rank < 0 || rank >= size) throw new MpiException(ErrorClass.MPI_ERR_RANK, "rank = " + rank + " is not in 0.." + (size - 1));
        // the process's coordinates in the row-major grid
        int[] coord = new int[nd];
        for (int d = nd - 1, r = rank; d >= 0; d--) { coord[d] = r % psizes[d]; r /= psizes[d]; }
        // per dimension: the global indices this process owns, ascending
        long[][] owned = new long[nd][];
        for (int d = 0; d < nd; d++) owned[d] = owned(d, gsizes[d], distribs[d], dargs[d], psizes[d], coord[d]);
        // element strides (in old extents): the fastest dimension is the last in C order, the first in Fortran order
        long[] stride = new long[nd];
        long s = 1;
        for (int k = 0; k < nd; k++) {
            int d = cOrder ? nd - 1 - k : k;
            stride[d] = s;
            s = Math.multiplyExact(s, gsizes[d]);
        }
        long total = s;
        // every owned element in memory order, consecutive ones merged into blocks
        List<long[]> blocks = new ArrayList<>();
        int[] order = new int[nd]; // slowest dimension first
        for (int k = 0; k < nd; k++) order[k] = cOrder ? k : nd - 1 - k;
        int[] idx = new int[nd];
        boolean empty = false;
        for (long[] o : owned) empty |= o.length == 0;
        while (!empty) {
            long e = 0;
            for (int d = 0; d < nd; d++) e += owned[d][idx[d]] * stride[d];
            long[] last = blocks.isEmpty() ? null : blocks.get(blocks.size() - 1);
            if (last != null && last[0] + last[1] == e) last[1]++;
            else {
                if (blocks.size() >= Datatype.MAX_BLOCKS) {
                    throw new MpiException(ErrorClass.MPI_ERR_NO_MEM, "the distributed array type would have more than " + Datatype.MAX_BLOCKS + " blocks");
                }
                blocks.add(new long[] {e, 1});
            }
            int k = nd - 1;
            while (k >= 0 && ++idx[order[k]] == owned[order[k]].length) { idx[order[k]] = 0; k--; }
            if (k < 0) break;
        }
        long[] lens = new long[blocks.size()], displs = new long[blocks.size()];
        for (int i = 0; i < lens.length; i++) {
            displs[i] = Math.multiplyExact(blocks.get(i)[0], old.extent());
            lens[i] = blocks.get(i)[1];
        }
        return old.hindexed(lens, displs, "MPI_COMBINER_HINDEXED").resized(0, Math.multiplyExact(total, old.extent()));
    }

    private static long[] owned(int d, long gsize, int distrib, int darg, int psize, int coord) {
        if (gsize <= 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "array_of_gsizes[" + d + "] = " + gsize + "; it must be positive");
        switch (distrib) {
            case NONE -> {
                if (psize != 1) {
                    throw new MpiException(ErrorClass.MPI_ERR_ARG, "dimension " + d + " is MPI_DISTRIBUTE_NONE over " + psize
                            + " processes; an undistributed dimension needs array_of_psizes[" + d + "] = 1");
                }
                return range(0, gsize);
            }
            case BLOCK -> {
                long b = darg == DFLT_DARG ? (gsize + psize - 1) / psize : darg;
                if (b <= 0 || b * psize < gsize) {
                    throw new MpiException(ErrorClass.MPI_ERR_ARG, "dimension " + d + ": a block of " + darg + " on each of " + psize
                            + " processes does not cover " + gsize + " elements (need darg * psize >= gsize)");
                }
                long from = Math.min(gsize, coord * b);
                return range(from, Math.min(gsize, from + b));
            }
            case CYCLIC -> {
                long b = darg == DFLT_DARG ? 1 : darg;
                if (b <= 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "dimension " + d + ": cyclic block size " + darg + " must be positive");
                List<Long> out = new ArrayList<>();
                for (long start = coord * b; start < gsize; start += b * psize) {
                    for (long i = start; i < Math.min(gsize, start + b); i++) out.add(i);
                }
                return out.stream().mapToLong(Long::longValue).toArray();
            }
            default -> throw new MpiException(ErrorClass.MPI_ERR_ARG, "array_of_distribs[" + d + "] = " + distrib
                    + " is not MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC or MPI_DISTRIBUTE_NONE");
        }
    }

    private static long[] range(long from, long to) {
        long[] r = new long[(int) Math.max(0, to - from)];
        for (int i = 0; i < r.length; i++) r[i] = from + i;
        return r;
    }
}
