package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_ARG;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_OTHER;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RANK;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TOPOLOGY;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * Making distributed graphs (MPI-4.1 8.5.4). Every process's description is gathered, so each rank keeps the
 * whole graph (the neighbourhood collectives pair each receive with its send from it). A process whose own
 * arguments are wrong still takes part and fails with its error; the others fail with MPI_ERR_OTHER naming it,
 * so nobody waits for a process that gave up.
 */
final class DistGraphs {
    private DistGraphs() {}

    /** One process's edges as it gave them (weights null: MPI_UNWEIGHTED), or the error its arguments had. */
    private record Part(int[] in, int[] inW, int[] out, int[] outW, boolean unweighted, MpiException failed) {}

    static Topology.DistGraph of(Rank r, Comm c) {
        if (!(Topology.Registry.of(r).get(c) instanceof Topology.DistGraph g)) {
            throw new MpiException(MPI_ERR_TOPOLOGY, c.name() + " has no distributed-graph topology (MPI_Dist_graph_create or _create_adjacent makes one)");
        }
        return g;
    }

    /** MPI_Dist_graph_create_adjacent: comm_old, indegree, sources, sourceweights, outdegree, destinations, destweights, info, reorder. */
    static Object createAdjacent(Rank r, Args a) {
        Comm c = GraphCalls.intra(a.comm(0));
        Part mine;
        try {
            info(a, 7);
            int indeg = degree(a.i(1), "indegree"), outdeg = degree(a.i(4), "outdegree");
            int[] in = ranks(a.ints(2), indeg, "sources", c), out = ranks(a.ints(5), outdeg, "destinations", c);
            int[] inW = weights(a.ints(3), indeg, "sourceweights"), outW = weights(a.ints(6), outdeg, "destweights");
            if ((inW == null) != (outW == null)) {
                throw new MpiException(MPI_ERR_ARG, (inW == null ? "sourceweights" : "destweights")
                        + " is MPI_UNWEIGHTED but the other weights are not; give both or neither");
            }
            mine = new Part(in, inW, out, outW, inW == null, null);
        } catch (MpiException e) {
            mine = new Part(null, null, null, null, false, e);
        }
        Part[] all = gather(c, mine, "MPI_Dist_graph_create_adjacent");
        int n = all.length;
        int[][] in = new int[n][], out = new int[n][], inW = new int[n][], outW = new int[n][];
        for (int i = 0; i < n; i++) {
            in[i] = all[i].in;
            out[i] = all[i].out;
            inW[i] = all[i].inW;
            outW[i] = all[i].outW;
        }
        boolean weighted = weighted(all);
        // 8.5.4: every edge is given at both ends, as often at one as at the other
        for (int s = 0; s < n; s++) {
            for (int d = 0; d < n; d++) {
                int asDest = count(out[s], d), asSource = count(in[d], s);
                if (asDest != asSource) {
                    throw new MpiException(MPI_ERR_TOPOLOGY, "rank " + s + " lists rank " + d + " among its destinations " + times(asDest)
                            + " but rank " + d + " lists rank " + s + " among its sources " + times(asSource) + "; each edge must be given at both ends");
                }
            }
        }
        return made(r, c, "MPI_Dist_graph_create_adjacent", new Topology.DistGraph(in, weighted ? inW : null, out, weighted ? outW : null));
    }

    /** MPI_Dist_graph_create: comm_old, n, sources, degrees, destinations, weights, info, reorder. */
    static Object create(Rank r, Args a) {
        Comm c = GraphCalls.intra(a.comm(0));
        Part mine;
        try {
            info(a, 6);
            int n = a.i(1);
            if (n < 0) throw new MpiException(MPI_ERR_ARG, "n = " + n + " is negative");
            int[] sources = ranks(a.ints(2), n, "sources", c);
            int[] degrees = a.ints(3);
            if (degrees == null || degrees.length < n) throw new MpiException(MPI_ERR_ARG, "degrees has " + len(degrees) + " entries; n is " + n);
            int edges = 0;
            for (int i = 0; i < n; i++) {
                if (degrees[i] < 0) throw new MpiException(MPI_ERR_ARG, "degrees[" + i + "] = " + degrees[i] + " is negative");
                edges += degrees[i];
            }
            int[] dests = ranks(a.ints(4), edges, "destinations", c);
            int[] w = weights(a.ints(5), edges, "weights");
            // as (source, destination) pairs: "in" holds the sources of the edges, "out" their destinations
            int[] from = new int[edges];
            for (int i = 0, k = 0; i < n; i++) for (int j = 0; j < degrees[i]; j++) from[k++] = sources[i];
            mine = new Part(from, w, dests, w, w == null, null);
        } catch (MpiException e) {
            mine = new Part(null, null, null, null, false, e);
        }
        Part[] all = gather(c, mine, "MPI_Dist_graph_create");
        int n = all.length;
        boolean weighted = weighted(all);
        List<List<Integer>> in = lists(n), out = lists(n), inW = lists(n), outW = lists(n);
        for (Part p : all) { // every edge in the order the processes gave them: both ends see them in one order
            for (int k = 0; k < p.in.length; k++) {
                int s = p.in[k], d = p.out[k], w = weighted ? p.inW[k] : 1;
                out.get(s).add(d);
                outW.get(s).add(w);
                in.get(d).add(s);
                inW.get(d).add(w);
            }
        }
        return made(r, c, "MPI_Dist_graph_create", new Topology.DistGraph(arrays(in), weighted ? arrays(inW) : null,
                arrays(out), weighted ? arrays(outW) : null));
    }

