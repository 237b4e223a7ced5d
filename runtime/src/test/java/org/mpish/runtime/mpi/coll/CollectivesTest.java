package org.mpish.runtime.mpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.coll.CollFixture.call;
import static org.mpish.runtime.mpi.coll.CollFixture.doubles;
import static org.mpish.runtime.mpi.coll.CollFixture.ints;
import static org.mpish.runtime.mpi.coll.CollFixture.readDoubles;
import static org.mpish.runtime.mpi.coll.CollFixture.readInts;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.op.Op;

/** The blocking collectives on intracommunicators with exact values (MPI-4.1 6.5-6.11), 4 ranks each. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CollectivesTest {
    static final String W = "MPI_COMM_WORLD";
    static final long IN_PLACE = CollCalls.IN_PLACE;

    static int me(Rank r) { return r.id(); }

    @Test
    void gatherAndGathervPutEachRanksBlockInRankOrder() { // MPI-4.1 6.5
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int m = me(r);
                long recv = ints(r, new int[8]);
                call(r, "MPI_Gather", ints(r, m * 10, m * 10 + 1), 2, "MPI_INT", recv, 2, "MPI_INT", 2, W);
                if (m == 2) assertArrayEquals(new int[] {0, 1, 10, 11, 20, 21, 30, 31}, readInts(r, recv, 8));
                else assertArrayEquals(new int[8], readInts(r, recv, 8), "only the root receives");
                // rank i sends i+1 values; the root places them at displs, back to front
                int[] counts = {1, 2, 3, 4}, displs = {9, 7, 4, 0};
                long vrecv = ints(r, new int[10]);
                int[] mine = new int[m + 1];
                for (int i = 0; i <= m; i++) mine[i] = 100 * m + i;
                call(r, "MPI_Gatherv", ints(r, mine), m + 1, "MPI_INT", vrecv, counts, displs, "MPI_INT", 0, W);
                if (m == 0) assertArrayEquals(new int[] {300, 301, 302, 303, 200, 201, 202, 100, 101, 0}, readInts(r, vrecv, 10));
            });
        }
    }

    @Test
    void scatterAndScattervHandOutTheRootsBlocks() { // MPI-4.1 6.6
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int m = me(r);
                long send = m == 1 ? ints(r, 0, 1, 2, 3, 4, 5, 6, 7) : 0;
                long recv = ints(r, -1, -1);
                call(r, "MPI_Scatter", send, 2, "MPI_INT", recv, 2, "MPI_INT", 1, W);
                assertArrayEquals(new int[] {2 * m, 2 * m + 1}, readInts(r, recv, 2));
                long vsend = m == 0 ? ints(r, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19) : 0;
                long vrecv = ints(r, new int[4]);
                call(r, "MPI_Scatterv", vsend, new int[] {1, 2, 3, 4}, new int[] {9, 6, 3, 0}, "MPI_INT", vrecv, m + 1, "MPI_INT", 0, W);
                int[][] want = {{19, 0, 0, 0}, {16, 17, 0, 0}, {13, 14, 15, 0}, {10, 11, 12, 13}};
                assertArrayEquals(want[m], readInts(r, vrecv, 4));
            });
        }
    }

    @Test
    void allgatherAllgathervAndAlltoallFamily() { // MPI-4.1 6.7, 6.8
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int m = me(r);
                long all = ints(r, new int[4]);
                call(r, "MPI_Allgather", ints(r, m * m), 1, "MPI_INT", all, 1, "MPI_INT", W);
                assertArrayEquals(new int[] {0, 1, 4, 9}, readInts(r, all, 4));
                long v = ints(r, new int[11]);
                int[] mine = new int[m + 1];
                java.util.Arrays.fill(mine, m);
                call(r, "MPI_Allgatherv", ints(r, mine), m + 1, "MPI_INT", v, new int[] {1, 2, 3, 4}, new int[] {0, 1, 3, 7}, "MPI_INT", W);
                assertArrayEquals(new int[] {0, 1, 1, 2, 2, 2, 0, 3, 3, 3, 3}, readInts(r, v, 11));
                long a2a = ints(r, new int[4]);
                call(r, "MPI_Alltoall", ints(r, 10 * m, 10 * m + 1, 10 * m + 2, 10 * m + 3), 1, "MPI_INT", a2a, 1, "MPI_INT", W);
                assertArrayEquals(new int[] {m, 10 + m, 20 + m, 30 + m}, readInts(r, a2a, 4));
                // alltoallv: rank i sends j+1 copies of 100i+j to rank j; receives (me+1) values from each
                int[] sc = {1, 2, 3, 4}, sd = {0, 1, 3, 6};
                int[] send = new int[10];
                for (int j = 0, k = 0; j < 4; j++) for (int c = 0; c <= j; c++) send[k++] = 100 * m + j;
                int[] rc = new int[4], rd = new int[4];
                for (int j = 0; j < 4; j++) { rc[j] = m + 1; rd[j] = j * (m + 1); }
                long vv = ints(r, new int[4 * (m + 1)]);
                call(r, "MPI_Alltoallv", ints(r, send), sc, sd, "MPI_INT", vv, rc, rd, "MPI_INT", W);
                int[] want = new int[4 * (m + 1)];
                for (int j = 0; j < 4; j++) for (int c = 0; c <= m; c++) want[j * (m + 1) + c] = 100 * j + m;
                assertArrayEquals(want, readInts(r, vv, want.length));
                // alltoallw: an int to everyone, received as doubles-sized slots (byte displacements)
                long w = ints(r, new int[8]);
                List<String> it = List.of("MPI_INT", "MPI_INT", "MPI_INT", "MPI_INT");
                call(r, "MPI_Alltoallw", ints(r, m, m, m, m), new int[] {1, 1, 1, 1}, new int[] {0, 4, 8, 12}, it,
                        w, new int[] {1, 1, 1, 1}, new int[] {0, 8, 16, 24}, it, W);
                assertArrayEquals(new int[] {0, 0, 1, 0, 2, 0, 3, 0}, readInts(r, w, 8));
            });
        }
    }

    @Test
    void reductionsGiveExactValues() { // MPI-4.1 6.9.1, 6.9.3, 6.10, 6.11
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int m = me(r);
                long res = ints(r, 0, 0);
                call(r, "MPI_Reduce", ints(r, m + 1, -m), res, 2, "MPI_INT", "MPI_SUM", 3, W);
                assertArrayEquals(m == 3 ? new int[] {10, -6} : new int[] {0, 0}, readInts(r, res, 2));
                long d = doubles(r, 0);
                call(r, "MPI_Allreduce", doubles(r, m == 2 ? 7.5 : -m), d, 1, "MPI_DOUBLE", "MPI_MAX", W);
                assertEquals(7.5, readDoubles(r, d, 1)[0]);
                long loc = ints(r, 0, 0);
                call(r, "MPI_Allreduce", ints(r, m % 2 == 1 ? 9 : m, m), loc, 1, "MPI_2INT", "MPI_MAXLOC", W);
                assertArrayEquals(new int[] {9, 1}, readInts(r, loc, 2), "the largest value, the smallest rank holding it");
                long rsb = ints(r, 0, 0);
                call(r, "MPI_Reduce_scatter_block", ints(r, 1, 2, 3, 4, 5, 6, 7, 8), rsb, 2, "MPI_INT", "MPI_PROD", W);
                assertArrayEquals(new int[] {(int) Math.pow(2 * m + 1, 4), (int) Math.pow(2 * m + 2, 4)}, readInts(r, rsb, 2));
                long rs = ints(r, new int[4]);
                call(r, "MPI_Reduce_scatter", ints(r, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), rs, new int[] {1, 2, 3, 4}, "MPI_INT", "MPI_SUM", W);
                int[][] want = {{4, 0, 0, 0}, {8, 12, 0, 0}, {16, 20, 24, 0}, {28, 32, 36, 40}};
                assertArrayEquals(want[m], readInts(r, rs, 4));
                long sc = ints(r, 0);
                call(r, "MPI_Scan", ints(r, m + 1), sc, 1, "MPI_INT", "MPI_SUM", W);
                assertEquals(new int[] {1, 3, 6, 10}[m], readInts(r, sc, 1)[0]);
                long ex = ints(r, -99);
                call(r, "MPI_Exscan", ints(r, m + 1), ex, 1, "MPI_INT", "MPI_PROD", W);
                assertEquals(new int[] {-99, 1, 2, 6}[m], readInts(r, ex, 1)[0], "rank 0's recvbuf is left as it was");
            });
        }
    }

    @Test
    void inPlaceFormsReadAndWriteRecvbuf() { // MPI-4.1 6.5-6.11, "in place" paragraphs
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int m = me(r);
                long g = m == 0 ? ints(r, 5, -1, -1, -1) : 0;
                call(r, "MPI_Gather", m == 0 ? IN_PLACE : ints(r, m), 1, "MPI_INT", g, 1, "MPI_INT", 0, W);
                if (m == 0) assertArrayEquals(new int[] {5, 1, 2, 3}, readInts(r, g, 4));
                long s = m == 0 ? ints(r, 40, 41, 42, 43) : ints(r, -1);
                call(r, "MPI_Scatter", s, 1, "MPI_INT", m == 0 ? IN_PLACE : s, 1, "MPI_INT", 0, W);
                assertEquals(40 + m, readInts(r, s, 1)[0]);
                if (m == 0) assertArrayEquals(new int[] {40, 41, 42, 43}, readInts(r, s, 4), "the root's buffer is left alone");
                long ag = ints(r, -1, -1, -1, -1);
                r.memory().writeInt(ag + 4L * m, m + 70);
                call(r, "MPI_Allgather", IN_PLACE, 0, "MPI_DATATYPE_NULL", ag, 1, "MPI_INT", W);
                assertArrayEquals(new int[] {70, 71, 72, 73}, readInts(r, ag, 4));
                long a2a = ints(r, 10 * m, 10 * m + 1, 10 * m + 2, 10 * m + 3);
                call(r, "MPI_Alltoall", IN_PLACE, 0, "MPI_DATATYPE_NULL", a2a, 1, "MPI_INT", W);
                assertArrayEquals(new int[] {m, 10 + m, 20 + m, 30 + m}, readInts(r, a2a, 4));
                long red = ints(r, m + 1);
                call(r, "MPI_Reduce", m == 1 ? IN_PLACE : red, red, 1, "MPI_INT", "MPI_SUM", 1, W);
                assertEquals(m == 1 ? 10 : m + 1, readInts(r, red, 1)[0]);
                long ar = ints(r, m + 1);
                call(r, "MPI_Allreduce", IN_PLACE, ar, 1, "MPI_INT", "MPI_MIN", W);
                assertEquals(1, readInts(r, ar, 1)[0]);
                long rsb = ints(r, 1, 2, 3, 4);
                call(r, "MPI_Reduce_scatter_block", IN_PLACE, rsb, 1, "MPI_INT", "MPI_SUM", W);
                assertEquals(4 * (m + 1), readInts(r, rsb, 1)[0], "the block lands at the start of recvbuf");
                long sc = ints(r, m + 1);
                call(r, "MPI_Scan", IN_PLACE, sc, 1, "MPI_INT", "MPI_MAX", W);
                assertEquals(m + 1, readInts(r, sc, 1)[0]);
                long ex = ints(r, m + 1);
                call(r, "MPI_Exscan", IN_PLACE, ex, 1, "MPI_INT", "MPI_SUM", W);
                assertEquals(new int[] {1, 1, 3, 6}[m], readInts(r, ex, 1)[0]);
            });
        }
    }

    @Test
    void nonCommutativeUserOpsCombineLeftToRightInRankOrder() { // MPI-4.1 6.9.5: the canonical order
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int m = me(r);
                UserFn digits = new UserFn() {
                    @Override public void apply(long in, long inout, int len, Datatype type) {
                        for (int i = 0; i < len; i++) {
                            r.memory().writeInt(inout + 4L * i, r.memory().readInt(in + 4L * i) * 10 + r.memory().readInt(inout + 4L * i));
                        }
                    }
                    @Override public String describe() { return "digits"; }
                };
                Op op = (Op) TestJob.call1(r, "MPI_Op_create", digits, false);
                for (int round = 0; round < 20; round++) { // the same answer every time
                    long all = ints(r, 0, 0);
                    call(r, "MPI_Allreduce", ints(r, m + 1, 4 - m), all, 2, "MPI_INT", op, W);
                    assertArrayEquals(new int[] {1234, 4321}, readInts(r, all, 2));
                }
                long red = ints(r, 0);
                call(r, "MPI_Reduce", ints(r, m + 5), red, 1, "MPI_INT", op, 0, W);
                if (m == 0) assertEquals(5678, readInts(r, red, 1)[0]);
                long sc = ints(r, 0);
                call(r, "MPI_Scan", ints(r, m + 1), sc, 1, "MPI_INT", op, W);
                assertEquals(new int[] {1, 12, 123, 1234}[m], readInts(r, sc, 1)[0]);
                long ex = ints(r, 0);
                call(r, "MPI_Exscan", ints(r, m + 1), ex, 1, "MPI_INT", op, W);
                if (m > 0) assertEquals(new int[] {0, 1, 12, 123}[m], readInts(r, ex, 1)[0]);
                long rs = ints(r, 0);
                call(r, "MPI_Reduce_scatter_block", ints(r, m, m, m, m), rs, 1, "MPI_INT", op, W);
                assertEquals(123, readInts(r, rs, 1)[0], "0, 1, 2, 3 appended in rank order");
            });
        }
    }

    @Test
    void derivedDatatypesOnBothSides() { // MPI-4.1 6.1: any datatype, matching type signatures
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int m = me(r);
                // each rank sends a row of 4 ints; the root receives them as columns of a 4x4 row-major matrix
                Datatype col = (Datatype) TestJob.call1(r, "MPI_Type_vector", 4, 1, 4, "MPI_INT");
                Datatype colR = (Datatype) TestJob.call1(r, "MPI_Type_create_resized", col, 0L, 4L);
                call(r, "MPI_Type_commit", colR);
                long mat = ints(r, new int[16]);
                call(r, "MPI_Gather", ints(r, m, m, m, m), 4, "MPI_INT", mat, 1, colR, 0, W);
                if (m == 0) assertArrayEquals(new int[] {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}, readInts(r, mat, 16));
                // Allreduce on the column type: only every 4th int takes part
                long src = ints(r, 1, 100, 100, 100, 2, 100, 100, 100, 3, 100, 100, 100, 4, 100, 100, 100);
                long dst = ints(r, new int[16]);
                call(r, "MPI_Allreduce", src, dst, 1, colR, "MPI_SUM", W);
                assertArrayEquals(new int[] {4, 0, 0, 0, 8, 0, 0, 0, 12, 0, 0, 0, 16, 0, 0, 0}, readInts(r, dst, 16));
            });
        }
    }

    @Test
    void traceFamilyCollHasOneBeginAndEndPerCollectivePerRank() { // issue 14, "seeing it"
        try (TestJob t = new TestJob(3)) {
            List<org.mpish.runtime.Event> ev = t.record();
            t.spmd(r -> {
                long out = ints(r, 0);
                call(r, "MPI_Allreduce", ints(r, 1, 2), out, 2, "MPI_INT", "MPI_SUM", W);
            });
            List<org.mpish.runtime.Event> coll = ev.stream().filter(e -> e.family().equals("coll")).toList();
            assertEquals(6, coll.size(), coll.toString());
            for (int rank = 0; rank < 3; rank++) {
                int k = rank;
                org.mpish.runtime.Event end = coll.stream().filter(e -> e.rank() == k && e.kind().equals("end")).findFirst().orElseThrow();
                assertEquals("MPI_Allreduce on MPI_COMM_WORLD matched world ranks 0,1,2; 16 bytes from the others", end.text());
                assertTrue(coll.stream().anyMatch(e -> e.rank() == k && e.kind().equals("begin") && e.text().endsWith("8 bytes in")));
            }
        }
    }

    @Test
    void onOneProcessEveryCollectiveIsALocalCopy() { // the one-participant fast path
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long out = ints(r, 0);
                call(r, "MPI_Allreduce", ints(r, 42), out, 1, "MPI_INT", "MPI_SUM", "MPI_COMM_SELF");
                assertEquals(42, readInts(r, out, 1)[0]);
                call(r, "MPI_Alltoall", ints(r, 7), 1, "MPI_INT", out, 1, "MPI_INT", "MPI_COMM_SELF");
                assertEquals(7, readInts(r, out, 1)[0]);
            });
        }
    }

    @Test
    void intercommunicatorFormsCrossBetweenTheGroups() { // MPI-4.1 6.2.2, 6.3: MPI_ROOT / MPI_PROC_NULL roots
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int m = me(r), color = m % 2;
                Comm local = (Comm) TestJob.call1(r, "MPI_Comm_split", W, color, m);
                Comm inter = (Comm) TestJob.call1(r, "MPI_Intercomm_create", local, 0, W, 1 - color, 9);
                int lr = inter.rank(); // evens: world 0, 2 = local 0, 1; odds: world 1, 3 = local 0, 1
                // group of evens gathers at its rank 0 from the odds
                long g = ints(r, -1, -1);
                int root = color == 0 ? (lr == 0 ? -3 : -1) : 0; // MPI_ROOT, MPI_PROC_NULL, or remote rank 0
                call(r, "MPI_Gather", ints(r, 100 + m), 1, "MPI_INT", g, 1, "MPI_INT", root, inter);
                if (m == 0) assertArrayEquals(new int[] {101, 103}, readInts(r, g, 2));
                if (m == 2) assertArrayEquals(new int[] {-1, -1}, readInts(r, g, 2), "MPI_PROC_NULL takes no part");
                // Allreduce: each group gets the sum of the other group's values
                long s = ints(r, 0);
                call(r, "MPI_Allreduce", ints(r, m + 1), s, 1, "MPI_INT", "MPI_SUM", inter);
                assertEquals(color == 0 ? 2 + 4 : 1 + 3, readInts(r, s, 1)[0]);
                // Allgather: the other group's blocks
                long ag = ints(r, 0, 0);
                call(r, "MPI_Allgather", ints(r, m), 1, "MPI_INT", ag, 1, "MPI_INT", inter);
                assertArrayEquals(color == 0 ? new int[] {1, 3} : new int[] {0, 2}, readInts(r, ag, 2));
                // Scatter from odd rank 0 (world 1) to the evens
                long sc = ints(r, -1);
                int sroot = color == 1 ? (lr == 0 ? -3 : -1) : 0;
                call(r, "MPI_Scatter", color == 1 ? ints(r, 55, 66) : 0L, 1, "MPI_INT", sc, 1, "MPI_INT", sroot, inter);
                if (color == 0) assertEquals(lr == 0 ? 55 : 66, readInts(r, sc, 1)[0]);
                // Reduce to the odds' rank 0 of the evens' values
                long rd = ints(r, 0);
                call(r, "MPI_Reduce", ints(r, m + 1), rd, 1, "MPI_INT", "MPI_PROD", sroot, inter);
                if (m == 1) assertEquals(1 * 3, readInts(r, rd, 1)[0]);
                // Alltoall: each sends its remote rank j the value 10*m + j
                long aa = ints(r, 0, 0);
                call(r, "MPI_Alltoall", ints(r, 10 * m, 10 * m + 1), 1, "MPI_INT", aa, 1, "MPI_INT", inter);
                int[] peers = color == 0 ? new int[] {1, 3} : new int[] {0, 2};
                assertArrayEquals(new int[] {10 * peers[0] + lr, 10 * peers[1] + lr}, readInts(r, aa, 2));
                // Reduce_scatter_block: one group's vectors are reduced and scattered over the other group (6.10.2)
                long rsb = ints(r, 0);
                call(r, "MPI_Reduce_scatter_block", ints(r, 10 * m, 10 * m + 1), rsb, 1, "MPI_INT", "MPI_SUM", inter);
                assertEquals(color == 0 ? 40 + 2 * lr : 20 + 2 * lr, readInts(r, rsb, 1)[0]);
                // a nonblocking broadcast from the odds' rank 0 to the evens, with MPI_ROOT / MPI_PROC_NULL
                long bb = ints(r, m == 1 ? 99 : -1);
                Object q = TestJob.call1(r, "MPI_Ibcast", bb, 1, "MPI_INT", sroot, inter);
                call(r, "MPI_Wait", q);
                assertEquals(color == 0 || m == 1 ? 99 : -1, readInts(r, bb, 1)[0]);
            });
        }
    }
}
