package org.mpish.runtime.mpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.coll.CollFixture.call;
import static org.mpish.runtime.mpi.coll.CollFixture.fails;
import static org.mpish.runtime.mpi.coll.CollFixture.ints;
import static org.mpish.runtime.mpi.coll.CollFixture.readInts;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.op.Op;

/** Nonblocking (MPI-4.1 6.12) and persistent (6.13) collectives, completed by the Wait / Test family. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NonblockingCollTest {
    static final String W = "MPI_COMM_WORLD";

    @Test
    void severalOutstandingCompleteInAnyOrder() { // 6.12: several may be outstanding on one communicator
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int m = r.id();
                long sum = ints(r, 0), all = ints(r, new int[4]), b = ints(r, m == 2 ? 77 : 0);
                Object q1 = TestJob.call1(r, "MPI_Iallreduce", ints(r, m + 1), sum, 1, "MPI_INT", "MPI_SUM", W);
                Object q2 = TestJob.call1(r, "MPI_Iallgather", ints(r, m * 3), 1, "MPI_INT", all, 1, "MPI_INT", W);
                Object q3 = TestJob.call1(r, "MPI_Ibcast", b, 1, "MPI_INT", 2, W);
                Object q4 = TestJob.call1(r, "MPI_Ibarrier", W);
                assertEquals(0, readInts(r, sum, 1)[0], "nothing is delivered before completion");
                // complete them last first
                assertEquals("MPI_REQUEST_NULL", ((Handle) call(r, "MPI_Wait", q4)[0]).name());
                call(r, "MPI_Wait", q3);
                assertEquals(77, readInts(r, b, 1)[0]);
                call(r, "MPI_Waitall", 2, List.of(q2, q1));
                assertEquals(10, readInts(r, sum, 1)[0]);
                assertArrayEquals(new int[] {0, 3, 6, 9}, readInts(r, all, 4));
            });
        }
    }

    @Test
    void testSaysNotYetUntilEveryRankHasStarted() { // 6.12: completion needs every process's call
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Comm other = (Comm) TestJob.call1(r, "MPI_Comm_dup", W);
                long out = ints(r, 0);
                if (r.id() == 0) {
                    Object q = TestJob.call1(r, "MPI_Iallreduce", ints(r, 5), out, 1, "MPI_INT", "MPI_MAX", W);
                    Object[] tst = call(r, "MPI_Test", q);
                    assertFalse((Boolean) tst[1], "rank 1 has not started it");
                    call(r, "MPI_Barrier", other); // lets rank 1 start
                    call(r, "MPI_Wait", q);
                } else {
                    call(r, "MPI_Barrier", other);
                    Object q = TestJob.call1(r, "MPI_Iallreduce", ints(r, 9), out, 1, "MPI_INT", "MPI_MAX", W);
                    call(r, "MPI_Wait", q);
                }
                assertEquals(9, readInts(r, out, 1)[0]);
            });
        }
    }

    @Test
    void startingCollectivesInDifferentOrdersIsReported() { // 6.12: the same order on every process
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long x = ints(r, 0), y = ints(r, 0);
                Object q1, q2;
                if (r.id() == 0) {
                    q1 = TestJob.call1(r, "MPI_Iallreduce", ints(r, 1), x, 1, "MPI_INT", "MPI_SUM", W);
                    q2 = TestJob.call1(r, "MPI_Ibcast", y, 1, "MPI_INT", 0, W);
                } else {
                    q1 = TestJob.call1(r, "MPI_Ibcast", y, 1, "MPI_INT", 0, W);
                    q2 = TestJob.call1(r, "MPI_Iallreduce", ints(r, 1), x, 1, "MPI_INT", "MPI_SUM", W);
                }
                MpiException e = fails(ErrorClass.MPI_ERR_OTHER, r, "MPI_Wait", q1);
                assertTrue(e.getMessage().contains("MPI_Iallreduce by rank 0") && e.getMessage().contains("MPI_Ibcast by rank 1"), e.getMessage());
                // a blocking collective does not match a nonblocking one either
                Object q3 = null;
                if (r.id() == 0) fails(ErrorClass.MPI_ERR_OTHER, r, "MPI_Allreduce", ints(r, 1), x, 1, "MPI_INT", "MPI_SUM", W);
                else q3 = TestJob.call1(r, "MPI_Iallreduce", ints(r, 1), x, 1, "MPI_INT", "MPI_SUM", W);
                if (q3 != null) fails(ErrorClass.MPI_ERR_OTHER, r, "MPI_Wait", q3);
            });
        }
    }

    @Test
    void aUserOpOfANonblockingReductionRunsOnTheWaitingRank() { // 6.9.5 with 6.12
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                UserFn digits = new UserFn() {
                    @Override public void apply(long in, long inout, int len, Datatype type) {
                        assertTrue(r.onOwnThread(), "the function runs on its own rank's thread");
                        r.memory().writeInt(inout, r.memory().readInt(in) * 10 + r.memory().readInt(inout));
                    }
                    @Override public String describe() { return "digits"; }
                };
                Op op = (Op) TestJob.call1(r, "MPI_Op_create", digits, false);
                long out = ints(r, 0);
                Object q = TestJob.call1(r, "MPI_Iscan", ints(r, r.id() + 1), out, 1, "MPI_INT", op, W);
                call(r, "MPI_Wait", q);
                assertEquals(new int[] {1, 12, 123}[r.id()], readInts(r, out, 1)[0]);
            });
        }
    }

    @Test
    void persistentCollectivesRestartWithTheBuffersCurrentContents() { // 6.13
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long in = ints(r, 0), out = ints(r, 0), g = ints(r, 0, 0, 0);
                Object q = TestJob.call1(r, "MPI_Allreduce_init", in, out, 1, "MPI_INT", "MPI_SUM", W, "MPI_INFO_NULL");
                Object p = TestJob.call1(r, "MPI_Gather_init", in, 1, "MPI_INT", g, 1, "MPI_INT", 0, W, "MPI_INFO_NULL");
                for (int round = 1; round <= 3; round++) {
                    r.memory().writeInt(in, round * (r.id() + 1));
                    call(r, "MPI_Startall", 2, List.of(q, p));
                    fails(ErrorClass.MPI_ERR_REQUEST, r, "MPI_Start", q);
                    Object[] w = call(r, "MPI_Waitall", 2, List.of(p, q));
                    assertEquals(q, ((Object[]) w[0])[1], "a persistent request survives its completion");
                    assertEquals(6 * round, readInts(r, out, 1)[0]);
                    if (r.id() == 0) assertArrayEquals(new int[] {round, 2 * round, 3 * round}, readInts(r, g, 3));
                }
                call(r, "MPI_Request_free", q);
                call(r, "MPI_Request_free", p);
            });
        }
    }
}
