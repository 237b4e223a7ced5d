package org.mpish.runtime.mpi.coll;

import java.util.Map;
import java.util.WeakHashMap;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * A process topology (MPI-4.1 chapter 8): Cartesian, graph or distributed graph, kept per rank beside the
 * communicator it belongs to. Each kind gives every rank's neighbours in the order the neighbourhood collectives
 * use for their buffers (8.6): {@link #sources} the blocks received, {@link #destinations} the blocks sent.
 */
sealed interface Topology {
    /** MPI_CART, MPI_GRAPH or MPI_DIST_GRAPH. */
    int kind();

    /** The ranks {@code rank} receives from, in receive-buffer order (MPI_PROC_NULL for a missing Cartesian neighbour). */
    int[] sources(int rank);

    /** The ranks {@code rank} sends to, in send-buffer order. */
    int[] destinations(int rank);

    /**
     * A Cartesian grid (8.5): extents and periodicity; rank = row-major position of the coordinates (the last
     * dimension varies fastest), as the standard numbers them.
     */
    record Cart(int[] dims, boolean[] periods) implements Topology {
        @Override public int kind() { return TopoCalls.CART; }

        int ndims() { return dims.length; }

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

        /** The rank {@code step} positions from {@code me} along {@code dir}; MPI_PROC_NULL off a non-periodic edge. */
        int neighbour(int[] me, int dir, long step) {
            int[] c = me.clone();
            long v = c[dir] + step;
            int d = dims[dir];
            if (periods[dir]) v = Math.floorMod(v, d);
            else if (v < 0 || v >= d) return MpiConst.PROC_NULL;
            c[dir] = (int) v;
            return rank(c);
        }

        /** 8.6: for each dimension, the neighbour one step back, then the one a step ahead (as MPI_Cart_shift with disp 1). */
        @Override
        public int[] sources(int rank) {
            int[] me = coords(rank), out = new int[2 * dims.length];
            for (int d = 0; d < dims.length; d++) {
                out[2 * d] = neighbour(me, d, -1);
                out[2 * d + 1] = neighbour(me, d, 1);
            }
            return out;
        }

        @Override public int[] destinations(int rank) { return sources(rank); }
    }

    /** A graph (8.5.3): the neighbours of node i are edges[index[i-1] .. index[i]); edges go both ways. */
    record Graph(int[] index, int[] edges) implements Topology {
        @Override public int kind() { return TopoCalls.GRAPH; }

        int nnodes() { return index.length; }

        int[] neighbours(int rank) {
            int from = rank == 0 ? 0 : index[rank - 1];
            return java.util.Arrays.copyOfRange(edges, from, index[rank]);
        }

        @Override public int[] sources(int rank) { return neighbours(rank); }
        @Override public int[] destinations(int rank) { return neighbours(rank); }
    }

    /**
     * A distributed graph (8.5.4), kept whole on every rank: per rank its sources and destinations in the order
     * MPI_Dist_graph_neighbors gives them, with their weights (null when the graph is unweighted).
     */
    record DistGraph(int[][] in, int[][] inWeights, int[][] out, int[][] outWeights) implements Topology {
        @Override public int kind() { return TopoCalls.DIST_GRAPH; }
        boolean weighted() { return inWeights != null; }
        @Override public int[] sources(int rank) { return in[rank]; }
        @Override public int[] destinations(int rank) { return out[rank]; }
    }

    /** Per rank: the topology of each of its communicators that has one. */
    final class Registry {
        private final Map<Comm, Topology> byComm = new WeakHashMap<>();

        static Registry of(Rank r) { return r.state(Registry.class, k -> new Registry()); }

        synchronized Topology get(Comm c) { return byComm.get(c); }
        synchronized void put(Comm c, Topology t) { byComm.put(c, t); }
    }
}
