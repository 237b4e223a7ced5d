package org.mpish.runtime.mpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.coll.CollFixture.call;
import static org.mpish.runtime.mpi.coll.CollFixture.fails;
import static org.mpish.runtime.mpi.coll.CollFixture.ints;
import static org.mpish.runtime.mpi.coll.CollFixture.readInts;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * Bad input to the collectives: each gets its error class with a message naming the argument, on the rank
 * that passed it, and the other ranks fail too instead of waiting for it (nothing hangs). MPI-4.1 6.1 (matching
 * arguments), 6.9.2 (op and type), and the "in place" rules of 6.5-6.11.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CollErrorsTest {
    static final String W = "MPI_COMM_WORLD";

    static MpiException failsWith(int cls, Rank r, String call, Object... args) { return fails(cls, r, call, args); }

    static void contains(MpiException e, String... words) {
        for (String w : words) assertTrue(e.getMessage().contains(w), "'" + w + "' in: " + e.getMessage());
    }

    @Test
    void aNegativeCountFailsThatRankAndTheOthersWithoutHanging() {
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long out = ints(r, 0);
                if (r.id() == 1) {
                    contains(failsWith(ErrorClass.MPI_ERR_COUNT, r, "MPI_Allreduce", ints(r, 1), out, -1, "MPI_INT", "MPI_SUM", W),
                            "MPI_Allreduce", "count = -1", "[rank 1]");
                } else {
                    contains(failsWith(ErrorClass.MPI_ERR_OTHER, r, "MPI_Allreduce", ints(r, 1), out, 1, "MPI_INT", "MPI_SUM", W),
                            "world rank 1", "MPI_ERR_COUNT");
                }
                // the communicator still works afterwards
                call(r, "MPI_Allreduce", ints(r, 2), out, 1, "MPI_INT", "MPI_SUM", W);
                assertArrayEquals(new int[] {6}, readInts(r, out, 1));
            });
        }
    }

    @Test
    void rootsThatAreBadOrDifferAreMpiErrRoot() {
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long b = ints(r, 0, 0, 0);
                int cls = r.id() == 2 ? ErrorClass.MPI_ERR_ROOT : ErrorClass.MPI_ERR_OTHER;
                contains(failsWith(cls, r, "MPI_Gather", ints(r, 1), 1, "MPI_INT", b, 1, "MPI_INT", r.id() == 2 ? 3 : 0, W),
                        r.id() == 2 ? "root = 3" : "world rank 2");
                MpiException e = failsWith(ErrorClass.MPI_ERR_ROOT, r, "MPI_Reduce", ints(r, 1), b, 1, "MPI_INT", "MPI_SUM", r.id() == 0 ? 1 : 0, W);
                contains(e, "root", "same root");
            });
        }
    }

    @Test
    void opNullOpTypeMismatchAndDifferentOpsAreMpiErrOp() { // MPI-4.1 6.9.2
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long b = ints(r, 0);
                failsWith(ErrorClass.MPI_ERR_OP, r, "MPI_Allreduce", ints(r, 1), b, 1, "MPI_INT", "MPI_OP_NULL", W);
                contains(failsWith(ErrorClass.MPI_ERR_OP, r, "MPI_Allreduce", ints(r, 1), b, 1, "MPI_FLOAT", "MPI_BAND", W),
                        "MPI_BAND", "MPI_FLOAT");
                contains(failsWith(ErrorClass.MPI_ERR_OP, r, "MPI_Scan", ints(r, 1), b, 1, "MPI_INT", r.id() == 0 ? "MPI_SUM" : "MPI_MAX", W),
                        "same op");
            });
        }
    }

    @Test
    void mismatchedCountsAndSignaturesAreReportedWithBothSides() { // MPI-4.1 6.1
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long b = ints(r, 0, 0, 0, 0);
                contains(failsWith(ErrorClass.MPI_ERR_COUNT, r, "MPI_Allreduce", ints(r, 1, 2), b, r.id() + 1, "MPI_INT", "MPI_SUM", W),
                        "same count");
                // rank 1 sends 2 ints, the root expects 1 from each: truncation at the root
                int root = 0;
                MpiException e = r.id() == root
                        ? failsWith(ErrorClass.MPI_ERR_TRUNCATE, r, "MPI_Gather", ints(r, 1), 1, "MPI_INT", b, 1, "MPI_INT", root, W)
                        : null;
                if (r.id() != root) call(r, "MPI_Gather", ints(r, 1, 2), 2, "MPI_INT", b, 1, "MPI_INT", root, W);
                else contains(e, "rank 1 sends 8 bytes of MPI_INT", "1 x MPI_INT");
                // same size, different basic types: MPI_ERR_TYPE naming both
                long d = ints(r, 0, 0, 0, 0);
                if (r.id() == 0) {
                    contains(failsWith(ErrorClass.MPI_ERR_TYPE, r, "MPI_Gather", ints(r, 1), 1, "MPI_FLOAT", d, 1, "MPI_FLOAT", 0, W),
                            "MPI_INT", "MPI_FLOAT");
                } else {
                    call(r, "MPI_Gather", ints(r, 1), 1, "MPI_INT", d, 1, "MPI_FLOAT", 0, W);
                }
                assertArrayEquals(new int[4], readInts(r, d, 4), "nothing was written");
            });
        }
    }

    @Test
    void inPlaceWhereTheStandardDoesNotAllowItIsMpiErrBuffer() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long b = ints(r, 0, 0);
                long ip = CollCalls.IN_PLACE;
                // only the root may pass MPI_IN_PLACE to MPI_Gather, and only as sendbuf
                MpiException e = failsWith(r.id() == 1 ? ErrorClass.MPI_ERR_BUFFER : ErrorClass.MPI_ERR_OTHER, r, "MPI_Gather",
                        ip, 1, "MPI_INT", b, 1, "MPI_INT", 0, W);
                if (r.id() == 1) contains(e, "sendbuf", "MPI_IN_PLACE", "only the root");
                contains(failsWith(ErrorClass.MPI_ERR_BUFFER, r, "MPI_Allreduce", ints(r, 1), ip, 1, "MPI_INT", "MPI_SUM", W), "recvbuf");
                contains(failsWith(ErrorClass.MPI_ERR_BUFFER, r, "MPI_Allreduce", b, b, 1, "MPI_INT", "MPI_SUM", W), "same buffer");
            });
        }
    }
}
