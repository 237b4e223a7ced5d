package org.mpish.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.comm.CommLifecycle;
import org.mpish.runtime.mpi.env.Finalizer;
import org.mpish.runtime.mpi.p2p.P2p;
import org.mpish.runtime.mpi.rma.Win;
import org.mpish.runtime.mpi.rma.WinLifecycle;

/**
 * Two jobs in one JVM, built from one catalogue: each has its own settings and its own hooks, wired when it was
 * built; nothing one job sets or hooks is seen by the other (no static registry behind them).
 */
@Timeout(60)
class JobWiringTest {
    private static final String W = "MPI_COMM_WORLD";

    @Test
    void eagerLimitsArePerJob() throws Exception {
        try (TestJob a = new TestJob(2); TestJob b = new TestJob(2)) {
            P2p.setEagerLimit(a.job, 0);
            P2p.setEagerLimit(b.job, 1024);
            assertEquals(0, P2p.eagerLimit(a.job));
            assertEquals(1024, P2p.eagerLimit(b.job));
            // an 8-byte standard send: above a's limit (it waits for its receive), within b's (it completes alone)
            assertFalse(isendCompletesBeforeItsReceive(a), "eager limit 0: the send must wait for its receive");
            assertTrue(isendCompletesBeforeItsReceive(b), "eager limit 1024: an 8-byte send completes at once");
            // and setting one again leaves the other alone
            P2p.setEagerLimit(b.job, 0);
            assertFalse(isendCompletesBeforeItsReceive(b));
            P2p.setEagerLimit(a.job, 4096);
            assertTrue(isendCompletesBeforeItsReceive(a));
            assertEquals(0, P2p.eagerLimit(b.job));
        }
    }

    /** Rank 0 starts MPI_Isend of two ints to rank 1 and tests it before rank 1 receives; then both finish. */
    private static boolean isendCompletesBeforeItsReceive(TestJob t) throws Exception {
        Rank r0 = t.rank(0), r1 = t.rank(1);
        Object[] state = t.on(0, () -> {
            long buf = r0.memory().alloc(8);
            Object req = TestJob.call1(r0, "MPI_Isend", buf, 2, "MPI_INT", 1, 7, W);
            Object[] x = TestJob.call(r0, "MPI_Test", req);
            return new Object[] {x[0], x[1]};
        });
        boolean done = (Boolean) state[1];
        t.on(1, () -> TestJob.call(r1, "MPI_Recv", r1.memory().alloc(8), 2, "MPI_INT", 0, 7, W));
        if (!done) t.on(0, () -> TestJob.call(r0, "MPI_Wait", state[0]));
        return done;
    }

    @Test
    void hooksFireOnlyInTheJobTheyWereAddedTo() throws Exception {
        try (TestJob a = new TestJob(2); TestJob b = new TestJob(2)) {
            AtomicInteger freedInA = new AtomicInteger();
            BiConsumer<Rank, Comm> count = (r, c) -> freedInA.incrementAndGet();
            a.job.hooks().add(CommLifecycle.ON_FREE, count);
            Consumer<Win> refuse = w -> { throw new MpiException(ErrorClass.MPI_ERR_RMA_SYNC, "refused by a test hook"); };
            a.job.hooks().add(WinLifecycle.FREE_CHECKS, refuse);

            b.spmd(r -> {
                TestJob.returnErrors(r);
                Object c = TestJob.call1(r, "MPI_Comm_dup", W);
                TestJob.call(r, "MPI_Comm_free", c);
                Object win = TestJob.call1(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", W);
                TestJob.call(r, "MPI_Win_free", win); // a's refusing check does not run here
            });
            assertEquals(0, freedInA.get(), "job b freed communicators; job a's hook must not run");

            a.spmd(r -> {
                TestJob.returnErrors(r);
                Object c = TestJob.call1(r, "MPI_Comm_dup", W);
                TestJob.call(r, "MPI_Comm_free", c);
                Object win = TestJob.call1(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", W);
                TestJob.call(r, "MPI_Win_set_errhandler", win, "MPI_ERRORS_RETURN");
                MpiException e = org.junit.jupiter.api.Assertions.assertThrows(MpiException.class,
                        () -> TestJob.call(r, "MPI_Win_free", win));
                assertEquals(ErrorClass.MPI_ERR_RMA_SYNC, e.errorClass());
            });
            assertEquals(2, freedInA.get(), "each of a's two ranks freed one communicator");
        }
    }

    @Test
    void theCatalogueWiresEachJobItBuildsAndAPlainJobHasNoHooks() {
        Catalogue cat = Catalogue.get();
        try (Job a = cat.newJob(1, Job.Options.defaults()); Job b = cat.newJob(1, Job.Options.defaults()); Job plain = new Job(1)) {
            // buffered mode drains its buffers at MPI_Finalize and drops a communicator's buffer at MPI_Comm_free
            assertEquals(1, a.hooks().at(Finalizer.STEPS).size());
            assertEquals(1, b.hooks().at(CommLifecycle.ON_FREE).size());
            // RMA's epoch check at MPI_Win_free and its clean-up after
            assertEquals(1, a.hooks().at(WinLifecycle.FREE_CHECKS).size());
            assertEquals(1, a.hooks().at(WinLifecycle.ON_FREED).size());
            assertTrue(plain.hooks().at(Finalizer.STEPS).isEmpty());
            assertTrue(plain.hooks().at(WinLifecycle.FREE_CHECKS).isEmpty());
            // call numbers are the job's own: the catalogue's calls are numbered first, in order
            int n = cat.calls().size();
            assertEquals(n + 1, a.callNumber("something else"), "the catalogue's " + n + " calls come first");
            assertEquals("MPI_Send", b.callName(a.callNumber("MPI_Send")));
            assertEquals(1, plain.callNumber("something else"), "a plain job numbers only what it is given");
        }
    }

    /** Jobs share the catalogue's numbering (explore makes a job per schedule): what one adds the others never see. */
    @Test
    void jobsShareTheCatalogueNumberingButNotWhatTheyNumberAfter() {
        Catalogue cat = Catalogue.get();
        java.util.List<org.mpish.runtime.catalog.Call> calls = cat.calls();
        try (Job a = cat.newJob(1, Job.Options.defaults()); Job b = cat.newJob(1, Job.Options.defaults())) {
            for (int i = 0; i < calls.size(); i++) {
                assertEquals(calls.get(i).name(), a.callName(i + 1), "call number " + (i + 1));
                assertEquals(i + 1, b.callNumber(calls.get(i).name()));
            }
            int n = calls.size();
            assertEquals(n + 1, a.callNumber("only in a"));
            assertEquals("only in a", a.callName(n + 1));
            assertEquals(null, b.callName(n + 1), "b must not see a name numbered in a");
            assertEquals(n + 1, b.callNumber("only in b"));
            assertEquals("only in a", a.callName(n + 1));
            assertEquals("only in b", b.callName(n + 1));
            try (Job c = cat.newJob(1, Job.Options.defaults())) {
                assertEquals(null, c.callName(n + 1), "a later job starts from the catalogue's calls only");
            }
        }
        // a job that numbered a call of its own first cannot take the catalogue's numbers
        try (Job early = new Job(1)) {
            early.callNumber("before the catalogue");
            IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> cat.wire(early));
            assertEquals(true, e.getMessage().startsWith("a job numbered ") && e.getMessage().endsWith(" before its catalogue was wired"),
                    e.getMessage());
        }
    }
}
