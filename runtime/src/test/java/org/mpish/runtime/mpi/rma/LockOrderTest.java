package org.mpish.runtime.mpi.rma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.rma.RmaFixture.alloc;
import static org.mpish.runtime.mpi.rma.RmaFixture.create;
import static org.mpish.runtime.mpi.rma.RmaFixture.ok;
import static org.mpish.runtime.mpi.rma.RmaFixture.read;
import static org.mpish.runtime.mpi.rma.RmaModes.LOCK_EXCLUSIVE;
import static org.mpish.runtime.mpi.rma.RmaModes.LOCK_SHARED;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.explore.Decision;
import org.mpish.runtime.explore.Plan;
import org.mpish.runtime.explore.Scheduler;

/**
 * Competing passive-target lock requests under an explored schedule. MPI-4.1 section 12.5.3 does not say which of
 * two requests for one exclusive lock is granted first (R42 only says they exclude each other), so the explorer
 * must reach both orders: the first request decided is a choice between being granted now and leaving the lock
 * to the other, and a plan that takes the second value reverses the order in which the ranks hold the lock.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LockOrderTest {
    private record Run(long[] tickets, List<Decision> decisions) {}

    /**
     * Ranks 1 and 2 each lock rank 0's window and draw a ticket with Fetch_and_op (R25), so the tickets give the
     * order in which they held the lock; rank 0 only makes the window.
     */
    private static Run run(Plan plan, int lockType) {
        long[] tickets = new long[3];
        try (TestJob t = new TestJob(3)) {
            Scheduler s = new Scheduler(t.job, plan);
            t.job.control(s);
            t.spmd(r -> {
                s.begin(r);
                try {
                    Win w = create(r, 8, 8);
                    if (r.id() != 0) {
                        long one = alloc(r, "MPI_LONG", 1), got = alloc(r, "MPI_LONG", -1);
                        ok(r, "MPI_Win_lock", lockType, 0, 0, w);
                        ok(r, "MPI_Fetch_and_op", one, got, "MPI_LONG", 0, 0L, "MPI_SUM", w);
                        ok(r, "MPI_Win_unlock", 0, w);
                        tickets[r.id()] = read(r, got, "MPI_LONG", 1)[0];
                    }
                    ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                } finally {
                    s.exit(r);
                }
            });
            return new Run(tickets, s.decisions());
        }
    }

    private static Decision firstLockChoice(Run run) {
        for (Decision d : run.decisions()) if (d.call().equals("MPI_Win_lock")) return d;
        throw new AssertionError("no MPI_Win_lock choice among " + run.decisions());
    }

    @Test
    void bothOrdersOfTwoExclusiveLockRequestsAreReachable_R42() {
        Run first = run(Plan.empty(), LOCK_EXCLUSIVE);
        Decision d = firstLockChoice(first);
        assertTrue(d.branching(), "two exclusive requests for one lock: the first decided has two values: " + d);
        assertTrue(d.rank() == 1 || d.rank() == 2, d.toString());
        assertTrue(d.label().startsWith("MPI_Win_lock (exclusive lock on rank 0 of "), d.label());
        int me = d.rank(), other = 3 - me;
        // the default (the first candidate) grants the request decided first: that rank holds the lock first
        assertEquals(0, first.tickets()[me], "granted first");
        assertEquals(1, first.tickets()[other]);

        Run second = run(Plan.empty().with(new Plan.Entry(me, d.ordinal(), d.call(), other(d))), LOCK_EXCLUSIVE);
        Decision d2 = firstLockChoice(second);
        assertEquals(me, d2.rank());
        assertNotEquals(d.value(), d2.value(), "the plan's value was taken");
        assertArrayEquals(new long[] {0, me == 1 ? 1 : 0, me == 2 ? 1 : 0}, second.tickets(),
                "left to the other request, rank " + me + " holds the lock second");
    }

    /** The value of {@code d} that was not taken. */
    private static int other(Decision d) {
        for (int c : d.candidates()) if (c != d.value()) return c;
        throw new AssertionError("no other value in " + d);
    }

    @Test
    void sharedRequestsAreChoicesTooAndBothAreGranted_R42() {
        Run run = run(Plan.empty(), LOCK_SHARED);
        Decision d = firstLockChoice(run);
        assertTrue(d.label().startsWith("MPI_Win_lock (shared lock on rank 0 of "), d.label());
        long[] sorted = run.tickets().clone();
        java.util.Arrays.sort(sorted);
        assertArrayEquals(new long[] {0, 0, 1}, sorted, "each of ranks 1 and 2 drew one ticket");
    }
}
