package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.p2p.P2pFixture.*;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.comm.CommShared;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;

/** Attaching, detaching and flushing send buffers: semantics.md B1-B18. */
@Timeout(30)
class BufferAttachTest {
    private static void attach(Rank r, long addr, int size) { TestJob.call(r, "MPI_Buffer_attach", addr, size); }

    private static Object[] detach(Rank r) { return TestJob.call(r, "MPI_Buffer_detach"); }

    @Test
    void b1b2OneProcessBufferAtATimeAndASecondAttachIsErrBuffer() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long a = r.memory().alloc(1000), b = r.memory().alloc(1000);
                attach(r, a, 1000);                                        // local: returns at once
                var e = failure(() -> attach(r, b, 1000));
                assertEquals(ErrorClass.MPI_ERR_BUFFER, e.errorClass());
                assertTrue(e.getMessage().contains("a buffer is already attached to this process (1000 bytes at 0x"), e.getMessage());
                assertEquals(a, detach(r)[0], "the failed attach changed nothing");
            });
        }
    }

    @Test
    void b3ASizeBelowBsendOverheadOrMemoryThatIsNotThereIsErrBuffer() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long a = r.memory().alloc(1000);
                var e = failure(() -> attach(r, a, BsendBuffer.OVERHEAD - 1));
                assertEquals(ErrorClass.MPI_ERR_BUFFER, e.errorClass());
                assertTrue(e.getMessage().contains("smaller than MPI_BSEND_OVERHEAD (128)"), e.getMessage());
                assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> attach(r, 0, 200)), "NULL");
                assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> attach(r, a, 1001)), "runs past the block");
                assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> attach(r, a, -5)));
                attach(r, a, BsendBuffer.OVERHEAD);                        // the smallest useful buffer
                bsend(r, a, 0, 0, 0);                                      // holds one empty message
                TestJob.call(r, "MPI_Recv", a, 0, "MPI_BYTE", 0, 0, W);
            });
        }
    }

    @Test
    void b4b11DetachReturnsExactlyTheAddressAndSizeGivenEvenWhenUnaligned() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long a = r.memory().alloc(1000) + 3;                        // odd address
                attach(r, a, 997);
                bsend(r, ints(r, 1, 2, 3), 12, 0, 0);                      // works at any alignment
                long got = ints(r, 0, 0, 0);
                TestJob.call(r, "MPI_Recv", got, 12, "MPI_BYTE", 0, 0, W);
                assertEquals(3, read(r, got, 3)[2]);
                Object[] d = detach(r);
                assertEquals(a, d[0]);
                assertEquals(997, d[1]);
                assertTrue(d[1] instanceof Integer, "B18: the size comes back as an int");
            });
        }
    }

    @Test
    void b5DetachBlocksUntilEveryBufferedMessageIsReceived() throws Exception {
        try (TestJob t = new TestJob(2)) {
            long[] at = new long[1];
            CompletableFuture<Object[]> f = t.rank(0).submit(() -> {
                Rank r = t.rank(0);
                at[0] = r.memory().alloc(1000);
                attach(r, at[0], 1000);
                bsend(r, ints(r, 1), 4, 1, 3);
                bsend(r, ints(r, 2), 4, 1, 4);
                return detach(r);
            });
            blocked(t.rank(0));
            assertFalse(f.isDone(), "detach must wait for the two messages");
            assertEquals("MPI_Buffer_detach", t.rank(0).currentCall(), t.rank(0).status() + " " + t.rank(0).waitDescription());
            assertEquals("2 buffered messages to rank 1 not yet received (tags 3, 4 on MPI_COMM_WORLD)", t.rank(0).waitDescription());
            t.on(1, () -> TestJob.call(t.rank(1), "MPI_Recv", ints(t.rank(1), 0), 4, "MPI_BYTE", 0, 4, W));
            Thread.sleep(100);
            assertEquals("1 buffered message to rank 1 not yet received (tag 3 on MPI_COMM_WORLD)", t.rank(0).waitDescription());
            t.on(1, () -> TestJob.call(t.rank(1), "MPI_Recv", ints(t.rank(1), 0), 4, "MPI_BYTE", 0, 3, W));
            Object[] d = f.get(5, TimeUnit.SECONDS);
            assertEquals(at[0], d[0]);
            assertEquals(1000, d[1]);
        }
    }

    @Test
    void b6DetachWithNothingAttachedIsErrBuffer() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                var e = failure(() -> detach(r));
                assertEquals(ErrorClass.MPI_ERR_BUFFER, e.errorClass());
                assertTrue(e.getMessage().contains("no buffer is attached to this process"), e.getMessage());
            });
        }
    }

    @Test
    void b7WithoutABufferEvenAnEmptyBufferedSendFails() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() != 0) return;
                var e = failure(() -> bsend(r, ints(r, 1), 4, 1, 0));
                assertEquals(ErrorClass.MPI_ERR_BUFFER, e.errorClass());
                assertTrue(e.getMessage().contains("no buffer is attached"), e.getMessage());
                assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> bsend(r, ints(r, 1), 0, 1, 0)), "MPICH's choice for zero bytes");
            });
        }
    }

    @Test
    void b8DetachThenReattachTheSameRegionStartsEmpty() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 1) {
                    for (int i = 0; i < 2; i++) TestJob.call(r, "MPI_Recv", r.memory().alloc(172), 172, "MPI_BYTE", 0, i, W);
                    return;
                }
                long a = r.memory().alloc(300);
                attach(r, a, 300);
                bsend(r, ints(r, 5), 4, 1, 0);                             // 132 of 300
                Object[] d = detach(r);                                    // waits for rank 1
                attach(r, (Long) d[0], (Integer) d[1]);
                assertTrue(P2pState.of(r).processBuffer().view().entries().isEmpty());
                bsend(r, r.memory().alloc(172), 300 - BsendBuffer.OVERHEAD, 1, 1); // the whole buffer is free again
                detach(r);
            });
        }
    }

    @Test
    void b9OneRegionCannotBackTwoBuffers() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long a = r.memory().alloc(1200);
                attach(r, a + 200, 600); // the process buffer: [a+200, a+800)
                var e = failure(() -> TestJob.call(r, "MPI_Comm_attach_buffer", "MPI_COMM_SELF", a + 700, 500));
                assertEquals(ErrorClass.MPI_ERR_BUFFER, e.errorClass());
                assertTrue(e.getMessage().contains("overlaps the process buffer"), e.getMessage());
                // one byte in common, at either end, is an overlap too
                assertEquals(ErrorClass.MPI_ERR_BUFFER, failure(() -> TestJob.call(r, "MPI_Comm_attach_buffer", "MPI_COMM_SELF", a + 799, 200)).errorClass());
                assertEquals(ErrorClass.MPI_ERR_BUFFER, failure(() -> TestJob.call(r, "MPI_Comm_attach_buffer", "MPI_COMM_SELF", a + 1, 200)).errorClass());
                TestJob.call(r, "MPI_Comm_attach_buffer", "MPI_COMM_SELF", a, 200); // adjacent below is fine
                TestJob.call(r, "MPI_Comm_attach_buffer", "MPI_COMM_WORLD", a + 800, 400); // and adjacent above
            });
        }
    }

    @Test
    void b10FinalizeDeliversPendingBufferedMessagesFirst() throws Exception {
        try (TestJob t = new TestJob(2)) {
            CompletableFuture<Object> f = t.rank(0).submit(() -> {
                Rank r = t.rank(0);
                attach(r, r.memory().alloc(500), 500);
                bsend(r, ints(r, 77), 4, 1, 8);
                TestJob.call(r, "MPI_Finalize");
                return null;
            });
            blocked(t.rank(0));
            assertEquals("MPI_Finalize", t.rank(0).currentCall());
            assertTrue(t.rank(0).waitDescription().startsWith("1 buffered message to rank 1 not yet received (tag 8 on MPI_COMM_WORLD)"
                    + "; MPI_Finalize first completes"), t.rank(0).waitDescription());
            t.on(1, () -> {
                long b = ints(t.rank(1), 0);
                TestJob.call(t.rank(1), "MPI_Recv", b, 1, "MPI_INT", 0, 8, W);
                assertEquals(77, read(t.rank(1), b, 1)[0]);
                return null;
            });
            t.rank(1).submit(() -> TestJob.call(t.rank(1), "MPI_Finalize"));
            f.get(5, TimeUnit.SECONDS);
            assertNull(P2pState.of(t.rank(0)).processBuffer(), "finalize detached the buffer; its memory is the program's again");
        }
    }

    @Test
    void b12b13b14CommunicatorBuffersComeFirstAndAreNeverCombined() {
        try (TestJob t = new TestJob(2)) {
            CommShared dupShared = Comms.shared(t.job);
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Comm dup = Comms.dupOfWorld(r, dupShared);
                if (r.id() == 1) {
                    barrier(r);
                    TestJob.call(r, "MPI_Recv", r.memory().alloc(600), 600, "MPI_BYTE", 0, 0, dup);
                    return;
                }
                long p = r.memory().alloc(2000), c = r.memory().alloc(300);
                TestJob.call(r, "MPI_Comm_attach_buffer", W, c, 300);
                assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> TestJob.call(r, "MPI_Comm_attach_buffer", W, p, 300)), "one per communicator");
                assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> TestJob.call(r, "MPI_Bsend", p, 10, "MPI_BYTE", 1, 0, dup)),
                        "B14: the duplicate has no buffer, and there is no process buffer");
                attach(r, p, 2000);
                var e = failure(() -> bsend(r, p, 500, 1, 0));             // the comm buffer (300) is used, not the big one
                assertTrue(e.getMessage().contains("the buffer of MPI_COMM_WORLD holds 300 bytes, too small"), e.getMessage());
                TestJob.call(r, "MPI_Bsend", p, 500, "MPI_BYTE", 1, 0, dup); // the process buffer serves the duplicate
                barrier(r);
                Object[] d = TestJob.call(r, "MPI_Comm_detach_buffer", W);
                assertEquals(c, d[0]);
                assertEquals(300, d[1]);
                detach(r);
            });
        }
    }

    @Test
    void b15AutomaticBufferingNeverRunsOutAndDetachGivesItBack() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 1) {
                    for (int i = 0; i < 20; i++) TestJob.call(r, "MPI_Recv", r.memory().alloc(100_000), 100_000, "MPI_BYTE", 0, i, W);
                    return;
                }
                attach(r, BsendBuffer.AUTOMATIC, 0);
                assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> attach(r, r.memory().alloc(500), 500)), "automatic buffering is on");
                long big = r.memory().alloc(100_000);
                for (int i = 0; i < 20; i++) bsend(r, big, 100_000, 1, i);
                Object[] d = detach(r);
                assertEquals(BsendBuffer.AUTOMATIC, d[0]);
            });
        }
    }

    @Test
    void b16FlushWaitsForDeliveryAndKeepsTheBufferAttached() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 1) {
                    TestJob.call(r, "MPI_Recv", ints(r, 0), 4, "MPI_BYTE", 0, 0, W);
                    return;
                }
                assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> TestJob.call(r, "MPI_Buffer_flush")), "nothing attached");
                long a = r.memory().alloc(400);
                attach(r, a, 400);
                bsend(r, ints(r, 1), 4, 1, 0);
                TestJob.call(r, "MPI_Buffer_flush");
                assertTrue(P2pState.of(r).processBuffer().view().entries().isEmpty(), "flushed: as if detached and attached again");
                assertEquals(a, detach(r)[0]);
            });
        }
    }

    @Test
    void b17IflushCompletesOnlyOnceAMessageToSelfHasBeenReceived() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                attach(r, r.memory().alloc(400), 400);
                bsend(r, ints(r, 3), 4, 0, 0);
                Handle q = (Handle) TestJob.call1(r, "MPI_Buffer_iflush");
                assertEquals(false, TestJob.call(r, "MPI_Test", q)[1]);
                TestJob.call(r, "MPI_Recv", ints(r, 0), 4, "MPI_BYTE", 0, 0, W);
                Object[] x = TestJob.call(r, "MPI_Test", q);
                assertEquals(true, x[1]);
                assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> TestJob.call(r, "MPI_Comm_iflush_buffer", "MPI_COMM_SELF")),
                        "no buffer is attached to MPI_COMM_SELF");
                assertEquals(ErrorClass.MPI_ERR_BUFFER, errorOf(() -> TestJob.call(r, "MPI_Comm_flush_buffer", "MPI_COMM_SELF")));
            });
        }
    }
}
