package org.mpish.runtime.mpi.coll;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;

/** Read-only access to a communicator's process topology, for inspection (the shell's topo view). */
public final class Topologies {
    private Topologies() {}

    /** "MPI_CART", "MPI_GRAPH" or "MPI_DIST_GRAPH"; null when {@code c} has no topology on rank {@code r}. */
    public static String kind(Rank r, Comm c) {
        Topology t = Topology.Registry.of(r).get(c);
        if (t == null) return null;
        return t.kind() == TopoCalls.CART ? "MPI_CART" : t.kind() == TopoCalls.GRAPH ? "MPI_GRAPH" : "MPI_DIST_GRAPH";
    }

    /** A Cartesian topology's extents, or null. */
    public static int[] dims(Rank r, Comm c) {
        return Topology.Registry.of(r).get(c) instanceof Topology.Cart t ? t.dims().clone() : null;
    }

    /** A Cartesian topology's periodicity, or null. */
    public static boolean[] periods(Rank r, Comm c) {
        return Topology.Registry.of(r).get(c) instanceof Topology.Cart t ? t.periods().clone() : null;
    }

    /** The sources of {@code rank} in receive-buffer order (MPI_PROC_NULL for a missing Cartesian neighbour), or null. */
    public static int[] sources(Rank r, Comm c, int rank) {
        Topology t = Topology.Registry.of(r).get(c);
        return t == null ? null : t.sources(rank).clone();
    }

    /** The destinations of {@code rank} in send-buffer order, or null. */
    public static int[] destinations(Rank r, Comm c, int rank) {
        Topology t = Topology.Registry.of(r).get(c);
        return t == null ? null : t.destinations(rank).clone();
    }
}
