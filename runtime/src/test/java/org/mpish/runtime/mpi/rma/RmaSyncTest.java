package org.mpish.runtime.mpi.rma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.rma.RmaFixture.alloc;
import static org.mpish.runtime.mpi.rma.RmaFixture.create;
import static org.mpish.runtime.mpi.rma.RmaFixture.ok;
import static org.mpish.runtime.mpi.rma.RmaFixture.read;
import static org.mpish.runtime.mpi.rma.RmaFixture.readD;
import static org.mpish.runtime.mpi.rma.RmaFixture.write;
import static org.mpish.runtime.mpi.rma.RmaFixture.writeD;
import static org.mpish.runtime.mpi.rma.RmaModes.LOCK_EXCLUSIVE;
import static org.mpish.runtime.mpi.rma.RmaModes.LOCK_SHARED;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Event;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.comm.Group;

/** Synchronization: concurrent atomics give exact totals, locks exclude, PSCW matches, fence completes. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RmaSyncTest {
    static final int N = 4;
    static final int ITER = 2000;

    @Test
    void concurrentFetchAndOpFromAllRanksGivesExactTotalsAndDistinctTickets() { // R25, R50, R51
        try (TestJob t = new TestJob(N)) {
            boolean[] seen = new boolean[N * ITER];
            t.spmd(r -> {
                Win w = create(r, 16, 8);
                ok(r, "MPI_Win_lock_all", 0, w);
                long one = alloc(r, "MPI_LONG", 1);
                long res = r.memory().alloc(8);
                for (int i = 0; i < ITER; i++) {
                    ok(r, "MPI_Fetch_and_op", one, res, "MPI_LONG", 0, 0L, "MPI_SUM", w);
                    long ticket = read(r, res, "MPI_LONG", 1)[0];
                    synchronized (seen) {
                        assertFalse(seen[(int) ticket], "ticket " + ticket + " handed out twice");
                        seen[(int) ticket] = true;
                    }
                    ok(r, "MPI_Fetch_and_op", one, res, "MPI_INT", 0, 1L, "MPI_SUM", w); // 4-byte path at byte 8
                }
                ok(r, "MPI_Win_unlock_all", w);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    assertEquals(N * ITER, read(r, w.base(), "MPI_LONG", 1)[0]);
                    assertEquals(N * ITER, read(r, w.base() + 8, "MPI_INT", 1)[0]);
                }
            });
        }
    }

    @Test
    void concurrentAccumulatesOfEveryWidthGiveExactTotals() { // R50: concurrent accumulates act in some order
        try (TestJob t = new TestJob(N)) {
            t.spmd(r -> {
                Win w = create(r, 64, 1);
                ok(r, "MPI_Win_fence", 0, w);
                long i8 = alloc(r, "MPI_INT8_T", 1), i16 = alloc(r, "MPI_SHORT", 1), i32 = alloc(r, "MPI_INT", 1, 1, 1);
                long d = r.memory().alloc(8);
                writeD(r, d, 0.5);
                long mx = alloc(r, "MPI_LONG", 0);
                for (int i = 0; i < ITER; i++) {
                    ok(r, "MPI_Accumulate", i8, 1, "MPI_INT8_T", 0, 0L, 1, "MPI_INT8_T", "MPI_SUM", w); // wraps mod 256
                    ok(r, "MPI_Accumulate", i16, 1, "MPI_SHORT", 0, 2L, 1, "MPI_SHORT", "MPI_SUM", w);
                    ok(r, "MPI_Accumulate", i32, 3, "MPI_INT", 0, 4L, 3, "MPI_INT", "MPI_SUM", w);
                    ok(r, "MPI_Accumulate", d, 1, "MPI_DOUBLE", 0, 16L, 1, "MPI_DOUBLE", "MPI_SUM", w);
                    ok(r, "MPI_Accumulate", i32, 1, "MPI_INT", 0, 25L, 1, "MPI_INT", "MPI_SUM", w); // unaligned
                    write(r, mx, "MPI_LONG", (long) i * N + r.id());
                    ok(r, "MPI_Accumulate", mx, 1, "MPI_LONG", 0, 32L, 1, "MPI_LONG", "MPI_MAX", w);
                }
                ok(r, "MPI_Win_fence", 0, w);
                if (r.id() == 0) {
                    long b = w.base();
                    assertEquals((byte) (N * ITER), read(r, b, "MPI_INT8_T", 1)[0]);
                    assertEquals(N * ITER, read(r, b + 2, "MPI_SHORT", 1)[0]);
                    assertArrayEquals(new long[] {N * ITER, N * ITER, N * ITER}, read(r, b + 4, "MPI_INT", 3));
                    assertEquals(N * ITER * 0.5, readD(r, b + 16, 1)[0]);
                    assertEquals(N * ITER, read(r, b + 25, "MPI_INT", 1)[0]);
                    assertEquals((long) (ITER - 1) * N + N - 1, read(r, b + 32, "MPI_LONG", 1)[0]);
                }
            });
        }
    }

    @Test
    void exclusiveLockExcludesEveryOtherLockHolder() { // R42: get, add, put under an exclusive lock loses nothing
        try (TestJob t = new TestJob(N)) {
            AtomicInteger inside = new AtomicInteger();
            t.spmd(r -> {
                Win w = create(r, 8, 8);
                long buf = r.memory().alloc(8);
                for (int i = 0; i < 300; i++) {
                    ok(r, "MPI_Win_lock", LOCK_EXCLUSIVE, 0, 0, w);
                    assertEquals(1, inside.incrementAndGet(), "two ranks inside an exclusive lock");
                    ok(r, "MPI_Get", buf, 1, "MPI_LONG", 0, 0L, 1, "MPI_LONG", w);
                    ok(r, "MPI_Win_flush", 0, w);
                    write(r, buf, "MPI_LONG", read(r, buf, "MPI_LONG", 1)[0] + 1);
                    ok(r, "MPI_Put", buf, 1, "MPI_LONG", 0, 0L, 1, "MPI_LONG", w);
                    inside.decrementAndGet();
                    ok(r, "MPI_Win_unlock", 0, w);
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) assertEquals(N * 300, read(r, w.base(), "MPI_LONG", 1)[0]);
            });
        }
    }

    @Test
    void sharedLocksAreHeldTogetherAndKeepExclusiveOnesOut() { // R42
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                Win w = create(r, 8, 8);
                if (r.id() < 2) ok(r, "MPI_Win_lock", LOCK_SHARED, 2, 0, w);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD"); // both shared locks are held at once here
                if (r.id() == 2) {
                    long t0 = System.nanoTime();
                    ok(r, "MPI_Win_lock", LOCK_EXCLUSIVE, 2, 0, w); // waits for both shared holders
                    assertTrue(System.nanoTime() - t0 > 50_000_000L, "the exclusive lock was granted while shared locks were held");
                    ok(r, "MPI_Win_unlock", 2, w);
                } else {
                    try { Thread.sleep(100); } catch (InterruptedException e) { throw new RuntimeException(e); }
                    ok(r, "MPI_Win_unlock", 2, w);
                }
            });
        }
    }

    @Test
    void casSpinLockGivesMutualExclusion() { // R26: the classic lock word
        try (TestJob t = new TestJob(N)) {
            AtomicInteger inside = new AtomicInteger();
            t.spmd(r -> {
                Win w = create(r, 16, 8);
                ok(r, "MPI_Win_lock_all", 0, w);
                long mine = alloc(r, "MPI_LONG", r.id() + 1), zero = alloc(r, "MPI_LONG", 0), res = r.memory().alloc(8);
                long one = alloc(r, "MPI_LONG", 1);
                for (int i = 0; i < 200; i++) {
                    do {
                        ok(r, "MPI_Compare_and_swap", mine, zero, res, "MPI_LONG", 0, 0L, w);
                        ok(r, "MPI_Win_flush", 0, w);
                    } while (read(r, res, "MPI_LONG", 1)[0] != 0);
                    assertEquals(1, inside.incrementAndGet());
                    ok(r, "MPI_Accumulate", one, 1, "MPI_LONG", 0, 1L, 1, "MPI_LONG", "MPI_SUM", w);
                    inside.decrementAndGet();
                    ok(r, "MPI_Fetch_and_op", zero, res, "MPI_LONG", 0, 0L, "MPI_REPLACE", w);
                    assertEquals(r.id() + 1, read(r, res, "MPI_LONG", 1)[0], "released a lock this rank did not hold");
                    ok(r, "MPI_Win_flush", 0, w);
                }
                ok(r, "MPI_Win_unlock_all", w);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) assertArrayEquals(new long[] {0, N * 200}, read(r, w.base(), "MPI_LONG", 2));
            });
        }
    }

    @Test
    void pscwStartWaitsForPostAndWaitForComplete() { // R37, R39, R41
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                Win w = create(r, 16, 4);
                Group g0 = new Group(new int[] {0});
                Group origins = new Group(new int[] {1, 2});
                for (int round = 1; round <= 20; round++) {
                    if (r.id() == 0) {
                        if (round % 2 == 0) try { Thread.sleep(2); } catch (InterruptedException e) { throw new RuntimeException(e); }
                        ok(r, "MPI_Win_post", origins, 0, w);
                        ok(r, "MPI_Win_wait", w);
                        // both origins' puts of this round are in place once wait returns
                        assertArrayEquals(new long[] {round * 10 + 1, round * 10 + 2}, read(r, w.base() + 4, "MPI_INT", 2));
                    } else {
                        ok(r, "MPI_Win_start", g0, 0, w);
                        ok(r, "MPI_Put", alloc(r, "MPI_INT", round * 10 + r.id()), 1, "MPI_INT", 0, (long) r.id(), 1, "MPI_INT", w);
                        if (round % 3 == 0) try { Thread.sleep(2); } catch (InterruptedException e) { throw new RuntimeException(e); }
                        ok(r, "MPI_Win_complete", w);
                    }
                }
            });
        }
    }

    @Test
    void mutualPscwBetweenTwoRanksDoesNotDeadlockAndTestPolls() { // R40, R41
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 8, 4);
                Group other = new Group(new int[] {1 - r.id()});
                ok(r, "MPI_Win_post", other, 0, w);
                ok(r, "MPI_Win_start", other, 0, w);
                ok(r, "MPI_Put", alloc(r, "MPI_INT", 5 + r.id()), 1, "MPI_INT", 1 - r.id(), 0L, 1, "MPI_INT", w);
                ok(r, "MPI_Win_complete", w);
                boolean done;
                do { done = (Boolean) TestJob.call1(r, "MPI_Win_test", w); } while (!done);
                assertEquals(5 + (1 - r.id()), read(r, w.base(), "MPI_INT", 1)[0]);
                // an empty group makes post, start, complete and wait no-ops
                ok(r, "MPI_Win_post", Group.EMPTY, 0, w);
                ok(r, "MPI_Win_start", Group.EMPTY, 0, w);
                ok(r, "MPI_Win_complete", w);
                ok(r, "MPI_Win_wait", w);
            });
        }
    }

    @Test
    void fenceCompletesEveryRanksPutsBeforeAnyFenceReturns() { // R34
        try (TestJob t = new TestJob(N)) {
            t.spmd(r -> {
                Win w = create(r, 4L * N, 4);
                for (int round = 1; round <= 50; round++) {
                    ok(r, "MPI_Win_fence", 0, w);
                    for (int tgt = 0; tgt < N; tgt++) {
                        ok(r, "MPI_Put", alloc(r, "MPI_INT", round * 100 + r.id()), 1, "MPI_INT", tgt, (long) r.id(), 1, "MPI_INT", w);
                    }
                    ok(r, "MPI_Win_fence", 0, w);
                    long[] v = read(r, w.base(), "MPI_INT", N);
                    for (int i = 0; i < N; i++) assertEquals(round * 100 + i, v[i], "round " + round + " from rank " + i);
                }
                ok(r, "MPI_Win_fence", RmaModes.MODE_NOSUCCEED, w);
            });
        }
    }

    @Test
    void lockAllWithFlushAndWinSyncSeesRemoteUpdates() { // R44, R46, R47
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 8, 8);
                ok(r, "MPI_Win_lock_all", RmaModes.MODE_NOCHECK, w);
                if (r.id() == 1) {
                    ok(r, "MPI_Put", alloc(r, "MPI_LONG", 42), 1, "MPI_LONG", 0, 0L, 1, "MPI_LONG", w);
                    ok(r, "MPI_Win_flush_local", 0, w);
                    ok(r, "MPI_Win_flush_local_all", w);
                    ok(r, "MPI_Win_flush_all", w);
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                ok(r, "MPI_Win_sync", w);
                if (r.id() == 0) assertEquals(42, read(r, w.base(), "MPI_LONG", 1)[0]);
                ok(r, "MPI_Win_unlock_all", w);
            });
        }
    }

    @Test
    void traceShowsEachOperationAndItsCompletion() { // issue 4: trace events for each operation and its completion
        try (TestJob t = new TestJob(2)) {
            List<Event> ev = t.record();
            t.spmd(r -> {
                Win w = create(r, 8, 8);
                if (r.id() == 0) {
                    ok(r, "MPI_Win_lock", LOCK_EXCLUSIVE, 1, 0, w);
                    ok(r, "MPI_Put", alloc(r, "MPI_LONG", 1), 1, "MPI_LONG", 1, 0L, 1, "MPI_LONG", w);
                    ok(r, "MPI_Accumulate", alloc(r, "MPI_LONG", 1), 1, "MPI_LONG", 1, 0L, 1, "MPI_LONG", "MPI_SUM", w);
                    ok(r, "MPI_Win_unlock", 1, w);
                }
            });
            List<Event> rma = ev.stream().filter(e -> e.family().equals("rma")).toList();
            List<String> kinds = rma.stream().map(Event::kind).toList();
            assertEquals(List.of("sync", "put", "accumulate", "completed", "sync"), kinds, rma.toString());
            assertTrue(rma.get(3).text().startsWith("2 operations to rank 1 on win"), rma.get(3).text());
        }
    }

    @Test
    void testIsFalseUntilTheOriginCompletesAndNocheckStartDoesNotWait() { // R40, R41
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 8, 4);
                Group other = new Group(new int[] {1 - r.id()});
                if (r.id() == 0) {
                    ok(r, "MPI_Win_post", other, 0, w);
                    assertEquals(false, TestJob.call1(r, "MPI_Win_test", w), "rank 1 has not even started");
                    ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                    ok(r, "MPI_Barrier", "MPI_COMM_WORLD");        // rank 1 has completed now
                    assertEquals(true, TestJob.call1(r, "MPI_Win_test", w));
                    assertEquals(9, read(r, w.base(), "MPI_INT", 1)[0]);
                } else {
                    ok(r, "MPI_Barrier", "MPI_COMM_WORLD");        // the post has happened: NOCHECK is true
                    ok(r, "MPI_Win_start", other, RmaModes.MODE_NOCHECK, w);
                    ok(r, "MPI_Put", alloc(r, "MPI_INT", 9), 1, "MPI_INT", 0, 0L, 1, "MPI_INT", w);
                    ok(r, "MPI_Win_complete", w);
                    ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                }
            });
        }
    }

    @Test
    void lockingOnesOwnWindowWaitsForOtherHoldersToo() { // R43: a lock on the caller's own memory is held on return
        try (TestJob t = new TestJob(2)) {
            AtomicInteger order = new AtomicInteger();
            t.spmd(r -> {
                Win w = create(r, 8, 8);
                if (r.id() == 1) ok(r, "MPI_Win_lock", LOCK_SHARED, 0, 0, w);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    ok(r, "MPI_Win_lock", LOCK_EXCLUSIVE, 0, 0, w);
                    assertEquals(1, order.get(), "the exclusive lock on its own window came before rank 1 unlocked");
                    ok(r, "MPI_Win_unlock", 0, w);
                } else {
                    try { Thread.sleep(50); } catch (InterruptedException e) { throw new RuntimeException(e); }
                    order.set(1);
                    ok(r, "MPI_Win_unlock", 0, w);
                }
            });
        }
    }
}
