package org.mpish.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.lapi.LapiConst;
import org.mpish.runtime.lapi.LapiErrors;
import org.mpish.runtime.lapi.LapiException;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.p2p.P2pState;

/**
 * Resource limits (issue 9): the memory limit of a rank, the eager copies a rank may hold for messages it has
 * not received, LAPI's MAX_UHDR_SZ and MAX_DATA_SZ, and the cap on ranks. Each is enforced with its error.
 */
@Timeout(60)
class ResourceLimitsTest {
    @Test
    void aRankCannotAllocatePastItsMemoryLimit() {
        try (TestJob t = new TestJob(2, Job.Options.defaults().withAbortOnDeadlock(true).withMemoryLimit(1 << 20))) {
            t.spmd(TestJob::returnErrors);
            MemoryFault f = assertThrows(MemoryFault.class, () -> t.rank(0).memory().alloc(2 << 20));
            assertTrue(f.getMessage().contains("memory limit of 1048576 bytes exceeded"), f.getMessage());
            long a = t.rank(0).memory().alloc(600 << 10);
            assertThrows(MemoryFault.class, () -> t.rank(0).memory().alloc(600 << 10)); // the sum counts
            t.rank(0).memory().free(a);
            t.rank(0).memory().alloc(600 << 10); // freed memory counts no more
            // a call that allocates fails with MPI_ERR_NO_MEM, on the communicator
            MpiException e = t.on(1, () -> assertThrows(MpiException.class,
                    () -> TestJob.call(t.rank(1), "MPI_Win_allocate", 4L << 20, 1L, "MPI_INFO_NULL", "MPI_COMM_SELF")));
            assertEquals(ErrorClass.MPI_ERR_NO_MEM, e.errorClass(), e.getMessage());
        }
    }

    /** A rank that floods another with small standard sends the other never receives blocks; nothing is lost or reordered. */
    @Test
    void aFloodOfEagerSendsBlocksAtTheReceiversLimitAndKeepsItsOrder() throws Exception {
        int size = 64 << 10;                                     // the eager limit: every one of these goes eagerly...
        int n = (int) (P2pState.EAGER_HELD_MAX / size) + 40;    // ...until the receiver holds 16 MiB of them
        try (TestJob t = new TestJob(2)) {
            long sbuf = t.rank(0).memory().alloc(size), rbuf = t.rank(1).memory().alloc(size);
            CompletableFuture<Object> sender = t.rank(0).submit(() -> {
                for (int i = 0; i < n; i++) {
                    t.rank(0).memory().writeInt(sbuf, i);
                    TestJob.call(t.rank(0), "MPI_Send", sbuf, (long) size, "MPI_BYTE", 1L, 5L, "MPI_COMM_WORLD");
                }
                return null;
            });
            long end = System.nanoTime() + 10_000_000_000L;
            while (t.rank(0).status() != Rank.Status.WAITING && System.nanoTime() < end) Thread.sleep(5);
            assertEquals(Rank.Status.WAITING, t.rank(0).status(), "the sender should block at the limit");
            String why = t.rank(0).waitDescription();
            assertTrue(why.contains("rank 1 already holds its limit of 16777216 bytes of eager messages it has not received"), why);
            assertTrue(P2pState.of(t.rank(1)).unexpectedMessages().size() <= P2pState.EAGER_HELD_MAX / size + 1);
            t.on(1, () -> {
                for (int i = 0; i < n; i++) {
                    TestJob.call(t.rank(1), "MPI_Recv", rbuf, (long) size, "MPI_BYTE", 0L, 5L, "MPI_COMM_WORLD");
                    assertEquals(i, t.rank(1).memory().readInt(rbuf), "message " + i + " out of order");
                }
                return null;
            });
            sender.get(20, TimeUnit.SECONDS);
        }
    }

