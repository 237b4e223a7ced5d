package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.p2p.P2pFixture.*;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * The circular-buffer allocation model of MPI-4.1 section 3.6.1 (semantics.md B29-B33), step by step: rank 0
 * makes buffered sends of given sizes into a 1000-byte buffer, rank 1 receives chosen ones, and every send must
 * succeed or fail exactly as the model says. With MPI_BSEND_OVERHEAD = 128, a message of d bytes takes d + 128.
 */
@Timeout(30)
class BsendModelTest {
    private static final int OVH = BsendBuffer.OVERHEAD;
    private TestJob t;
    private Rank sender, receiver;
    private long data;

    @BeforeEach
    void start() {
        t = new TestJob(2);
        sender = t.rank(0);
        receiver = t.rank(1);
        t.on(0, () -> { TestJob.returnErrors(sender); data = sender.memory().alloc(4096); return null; });
        t.on(1, () -> { TestJob.returnErrors(receiver); return null; });
    }

    @AfterEach
    void stop() { t.close(); }

    private void attach(int size) {
        t.on(0, () -> TestJob.call(sender, "MPI_Buffer_attach", sender.memory().alloc(size), size));
    }

    /** A buffered send of {@code bytes} with tag {@code tag}: null when it succeeded, else the error. */
    private MpiException bsend(int bytes, int tag) {
        return t.on(0, () -> {
            try {
                P2pFixture.bsend(sender, data, bytes, 1, tag);
                return null;
            } catch (MpiException e) {
                return e;
            }
        });
    }

    private void ok(int bytes, int tag) {
        MpiException e = bsend(bytes, tag);
        if (e != null) throw new AssertionError("Bsend of " + bytes + " bytes (tag " + tag + ") should fit: " + e.getMessage());
    }

    private String fails(int bytes, int tag) {
        MpiException e = bsend(bytes, tag);
        if (e == null) throw new AssertionError("Bsend of " + bytes + " bytes (tag " + tag + ") should not fit");
        assertEquals(ErrorClass.MPI_ERR_BUFFER, e.errorClass());
        return e.getMessage();
    }

    private void receive(int tag) {
        t.on(1, () -> TestJob.call(receiver, "MPI_Recv", receiver.memory().alloc(4096), 4096, "MPI_BYTE", 0, tag, W));
    }

    /** Offsets of the entries, in queue order, as "offset+length/state". */
    private List<String> entries() {
        return t.on(0, () -> P2pState.of(sender).processBuffer().view().entries().stream()
                .map(s -> s.offset() + "+" + s.length() + (s.state().equals("pending") ? "" : "/" + s.state())).toList());
    }

    @Test
    void b29b30EntriesAreTakenInSuccessiveLocationsUntilTheEndOfTheBuffer() {
        attach(1000);
        for (int tag = 1; tag <= 4; tag++) ok(100, tag);                    // 4 x 228 = 912
        assertEquals(List.of("0+228", "228+228", "456+228", "684+228"), entries());
        String why = fails(100, 5);                                         // 88 left at the end, head at 0
        assertTrue(why.contains("is full with 4 pending messages to rank 1"), why);
        assertTrue(why.contains("needs 228 contiguous bytes"), why);
        assertTrue(why.contains("largest free space the circular-buffer model allows is 88 bytes"), why);
        fails(0, 6);                                                        // even an empty message needs 128 bytes
    }

    @Test
    void b30AnEntryExactlyAsLargeAsWhatIsLeftFitsAndOneByteMoreDoesNot() {
        attach(1000);
        ok(1000 - OVH - 1, 1);                                              // 999 bytes
        String why = fails(0, 2);                                           // needs 128, 1 byte left, head 0
        assertTrue(why.contains("is full with 1 pending message"), why);
        receive(1);
        ok(1000 - OVH, 3);                                                  // the queue emptied: the whole buffer again
        assertEquals(List.of("0+1000"), entries());
    }

    @Test
    void b30AMessageLargerThanTheWholeBufferSaysTheBufferIsTooSmall() {
        attach(1000);
        String why = fails(1000 - OVH + 1, 1);
        assertTrue(why.contains("too small for this message, which needs 1001: 873 bytes of packed data (MPI_Pack_size) + MPI_BSEND_OVERHEAD (128)"), why);
    }

