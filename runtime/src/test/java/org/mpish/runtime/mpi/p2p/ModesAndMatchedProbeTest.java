package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.mpish.runtime.mpi.p2p.P2pFixture.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.Status;

/**
 * The point-to-point calls the MPI-4.1 audit found missing: MPI_Irsend (section 3.7.2), MPI_Ssend_init and
 * MPI_Rsend_init (3.9, persistent requests in synchronous and ready mode), MPI_Improbe and MPI_Imrecv (3.8.2 and
 * 3.8.3, the nonblocking matched probe and receive). Expected behaviour is the standard's: a ready send needs its
 * receive posted first; a synchronous send completes only once its receive has matched; a matched probe takes the
 * message off the queue, so only its MPI_Mrecv / MPI_Imrecv can receive it; MPI_PROC_NULL gives MPI_MESSAGE_NO_PROC
 * and a receive that completes at once with source MPI_PROC_NULL and no data.
 */
@Timeout(60)
class ModesAndMatchedProbeTest {
    private static final Handle NULL = Handle.nullOf(HandleKind.REQUEST);

    @Test
    void irsendAndRsendInitNeedAPostedReceive() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 1) {
                    long buf = ints(r, 0, 0);
                    Handle q = irecv(r, buf, 2, 0, 1);
                    barrier(r);
                    await(r, q);
                    assertArrayEquals(new int[] {7, 8}, read(r, buf, 2));
                    Handle q2 = irecv(r, buf, 2, 0, 2);
                    barrier(r);
                    await(r, q2);
                    assertArrayEquals(new int[] {9, 10}, read(r, buf, 2));
                    barrier(r);
                    return;
                }
                barrier(r);
                Handle s = (Handle) TestJob.call1(r, "MPI_Irsend", ints(r, 7, 8), 2, "MPI_INT", 1, 1, W);
                await(r, s);
                Handle p = (Handle) TestJob.call1(r, "MPI_Rsend_init", ints(r, 9, 10), 2, "MPI_INT", 1, 2, W);
                barrier(r);
                TestJob.call(r, "MPI_Start", p);
                assertSame(p, TestJob.call(r, "MPI_Wait", p)[0], "a persistent request stays, inactive");
                barrier(r);
                // nothing posted for tag 3: a ready send is refused rather than left hanging
                assertEquals(ErrorClass.MPI_ERR_OTHER, errorOf(() -> TestJob.call(r, "MPI_Irsend", ints(r, 1), 1, "MPI_INT", 1, 3, W)));
                TestJob.call(r, "MPI_Request_free", p);
            });
        }
    }

    @Test
    void ssendInitCompletesOnlyOnceTheReceiveMatchesAndRestarts() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 1) {
                    for (int round = 0; round < 2; round++) {
                        barrier(r);
                        long buf = ints(r, 0);
                        recv(r, buf, 1, 0, 4);
                        assertEquals(40 + round, read(r, buf, 1)[0]);
                    }
                    return;
                }
                long data = ints(r, 40);
                Handle p = (Handle) TestJob.call1(r, "MPI_Ssend_init", data, 1, "MPI_INT", 1, 4, W);
                for (int round = 0; round < 2; round++) {
                    r.memory().writeInt(data, 40 + round);
                    TestJob.call(r, "MPI_Start", p);
                    assertEquals(false, TestJob.call(r, "MPI_Test", p)[1], "no receive is posted yet: a synchronous send waits");
                    barrier(r);
                    await(r, p);
                }
                TestJob.call(r, "MPI_Request_free", p);
            });
        }
    }

    @Test
    void improbeTakesTheMessageAndImrecvReceivesIt() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 1) {
                    barrier(r);
                    send(r, ints(r, 5, 6, 7), 3, 0, 9);
                    barrier(r);
                    return;
                }
                Object[] none = TestJob.call(r, "MPI_Improbe", 1, 9, W);
                assertEquals(false, none[0]);
                assertSame(Handle.nullOf(HandleKind.MESSAGE), none[1]);
                barrier(r);
                Object[] got;
                do got = TestJob.call(r, "MPI_Improbe", MpiConst.ANY_SOURCE, 9, W); while (!(Boolean) got[0]);
                assertEquals(1, ((Status) got[2]).source());
                assertEquals(12L, ((Status) got[2]).bytes());
                assertEquals(false, TestJob.call(r, "MPI_Iprobe", 1, 9, W)[0], "the matched probe took it off the queue");
                long buf = ints(r, 0, 0, 0);
                Object msg = got[1];
                Object[] ir = TestJob.call(r, "MPI_Imrecv", buf, 3, "MPI_INT", msg);
                assertSame(Handle.nullOf(HandleKind.MESSAGE), ir[0]);
                Status s = await(r, (Handle) ir[1]);
                assertEquals(9, s.tag());
                assertArrayEquals(new int[] {5, 6, 7}, read(r, buf, 3));
                assertEquals(ErrorClass.MPI_ERR_REQUEST, errorOf(() -> TestJob.call(r, "MPI_Imrecv", buf, 3, "MPI_INT", msg)),
                        "the message handle was used up");
                // MPI_PROC_NULL: flag true, MPI_MESSAGE_NO_PROC, and a receive that is complete with no data
                Object[] np = TestJob.call(r, "MPI_Improbe", MpiConst.PROC_NULL, 0, W);
                assertEquals(true, np[0]);
                assertSame(MessageHandle.NO_PROC, np[1]);
                Object[] nr = TestJob.call(r, "MPI_Imrecv", buf, 3, "MPI_INT", np[1]);
                Status ns = await(r, (Handle) nr[1]);
                assertEquals(MpiConst.PROC_NULL, ns.source());
                assertEquals(0L, ns.bytes());
                barrier(r);
            });
        }
    }
}
