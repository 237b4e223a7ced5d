package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.p2p.P2pFixture.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.Status;

/**
 * MPI_Isendrecv and MPI_Isendrecv_replace (MPI-4.1 section 3.10): one request over a send and a receive, complete
 * once both are, whose status is the receive's. The data values and the completion order are those a run of the
 * same exchanges under MPICH 4.0.2 printed (mpiexec.mpich -n 4); MPICH 4.0.2 leaves the status of these requests
 * unset and crashes on MPI_PROC_NULL partners, so the statuses and the MPI_PROC_NULL case follow the standard's
 * rules instead (the status describes the receive; section 3.10's null processes).
 */
@Timeout(30)
class IsendrecvTest {
    @Test
    void aRingExchangeGivesEachRankItsLeftNeighboursValuesEvenWithNothingBuffered() {
        try (TestJob t = new TestJob(4)) {
            P2p.setEagerLimit(t.job, 0); // every send waits for its receive: only posting both at once avoids deadlock
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int n = 4, me = r.id(), right = (me + 1) % n, left = (me + n - 1) % n;
                long out = ints(r, me * 100 + 1, me * 100 + 2), in = ints(r, -1, -1), rep = ints(r, me * 10);
                Handle a = (Handle) TestJob.call1(r, "MPI_Isendrecv", out, 2, "MPI_INT", right, 5, in, 2, "MPI_INT", left, 5, W);
                Handle b = (Handle) TestJob.call1(r, "MPI_Isendrecv_replace", rep, 1, "MPI_INT", right, 6, left, 6, W);
                Status[] st = (Status[]) TestJob.call(r, "MPI_Waitall", 2, List.of(a, b))[1];
                assertArrayEquals(new int[] {left * 100 + 1, left * 100 + 2}, read(r, in, 2));
                assertEquals(left * 10, read(r, rep, 1)[0], "the buffer now holds what the left neighbour sent");
                assertEquals(left, st[0].source());
                assertEquals(5, st[0].tag());
                assertEquals(2, TestJob.call1(r, "MPI_Get_count", st[0], "MPI_INT"));
                assertEquals(left, st[1].source());
                assertEquals(6, st[1].tag());
                assertEquals(1, TestJob.call1(r, "MPI_Get_count", st[1], "MPI_INT"));
                // the large-count forms are the same calls with MPI_Count counts
                Handle c = (Handle) TestJob.call1(r, "MPI_Isendrecv_replace_c", rep, 1L, "MPI_INT", right, 7, left, 7, W);
                assertEquals(left, await(r, c).source());
                assertEquals((left + n - 1) % n * 10, read(r, rep, 1)[0], "two steps round the ring");
                Handle d = (Handle) TestJob.call1(r, "MPI_Isendrecv_c", out, 1L, "MPI_INT", right, 8, in, 1L, "MPI_INT", left, 8, W);
                await(r, d);
                assertEquals(left * 100 + 1, read(r, in, 1)[0]);
            });
        }
    }

    @Test
    void waitanyReturnsTheExchangeWhosePartnerCameFirst() {
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    long a = ints(r, 1000), b = ints(r, 2000), ra = ints(r, -1), rb = ints(r, -1);
                    Handle q1 = (Handle) TestJob.call1(r, "MPI_Isendrecv", a, 1, "MPI_INT", 1, 1, ra, 1, "MPI_INT", 1, 1, W);
                    Handle q2 = (Handle) TestJob.call1(r, "MPI_Isendrecv", b, 1, "MPI_INT", 2, 2, rb, 1, "MPI_INT", 2, 2, W);
                    Object[] w = TestJob.call(r, "MPI_Waitany", 2, List.of(q1, q2));
                    assertEquals(1, w[1], "rank 1 has not answered yet; rank 2 has");
                    assertEquals(2, ((Status) w[2]).source());
                    assertEquals(2, ((Status) w[2]).tag());
                    assertEquals(22, read(r, rb, 1)[0]);
                    send(r, ints(r, 1), 1, 1, 9); // now rank 1 may answer
                    Handle[] left = (Handle[]) w[0];
                    w = TestJob.call(r, "MPI_Waitany", 2, List.of(left));
                    assertEquals(0, w[1]);
                    assertEquals(1, ((Status) w[2]).source());
                    assertEquals(1, ((Status) w[2]).tag());
                    assertEquals(11, read(r, ra, 1)[0]);
                    w = TestJob.call(r, "MPI_Waitany", 2, List.of((Handle[]) w[0]));
                    assertEquals(MpiConst.UNDEFINED, w[1], "both requests are freed");
                } else if (r.id() == 1) {
                    recv(r, ints(r, 0), 1, 0, 9);
                    long v = ints(r, 11);
                    TestJob.call(r, "MPI_Sendrecv_replace", v, 1, "MPI_INT", 0, 1, 0, 1, W);
                    assertEquals(1000, read(r, v, 1)[0]);
                } else {
                    long v = ints(r, 22);
                    TestJob.call(r, "MPI_Sendrecv_replace", v, 1, "MPI_INT", 0, 2, 0, 2, W);
                    assertEquals(2000, read(r, v, 1)[0]);
                }
            });
        }
    }

    @Test
    void theRequestWaitsForItsSendAfterItsReceiveHasLanded() {
        try (TestJob t = new TestJob(2)) {
            P2p.setEagerLimit(t.job, 0); // the send is taken only when rank 1 receives it (MPICH: a 4 MiB rendezvous send)
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    long big = ints(r, 1, 2, 3, 4), small = ints(r, -1);
                    Handle q = (Handle) TestJob.call1(r, "MPI_Isendrecv", big, 4, "MPI_INT", 1, 8, small, 1, "MPI_INT", 1, 8, W);
                    barrier(r);
                    Object[] w = TestJob.call(r, "MPI_Test", q);
                    assertEquals(42, read(r, small, 1)[0], "the receive has completed");
                    assertFalse((Boolean) w[1], "but the send has not been received, so the request is not complete");
                    barrier(r);
                    assertEquals(1, await(r, (Handle) w[0]).source());
                } else {
                    send(r, ints(r, 42), 1, 0, 8);
                    barrier(r);
                    barrier(r);
                    long in = ints(r, 0, 0, 0, 0);
                    recv(r, in, 4, 0, 8);
                    assertArrayEquals(new int[] {1, 2, 3, 4}, read(r, in, 4));
                }
            });
        }
    }

    @Test
    void procNullPartnersCompleteAtOnceWithTheNullStatus() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int none = MpiConst.PROC_NULL;
                long x = ints(r, 5), y = ints(r, 7);
                Handle q = (Handle) TestJob.call1(r, "MPI_Isendrecv", x, 1, "MPI_INT", none, 3, y, 1, "MPI_INT", none, 3, W);
                Object[] w = TestJob.call(r, "MPI_Test", q);
                assertTrue((Boolean) w[1]);
                Status s = (Status) w[2];
                assertEquals(MpiConst.PROC_NULL, s.source());
                assertEquals(MpiConst.ANY_TAG, s.tag());
                assertEquals(0, TestJob.call1(r, "MPI_Get_count", s, "MPI_INT"));
                assertEquals(7, read(r, y, 1)[0], "nothing was received");
                q = (Handle) TestJob.call1(r, "MPI_Isendrecv_replace", x, 1, "MPI_INT", none, 3, none, 3, W);
                assertEquals(MpiConst.PROC_NULL, await(r, q).source());
                assertEquals(5, read(r, x, 1)[0]);
            });
        }
    }

    @Test
    void aTruncatedReceiveIsTheRequestsError() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int none = MpiConst.PROC_NULL;
                if (r.id() == 0) {
                    long four = ints(r, 1, 2, 3, 4);
                    await(r, (Handle) TestJob.call1(r, "MPI_Isendrecv", four, 4, "MPI_INT", 1, 4, ints(r, 0), 1, "MPI_INT", none, 4, W));
                    await(r, (Handle) TestJob.call1(r, "MPI_Isendrecv", four, 4, "MPI_INT", 1, 5, ints(r, 0), 1, "MPI_INT", none, 5, W));
                } else {
                    long two = ints(r, 0, 0, 9);
                    Handle q = (Handle) TestJob.call1(r, "MPI_Isendrecv_replace", two, 2, "MPI_INT", none, 4, 0, 4, W);
                    var e = failure(() -> TestJob.call(r, "MPI_Waitall", 1, List.of(q)));
                    assertEquals(ErrorClass.MPI_ERR_IN_STATUS, e.errorClass());
                    assertTrue(e.getMessage().contains("[0] MPI_ERR_TRUNCATE (message from rank 0 with tag 4 truncated)"), e.getMessage());
                    assertEquals(9, read(r, two, 3)[2], "nothing beyond the buffer is written");
                    Handle q2 = (Handle) TestJob.call1(r, "MPI_Isendrecv", ints(r, 0), 1, "MPI_INT", none, 5, two, 2, "MPI_INT", 0, 5, W);
                    e = failure(() -> await(r, q2));
                    assertEquals(ErrorClass.MPI_ERR_TRUNCATE, e.errorClass(), "MPI_Wait returns the receive's error");
                }
            });
        }
    }
}