    @Test
    void aFloodIntoARankThatWaitsForSomethingElseIsADeadlockReport() throws Exception {
        try (TestJob t = new TestJob(2)) {
            long sbuf = t.rank(0).memory().alloc(1024), rbuf = t.rank(1).memory().alloc(1024);
            CompletableFuture<Object> sender = t.rank(0).submit(() -> {
                for (int i = 0; ; i++) TestJob.call(t.rank(0), "MPI_Send", sbuf, 1024L, "MPI_BYTE", 1L, 0L, "MPI_COMM_WORLD");
            });
            CompletableFuture<Object> receiver = t.rank(1).submit(() ->
                    TestJob.call(t.rank(1), "MPI_Recv", rbuf, 1L, "MPI_INT", 0L, 99L, "MPI_COMM_WORLD"));
            Exception e = assertThrows(Exception.class, () -> sender.get(30, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof JobAbortedException, e.toString());
            assertThrows(Exception.class, () -> receiver.get(5, TimeUnit.SECONDS));
            assertEquals(Job.Abort.Kind.DEADLOCK, t.job.abortReason().kind());
            String report = t.job.abortReason().message();
            assertTrue(report.contains("rank 0: in MPI_Send: rank 1 to receive a 1024-byte message"), report);
            assertTrue(report.contains("rank 1: in MPI_Recv: a message from rank 0 with tag 99"), report);
        }
    }

    @Test
    void lapiHeadersAndTransfersHaveTheirLimits() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> TestJob.call(r, "LAPI_Init", (Object) null));
            long buf = t.rank(0).memory().alloc(2048), tgt = t.rank(1).memory().alloc(2048);
            Rank r0 = t.rank(0);
            // L30: a user header longer than MAX_UHDR_SZ
            LapiException e = t.on(0, () -> assertThrows(LapiException.class, () -> TestJob.call(r0, "LAPI_Amsend", 0L, 1L, 1L, buf,
                    (long) LapiConst.MAX_UHDR_SZ + 8, 0L, 0L, 0L, 0L, 0L)));
            assertEquals(LapiErrors.UHDR_LEN, e.code(), e.getMessage());
            // L14: a transfer longer than MAX_DATA_SZ (what LAPI_Qenv reports), even when the memory would be there
            assertEquals((long) LapiConst.MAX_DATA_SZ, ((Number) t.on(0, () -> TestJob.call1(r0, "LAPI_Qenv", 0L, 3L))).longValue());
            e = t.on(0, () -> assertThrows(LapiException.class, () -> TestJob.call(r0, "LAPI_Put", 0L, 1L,
                    (long) LapiConst.MAX_DATA_SZ + 1, tgt, buf, 0L, 0L, 0L)));
            assertEquals(LapiErrors.DATA_LEN, e.code(), e.getMessage());
            assertTrue(e.getMessage().contains("MAX_DATA_SZ"), e.getMessage());
        }
    }

    /** LAPI's flow control: a task that does not poll holds at most 16 MiB of active messages; the sender waits, then goes on. */
    @Test
    void activeMessagesToATaskThatDoesNotPollWaitAtItsLimit() throws Exception {
        int size = 64 << 10;
        int n = (int) (org.mpish.runtime.lapi.LapiRank.HELD_MAX / size) + 20;
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> TestJob.call(r, "LAPI_Init", (Object) null));
            Rank r0 = t.rank(0), r1 = t.rank(1);
            long data = r0.memory().alloc(size), land = r1.memory().alloc(size), cntr = r1.memory().alloc(8);
            int[] seen = new int[1];
            Callback hh = new Callback() {
                @Override public Object call(Object... a) { seen[0]++; return land; }
                @Override public String describe() { return "hh"; }
            };
            long hdl = (Long) t.on(1, () -> TestJob.call1(r1, "LAPI_Address", hh));
            CompletableFuture<Object> sender = r0.submit(() -> {
                for (int i = 0; i < n; i++) TestJob.call(r0, "LAPI_Amsend", 0L, 1L, hdl, 0L, 0L, data, (long) size, cntr, 0L, 0L);
                return null;
            });
            long end = System.nanoTime() + 10_000_000_000L;
            while (r0.status() != Rank.Status.WAITING && System.nanoTime() < end) Thread.sleep(5);
            assertEquals(Rank.Status.WAITING, r0.status(), "the sender should wait at the limit");
            assertTrue(r0.waitDescription().contains("task 1 to take in the transfers waiting for its progress point"), r0.waitDescription());
            assertEquals(0, seen[0]);
            t.on(1, () -> TestJob.call(r1, "LAPI_Waitcntr", 0L, cntr, (long) n)); // polls: every message arrives
            sender.get(20, TimeUnit.SECONDS);
            assertEquals(n, seen[0]);
        }
    }

    @Test
    void aJobHasAtMostMaxRanks() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Job(Job.MAX_RANKS + 1));
        assertTrue(e.getMessage().contains("1 to " + Job.MAX_RANKS), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Job(0));
    }
}
