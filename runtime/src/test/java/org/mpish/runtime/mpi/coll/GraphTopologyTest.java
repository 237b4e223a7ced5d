package org.mpish.runtime.mpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.coll.CollFixture.call;
import static org.mpish.runtime.mpi.coll.CollFixture.fails;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * Graph (MPI-4.1 8.5.3) and distributed-graph (8.5.4) topologies. Expected neighbour lists and weights are what
 * Open MPI 4.1.4 and MPICH 4.0.2 printed on this machine for the same calls (6 processes; both agree).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GraphTopologyTest {
    static final int[] INDEX = {2, 3, 4, 6}, EDGES = {1, 3, 0, 3, 0, 2};

    @Test
    void aGraphOfFourNodesOnSixProcesses() { // 8.5.3, 8.5.5
        int[][] neighbours = {{1, 3}, {0}, {3}, {0, 2}};
        try (TestJob t = new TestJob(6)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int me = r.id();
                Handle h = (Handle) TestJob.call1(r, "MPI_Graph_create", "MPI_COMM_WORLD", 4, INDEX, EDGES, 0);
                assertEquals(me < 4 ? me : MpiConst.UNDEFINED, TestJob.call1(r, "MPI_Graph_map", "MPI_COMM_WORLD", 4, INDEX, EDGES));
                if (me >= 4) {
                    assertEquals("MPI_COMM_NULL", h.name());
                    return;
                }
                Comm g = (Comm) h;
                assertEquals(TopoCalls.GRAPH, TestJob.call1(r, "MPI_Topo_test", g));
                assertArrayEquals(new Object[] {4, 6}, call(r, "MPI_Graphdims_get", g));
                Object[] got = call(r, "MPI_Graph_get", g, 4, 6);
                assertArrayEquals(INDEX, (int[]) got[0]);
                assertArrayEquals(EDGES, (int[]) got[1]);
                for (int n = 0; n < 4; n++) {
                    assertEquals(neighbours[n].length, TestJob.call1(r, "MPI_Graph_neighbors_count", g, n));
                    assertArrayEquals(neighbours[n], (int[]) TestJob.call1(r, "MPI_Graph_neighbors", g, n, 4));
                }
                fails(ErrorClass.MPI_ERR_RANK, r, "MPI_Graph_neighbors_count", g, 4);
                fails(ErrorClass.MPI_ERR_ARG, r, "MPI_Graph_get", g, 3, 6);
                fails(ErrorClass.MPI_ERR_TOPOLOGY, r, "MPI_Cart_shift", g, 0, 1);
                fails(ErrorClass.MPI_ERR_TOPOLOGY, r, "MPI_Graphdims_get", "MPI_COMM_WORLD");
                // 7.4.2: a duplicate has the same topology
                Comm dup = (Comm) TestJob.call1(r, "MPI_Comm_dup", g);
                assertEquals(TopoCalls.GRAPH, TestJob.call1(r, "MPI_Topo_test", dup));
                assertArrayEquals(neighbours[me], (int[]) TestJob.call1(r, "MPI_Graph_neighbors", dup, me, 4));
                Object[] idup = call(r, "MPI_Comm_idup", g);
                TestJob.call(r, "MPI_Wait", idup[1]);
                assertEquals(TopoCalls.GRAPH, TestJob.call1(r, "MPI_Topo_test", idup[0]));
                Comm split = (Comm) TestJob.call1(r, "MPI_Comm_split", g, 0, 0);
                assertEquals(MpiConst.UNDEFINED, TestJob.call1(r, "MPI_Topo_test", split), "a split keeps no topology");
            });
        }
    }

    @Test
    void badGraphsAreRefusedOnEveryProcess() { // 8.5.3
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                fails(ErrorClass.MPI_ERR_ARG, r, "MPI_Graph_create", "MPI_COMM_WORLD", 3, new int[] {1, 2, 3}, new int[] {1, 0, 0}, 0);
                fails(ErrorClass.MPI_ERR_ARG, r, "MPI_Graph_create", "MPI_COMM_WORLD", 2, new int[] {1, 0}, new int[] {1}, 0);
                MpiException e = fails(ErrorClass.MPI_ERR_ARG, r, "MPI_Graph_create", "MPI_COMM_WORLD", 2, new int[] {1, 2}, new int[] {1, 2}, 0);
                assertTrue(e.getMessage().contains("edges[1] = 2"), e.getMessage());
                Handle none = (Handle) TestJob.call1(r, "MPI_Graph_create", "MPI_COMM_WORLD", 0, new int[0], new int[0], 0);
                assertEquals("MPI_COMM_NULL", none.name(), "an empty graph: MPI_COMM_NULL everywhere");
            });
        }
    }

    @Test
    void adjacentDistGraphKeepsEachProcesssOwnOrderAndWeights() { // 8.5.4
        try (TestJob t = new TestJob(6)) {
            t.spmd(r -> {
                int me = r.id(), n = 6;
                int[] in = {(me + n - 1) % n, (me + 2) % n}, out = {(me + 1) % n, (me + n - 2) % n};
                Comm d = (Comm) TestJob.call1(r, "MPI_Dist_graph_create_adjacent", "MPI_COMM_WORLD", 2, in, new int[] {me, 2 * me},
                        2, out, new int[] {me + 1, me + 2}, "MPI_INFO_NULL", 0);
                assertEquals(TopoCalls.DIST_GRAPH, TestJob.call1(r, "MPI_Topo_test", d));
                assertArrayEquals(new Object[] {2, 2, true}, call(r, "MPI_Dist_graph_neighbors_count", d));
                Object[] nb = call(r, "MPI_Dist_graph_neighbors", d, 2, 2);
                assertArrayEquals(in, (int[]) nb[0]);
                assertArrayEquals(new int[] {me, 2 * me}, (int[]) nb[1]);
                assertArrayEquals(out, (int[]) nb[2]);
                assertArrayEquals(new int[] {me + 1, me + 2}, (int[]) nb[3]);
                Comm u = (Comm) TestJob.call1(r, "MPI_Dist_graph_create_adjacent", "MPI_COMM_WORLD", 2, in, "MPI_UNWEIGHTED",
                        2, out, "MPI_UNWEIGHTED", "MPI_INFO_NULL", 0);
                assertEquals(false, call(r, "MPI_Dist_graph_neighbors_count", u)[2]);
            });
        }
    }

    @Test
    void distGraphCreateFromEdgesOneProcessGives() { // 8.5.4; order as Open MPI and MPICH give it
        int[][] sources = {{3, 5}, {0, 4}, {1, 5}, {0, 2}, {1, 3}, {2, 4}};
        int[][] sourceWeights = {{30, 50}, {1, 41}, {12, 52}, {3, 23}, {14, 34}, {25, 45}};
        int[][] dests = {{1, 3}, {2, 4}, {3, 5}, {4, 0}, {5, 1}, {0, 2}};
        int[][] destWeights = {{1, 3}, {12, 14}, {23, 25}, {34, 30}, {45, 41}, {50, 52}};
        try (TestJob t = new TestJob(6)) {
            t.spmd(r -> {
                int me = r.id(), size = 6;
                int n = me == 0 ? size : 0;
                int[] srcs = new int[n], degs = new int[n], dsts = new int[2 * n], ws = new int[2 * n];
                for (int i = 0; i < n; i++) {
                    srcs[i] = i;
                    degs[i] = 2;
                    dsts[2 * i] = (i + 1) % size;
                    dsts[2 * i + 1] = (i + 3) % size;
                    ws[2 * i] = 10 * i + dsts[2 * i];
                    ws[2 * i + 1] = 10 * i + dsts[2 * i + 1];
                }
                Comm e = (Comm) TestJob.call1(r, "MPI_Dist_graph_create", "MPI_COMM_WORLD", n, srcs, degs, dsts,
                        me == 0 ? ws : new int[] {GraphCalls.WEIGHTS_EMPTY}, "MPI_INFO_NULL", 0);
                assertArrayEquals(new Object[] {2, 2, true}, call(r, "MPI_Dist_graph_neighbors_count", e));
                Object[] nb = call(r, "MPI_Dist_graph_neighbors", e, 8, 8);
                assertArrayEquals(sources[me], (int[]) nb[0]);
                assertArrayEquals(sourceWeights[me], (int[]) nb[1]);
                assertArrayEquals(dests[me], (int[]) nb[2]);
                assertArrayEquals(destWeights[me], (int[]) nb[3]);
            });
        }
    }

    @Test
    void inconsistentAdjacencyFailsEverywhereAndNothingHangs() { // 8.5.4
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                // rank 0 sends to 1, but rank 1 does not list 0 as a source
                int[] none = {};
                MpiException e = fails(ErrorClass.MPI_ERR_TOPOLOGY, r, "MPI_Dist_graph_create_adjacent", "MPI_COMM_WORLD", 0, none, "MPI_UNWEIGHTED",
                        r.id() == 0 ? 1 : 0, r.id() == 0 ? new int[] {1} : none, "MPI_UNWEIGHTED", "MPI_INFO_NULL", 0);
                assertTrue(e.getMessage().contains("rank 0 lists rank 1 among its destinations once but rank 1 lists rank 0 among its sources 0 times"), e.getMessage());
                // a bad argument on one rank: it fails with its own error, the other with MPI_ERR_OTHER naming it
                int bad = r.id() == 1 ? -1 : 0;
                fails(r.id() == 1 ? ErrorClass.MPI_ERR_ARG : ErrorClass.MPI_ERR_OTHER, r, "MPI_Dist_graph_create_adjacent", "MPI_COMM_WORLD",
                        bad, none, "MPI_UNWEIGHTED", 0, none, "MPI_UNWEIGHTED", "MPI_INFO_NULL", 0);
                fails(ErrorClass.MPI_ERR_ARG, r, "MPI_Dist_graph_create_adjacent", "MPI_COMM_WORLD", 0, none,
                        r.id() == 0 ? "MPI_UNWEIGHTED" : "MPI_WEIGHTS_EMPTY", 0, none, r.id() == 0 ? "MPI_UNWEIGHTED" : "MPI_WEIGHTS_EMPTY", "MPI_INFO_NULL", 0);
                fails(ErrorClass.MPI_ERR_RANK, r, "MPI_Dist_graph_create", "MPI_COMM_WORLD", 1, new int[] {r.id()}, new int[] {1}, new int[] {2},
                        "MPI_UNWEIGHTED", "MPI_INFO_NULL", 0);
            });
        }
    }
}
