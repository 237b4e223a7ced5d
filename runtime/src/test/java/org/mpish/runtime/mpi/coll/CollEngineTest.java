package org.mpish.runtime.mpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.mpi.coll.CollFixture.call;
import static org.mpish.runtime.mpi.coll.CollFixture.doubles;
import static org.mpish.runtime.mpi.coll.CollFixture.ints;
import static org.mpish.runtime.mpi.coll.CollFixture.readDoubles;
import static org.mpish.runtime.mpi.coll.CollFixture.readInts;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.TestJob;

/**
 * The collective engine under load it rarely sees in the other tests: many collectives of one communicator
 * under way at once (their meeting places share buckets by sequence number), and the short path that folds
 * small MPI_DOUBLE vectors in packed arrays. Expected values follow from MPI-4.1 6.12 (nonblocking
 * collectives match in the order they are started, whatever order they complete in) and 6.9.1 (the sum and the
 * product of each element over the ranks), with inputs chosen so every result is exact in binary floating point.
 */
class CollEngineTest {
    static final String W = "MPI_COMM_WORLD";

    /** 200 nonblocking allreduces outstanding on every rank, started in a staggered order and completed in reverse. */
    @Test
    void manyOutstandingCollectivesEachMeetTheirOwnPartners() {
        int n = 3, k = 200;
        try (TestJob t = new TestJob(n)) {
            t.spmd(r -> {
                int me = r.id();
                List<Object> reqs = new ArrayList<>();
                long[] out = new long[k];
                for (int i = 0; i < k; i++) {
                    out[i] = ints(r, 0);
                    reqs.add(TestJob.call1(r, "MPI_Iallreduce", ints(r, 1000 * i + me), out[i], 1, "MPI_INT", "MPI_SUM", W));
                }
                for (int i = k - 1; i >= 0; i--) call(r, "MPI_Wait", reqs.get(i));
                for (int i = 0; i < k; i++) {
                    // sum over ranks 0..2 of 1000 i + rank = 3000 i + 3
                    assertEquals(3000 * i + 3, readInts(r, out[i], 1)[0], "collective " + i + " on rank " + me);
                }
            });
        }
    }

    /** Blocking collectives run far past the number of buckets, a barrier between each pair of them. */
    @Test
    void longRunsOfBlockingCollectivesReuseNoMeetingPlace() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                int me = r.id();
                for (int i = 0; i < 150; i++) { // 300 collectives: past the 64 buckets several times
                    long out = ints(r, 0);
                    call(r, "MPI_Allreduce", ints(r, i * me), out, 1, "MPI_INT", "MPI_MAX", W);
                    assertEquals(3 * i, readInts(r, out, 1)[0], "round " + i);
                    call(r, "MPI_Barrier", W);
                }
            });
        }
    }

    /** SUM and PROD of MPI_DOUBLE through the packed-array fold, at 3 ranks and 5 elements (an odd length). */
    @Test
    void smallDoubleSumsAndProductsAreExact() {
        double[][] in = {{1.5, -2.0, 0.25, 8.0, 3.0}, {-2.25, 4.0, 0.5, 0.125, -1.0}, {4.0, 0.5, -16.0, 2.0, 0.0}};
        double[] sum = {3.25, 2.5, -15.25, 10.125, 2.0};
        double[] prod = {-13.5, -4.0, -2.0, 2.0, -0.0};
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                int me = r.id();
                long s = doubles(r, 0, 0, 0, 0, 0), p = doubles(r, 0, 0, 0, 0, 0);
                call(r, "MPI_Allreduce", doubles(r, in[me]), s, 5, "MPI_DOUBLE", "MPI_SUM", W);
                call(r, "MPI_Allreduce", doubles(r, in[me]), p, 5, "MPI_DOUBLE", "MPI_PROD", W);
                assertArrayEquals(sum, readDoubles(r, s, 5), "sum on rank " + me);
                assertArrayEquals(prod, readDoubles(r, p, 5), "product on rank " + me);
                assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(readDoubles(r, p, 5)[4]), "3 x -1 x 0 is -0");
            });
        }
    }
}
