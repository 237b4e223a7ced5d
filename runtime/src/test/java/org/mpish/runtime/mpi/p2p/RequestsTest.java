package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.p2p.P2pFixture.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.MpiConst;

/** Nonblocking and persistent requests, the completion calls, cancel and probes. */
@Timeout(30)
class RequestsTest {
    private static final Handle NULL = Handle.nullOf(HandleKind.REQUEST);

    /**
     * MPI-4.1 section 3.7.3: MPI_Wait returns only once the operation is complete. The send comes 300 ms after the
     * receiver is already waiting, so a Wait that did not wait returns without the message (it did, unnoticed by the
     * test above, where the send races the Wait: mutation testing found it).
     */
    @Test
    void waitBlocksUntilALateMessageHasArrived() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 1) {
                    long buf = ints(r, 0, 0);
                    Handle q = irecv(r, buf, 2, 0, 9);
                    barrier(r);
                    Status s = (Status) TestJob.call(r, "MPI_Wait", q)[1];
                    assertEquals(0, s.source());
                    assertEquals(9, s.tag());
                    assertEquals(2, TestJob.call1(r, "MPI_Get_count", s, "MPI_INT"));
                    assertArrayEquals(new int[] {6, 7}, read(r, buf, 2));
                } else {
                    barrier(r);
                    try {
                        Thread.sleep(300);
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                    send(r, ints(r, 6, 7), 2, 1, 9);
                }
            });
        }
    }

    @Test
    void irecvPostedBeforeTheSendIsFilledAndWaitFreesTheRequest() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 1) {
                    long buf = ints(r, 0, 0);
                    Handle q = irecv(r, buf, 2, 0, 1);
                    barrier(r);
                    Object[] w = TestJob.call(r, "MPI_Wait", q);
                    assertSame(NULL, w[0]);
                    assertTrue(q.isFreed());
                    assertEquals(8, ((Status) w[1]).bytes());
                    assertArrayEquals(new int[] {4, 5}, read(r, buf, 2));
                    assertEquals(ErrorClass.MPI_ERR_REQUEST, errorOf(() -> TestJob.call(r, "MPI_Wait", q)));
                } else {
                    barrier(r);
                    Handle q = isend(r, ints(r, 4, 5), 2, 1, 1);
                    await(r, q);
                }
            });
        }
    }

    @Test
    void waitOnTheNullRequestReturnsAnEmptyStatusAtOnce() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Object[] w = TestJob.call(r, "MPI_Wait", "MPI_REQUEST_NULL");
                assertSame(NULL, w[0]);
                assertEquals(Status.EMPTY, w[1]);
                Object[] x = TestJob.call(r, "MPI_Test", "MPI_REQUEST_NULL");
                assertEquals(true, x[1]);
            });
        }
    }

    @Test
    void testReportsFalseUntilTheMessageArrives() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 1) {
                    Handle q = irecv(r, ints(r, 0), 1, 0, 0);
                    Object[] x = TestJob.call(r, "MPI_Test", q);
                    assertEquals(false, x[1]);
                    assertSame(q, x[0], "an incomplete request stays as it is");
                    barrier(r);
                    barrier(r);
                    x = TestJob.call(r, "MPI_Test", q);
                    assertEquals(true, x[1]);
                    assertSame(NULL, x[0]);
                } else {
                    barrier(r);
                    send(r, ints(r, 1), 1, 1, 0);
                    barrier(r);
                }
            });
        }
    }

    @Test
    void waitallWaitanyWaitsomeAndTheTestForms() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() != 0) {
                    barrier(r);
                    send(r, ints(r, r.id()), 1, 0, r.id());
                    barrier(r);
                    return;
                }
                long b1 = ints(r, 0), b2 = ints(r, 0), b3 = ints(r, 0);
                List<Handle> qs = List.of(irecv(r, b1, 1, 1, 1), irecv(r, b2, 1, 2, 2), irecv(r, b3, 1, 3, 3));
                Object[] none = TestJob.call(r, "MPI_Testany", 3, qs);
                assertEquals(false, none[2]);
                assertEquals(MpiConst.UNDEFINED, none[1]);
                Object[] ta = TestJob.call(r, "MPI_Testall", 3, qs);
                assertEquals(false, ta[1]);
                barrier(r);
                Object[] any = TestJob.call(r, "MPI_Waitany", 3, qs);
                int i = (Integer) any[1];
                Handle[] after = (Handle[]) any[0];
                assertSame(NULL, after[i]);
                assertEquals(i + 1, ((Status) any[2]).source());
                Object[] some = TestJob.call(r, "MPI_Waitsome", 3, List.of(after));
                Handle[] rest = (Handle[]) some[0];
                int out = (Integer) some[1];
                assertTrue(out >= 1 && out <= 2);
                Object[] all = TestJob.call(r, "MPI_Waitall", 3, List.of(rest));
                for (Handle h : (Handle[]) all[0]) assertSame(NULL, h);
                assertArrayEquals(new int[] {1, 2, 3}, new int[] {read(r, b1, 1)[0], read(r, b2, 1)[0], read(r, b3, 1)[0]});
                Object[] empty = TestJob.call(r, "MPI_Waitany", 3, List.of(NULL, NULL, NULL));
                assertEquals(MpiConst.UNDEFINED, empty[1], "no active request: MPI_UNDEFINED");
                Object[] ws = TestJob.call(r, "MPI_Waitsome", 1, List.of(NULL));
                assertEquals(MpiConst.UNDEFINED, ws[1]);
                barrier(r);
            });
        }
    }

    @Test
    void waitallReportsATruncatedReceiveAsErrInStatus() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) send(r, ints(r, 1, 2), 2, 1, 0);
                else {
                    Handle q = irecv(r, ints(r, 0), 1, 0, 0);
                    var e = failure(() -> TestJob.call(r, "MPI_Waitall", 1, List.of(q)));
                    assertEquals(ErrorClass.MPI_ERR_IN_STATUS, e.errorClass());
                    assertTrue(e.getMessage().contains("[0] MPI_ERR_TRUNCATE"), e.getMessage());
                }
            });
        }
    }

    @Test
    void cancelAnUnmatchedReceiveAndAnUnreceivedSend() {
        try (TestJob t = new TestJob(2)) {
            P2p.setEagerLimit(t.job, 0);
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    Handle q = irecv(r, ints(r, 0), 1, 1, 99);
                    TestJob.call(r, "MPI_Cancel", q);
                    Status s = await(r, q);
                    assertEquals(true, TestJob.call1(r, "MPI_Test_cancelled", s));
                    Handle snd = isend(r, ints(r, 7), 1, 1, 6); // nobody receives tag 6
                    TestJob.call(r, "MPI_Cancel", snd);
                    assertEquals(true, TestJob.call1(r, "MPI_Test_cancelled", await(r, snd)));
                    send(r, ints(r, 8), 1, 1, 5);
                    barrier(r);
                } else {
                    long buf = ints(r, 0);
                    Status s = recv(r, buf, 1, 0, 5);
                    assertEquals(8, read(r, buf, 1)[0]);
                    assertEquals(false, TestJob.call(r, "MPI_Iprobe", 0, 6, W)[0], "the cancelled send never arrived");
                    assertEquals(false, TestJob.call1(r, "MPI_Test_cancelled", s));
                    barrier(r);
                }
            });
        }
    }

    @Test
    void persistentRequestsRestartAndStayAllocatedUntilFreed() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = ints(r, 0);
                if (r.id() == 0) {
                    Handle q = (Handle) TestJob.call1(r, "MPI_Send_init", buf, 1, "MPI_INT", 1, 2, W);
                    Object[] idle = TestJob.call(r, "MPI_Wait", q);
                    assertSame(q, idle[0], "waiting on an inactive persistent request returns at once");
                    for (int i = 0; i < 3; i++) {
                        r.memory().writeInt(buf, i * 11);
                        TestJob.call(r, "MPI_Start", q);
                        assertEquals(ErrorClass.MPI_ERR_REQUEST, errorOf(() -> TestJob.call(r, "MPI_Start", q)), "already active");
                        Object[] w = TestJob.call(r, "MPI_Wait", q);
                        assertSame(q, w[0], "a persistent request survives completion");
                    }
                    assertSame(NULL, TestJob.call1(r, "MPI_Request_free", q));
                    assertTrue(q.isFreed());
                } else {
                    Handle q = (Handle) TestJob.call1(r, "MPI_Recv_init", buf, 1, "MPI_INT", 0, 2, W);
                    for (int i = 0; i < 3; i++) {
                        TestJob.call(r, "MPI_Startall", 1, List.of(q));
                        TestJob.call(r, "MPI_Waitall", 1, List.of(q));
                        assertEquals(i * 11, read(r, buf, 1)[0]);
                    }
                    TestJob.call(r, "MPI_Request_free", q);
                    Handle plain = irecv(r, buf, 1, 0, 77);
                    assertEquals(ErrorClass.MPI_ERR_REQUEST, errorOf(() -> TestJob.call(r, "MPI_Start", plain)), "not persistent");
                    TestJob.call(r, "MPI_Cancel", plain);
                    await(r, plain);
                }
            });
        }
    }

    @Test
    void requestFreeLetsTheOperationFinish() {
        try (TestJob t = new TestJob(2)) {
            P2p.setEagerLimit(t.job, 0);
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    Handle q = isend(r, ints(r, 42), 1, 1, 0);
                    assertSame(NULL, TestJob.call1(r, "MPI_Request_free", q));
                    barrier(r);
                } else {
                    long buf = ints(r, 0);
                    recv(r, buf, 1, 0, 0);
                    assertEquals(42, read(r, buf, 1)[0]);
                    barrier(r);
                }
            });
        }
    }

    @Test
    void probeSeesAMessageWithoutTakingItAndMprobeTakesIt() {
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 1) send(r, ints(r, 1, 2, 3), 3, 0, 4);
                if (r.id() == 2) { barrier(r); send(r, ints(r, 9), 1, 0, 4); return; }
                if (r.id() == 1) { barrier(r); return; }
                Status s = (Status) TestJob.call1(r, "MPI_Probe", MpiConst.ANY_SOURCE, 4, W);
                assertEquals(1, s.source());
                assertEquals(3, TestJob.call1(r, "MPI_Get_count", s, "MPI_INT"));
                Object[] ip = TestJob.call(r, "MPI_Iprobe", 1, 4, W);
                assertEquals(true, ip[0], "probing does not receive");
                assertEquals(false, TestJob.call(r, "MPI_Iprobe", 1, 5, W)[0]);
                Object[] mp = TestJob.call(r, "MPI_Mprobe", 1, 4, W);
                Handle msg = (Handle) mp[0];
                assertEquals(false, TestJob.call(r, "MPI_Iprobe", 1, 4, W)[0], "a matched probe takes the message off the queue");
                barrier(r);
                long other = ints(r, 0);
                recv(r, other, 1, MpiConst.ANY_SOURCE, 4);
                assertEquals(9, read(r, other, 1)[0], "a receive cannot take the mprobed message");
                long buf = ints(r, 0, 0, 0);
                Object[] mr = TestJob.call(r, "MPI_Mrecv", buf, 3, "MPI_INT", msg);
                assertSame(Handle.nullOf(HandleKind.MESSAGE), mr[0]);
                assertArrayEquals(new int[] {1, 2, 3}, read(r, buf, 3));
                Object[] np = TestJob.call(r, "MPI_Mprobe", MpiConst.PROC_NULL, 0, W);
                assertSame(MessageHandle.NO_PROC, np[0]);
                Object[] nr = TestJob.call(r, "MPI_Mrecv", buf, 3, "MPI_INT", np[0]);
                assertEquals(MpiConst.PROC_NULL, ((Status) nr[1]).source());
            });
        }
    }

    @Test
    void getElementsCountsBasicElements() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Status s = new Status(0, 0, 0, 12, false);
                assertEquals(3, TestJob.call1(r, "MPI_Get_elements", s, "MPI_INT"));
                assertEquals(6, TestJob.call1(r, "MPI_Get_elements", s, "MPI_SHORT"));
                assertEquals(MpiConst.UNDEFINED, TestJob.call1(r, "MPI_Get_elements", s, "MPI_DOUBLE"));
                assertEquals(6, TestJob.call1(r, "MPI_Get_elements", new Status(0, 0, 0, 24, false), "MPI_2INT"));
                assertFalse((Boolean) TestJob.call1(r, "MPI_Test_cancelled", s));
            });
        }
    }
}
