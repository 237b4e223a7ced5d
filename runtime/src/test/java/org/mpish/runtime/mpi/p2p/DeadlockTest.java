package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.p2p.P2pFixture.*;

import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;

/**
 * Deadlocks are found and reported, not hung on: the roll-call names each rank's call and exactly what it
 * waits for.
 */
@Timeout(30)
class DeadlockTest {
    /** Runs {@code body} SPMD, expects the watchdog to abort the job, and returns the roll-call. */
    private static String deadlock(int n, long eagerLimit, Consumer<Rank> body) {
        try (TestJob t = new TestJob(n)) {
            P2p.setEagerLimit(t.job, eagerLimit);
            assertThrows(JobAbortedException.class, () -> t.spmd(r -> {
                TestJob.returnErrors(r);
                body.accept(r);
            }));
            assertEquals(Job.Abort.Kind.DEADLOCK, t.job.abortReason().kind());
            return t.job.abortReason().message();
        }
    }

    private static void finalizeMpi(Rank r) { TestJob.call(r, "MPI_Finalize"); }

    @Test
    void aReceiveThatNoRankWillSendTo() {
        String report = deadlock(2, P2p.DEFAULT_EAGER_LIMIT, r -> {
            if (r.id() == 0) recv(r, ints(r, 0), 1, 1, 5);
            else finalizeMpi(r);
        });
        assertTrue(report.startsWith("deadlock: every rank is waiting and none can proceed"), report);
        assertTrue(report.contains("rank 0: in MPI_Recv: a message from rank 1 with tag 5 on MPI_COMM_WORLD\n"), report);
        assertTrue(report.contains("rank 1: in MPI_Finalize: MPI_Finalize"), report);
        assertTrue(report.contains("waiting for rank 0 to join"), report);
    }

    @Test
    void detachWaitingForBufferedMessagesNobodyReceives() {
        String report = deadlock(4, P2p.DEFAULT_EAGER_LIMIT, r -> {
            if (r.id() == 1) {
                TestJob.call(r, "MPI_Buffer_attach", r.memory().alloc(1000), 1000);
                bsend(r, ints(r, 1), 4, 0, 2);
                bsend(r, ints(r, 2), 4, 3, 7);
                TestJob.call(r, "MPI_Buffer_detach");
            } else finalizeMpi(r);
        });
        assertTrue(report.contains("rank 1: in MPI_Buffer_detach: 2 buffered messages to ranks {0,3} not yet received (tags 2, 7 on MPI_COMM_WORLD)"), report);
        assertTrue(report.contains("rank 0: in MPI_Finalize"), report);
    }

    @Test
    void mismatchedTagsShowTheMessageThatIsThereButDoesNotMatch() {
        String report = deadlock(2, P2p.DEFAULT_EAGER_LIMIT, r -> {
            if (r.id() == 0) {
                send(r, ints(r, 1), 1, 1, 5);                    // eager: returns
                finalizeMpi(r);
            } else recv(r, ints(r, 0), 1, 0, 6);
        });
        assertTrue(report.contains("rank 1: in MPI_Recv: a message from rank 0 with tag 6 on MPI_COMM_WORLD"
                + " (1 message that does not match is queued: from rank 0 with tag 5 (4 bytes))"), report);
    }

    @Test
    void twoSynchronousSendsHeadToHead() {
        String report = deadlock(2, P2p.DEFAULT_EAGER_LIMIT, r -> TestJob.call(r, "MPI_Ssend", ints(r, 1), 1, "MPI_INT", 1 - r.id(), 0, W));
        for (int i = 0; i < 2; i++) {
            assertTrue(report.contains("rank " + i + ": in MPI_Ssend: rank " + (1 - i) + " to receive a 4-byte message with tag 0 on MPI_COMM_WORLD"
                    + " (a synchronous send completes only when the receive matches)"), report);
        }
    }

    @Test
    void standardSendsAboveTheEagerLimitAroundARing() {
        String report = deadlock(3, 8, r -> send(r, ints(r, 1, 2, 3), 3, (r.id() + 1) % 3, 1));
        assertTrue(report.contains("rank 2: in MPI_Send: rank 0 to receive a 12-byte message with tag 1 on MPI_COMM_WORLD"
                + " (it is larger than the eager limit of 8 bytes, so the send waits for the matching receive)"), report);
    }

    @Test
    void waitallNamesThePendingRequests() {
        String report = deadlock(2, P2p.DEFAULT_EAGER_LIMIT, r -> {
            if (r.id() == 0) {
                var a = irecv(r, ints(r, 0), 1, 1, 1);
                var b = isend(r, ints(r, 0), 1, 1, 2);
                TestJob.call(r, "MPI_Waitall", 2, List.of(a, b));
            } else finalizeMpi(r);
        });
        assertTrue(report.contains("rank 0: in MPI_Waitall: MPI_Waitall (1 of 2 pending): req0 (recv): a message from rank 1 with tag 1 on MPI_COMM_WORLD"), report);
    }

    @Test
    void aProbeForAMessageThatNeverComes() {
        String report = deadlock(2, P2p.DEFAULT_EAGER_LIMIT, r -> {
            if (r.id() == 0) TestJob.call(r, "MPI_Probe", -2, 3, W);
            else finalizeMpi(r);
        });
        assertTrue(report.contains("rank 0: in MPI_Probe: a message from any rank with tag 3 on MPI_COMM_WORLD to arrive"), report);
    }
}
