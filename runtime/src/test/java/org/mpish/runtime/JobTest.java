package org.mpish.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class JobTest {
    @Test
    void waitEndsWhenAnotherRankChangesTheStateAndWakesIt() throws Exception {
        try (Job job = new Job(2)) {
            AtomicBoolean flag = new AtomicBoolean();
            CompletableFuture<String> f = job.rank(0).submit(() -> {
                job.rank(0).await(flag::get, () -> "flag");
                return "done";
            });
            Thread.sleep(50);
            assertEquals(Rank.Status.WAITING, job.rank(0).status());
            assertEquals("flag", job.rank(0).waitDescription());
            job.rank(1).submit(() -> { flag.set(true); job.rank(0).wake(); return null; }).get();
            assertEquals("done", f.get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void everyRankWaitingOnNothingIsReportedAsADeadlockWithARollCall() throws Exception {
        AtomicReference<String> report = new AtomicReference<>();
        try (Job job = new Job(2, Job.Options.defaults().withAbortOnDeadlock(true))) {
            job.onDeadlock(report::set);
            CompletableFuture<?> a = job.rank(0).submit(() -> { job.rank(0).enter("MPI_Recv"); job.rank(0).await(() -> false, () -> "a message from rank 1, tag 5"); return null; });
            CompletableFuture<?> b = job.rank(1).submit(() -> { job.rank(1).enter("MPI_Recv"); job.rank(1).await(() -> false, () -> "a message from rank 0, tag 7"); return null; });
            ExecutionException e = assertThrows(ExecutionException.class, () -> a.get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof JobAbortedException);
            assertThrows(ExecutionException.class, () -> b.get(10, TimeUnit.SECONDS));
            assertEquals(Job.Abort.Kind.DEADLOCK, job.abortReason().kind());
            String r = report.get();
            assertTrue(r.contains("rank 0: in MPI_Recv: a message from rank 1, tag 5"), r);
            assertTrue(r.contains("rank 1: in MPI_Recv: a message from rank 0, tag 7"), r);
        }
    }

    @Test
    void anIdleRankMeansNoDeadlock() throws Exception {
        try (Job job = new Job(2)) {
            job.rank(0).submit(() -> { job.rank(0).await(() -> false, () -> "forever"); return null; });
            Thread.sleep(400);
            assertEquals(null, job.lastDeadlockReport());
        }
    }

    @Test
    void abortWakesBlockedRanksAndEndsTheirCalls() throws Exception {
        try (Job job = new Job(3)) {
            CompletableFuture<?> f = job.rank(2).submit(() -> { job.rank(2).await(() -> false, () -> "x"); return null; });
            Thread.sleep(30);
            job.abort(new Job.Abort(9, "stop", Job.Abort.Kind.ABORT_CALL, 0));
            ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(5, TimeUnit.SECONDS));
            assertEquals(9, ((JobAbortedException) e.getCause()).abort().exitCode());
        }
    }

    @Test
    void jobSizeIsChecked() {
        assertThrows(IllegalArgumentException.class, () -> new Job(0));
        assertThrows(IllegalArgumentException.class, () -> new Job(Job.MAX_RANKS + 1));
    }
}
