package org.mpish.runtime.mpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.coll.CollFixture.call;
import static org.mpish.runtime.mpi.coll.CollFixture.fails;
import static org.mpish.runtime.mpi.coll.CollFixture.ints;
import static org.mpish.runtime.mpi.coll.CollFixture.readInts;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * Neighbourhood collectives (MPI-4.1 8.6, 8.7, 8.8). Every expected buffer is what Open MPI 4.1.4 and MPICH 4.0.2
 * produced on this machine for the same program (6 processes; the two agree): a 2 x 3 grid periodic along its
 * first dimension only, a graph of four nodes, and a distributed graph where each process sends to r+1 and r-2.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NeighborCollTest {
    static final int[][] CART_ALLTOALL = {{301, 300, -1, 102}, {401, 400, 3, 202}, {501, 500, 103, -1},
            {1, 0, -1, 402}, {101, 100, 303, 502}, {201, 200, 403, -1}};
    static final int[][] CART_ALLGATHER = {{3, 3, -1, 1}, {4, 4, 0, 2}, {5, 5, 1, -1}, {0, 0, -1, 4}, {1, 1, 3, 5}, {2, 2, 4, -1}};
    static final int[][] GRAPH_ALLTOALL = {{10, 30}, {0}, {31}, {1, 20}};
    static final int[][] ADJ_ALLTOALL = {{5000, 2001}, {0, 3001}, {1000, 4001}, {2000, 5001}, {3000, 1}, {4000, 1001}};
    static final int[][] ADJ_ALLTOALLV = {{5, 20, 21}, {0, 30, 31}, {1, 40, 41}, {2, 50, 51}, {3, 0, 1}, {4, 10, 11}};

    static Comm cart(Rank r) {
        return (Comm) TestJob.call1(r, "MPI_Cart_create", "MPI_COMM_WORLD", 2, new int[] {2, 3}, new int[] {1, 0}, 0);
    }

    static Comm adjacent(Rank r) {
        int me = r.id(), n = 6;
        return (Comm) TestJob.call1(r, "MPI_Dist_graph_create_adjacent", "MPI_COMM_WORLD", 2, new int[] {(me + n - 1) % n, (me + 2) % n},
                "MPI_UNWEIGHTED", 2, new int[] {(me + 1) % n, (me + n - 2) % n}, "MPI_UNWEIGHTED", "MPI_INFO_NULL", 0);
    }

    @Test
    void cartesianOrderIsEachDimensionBackThenAheadAndProcNullLeavesTheBlock() { // 8.6
        try (TestJob t = new TestJob(6)) {
            t.spmd(r -> {
                int me = r.id();
                Comm c = cart(r);
                long s = ints(r, 100 * me, 100 * me + 1, 100 * me + 2, 100 * me + 3), rb = ints(r, -1, -1, -1, -1);
                TestJob.call(r, "MPI_Neighbor_alltoall", s, 1, "MPI_INT", rb, 1, "MPI_INT", c);
                assertArrayEquals(CART_ALLTOALL[me], readInts(r, rb, 4));
                long one = ints(r, me), g = ints(r, -1, -1, -1, -1);
                TestJob.call(r, "MPI_Neighbor_allgather", one, 1, "MPI_INT", g, 1, "MPI_INT", c);
                assertArrayEquals(CART_ALLGATHER[me], readInts(r, g, 4));
            });
        }
    }

    @Test
    void graphAndDistGraphPairEachReceiveWithItsSend() { // 8.6
        try (TestJob t = new TestJob(6)) {
            t.spmd(r -> {
                int me = r.id();
                Object h = TestJob.call1(r, "MPI_Graph_create", "MPI_COMM_WORLD", 4, GraphTopologyTest.INDEX, GraphTopologyTest.EDGES, 0);
                if (me < 4) {
                    int nn = GRAPH_ALLTOALL[me].length;
                    long s = ints(r, 10 * me, 10 * me + 1), rb = ints(r, -1, -1);
                    TestJob.call(r, "MPI_Neighbor_alltoall", s, 1, "MPI_INT", rb, 1, "MPI_INT", h);
                    assertArrayEquals(GRAPH_ALLTOALL[me], readInts(r, rb, nn));
                }
                Comm d = adjacent(r);
                long s = ints(r, 1000 * me, 1000 * me + 1), rb = ints(r, -1, -1);
                TestJob.call(r, "MPI_Neighbor_alltoall", s, 1, "MPI_INT", rb, 1, "MPI_INT", d);
                assertArrayEquals(ADJ_ALLTOALL[me], readInts(r, rb, 2));
                // v: k+1 ints to and from neighbour k
                long sv = ints(r, me, 10 * me, 10 * me + 1), rv = ints(r, -1, -1, -1);
                TestJob.call(r, "MPI_Neighbor_alltoallv", sv, new int[] {1, 2}, new int[] {0, 1}, "MPI_INT",
                        rv, new int[] {1, 2}, new int[] {0, 1}, "MPI_INT", d);
                assertArrayEquals(ADJ_ALLTOALLV[me], readInts(r, rv, 3));
                // w: the same exchange with byte displacements and a datatype per neighbour
                long rw = ints(r, -1, -1, -1);
                TestJob.call(r, "MPI_Neighbor_alltoallw", sv, new int[] {1, 2}, new long[] {0, 4}, List.of("MPI_INT", "MPI_INT"),
                        rw, new int[] {1, 2}, new long[] {0, 4}, List.of("MPI_INT", "MPI_INT"), d);
                assertArrayEquals(ADJ_ALLTOALLV[me], readInts(r, rw, 3));
                // allgatherv: the one block from each source, the second source's placed first
                long one = ints(r, me), gv = ints(r, -1, -1, -1);
                TestJob.call(r, "MPI_Neighbor_allgatherv", one, 1, "MPI_INT", gv, new int[] {1, 1}, new int[] {2, 0}, "MPI_INT", d);
                int n = 6;
                assertArrayEquals(new int[] {(me + 2) % n, -1, (me + n - 1) % n}, readInts(r, gv, 3));
            });
        }
    }

    @Test
    void repeatedEdgesArePairedInTheOrderTheyAreListed() { // 8.6; Open MPI 4.1.4 gives 10 1 12 / 0 11 2 (MPICH 4.0.2 pairs them the other way round)
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                int me = r.id(), o = 1 - me;
                int[] nb = {o, me, o}; // two edges to the other process, a self-loop between them
                Comm d = (Comm) TestJob.call1(r, "MPI_Dist_graph_create_adjacent", "MPI_COMM_WORLD", 3, nb, "MPI_UNWEIGHTED", 3, nb,
                        "MPI_UNWEIGHTED", "MPI_INFO_NULL", 0);
                long s = ints(r, 10 * me, 10 * me + 1, 10 * me + 2), rb = ints(r, -1, -1, -1);
                TestJob.call(r, "MPI_Neighbor_alltoall", s, 1, "MPI_INT", rb, 1, "MPI_INT", d);
                assertArrayEquals(me == 0 ? new int[] {10, 1, 12} : new int[] {0, 11, 2}, readInts(r, rb, 3));
            });
        }
    }

    @Test
    void nonblockingAndPersistentFormsGiveTheSameResult() { // 8.7, 8.8
        try (TestJob t = new TestJob(6)) {
            t.spmd(r -> {
                int me = r.id();
                Comm c = cart(r);
                long s = ints(r, 100 * me, 100 * me + 1, 100 * me + 2, 100 * me + 3), rb = ints(r, -1, -1, -1, -1);
                Object req = TestJob.call1(r, "MPI_Ineighbor_alltoall", s, 1, "MPI_INT", rb, 1, "MPI_INT", c);
                TestJob.call(r, "MPI_Wait", req);
                assertArrayEquals(CART_ALLTOALL[me], readInts(r, rb, 4));
                long rp = ints(r, -1, -1, -1, -1);
                Object p = TestJob.call1(r, "MPI_Neighbor_alltoall_init", s, 1, "MPI_INT", rp, 1, "MPI_INT", c, "MPI_INFO_NULL");
                for (int round = 0; round < 2; round++) {
                    r.memory().writeInt(s, 100 * me + round);
                    TestJob.call(r, "MPI_Start", p);
                    TestJob.call(r, "MPI_Wait", p);
                    int[] want = CART_ALLTOALL[me].clone();
                    int[] src = {(me + 3) % 6, (me + 3) % 6, me % 3 == 0 ? -1 : me - 1, me % 3 == 2 ? -1 : me + 1};
                    // block 1 comes from the neighbour's block 0, which this round rewrote
                    want[1] = 100 * src[1] + round;
                    assertArrayEquals(want, readInts(r, rp, 4), "round " + round);
                }
                TestJob.call(r, "MPI_Request_free", p);
            });
        }
    }

    @Test
    void withoutATopologyOrWithBadArgumentsNothingHangs() { // 8.6
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long b = ints(r, 0, 0);
                MpiException e = fails(ErrorClass.MPI_ERR_TOPOLOGY, r, "MPI_Neighbor_alltoall", b, 1, "MPI_INT", b, 1, "MPI_INT", "MPI_COMM_WORLD");
                assertTrue(e.getMessage().contains("no process topology"), e.getMessage());
                Comm ring = (Comm) TestJob.call1(r, "MPI_Cart_create", "MPI_COMM_WORLD", 1, new int[] {2}, new int[] {1}, 0);
                fails(ErrorClass.MPI_ERR_BUFFER, r, "MPI_Neighbor_allgather", 1L /* MPI_IN_PLACE */, 1, "MPI_INT", b, 1, "MPI_INT", ring);
                fails(r.id() == 0 ? ErrorClass.MPI_ERR_COUNT : ErrorClass.MPI_ERR_OTHER, r, "MPI_Neighbor_alltoall",
                        b, r.id() == 0 ? -1 : 1, "MPI_INT", b, 1, "MPI_INT", ring);
                MpiException shortArray = fails(ErrorClass.MPI_ERR_ARG, r, "MPI_Neighbor_alltoallv", b, new int[] {1}, new int[] {0, 0}, "MPI_INT",
                        b, new int[] {1, 1}, new int[] {0, 0}, "MPI_INT", ring);
                assertTrue(shortArray.getMessage().contains("sendcounts has 1 entries; it needs one per neighbour (2)"), shortArray.getMessage());
                // a two-process periodic ring: both neighbours are the other process, back block from its ahead block
                long s = ints(r, 10 * r.id(), 10 * r.id() + 1), rb = ints(r, -1, -1);
                TestJob.call(r, "MPI_Neighbor_alltoall", s, 1, "MPI_INT", rb, 1, "MPI_INT", ring);
                int o = 1 - r.id();
                assertArrayEquals(new int[] {10 * o + 1, 10 * o}, readInts(r, rb, 2));
            });
        }
    }
}
