package org.mpish.runtime.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.TestJob;

/**
 * The root of MPI_Bcast returns once its buffer may be reused, without waiting for the others (MPI-4.1 6.1: a
 * collective may return as soon as the caller's participation is complete; only MPI_Barrier synchronizes), so back
 * to back broadcasts stream. The others still receive every value in order, a mismatch is still reported, and a
 * root whose partners never come stops after {@link Comm#AHEAD} calls and is named by the deadlock roll-call.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BcastRootTest {
    @Test
    void theRootRunsAheadAndEveryValueArrivesInOrder() {
        try (TestJob t = new TestJob(3)) {
            AtomicBoolean rootDone = new AtomicBoolean();
            t.spmd(r -> {
                long b = r.memory().alloc(8);
                if (r.id() == 0) {
                    for (int i = 0; i < 10; i++) {
                        r.memory().writeLong(b, 100 + i);
                        TestJob.call(r, "MPI_Bcast", b, 1, "MPI_LONG", 0, "MPI_COMM_WORLD");
                    }
                    rootDone.set(true);
                } else {
                    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                    while (!rootDone.get() && System.nanoTime() < until) Thread.onSpinWait();
                    assertTrue(rootDone.get(), "the root returned from 10 broadcasts before any other rank called one");
                    for (int i = 0; i < 10; i++) {
                        TestJob.call(r, "MPI_Bcast", b, 1, "MPI_LONG", 0, "MPI_COMM_WORLD");
                        assertEquals(100 + i, r.memory().readLong(b), "broadcast " + i + " on rank " + r.id());
                    }
                }
                TestJob.call(r, "MPI_Barrier", "MPI_COMM_WORLD");
            });
        }
    }

    @Test
    void aRankInAnotherCollectiveIsStillTold() { // every rank must call the same collectives in the same order (6.14)
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long b = r.memory().alloc(8);
                if (r.id() == 0) {
                    TestJob.call(r, "MPI_Bcast", b, 1, "MPI_LONG", 0, "MPI_COMM_WORLD");
                } else {
                    var e = assertThrows(org.mpish.runtime.mpi.MpiException.class, () -> TestJob.call(r, "MPI_Barrier", "MPI_COMM_WORLD"));
                    assertTrue(e.getMessage().contains("MPI_Bcast by rank 0; MPI_Barrier by rank 1"), e.getMessage());
                }
            });
        }
    }

    @Test
    void aRootFarAheadWaitsAndIsNamedInTheRollCall() {
        try (TestJob t = new TestJob(2)) {
            assertThrows(JobAbortedException.class, () -> t.spmd(r -> {
                long b = r.memory().alloc(8);
                if (r.id() == 0) {
                    for (int i = 0; i <= Comm.AHEAD; i++) TestJob.call(r, "MPI_Bcast", b, 1, "MPI_LONG", 0, "MPI_COMM_WORLD");
                } else {
                    TestJob.call(r, "MPI_Recv", b, 1, "MPI_LONG", 0, 5, "MPI_COMM_WORLD");
                }
            }));
            assertEquals(Job.Abort.Kind.DEADLOCK, t.job.abortReason().kind());
            String report = t.job.abortReason().message();
            assertTrue(report.contains("rank 0: in MPI_Bcast: MPI_Bcast on MPI_COMM_WORLD: rank 1 to join (this rank is "
                    + Comm.AHEAD + " calls ahead)"), report);
        }
    }
}
