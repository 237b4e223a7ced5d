package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.INT_ARRAY;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_ARG;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COMM;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RANK;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TOPOLOGY;

import java.util.Arrays;
import java.util.function.BiConsumer;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.comm.CommLifecycle;

/**
 * Graph (MPI-4.1 8.5.3) and distributed-graph (8.5.4) topologies and their queries; a duplicate of a
 * communicator with a topology has the same topology (7.4.2, MPI_Comm_dup).
 */
public final class GraphCalls implements CallFamily {
    /**
     * MPI_UNWEIGHTED and MPI_WEIGHTS_EMPTY: in C special pointers; here one-entry arrays holding a value no weight
     * can have (weights are non-negative), so they survive the trip through the shell and scripts.
     */
    static final int UNWEIGHTED = Integer.MIN_VALUE, WEIGHTS_EMPTY = Integer.MIN_VALUE + 1;

    /** The topology of a communicator goes to its duplicates. */
    private static final BiConsumer<Comm, Comm> KEEP_TOPOLOGY = (old, made) -> {
        Topology.Registry reg = Topology.Registry.of(old.process().rank());
        Topology t = reg.get(old);
        if (t != null) reg.put(made, t);
    };

    @Override
    public void wire(Job job, Catalogue catalogue) {
        job.hooks().add(CommLifecycle.ON_DUP, KEEP_TOPOLOGY);
    }

    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_UNWEIGHTED", "weights", r -> new int[] {UNWEIGHTED});
        b.constant("MPI_WEIGHTS_EMPTY", "weights", r -> new int[] {WEIGHTS_EMPTY});

        b.call("MPI_Graph_create", "topologies", "a communicator with a graph topology")
                .in("comm_old", COMM).in("nnodes", INT).in("index", INT_ARRAY).in("edges", INT_ARRAY).in("reorder", BOOL)
                .out("comm_graph", COMM)
                .errorsOn("comm_old").impl(GraphCalls::graphCreate);
        b.call("MPI_Graphdims_get", "topologies", "the number of nodes and edges of a graph communicator")
                .in("comm", COMM).out("nnodes", INT).out("nedges", INT)
                .errorsOn("comm").impl((r, a) -> {
                    Topology.Graph g = graph(r, a.comm(0));
                    return new Object[] {g.nnodes(), g.edges().length};
                });
        b.call("MPI_Graph_get", "topologies", "the index and edges arrays of a graph communicator")
                .in("comm", COMM).in("maxindex", INT).in("maxedges", INT).out("index", INT_ARRAY).out("edges", INT_ARRAY)
                .errorsOn("comm").impl((r, a) -> {
                    Topology.Graph g = graph(r, a.comm(0));
                    room(a.i(1), g.nnodes(), "maxindex", "nodes");
                    room(a.i(2), g.edges().length, "maxedges", "edges");
                    return new Object[] {g.index().clone(), g.edges().clone()};
                });
        b.call("MPI_Graph_neighbors_count", "topologies", "how many neighbours a process of a graph communicator has")
                .in("comm", COMM).in("rank", INT).out("nneighbors", INT)
                .errorsOn("comm").impl((r, a) -> graph(r, a.comm(0)).neighbours(rankOf(a.comm(0), a.i(1))).length);
        b.call("MPI_Graph_neighbors", "topologies", "the neighbours of a process of a graph communicator")
                .in("comm", COMM).in("rank", INT).in("maxneighbors", INT).out("neighbors", INT_ARRAY)
                .errorsOn("comm").impl((r, a) -> {
                    int[] n = graph(r, a.comm(0)).neighbours(rankOf(a.comm(0), a.i(1)));
                    room(a.i(2), n.length, "maxneighbors", "neighbours");
                    return n;
                });
        b.call("MPI_Graph_map", "topologies", "the rank this process would have in a graph topology")
                .in("comm", COMM).in("nnodes", INT).in("index", INT_ARRAY).in("edges", INT_ARRAY).out("newrank", INT)
                .errorsOn("comm").impl((r, a) -> {
                    Comm c = intra(a.comm(0));
                    checkGraph(a.i(1), a.ints(2), a.ints(3), c);
                    return c.rank() < a.i(1) ? c.rank() : MpiConst.UNDEFINED;
                });

