package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.p2p.P2pFixture.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.MpiConst;

/** Sends and receives: matching, order, wildcards, truncation, modes. */
@Timeout(30)
class PointToPointTest {
    @Test
    void sendAndReceiveCarryTheDataAndTheEnvelope() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) send(r, ints(r, 1, 2, 3), 3, 1, 7);
                else {
                    long buf = ints(r, 0, 0, 0, 0);
                    Status s = recv(r, buf, 4, 0, 7);
                    assertArrayEquals(new int[] {1, 2, 3, 0}, read(r, buf, 4));
                    assertEquals(0, s.source());
                    assertEquals(7, s.tag());
                    assertEquals(12, s.bytes());
                    assertEquals(3, TestJob.call1(r, "MPI_Get_count", s, "MPI_INT"));
                    assertEquals(MpiConst.UNDEFINED, TestJob.call1(r, "MPI_Get_count", s, "MPI_DOUBLE"));
                    assertEquals(12, TestJob.call1(r, "MPI_Get_count", s, "MPI_BYTE"));
                }
            });
        }
    }

    @Test
    void messagesFromOneSenderOnOneCommunicatorAreReceivedInOrder() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    for (int i = 0; i < 50; i++) send(r, ints(r, i), 1, 1, i % 2); // two tags interleaved
                } else {
                    long buf = ints(r, 0);
                    barrier(r); // everything is queued (eager) before any receive
                    for (int i = 0; i < 50; i++) {
                        Status s = recv(r, buf, 1, 0, MpiConst.ANY_TAG);
                        assertEquals(i, read(r, buf, 1)[0], "non-overtaking with MPI_ANY_TAG");
                        assertEquals(i % 2, s.tag());
                    }
                }
                if (r.id() == 0) barrier(r);
            });
        }
    }

    @Test
    void aTagSelectsAmongQueuedMessagesAndTheOthersStayInOrder() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    send(r, ints(r, 10), 1, 1, 1);
                    send(r, ints(r, 20), 1, 1, 2);
                    send(r, ints(r, 11), 1, 1, 1);
                    barrier(r);
                } else {
                    barrier(r);
                    long buf = ints(r, 0);
                    recv(r, buf, 1, 0, 2);
                    assertEquals(20, read(r, buf, 1)[0]);
                    recv(r, buf, 1, 0, 1);
                    assertEquals(10, read(r, buf, 1)[0]);
                    recv(r, buf, 1, MpiConst.ANY_SOURCE, MpiConst.ANY_TAG);
                    assertEquals(11, read(r, buf, 1)[0]);
                }
            });
        }
    }

    @Test
    void anySourceTakesMessagesFromEveryRank() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() != 0) send(r, ints(r, r.id() * 100), 1, 0, 3);
                else {
                    long buf = ints(r, 0);
                    int seen = 0;
                    for (int i = 0; i < 3; i++) {
                        Status s = recv(r, buf, 1, MpiConst.ANY_SOURCE, 3);
                        assertEquals(s.source() * 100, read(r, buf, 1)[0]);
                        seen |= 1 << s.source();
                    }
                    assertEquals(0b1110, seen);
                }
            });
        }
    }

    @Test
    void aLongerMessageIsTruncatedWithErrTruncateAndTheBufferHoldsWhatFits() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) send(r, ints(r, 1, 2, 3, 4), 4, 1, 0);
                else {
                    long buf = ints(r, 0, 0, 9);
                    var e = failure(() -> recv(r, buf, 2, 0, 0));
                    assertEquals(ErrorClass.MPI_ERR_TRUNCATE, e.errorClass());
                    assertTrue(e.getMessage().contains("longer than the receive buffer"), e.getMessage());
                    assertArrayEquals(new int[] {1, 2, 9}, read(r, buf, 3));
                }
            });
        }
    }

    @Test
    void procNullSendsAndReceivesCompleteAtOnce() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                send(r, ints(r, 1), 1, MpiConst.PROC_NULL, 0);
                Status s = recv(r, ints(r, 0), 1, MpiConst.PROC_NULL, 0);
                assertEquals(MpiConst.PROC_NULL, s.source());
                assertEquals(MpiConst.ANY_TAG, s.tag());
                assertEquals(0, s.bytes());
            });
        }
    }

    /**
     * MPI-4.1 section 3.10: a nonblocking send to or receive from MPI_PROC_NULL completes at once; the receive's
     * status has source MPI_PROC_NULL, tag MPI_ANY_TAG and count 0. Every nonblocking mode mpish has.
     */
    @Test
    void nonblockingProcNullRequestsAreCompleteAtOnce() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = ints(r, 5);
                for (String call : new String[] {"MPI_Isend", "MPI_Issend", "MPI_Ibsend"}) {
                    Object[] o = TestJob.call(r, call, buf, 1, "MPI_INT", MpiConst.PROC_NULL, 0, W);
                    Object[] done = TestJob.call(r, "MPI_Test", o[0]);
                    assertEquals(true, done[1], call + " to MPI_PROC_NULL is complete");
                }
                Handle q = irecv(r, buf, 1, MpiConst.PROC_NULL, 3);
                Object[] done = TestJob.call(r, "MPI_Test", q);
                assertEquals(true, done[1], "MPI_Irecv from MPI_PROC_NULL is complete");
                Status s = (Status) done[2];
                assertEquals(MpiConst.PROC_NULL, s.source());
                assertEquals(MpiConst.ANY_TAG, s.tag());
                assertEquals(0, TestJob.call1(r, "MPI_Get_count", s, "MPI_INT"));
                assertArrayEquals(new int[] {5}, read(r, buf, 1), "nothing written");
            });
        }
    }

    @Test
    void badArgumentsGiveTheirErrorClasses() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long b = ints(r, 0);
                assertEquals(ErrorClass.MPI_ERR_RANK, errorOf(() -> send(r, b, 1, 2, 0)));
                assertEquals(ErrorClass.MPI_ERR_TAG, errorOf(() -> send(r, b, 1, 1, -1)));
                assertEquals(ErrorClass.MPI_ERR_COUNT, errorOf(() -> send(r, b, -1, 1, 0)));
                assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> send(r, b, 2, 1, 0)));
                assertEquals(ErrorClass.MPI_ERR_COMM, errorOf(() -> TestJob.call(r, "MPI_Send", b, 1, "MPI_INT", 1, 0, "MPI_COMM_NULL")));
                assertEquals(ErrorClass.MPI_ERR_TYPE, errorOf(() -> TestJob.call(r, "MPI_Send", b, 1, "MPI_DATATYPE_NULL", 1, 0, W)));
                assertEquals(ErrorClass.MPI_ERR_RANK, errorOf(() -> recv(r, b, 1, 5, 0)));
                assertEquals(ErrorClass.MPI_ERR_TAG, errorOf(() -> recv(r, b, 1, 0, -5)));
            });
        }
    }

    @Test
    void aStandardSendAboveTheEagerLimitWaitsForItsReceive() throws Exception {
        try (TestJob t = new TestJob(2)) {
            P2p.setEagerLimit(t.job, 16);
            long[] small = new long[1];
            var f = t.rank(0).submit(() -> {
                TestJob.returnErrors(t.rank(0));
                send(t.rank(0), ints(t.rank(0), 1, 2, 3, 4), 4, 1, 0);      // 16 bytes: eager
                small[0] = 1;
                send(t.rank(0), ints(t.rank(0), 1, 2, 3, 4, 5), 5, 1, 0);   // 20 bytes: waits
                return null;
            });
            blocked(t.rank(0));
            assertEquals(1, small[0]);
            assertFalse(f.isDone(), "the 20-byte send must wait for its receive");
            assertTrue(t.rank(0).waitDescription().contains("larger than the eager limit of 16 bytes"), t.rank(0).waitDescription());
            t.on(1, () -> {
                recv(t.rank(1), ints(t.rank(1), 0, 0, 0, 0, 0), 5, 0, 0);
                recv(t.rank(1), ints(t.rank(1), 0, 0, 0, 0, 0), 5, 0, 0);
                return null;
            });
            f.get(5, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    @Test
    void ssendWaitsUntilMatchedEvenForOneByte() throws Exception {
        try (TestJob t = new TestJob(2)) {
            var f = t.rank(0).submit(() -> TestJob.call(t.rank(0), "MPI_Ssend", ints(t.rank(0), 1), 1, "MPI_INT", 1, 4, W));
            blocked(t.rank(0));
            assertFalse(f.isDone());
            assertTrue(t.rank(0).waitDescription().startsWith("rank 1 to receive a 4-byte message with tag 4 on MPI_COMM_WORLD (a synchronous send"),
                    t.rank(0).waitDescription());
            t.on(1, () -> recv(t.rank(1), ints(t.rank(1), 0), 1, 0, 4));
            f.get(5, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    @Test
    void rsendWithoutAPostedReceiveIsAnErrorAndWithOneItDelivers() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    var e = failure(() -> TestJob.call(r, "MPI_Rsend", ints(r, 5), 1, "MPI_INT", 1, 0, W));
                    assertEquals(ErrorClass.MPI_ERR_OTHER, e.errorClass());
                    assertTrue(e.getMessage().contains("no receive matching tag 0"), e.getMessage());
                    barrier(r); // rank 1 posts its receive
                    barrier(r);
                    TestJob.call(r, "MPI_Rsend", ints(r, 6), 1, "MPI_INT", 1, 0, W);
                } else {
                    barrier(r);
                    long buf = ints(r, 0);
                    Handle q = irecv(r, buf, 1, 0, 0);
                    barrier(r);
                    await(r, q);
                    assertEquals(6, read(r, buf, 1)[0], "the failed Rsend sent nothing");
                }
            });
        }
    }

    @Test
    void sendrecvAroundARingDoesNotDeadlockEvenAboveTheEagerLimit() {
        try (TestJob t = new TestJob(4)) {
            P2p.setEagerLimit(t.job, 0);
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int n = 4, me = r.id();
                long out = ints(r, me), in = ints(r, -1);
                Status s = (Status) TestJob.call1(r, "MPI_Sendrecv", out, 1, "MPI_INT", (me + 1) % n, 9, in, 1, "MPI_INT", (me + n - 1) % n, 9, W);
                assertEquals((me + n - 1) % n, read(r, in, 1)[0]);
                assertEquals((me + n - 1) % n, s.source());
                long buf = ints(r, me * 10);
                TestJob.call(r, "MPI_Sendrecv_replace", buf, 1, "MPI_INT", (me + 1) % n, 1, (me + n - 1) % n, 1, W);
                assertEquals(((me + n - 1) % n) * 10, read(r, buf, 1)[0]);
            });
        }
    }
}
