package org.mpish.runtime.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.ObjectHandle;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;

/**
 * The read-only inspection API against states whose contents MPI-4.1 fixes: a message that arrives before any
 * matching receive is posted waits as an unexpected message (section 3.5), a wildcard receive accepts any
 * source, a nonblocking receive's request is pending until it matches, an RMA operation in a passive-target
 * epoch completes only at MPI_Win_unlock (section 12.5.3), and a buffered send takes its data plus
 * MPI_BSEND_OVERHEAD (128 with Open MPI here, printed by a program built with mpicc.openmpi) of the buffer.
 * Each snapshot is a copy: later changes do not show in it, and it cannot be changed.
 */
@Timeout(60)
class SnapshotsTest {
    private static final String W = "MPI_COMM_WORLD";

    private static long ints(Rank r, int n) { return r.memory().alloc(4L * n); }

    @Test
    void queuesAndRequestsShowWhatWaitsAndWhatArrived() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                if (r.id() == 1) {
                    long buf = ints(r, 3);
                    ObjectHandle q = (ObjectHandle) TestJob.call1(r, "MPI_Irecv", buf, 3, "MPI_INT", "MPI_ANY_SOURCE", 7, W);
                    TestJob.call(r, "MPI_Barrier", W); // rank 0 sends tag 9, which the receive does not accept
                    TestJob.call(r, "MPI_Barrier", W);
                    P2pSnapshot s = P2pSnapshot.of(r);
                    assertEquals(List.of(new P2pSnapshot.PostedReceive(q.name(), null, 7, W, 12)), s.posted());
                    assertEquals(1, s.unexpected().size(), s.toString());
                    P2pSnapshot.UnexpectedMessage m = s.unexpected().get(0);
                    assertEquals(List.of(0, 9, 8L), List.of(m.source(), m.tag(), m.bytes()), m.toString());
                    List<RequestSnapshot> reqs = RequestSnapshot.of(r);
                    assertEquals(1, reqs.size(), reqs.toString());
                    assertEquals(q.name(), reqs.get(0).name());
                    assertEquals(RequestSnapshot.State.PENDING, reqs.get(0).state());
                    assertTrue(reqs.get(0).description().contains("tag 7"), reqs.get(0).description());

                    TestJob.call(r, "MPI_Recv", ints(r, 2), 2, "MPI_INT", 0, 9, W);
                    assertEquals(List.of(), P2pSnapshot.of(r).unexpected(), "received: no longer waiting");
                    assertEquals(1, s.unexpected().size(), "the snapshot taken before is a copy");
                    assertThrows(UnsupportedOperationException.class, () -> s.unexpected().clear());
                    TestJob.call(r, "MPI_Barrier", W); // rank 0 sends tag 7 now
                    TestJob.call(r, "MPI_Wait", q);
                    assertEquals(List.of(), P2pSnapshot.of(r).posted());
                    assertEquals(List.of(), RequestSnapshot.of(r), "MPI_Wait freed the request");
                } else {
                    TestJob.call(r, "MPI_Barrier", W);
                    TestJob.call(r, "MPI_Send", ints(r, 2), 2, "MPI_INT", 1, 9, W);
                    TestJob.call(r, "MPI_Barrier", W);
                    TestJob.call(r, "MPI_Barrier", W);
                    TestJob.call(r, "MPI_Send", ints(r, 3), 3, "MPI_INT", 1, 7, W);
                }
            });
        }
    }

    @Test
    void aPassiveTargetEpochShowsItsLockAndItsPendingPutUntilTheUnlock() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Object[] a = TestJob.call(r, "MPI_Win_allocate", 64L, 4, "MPI_INFO_NULL", W);
                ObjectHandle win = (ObjectHandle) a[1];
                TestJob.call(r, "MPI_Barrier", W);
                if (r.id() == 0) {
                    TestJob.call(r, "MPI_Win_lock", "MPI_LOCK_EXCLUSIVE", 1, 0, win);
                    TestJob.call(r, "MPI_Put", ints(r, 1), 1, "MPI_INT", 1, 0L, 1, "MPI_INT", win);
                    WindowSnapshot w = WindowSnapshot.of(r, win.name()).get(0);
                    assertEquals(List.of(0, 1), w.pending(), "the put to rank 1 is not complete before the unlock");
                    assertTrue(w.access().contains("rank 1 exclusive"), w.access());
                    assertEquals(List.of(2, 64L, 4, "allocate"), List.of(w.groupSize(), w.size(), w.dispUnit(), w.flavor()));
                    TestJob.call(r, "MPI_Barrier", W); // rank 1 looks at its lock
                    TestJob.call(r, "MPI_Barrier", W);
                    TestJob.call(r, "MPI_Win_unlock", 1, win);
                    assertEquals(List.of(0, 0), WindowSnapshot.of(r, win.name()).get(0).pending());
                    assertEquals(List.of(0, 1), w.pending(), "the snapshot taken before is a copy");
                } else {
                    TestJob.call(r, "MPI_Barrier", W);
                    assertEquals("rank 0 (exclusive)", WindowSnapshot.of(r, null).get(0).lockHolders());
                    TestJob.call(r, "MPI_Barrier", W);
                }
                TestJob.call(r, "MPI_Barrier", W);
                if (r.id() == 1) assertEquals("nobody", WindowSnapshot.of(r, win.name()).get(0).lockHolders());
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WindowSnapshot.of(r, W));
                assertEquals(W + " is a communicator, not a window", e.getMessage());
                TestJob.call(r, "MPI_Win_free", win);
            });
        }
    }

    @Test
    void aBufferedSendTakesItsDataAndTheOverheadUntilItIsReceived() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                if (r.id() == 0) {
                    assertNull(BufferSnapshot.of(r).process());
                    long buf = r.memory().alloc(1000);
                    TestJob.call(r, "MPI_Buffer_attach", buf, 1000);
                    TestJob.call(r, "MPI_Bsend", r.memory().alloc(100), 100, "MPI_BYTE", 1, 3, W);
                    BufferSnapshot b = BufferSnapshot.of(r).process();
                    assertEquals(List.of(buf, 1000L, false), List.of(b.address(), b.size(), b.automatic()));
                    assertEquals(1, b.entries().size(), b.toString());
                    BufferSnapshot.Entry e = b.entries().get(0);
                    assertEquals(List.of(0L, 228L, 100L, 1, 3, true), List.of(e.offset(), e.length(), e.dataBytes(), e.dest(), e.tag(), e.pending()));
                    assertEquals(List.of(0L, 228L), List.of(b.head(), b.tail()));
                    TestJob.call(r, "MPI_Barrier", W); // rank 1 receives it
                    TestJob.call(r, "MPI_Barrier", W);
                    assertTrue(!BufferSnapshot.of(r).process().entries().stream().anyMatch(BufferSnapshot.Entry::pending));
                    assertTrue(e.pending(), "the snapshot taken before is a copy");
                    TestJob.call(r, "MPI_Buffer_detach");
                } else {
                    TestJob.call(r, "MPI_Barrier", W);
                    TestJob.call(r, "MPI_Recv", r.memory().alloc(100), 100, "MPI_BYTE", 0, 3, W);
                    TestJob.call(r, "MPI_Barrier", W);
                }
            });
        }
    }

    @Test
    void handlesAndAttributes() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                ObjectHandle dup = (ObjectHandle) TestJob.call1(r, "MPI_Comm_dup", W);
                List<HandleSnapshot> comms = HandleSnapshot.of(r, "comm");
                assertTrue(comms.stream().anyMatch(h -> h.name().equals(dup.name()) && !h.predefined() && h.noun().equals("communicator")), comms.toString());
                assertTrue(comms.stream().anyMatch(h -> h.name().equals(W) && h.predefined()), comms.toString());
                Object kv = TestJob.call1(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", 7L);
                TestJob.call(r, "MPI_Comm_set_attr", dup, kv, 42L);
                AttributeSnapshot a = AttributeSnapshot.of(r, dup.name(), null);
                assertEquals(1, a.attributes().size(), a.toString());
                assertEquals(List.of(42L, "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN"),
                        List.of(a.attributes().get(0).value(), a.attributes().get(0).copy(), a.attributes().get(0).delete()));
                assertTrue(AttributeSnapshot.keyvals(r).stream().anyMatch(k -> !k.predefined() && k.references() == 1 && k.objectKind().equals("comm")));
                assertThrows(IllegalArgumentException.class, () -> AttributeSnapshot.of(r, "nothing", null));
                assertEquals(new ProcessSnapshot(true, false), ProcessSnapshot.of(r), "the job's ranks start initialised");
                TestJob.call(r, "MPI_Finalize");
                assertEquals(new ProcessSnapshot(true, true), ProcessSnapshot.of(r));
            });
        }
    }
}
