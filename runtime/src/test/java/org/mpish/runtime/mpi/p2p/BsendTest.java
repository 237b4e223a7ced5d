package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.p2p.P2pFixture.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.comm.CommShared;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.MpiConst;

/** MPI_Bsend, MPI_Ibsend and MPI_Bsend_init: semantics.md B19-B28. */
@Timeout(30)
class BsendTest {
    private static void attach(Rank r, int size) { TestJob.call(r, "MPI_Buffer_attach", r.memory().alloc(size), size); }

    @Test
    void b19BsendReturnsAtOnceAndLaterChangesToTheUserBufferDoNotAlterTheMessage() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    attach(r, 1000);
                    long buf = ints(r, 1, 2, 3);
                    bsend(r, buf, 12, 1, 0);                                 // rank 1 has not received: still returns
                    r.memory().writeInt(buf, 99);
                    barrier(r);
                    TestJob.call(r, "MPI_Buffer_detach");
                } else {
                    barrier(r);
                    long got = ints(r, 0, 0, 0);
                    recv(r, got, 3, 0, 0);
                    assertArrayEquals(new int[] {1, 2, 3}, read(r, got, 3));
                }
            });
        }
    }

    @Test
    void b20AMessageThatCannotBeBufferedFailsOnTheCommunicatorsHandlerAndNothingIsSent() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                if (r.id() == 0) {
                    MpiProcessHandlers.worldReturnsSelfFatal(r);                // only WORLD returns errors
                    attach(r, 200);
                    MpiException e = failure(() -> bsend(r, r.memory().alloc(100), 100, 1, 0));
                    assertEquals(ErrorClass.MPI_ERR_BUFFER, e.errorClass());
                    barrier(r);
                    barrier(r);
                } else {
                    TestJob.returnErrors(r);
                    barrier(r);
                    assertEquals(false, TestJob.call(r, "MPI_Iprobe", 0, MpiConst.ANY_TAG, W)[0], "nothing was sent");
                    barrier(r);
                }
            });
        }
    }

    @Test
    void b21TheSumOfPackSizePlusOverheadIsExactlyEnough() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int pack = (Integer) TestJob.call1(r, "MPI_Pack_size", 25, "MPI_DOUBLE", W);
                assertEquals(200, pack);
                if (r.id() == 0) {
                    TestJob.call(r, "MPI_Buffer_attach", r.memory().alloc(3 * (pack + BsendBuffer.OVERHEAD)), 3 * (pack + BsendBuffer.OVERHEAD));
                    long d = r.memory().alloc(200);
                    for (int i = 0; i < 3; i++) TestJob.call(r, "MPI_Bsend", d, 25, "MPI_DOUBLE", 1, i, W);
                    assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> TestJob.call(r, "MPI_Bsend", d, 25, "MPI_DOUBLE", 1, 3, W)),
                            "space is reusable only once a message has been received");
                    barrier(r);
                    barrier(r);                                                // rank 1 received tags 0..2
                    TestJob.call(r, "MPI_Bsend", d, 25, "MPI_DOUBLE", 1, 3, W);
                    TestJob.call(r, "MPI_Buffer_detach");
                } else {
                    long d = r.memory().alloc(200);
                    barrier(r);                                                // nothing received before the 4th send failed
                    for (int i = 0; i < 3; i++) TestJob.call(r, "MPI_Recv", d, 25, "MPI_DOUBLE", 0, i, W);
                    barrier(r);
                    TestJob.call(r, "MPI_Recv", d, 25, "MPI_DOUBLE", 0, 3, W);
                }
            });
        }
    }

    @Test
    void b22BsendOverheadIsPublished() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                var c = org.mpish.runtime.catalog.Catalogue.get().constant("MPI_BSEND_OVERHEAD");
                assertEquals(128, c.value().apply(r));
                assertEquals("BSEND_OVERHEAD", c.scriptName());
            });
        }
    }

    @Test
    void b23IbsendIsCompleteOnceBufferedAndAfterWaitItCannotBeCancelled() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    attach(r, 1000);
                    Handle q = (Handle) TestJob.call1(r, "MPI_Ibsend", ints(r, 5), 4, "MPI_BYTE", 1, 0, W);
                    Object[] x = TestJob.call(r, "MPI_Test", q);
                    assertEquals(true, x[1], "complete as soon as the data is buffered");
                    assertEquals(ErrorClass.MPI_ERR_REQUEST, errorOf(() -> TestJob.call(r, "MPI_Cancel", q)), "freed by the completion");
                    Handle c = (Handle) TestJob.call1(r, "MPI_Ibsend", ints(r, 6), 4, "MPI_BYTE", 1, 1, W);
                    TestJob.call(r, "MPI_Cancel", c);                        // before Wait, not yet received: withdrawn
                    Status s = (Status) TestJob.call(r, "MPI_Wait", c)[1];
                    assertTrue(s.cancelled());
                    barrier(r);
                    TestJob.call(r, "MPI_Buffer_detach");                     // only tag 0 had to be received
                } else {
                    recv(r, ints(r, 0), 1, 0, 0);
                    barrier(r);
                    assertEquals(false, TestJob.call(r, "MPI_Iprobe", 0, 1, W)[0]);
                }
            });
        }
    }

    @Test
    void b24BsendInitCopiesTheDataAtEachStart() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    attach(r, 1000);
                    long buf = ints(r, 0);
                    Handle q = (Handle) TestJob.call1(r, "MPI_Bsend_init", buf, 1, "MPI_INT", 1, 0, W);
                    for (int i = 1; i <= 3; i++) {
                        r.memory().writeInt(buf, i);
                        TestJob.call(r, "MPI_Start", q);
                        r.memory().writeInt(buf, -i);                         // too late to change the message
                        assertSame(q, TestJob.call(r, "MPI_Wait", q)[0]);
                    }
                    TestJob.call(r, "MPI_Request_free", q);
                    TestJob.call(r, "MPI_Buffer_detach");
                } else {
                    long got = ints(r, 0);
                    for (int i = 1; i <= 3; i++) {
                        recv(r, got, 1, 0, 0);
                        assertEquals(i, read(r, got, 1)[0]);
                    }
                }
            });
        }
    }

    @Test
    void b25BufferedSendsToProcNullUseNoBufferAtAll() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                bsend(r, ints(r, 1), 4, MpiConst.PROC_NULL, 0);             // no buffer attached, still fine
                attach(r, 200);
                for (int i = 0; i < 10; i++) bsend(r, r.memory().alloc(1000), 1000, MpiConst.PROC_NULL, 0);
                assertTrue(P2pState.of(r).processBuffer().view().entries().isEmpty());
            });
        }
    }

    @Test
    void b26BufferedMessagesMatchNormallyInAnyTagOrderAndToSelf() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                attach(r, 2000);
                for (int i = 0; i < 4; i++) TestJob.call(r, "MPI_Bsend", ints(r, i), 1, "MPI_INT", 0, i % 2, W);
                long got = ints(r, 0);
                recv(r, got, 1, 0, 1);
                assertEquals(1, read(r, got, 1)[0]);
                recv(r, got, 1, 0, MpiConst.ANY_TAG);
                assertEquals(0, read(r, got, 1)[0]);
                recv(r, got, 1, 0, 1);
                assertEquals(3, read(r, got, 1)[0], "same tag: in order");
                recv(r, got, 1, MpiConst.ANY_SOURCE, 0);
                assertEquals(2, read(r, got, 1)[0]);
                TestJob.call(r, "MPI_Buffer_detach");
            });
        }
    }

    @Test
    void b27BufferedAndStandardSendsWorkOnAnIntercommunicator() {
        try (TestJob t = new TestJob(4)) {
            CommShared shared = Comms.shared(t.job);
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Comm inter = Comms.inter(r, shared, new int[] {0, 1}, new int[] {2, 3});
                int local = inter.rank();
                if (r.id() < 2) {                                            // group A sends to the same rank of group B
                    attach(r, 500);
                    TestJob.call(r, "MPI_Bsend", ints(r, 100 + r.id()), 1, "MPI_INT", local, 7, inter);
                    TestJob.call(r, "MPI_Send", ints(r, 200 + r.id()), 1, "MPI_INT", local, 8, inter);
                    TestJob.call(r, "MPI_Buffer_detach");
                    assertEquals(ErrorClass.MPI_ERR_RANK, errorOf(() -> TestJob.call(r, "MPI_Send", ints(r, 0), 1, "MPI_INT", 2, 0, inter)),
                            "dest is a rank of the remote group, which has 2");
                } else {
                    long got = ints(r, 0);
                    Status s = (Status) TestJob.call1(r, "MPI_Recv", got, 1, "MPI_INT", MpiConst.ANY_SOURCE, 7, inter);
                    assertEquals(local, s.source(), "the source is the sender's rank in the remote group");
                    assertEquals(100 + local, read(r, got, 1)[0]);
                    TestJob.call(r, "MPI_Recv", got, 1, "MPI_INT", local, 8, inter);
                    assertEquals(200 + local, read(r, got, 1)[0]);
                }
            });
        }
    }

    @Test
    void b28ManyReceiversDrainOneBufferWhileItsOwnerKeepsSending() {
        int per = 150;
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    attach(r, 10 * (BsendBuffer.OVERHEAD + 16));
                    long buf = ints(r, 0, 0, 0, 0);
                    for (int i = 0; i < 3 * per; i++) {
                        for (int k = 0; k < 4; k++) r.memory().writeInt(buf + 4 * k, i * 10 + k);
                        while (true) {
                            try {
                                TestJob.call(r, "MPI_Bsend", buf, 4, "MPI_INT", 1 + i % 3, 0, W);
                                break;
                            } catch (MpiException full) {
                                assertEquals(ErrorClass.MPI_ERR_BUFFER, full.errorClass());
                                Thread.onSpinWait();                          // receivers free entries concurrently
                            }
                        }
                    }
                    TestJob.call(r, "MPI_Buffer_detach");
                } else {
                    long got = ints(r, 0, 0, 0, 0);
                    for (int j = 0; j < per; j++) {
                        recv(r, got, 4, 0, 0);
                        int i = 3 * j + r.id() - 1;
                        assertArrayEquals(new int[] {i * 10, i * 10 + 1, i * 10 + 2, i * 10 + 3}, read(r, got, 4));
                    }
                }
            }, 60);
        }
    }

    /** Error handler set-ups the buffered-mode tests need. */
    static final class MpiProcessHandlers {
        static void worldReturnsSelfFatal(Rank r) {
            Comm.world(org.mpish.runtime.mpi.MpiProcess.of(r)).setErrhandler(org.mpish.runtime.mpi.err.Errhandler.ERRORS_RETURN);
        }
    }

}
