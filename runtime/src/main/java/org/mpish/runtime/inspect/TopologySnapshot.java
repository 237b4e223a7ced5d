package org.mpish.runtime.inspect;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.coll.Topologies;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * A copy of one communicator's process topology as one rank sees it, for views: its kind, a Cartesian grid's
 * extents and periodicity, and every rank's sources and destinations in the order the neighbourhood
 * collectives use (MPI_PROC_NULL where a Cartesian neighbour is missing). A distributed graph is known whole on
 * every rank, so every rank's lists are there.
 */
public record TopologySnapshot(String comm, Kind kind, int size, int[] dims, boolean[] periods, int[][] sources, int[][] destinations) {
    public enum Kind { CARTESIAN, GRAPH, DIST_GRAPH }

    /**
     * The topology of the communicator named {@code name} (a handle name such as "comm1", or MPI_COMM_WORLD) on
     * rank {@code r}; throws IllegalArgumentException with a message for people if there is no such communicator
     * or it has no topology. Call it from the rank's own thread or while the rank waits.
     */
    public static TopologySnapshot of(Rank r, String name) {
        MpiProcess p = MpiProcess.of(r);
        Handle h = p.handles().lookup(name);
        if (!(h instanceof Comm c) || !c.isValid()) {
            throw new IllegalArgumentException("rank " + r.id() + " has no communicator named '" + name + "'");
        }
        String k = Topologies.kind(r, c);
        if (k == null) {
            throw new IllegalArgumentException(name + " has no process topology on rank " + r.id()
                    + " (MPI_Cart_create, MPI_Graph_create and MPI_Dist_graph_create make one)");
        }
        int n = c.size();
        int[][] src = new int[n][], dst = new int[n][];
        for (int i = 0; i < n; i++) {
            src[i] = Topologies.sources(r, c, i);
            dst[i] = Topologies.destinations(r, c, i);
        }
        Kind kind = k.equals("MPI_CART") ? Kind.CARTESIAN : k.equals("MPI_GRAPH") ? Kind.GRAPH : Kind.DIST_GRAPH;
        return new TopologySnapshot(c.name(), kind, n, Topologies.dims(r, c), Topologies.periods(r, c), src, dst);
    }

    /** The coordinates of {@code rank} on a Cartesian grid (row-major: the last dimension varies fastest). */
    public int[] coords(int rank) {
        int[] c = new int[dims.length];
        for (int i = dims.length - 1; i >= 0; i--) {
            c[i] = rank % dims[i];
            rank /= dims[i];
        }
        return c;
    }
}