        b.call("MPI_Dist_graph_create_adjacent", "topologies", "a distributed-graph communicator, each process naming its own neighbours")
                .in("comm_old", COMM).in("indegree", INT).in("sources", INT_ARRAY).in("sourceweights", INT_ARRAY)
                .in("outdegree", INT).in("destinations", INT_ARRAY).in("destweights", INT_ARRAY)
                .in("info", INFO).in("reorder", BOOL).out("comm_dist_graph", COMM)
                .errorsOn("comm_old").impl(DistGraphs::createAdjacent);
        b.call("MPI_Dist_graph_create", "topologies", "a distributed-graph communicator from edges any process may give")
                .in("comm_old", COMM).in("n", INT).in("sources", INT_ARRAY).in("degrees", INT_ARRAY)
                .in("destinations", INT_ARRAY).in("weights", INT_ARRAY)
                .in("info", INFO).in("reorder", BOOL).out("comm_dist_graph", COMM)
                .errorsOn("comm_old").impl(DistGraphs::create);
        b.call("MPI_Dist_graph_neighbors_count", "topologies", "how many sources and destinations this process has in a distributed graph")
                .in("comm", COMM).out("indegree", INT).out("outdegree", INT).out("weighted", BOOL)
                .errorsOn("comm").impl((r, a) -> {
                    Comm c = a.comm(0);
                    Topology.DistGraph g = DistGraphs.of(r, c);
                    return new Object[] {g.in()[c.rank()].length, g.out()[c.rank()].length, g.weighted()};
                });
        b.call("MPI_Dist_graph_neighbors", "topologies", "the sources and destinations of this process in a distributed graph, with weights")
                .in("comm", COMM).in("maxindegree", INT).out("sources", INT_ARRAY).out("sourceweights", INT_ARRAY)
                .in("maxoutdegree", INT).out("destinations", INT_ARRAY).out("destweights", INT_ARRAY)
                .errorsOn("comm").impl((r, a) -> {
                    Comm c = a.comm(0);
                    Topology.DistGraph g = DistGraphs.of(r, c);
                    int me = c.rank();
                    room(a.i(1), g.in()[me].length, "maxindegree", "sources");
                    room(a.i(2), g.out()[me].length, "maxoutdegree", "destinations");
                    return new Object[] {g.in()[me].clone(), g.weighted() ? g.inWeights()[me].clone() : new int[0],
                            g.out()[me].clone(), g.weighted() ? g.outWeights()[me].clone() : new int[0]};
                });
    }

    static Comm intra(Comm c) {
        if (c.isInter()) throw new MpiException(MPI_ERR_COMM, c.name() + " is an intercommunicator; process topologies need an intracommunicator");
        return c;
    }

    private static void room(int max, int needed, String arg, String what) {
        if (max < needed) throw new MpiException(MPI_ERR_ARG, arg + " = " + max + " but there are " + needed + " " + what);
    }

    private static int rankOf(Comm c, int rank) {
        if (rank < 0 || rank >= c.size()) throw new MpiException(MPI_ERR_RANK, "rank = " + rank + " is not a rank of " + c.name() + " (size " + c.size() + ")");
        return rank;
    }

    /** The graph topology of {@code c}; MPI_ERR_TOPOLOGY if it has none. */
    private static Topology.Graph graph(Rank r, Comm c) {
        if (!(Topology.Registry.of(r).get(c) instanceof Topology.Graph g)) {
            throw new MpiException(MPI_ERR_TOPOLOGY, c.name() + " has no graph topology (MPI_Graph_create makes one)");
        }
        return g;
    }

    /**
     * Checks a graph description against {@code c} (8.5.3): nnodes from 0 to the size of {@code c}, index
     * non-decreasing from 0, every edge a node of the graph. Self-loops and repeated edges are allowed.
     */
    private static void checkGraph(int nnodes, int[] index, int[] edges, Comm c) {
        if (nnodes < 0 || nnodes > c.size()) {
            throw new MpiException(MPI_ERR_ARG, "nnodes = " + nnodes + "; it must be from 0 to the size of " + c.name() + " (" + c.size() + ")");
        }
        if (index == null || index.length < nnodes) throw new MpiException(MPI_ERR_ARG, "index has " + (index == null ? 0 : index.length) + " entries; nnodes is " + nnodes);
        int prev = 0;
        for (int i = 0; i < nnodes; i++) {
            if (index[i] < prev) throw new MpiException(MPI_ERR_ARG, "index[" + i + "] = " + index[i] + " is less than " + prev + "; index counts edges so far, so it never decreases");
            prev = index[i];
        }
        int nedges = nnodes == 0 ? 0 : index[nnodes - 1];
        if (edges == null || edges.length < nedges) throw new MpiException(MPI_ERR_ARG, "edges has " + (edges == null ? 0 : edges.length) + " entries; index says " + nedges);
        for (int i = 0; i < nedges; i++) {
            if (edges[i] < 0 || edges[i] >= nnodes) throw new MpiException(MPI_ERR_ARG, "edges[" + i + "] = " + edges[i] + " is not a node of the graph (0.." + (nnodes - 1) + ")");
        }
    }

    /** MPI_Graph_create: the first nnodes ranks, in order (mpish does not reorder), get the graph; the others MPI_COMM_NULL. */
    private static Object graphCreate(Rank r, Args a) {
        Comm c = intra(a.comm(0));
        int nnodes = a.i(1);
        checkGraph(nnodes, a.ints(2), a.ints(3), c);
        Comm g = c.split(c.rank() < nnodes ? 0 : MpiConst.UNDEFINED, c.rank(), "MPI_Graph_create");
        if (g == null) return Handle.nullOf(HandleKind.COMM);
        int[] index = Arrays.copyOf(a.ints(2), nnodes);
        Topology.Registry.of(r).put(g, new Topology.Graph(index, Arrays.copyOf(a.ints(3), nnodes == 0 ? 0 : index[nnodes - 1])));
        return g;
    }

}
