package org.mpish.runtime.mpi.coll;

import java.util.Map;
import java.util.WeakHashMap;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * A Cartesian process topology (MPI-4.1 8.5): the grid's extents and periodicity, rank = row-major position
 * of the coordinates (the last dimension varies fastest), as the standard numbers them. Kept per rank, beside
 * the communicator it belongs to.
 */
record Topology(int[] dims, boolean[] periods) {
    int ndims() { return dims.length; }

    int size() {
        int n = 1;
        for (int d : dims) n *= d;
        return n;
    }

    int[] coords(int rank) {
        int[] c = new int[dims.length];
        for (int i = dims.length - 1; i >= 0; i--) {
            c[i] = rank % dims[i];
            rank /= dims[i];
        }
        return c;
    }

    /** The rank at {@code coords} (already inside the grid, or wrapped along periodic dimensions). */
    int rank(int[] coords) {
        int r = 0;
        for (int i = 0; i < dims.length; i++) r = r * dims[i] + coords[i];
        return r;
    }

    /** Per rank: the topology of each of its communicators that has one. */
    static final class Registry {
        private final Map<Comm, Topology> byComm = new WeakHashMap<>();

        static Registry of(Rank r) { return r.state(Registry.class, k -> new Registry()); }

        synchronized Topology get(Comm c) { return byComm.get(c); }
        synchronized void put(Comm c, Topology t) { byComm.put(c, t); }
    }
}