    @Test
    void b31DeliveredEntriesBehindAPendingOneAreNotReclaimed() {
        attach(1000);
        for (int tag = 1; tag <= 4; tag++) ok(100, tag);
        receive(2);
        receive(3);
        receive(4);                                                         // only the head (tag 1) is pending
        String why = fails(100, 5);
        assertTrue(why.contains("1 pending message to rank 1 and 3 received entries behind the oldest pending one, not reclaimed yet"), why);
        assertEquals(List.of("0+228", "228+228/received", "456+228/received", "684+228/received"), entries());
        receive(1);                                                         // now the whole queue can go
        ok(100, 6);
        assertEquals(List.of("0+228"), entries(), "an empty queue starts again at offset 0");
    }

    @Test
    void b30WrapAroundToTheStartWhenTheTailIsTooCloseToTheEnd() {
        attach(1000);
        for (int tag = 1; tag <= 4; tag++) ok(100, tag);                    // 0..912
        receive(1);
        receive(2);                                                         // head moves to 456 at the next send
        ok(100, 5);                                                         // 88 at the end is too little: wraps to 0
        assertEquals(List.of("456+228", "684+228", "0+228"), entries());
        ok(100, 6);                                                         // free is [228, 456): exactly 228
        assertEquals(List.of("456+228", "684+228", "0+228", "228+228"), entries());
        String why = fails(0, 7);                                           // nothing left, not even for an empty message
        assertTrue(why.contains("largest free space the circular-buffer model allows is 0 bytes"), why);
    }

    @Test
    void b31FreeSpaceIsNeverJoinedAcrossTheWrapPoint() {
        attach(1000);
        ok(300 - OVH, 1);                                                   // [0, 300)
        ok(500 - OVH, 2);                                                   // [300, 800)
        receive(1);                                                         // at the next send: head 300, free 200 at the end + 300 at the start
        String why = fails(350 - OVH, 3);                                   // 350 fits in neither piece, though 500 bytes are free
        assertTrue(why.contains("largest free space the circular-buffer model allows is 300 bytes"), why);
        ok(300 - OVH, 4);                                                   // 200 at the end is too little; 300 at the start is exact
        assertEquals(List.of("300+500", "0+300"), entries());
    }

    @Test
    void b31WhileWrappedOnlyTheGapBetweenTailAndHeadIsFree() {
        attach(1000);
        ok(400 - OVH, 1);                                                   // [0,400)
        ok(400 - OVH, 2);                                                   // [400,800)
        receive(1);
        ok(300 - OVH, 3);                                                   // 200 at the end < 300: wraps to [0,300)
        receive(2);                                                         // delivered, but it is the head
        // next send reclaims the head (tag 2): queue = [0,300) only, not wrapped any more; free [300, 1000)
        ok(700 - OVH, 4);
        assertEquals(List.of("0+300", "300+700"), entries());
    }

    @Test
    void b33MpichsFirstFitWouldUseAHoleTheModelCannot() {
        // MPICH keeps a free list and would place this message in the freed hole at [228, 456); the model does not
        // reclaim behind the pending head, and mpish runs the model, so the send fails (B32 allows this).
        attach(1000);
        for (int tag = 1; tag <= 4; tag++) ok(100, tag);
        receive(2);
        String why = fails(100, 5);
        assertTrue(why.contains("4 pending") || why.contains("3 pending"), why);
        assertTrue(why.contains("1 received entry behind the oldest pending one"), why);
    }

    @Test
    void b32WhateverTheModelAcceptsIsAccepted() {
        // a long random-looking sequence that the model accepts, with receives in order keeping up
        attach(1000);
        int[] sizes = {10, 300, 0, 200, 77, 5, 400, 100, 1, 250};
        int tag = 0;
        for (int round = 0; round < 5; round++) {
            for (int s : sizes) {
                ok(s, ++tag);
                receive(tag);
            }
        }
        assertTrue(entries().stream().allMatch(e -> e.endsWith("/received")), entries().toString());
    }
}
