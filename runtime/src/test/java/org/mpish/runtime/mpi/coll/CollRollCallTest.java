package org.mpish.runtime.mpi.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.coll.CollFixture.ints;

import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;

/**
 * The deadlock roll-call names the ranks that have not entered a collective (MPI-4.1 6.14: every process of the
 * communicator must call it), as ranks of the communicator, with their world ranks when those differ.
 */
@Timeout(30)
class CollRollCallTest {
    private static String deadlock(int n, Consumer<Rank> body) {
        try (TestJob t = new TestJob(n)) {
            assertThrows(JobAbortedException.class, () -> t.spmd(body));
            assertEquals(Job.Abort.Kind.DEADLOCK, t.job.abortReason().kind());
            return t.job.abortReason().message();
        }
    }

    @Test
    void ranksThatHaveNotCalledTheCollectiveAreNamed() {
        String report = deadlock(4, r -> {
            Object comm = TestJob.call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
            long b = ints(r, 1), out = ints(r, 0);
            if (r.id() == 1 || r.id() == 2) TestJob.call(r, "MPI_Allreduce", b, out, 1, "MPI_INT", "MPI_SUM", comm);
            else TestJob.call(r, "MPI_Recv", b, 1, "MPI_INT", 3 - r.id(), 9, "MPI_COMM_WORLD");
        });
        assertTrue(report.contains("rank 2: in MPI_Allreduce: MPI_Allreduce on comm"), report);
        assertTrue(report.contains(": ranks 0 and 3 have not called it"), report);
    }

    @Test
    void onASplitCommunicatorWorldRanksAreGivenToo() {
        String report = deadlock(4, r -> {
            Object comm = TestJob.call1(r, "MPI_Comm_split", "MPI_COMM_WORLD", r.id() == 0 ? "MPI_UNDEFINED" : 0, 0);
            long b = ints(r, 1), out = ints(r, 0);
            if (r.id() >= 2) TestJob.call(r, "MPI_Allreduce", b, out, 1, "MPI_INT", "MPI_SUM", comm);
            else TestJob.call(r, "MPI_Recv", b, 1, "MPI_INT", 1 - r.id(), 9, "MPI_COMM_WORLD");
        });
        assertTrue(report.contains("rank 3: in MPI_Allreduce"), report);
        assertTrue(report.contains("rank 0 (world rank 1) has not called it"), report);
    }
}
