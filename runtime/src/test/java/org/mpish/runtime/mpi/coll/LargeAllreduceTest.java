package org.mpish.runtime.mpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.coll.CollFixture.alloc;
import static org.mpish.runtime.mpi.coll.CollFixture.call;
import static org.mpish.runtime.mpi.coll.CollFixture.doubles;
import static org.mpish.runtime.mpi.coll.CollFixture.fails;
import static org.mpish.runtime.mpi.coll.CollFixture.ints;
import static org.mpish.runtime.mpi.coll.CollFixture.readDoubles;
import static org.mpish.runtime.mpi.coll.CollFixture.readInts;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.datatype.Datatype;

/**
 * MPI_Allreduce of vectors past {@link CollReduce#SPLIT_BYTES}, which each rank reduces a block of (a reduce-scatter,
 * then an allgather). The results are those MPI-4.1 6.9.6 defines, element by element on every rank, whatever the
 * block boundaries: block sizes that do not divide the count, in place (6.9.6: recvbuf is the input), derived
 * datatypes that are not contiguous (6.1), and the canonical left-to-right order that
 * mpish promises for every op, which decides the bits of a floating-point sum (IEEE 754 round to nearest even).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LargeAllreduceTest {
    static final String W = "MPI_COMM_WORLD";
    /** Past the split threshold, and odd, so the blocks of 2, 3 and 4 ranks are uneven. */
    static final int COUNT = 10_001;

    @Test
    void everyElementIsTheSumOnEveryRankForTwoThreeAndFourRanks() {
        assertTrue(8L * COUNT >= CollReduce.SPLIT_BYTES, "the vector must be large enough to be split");
        for (int n = 2; n <= 4; n++) {
            int size = n;
            try (TestJob t = new TestJob(n)) {
                t.spmd(r -> {
                    TestJob.returnErrors(r);
                    int m = r.id();
                    double[] v = new double[COUNT];
                    for (int i = 0; i < COUNT; i++) v[i] = 1000.0 * m + i;
                    long in = doubles(r, v), out = alloc(r, 8L * COUNT);
                    call(r, "MPI_Allreduce", in, out, COUNT, "MPI_DOUBLE", "MPI_SUM", W);
                    double[] got = readDoubles(r, out, COUNT);
                    for (int i = 0; i < COUNT; i++) {
                        assertEquals(1000.0 * size * (size - 1) / 2 + (double) size * i, got[i], "element " + i + " on rank " + m);
                    }
                    assertArrayEquals(v, readDoubles(r, in, COUNT), "sendbuf is not changed");
                    // MPI_MAX of ints in place on the even ranks: rank m's element i is (i + m) % 7, so the maximum
                    // is 6 wherever some rank has it, else the largest of the n values
                    int[] w = new int[2 * COUNT];
                    for (int i = 0; i < w.length; i++) w[i] = (i + m) % 7;
                    long buf = ints(r, w), res = m % 2 == 0 ? buf : alloc(r, 8L * COUNT);
                    call(r, "MPI_Allreduce", m % 2 == 0 ? CollCalls.IN_PLACE : buf, res, 2 * COUNT, "MPI_INT", "MPI_MAX", W);
                    int[] max = readInts(r, res, 2 * COUNT);
                    for (int i = 0; i < max.length; i++) {
                        int want = 0;
                        for (int k = 0; k < size; k++) want = Math.max(want, (i + k) % 7);
                        assertEquals(want, max[i], "element " + i + " on rank " + m);
                    }
                });
            }
        }
    }

    @Test
    void theSumIsTakenLeftToRightInRankOrderOnEveryRank() { // MPI-4.1 6.9.1, 6.9.5
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                // ((1e16 + 1) + -1e16) + 1 = 1: 1e16 + 1 rounds to 1e16 (a tie, to even); any other order gives 0 or 2
                double mine = new double[] {1e16, 1.0, -1e16, 1.0}[r.id()];
                double[] v = new double[COUNT];
                java.util.Arrays.fill(v, mine);
                long out = alloc(r, 8L * COUNT);
                call(r, "MPI_Allreduce", doubles(r, v), out, COUNT, "MPI_DOUBLE", "MPI_SUM", W);
                double[] got = readDoubles(r, out, COUNT);
                for (int i = 0; i < COUNT; i++) assertEquals(1.0, got[i], "element " + i + " on rank " + r.id());
            });
        }
    }

    @Test
    void aStridedDatatypeIsReadAndWrittenThroughItsTypeMap() { // MPI-4.1 6.1, 6.9.6: any datatype, the same on every rank
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int m = r.id();
                double[] v = new double[2 * COUNT];
                for (int i = 0; i < COUNT; i++) {
                    v[2 * i] = i + m;
                    v[2 * i + 1] = -1; // the gaps take no part
                }
                long in = doubles(r, v), out = doubles(r, new double[2 * COUNT]);
                Datatype strided = (Datatype) TestJob.call1(r, "MPI_Type_vector", COUNT, 1, 2, "MPI_DOUBLE");
                call(r, "MPI_Type_commit", strided);
                call(r, "MPI_Allreduce", in, out, 1, strided, "MPI_SUM", W);
                double[] got = readDoubles(r, out, 2 * COUNT);
                for (int i = 0; i < COUNT; i++) {
                    assertEquals(3.0 * i + 3, got[2 * i], "element " + i + " on rank " + m);
                    assertEquals(0.0, got[2 * i + 1], "the gaps of the strided type are not written");
                }
            });
        }
    }

    @Test
    void mismatchedCountsAreStillReportedOnEveryRank() { // MPI-4.1 6.9.6: count must be the same everywhere
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long in = alloc(r, 8L * (COUNT + 1)), out = alloc(r, 8L * (COUNT + 1));
                var e = fails(ErrorClass.MPI_ERR_COUNT, r, "MPI_Allreduce", in, out, COUNT + r.id(), "MPI_DOUBLE", "MPI_SUM", W);
                assertTrue(e.getMessage().contains("every rank must pass the same count"), e.getMessage());
                // and the communicator is usable afterwards
                call(r, "MPI_Allreduce", doubles(r, new double[COUNT]), out, COUNT, "MPI_DOUBLE", "MPI_SUM", W);
            });
        }
    }
}