    private static Object made(Rank r, Comm c, String call, Topology.DistGraph g) {
        Comm made = c.split(0, c.rank(), call); // the same processes in the same order: mpish does not reorder
        Topology.Registry.of(r).put(made, g);
        return made;
    }

    private static Part[] gather(Comm c, Part mine, String call) {
        Comm.Pending pending = c.start(mine, call);
        if (mine.failed != null) { // the others learn of it when they arrive; this process does not wait for them
            pending.abandon();
            throw mine.failed;
        }
        if (!pending.ready()) c.process().rank().await(pending::ready, () -> call + " on " + c.name() + ": " + Meeting.notCalled(c, pending));
        Object[] got = pending.finish();
        Part[] all = new Part[got.length];
        for (int i = 0; i < got.length; i++) {
            all[i] = (Part) got[i];
            if (all[i].failed != null) {
                throw new MpiException(MPI_ERR_OTHER, "rank " + i + " failed its part of " + call + " ("
                        + ErrorClass.name(all[i].failed.errorClass()) + ": " + all[i].failed.detail() + "), so no graph was made");
            }
        }
        return all;
    }

    /** Either every process gave weights or none did (8.5.4: MPI_UNWEIGHTED is given by all processes or by none). */
    private static boolean weighted(Part[] all) {
        for (int i = 1; i < all.length; i++) {
            if (all[i].unweighted != all[0].unweighted) {
                throw new MpiException(MPI_ERR_ARG, "rank " + (all[0].unweighted ? 0 : i) + " gave MPI_UNWEIGHTED but rank "
                        + (all[0].unweighted ? i : 0) + " gave weights; every process must give weights, or none");
            }
        }
        return all.length == 0 || !all[0].unweighted;
    }

    private static void info(Args a, int i) {
        if (!a.handle(i).isNull()) a.valid(i);
    }

    private static int degree(int d, String arg) {
        if (d < 0) throw new MpiException(MPI_ERR_ARG, arg + " = " + d + " is negative");
        return d;
    }

    private static int[] ranks(int[] a, int n, String arg, Comm c) {
        if (a == null || a.length < n) throw new MpiException(MPI_ERR_ARG, arg + " has " + len(a) + " entries; it needs " + n);
        for (int i = 0; i < n; i++) {
            if (a[i] < 0 || a[i] >= c.size()) {
                throw new MpiException(MPI_ERR_RANK, arg + "[" + i + "] = " + a[i] + " is not a rank of " + c.name() + " (size " + c.size() + ")");
            }
        }
        return java.util.Arrays.copyOf(a, n);
    }

    /** The weights of {@code n} edges; null for MPI_UNWEIGHTED (or no array at all). */
    private static int[] weights(int[] w, int n, String arg) {
        if (w == null || w.length == 1 && w[0] == GraphCalls.UNWEIGHTED) return null;
        if (w.length == 1 && w[0] == GraphCalls.WEIGHTS_EMPTY) {
            if (n != 0) throw new MpiException(MPI_ERR_ARG, arg + " is MPI_WEIGHTS_EMPTY, which stands for no edges, but there are " + n);
            return new int[0];
        }
        if (w.length < n) throw new MpiException(MPI_ERR_ARG, arg + " has " + w.length + " entries; it needs " + n);
        for (int i = 0; i < n; i++) if (w[i] < 0) throw new MpiException(MPI_ERR_ARG, arg + "[" + i + "] = " + w[i] + " is negative; weights are 0 or more");
        return java.util.Arrays.copyOf(w, n);
    }

    private static int len(int[] a) { return a == null ? 0 : a.length; }

    private static int count(int[] a, int v) {
        int n = 0;
        for (int x : a) if (x == v) n++;
        return n;
    }

    private static String times(int n) { return n == 1 ? "once" : n + " times"; }

    private static List<List<Integer>> lists(int n) {
        List<List<Integer>> l = new ArrayList<>();
        for (int i = 0; i < n; i++) l.add(new ArrayList<>());
        return l;
    }

    private static int[][] arrays(List<List<Integer>> l) {
        int[][] out = new int[l.size()][];
        for (int i = 0; i < out.length; i++) out[i] = l.get(i).stream().mapToInt(Integer::intValue).toArray();
        return out;
    }
}
