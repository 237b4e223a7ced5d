package org.mpish.runtime.mpi.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * A session's buffer for buffered sends, MPI-4.1 section 3.6 (semantics.md B9, B12, B13, B16, B17): it serves the
 * communicators derived from the session that have no buffer of their own; a communicator's buffer comes first
 * and the process buffer last, and they are never combined.
 */
@Timeout(60)
class SessionBufferTest {
    /** The "MPIB" word mpish writes at the start of each buffered message's entry (little-endian). */
    private static final int ENTRY = 0x4249504D;

    private static Object session(Rank r) { return call1(r, "MPI_Session_init", "MPI_INFO_NULL", "MPI_ERRORS_RETURN"); }

    private static Object commOf(Rank r, Object s, String tag) {
        Object g = call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD");
        return call1(r, "MPI_Comm_create_from_group", g, tag, "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
    }

    private static void bsend(Rank r, long buf, int bytes, Object comm) { call(r, "MPI_Bsend", buf, bytes, "MPI_BYTE", 1, 0, comm); }

    @Test
    void b13TheSessionBufferServesItsCommunicatorsBetweenTheCommunicatorsAndTheProcesss() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Memory m = r.memory();
                Object s = session(r);
                Object c = commOf(r, s, "buffers");
                // a duplicate derives from the same session, so the session buffer serves it too (MPI-4.1 11.3)
                Object dup = call1(r, "MPI_Comm_dup", c);
                if (r.id() == 1) {
                    long in = m.alloc(64);
                    call(r, "MPI_Recv", in, 64, "MPI_BYTE", 0, 0, c);
                    call(r, "MPI_Recv", in, 64, "MPI_BYTE", 0, 0, dup);
                    for (int i = 0; i < 2; i++) call(r, "MPI_Recv", in, 64, "MPI_BYTE", 0, 0, c);
                    call(r, "MPI_Recv", in, 64, "MPI_BYTE", 0, 0, "MPI_COMM_WORLD");
                    call(r, "MPI_Barrier", c);
                    return;
                }
                long sb = m.alloc(400), cb = m.alloc(400), pb = m.alloc(400), data = m.alloc(256);
                // no buffer anywhere: the message names the session's buffer among the ways out (B7)
                MpiException e = expectError(ErrorClass.MPI_ERR_BUFFER, () -> bsend(r, data, 8, c));
                assertTrue(e.getMessage().contains("MPI_Session_attach_buffer"), e.getMessage());
                call(r, "MPI_Session_attach_buffer", s, sb, 400);
                expectError(ErrorClass.MPI_ERR_BUFFER, () -> call(r, "MPI_Session_attach_buffer", s, pb, 400)); // B12: one per session
                expectError(ErrorClass.MPI_ERR_BUFFER, () -> call(r, "MPI_Buffer_attach", sb + 8, 100));       // B9: one region, one buffer
                bsend(r, data, 8, c);
                assertEquals(ENTRY, m.readInt(sb), "the session's buffer holds the message");
                call(r, "MPI_Session_flush_buffer", s); // B16: waits until rank 1 has received it
                m.writeInt(sb, 0);
                bsend(r, data, 8, dup);
                assertEquals(ENTRY, m.readInt(sb), "the duplicate's message is in the session's buffer");
                call(r, "MPI_Session_flush_buffer", s);
                // MPI_COMM_WORLD derives from no session: the session buffer never serves it
                expectError(ErrorClass.MPI_ERR_BUFFER, () -> bsend(r, data, 8, "MPI_COMM_WORLD"));
                // the communicator's own buffer comes first; when it is too small the session's is not used instead
                call(r, "MPI_Comm_attach_buffer", c, cb, 128 + 8);
                m.writeInt(sb, 0);
                e = expectError(ErrorClass.MPI_ERR_BUFFER, () -> bsend(r, data, 200, c)); // too big for it, though the session's has room
                assertTrue(e.getMessage().contains("the buffer of comm"), e.getMessage());
                bsend(r, data, 8, c);
                assertEquals(ENTRY, m.readInt(cb), "the communicator's buffer holds it");
                assertEquals(0, m.readInt(sb), "the session's buffer was not touched");
                call(r, "MPI_Comm_detach_buffer", c);
                // the process buffer comes after the session's: with both attached, the session's holds the message
                call(r, "MPI_Buffer_attach", pb, 400);
                m.writeInt(sb, 0);
                bsend(r, data, 8, c);
                assertEquals(ENTRY, m.readInt(sb));
                assertEquals(0, m.readInt(pb), "the process buffer was not touched");
                Object q = call1(r, "MPI_Session_iflush_buffer", s); // B17
                call(r, "MPI_Wait", q);
                Object[] d = call(r, "MPI_Session_detach_buffer", s);
                assertEquals(sb, d[0]);
                assertEquals(400, d[1]);
                bsend(r, data, 8, "MPI_COMM_WORLD"); // the process buffer serves the world model
                call(r, "MPI_Buffer_detach");
                expectError(ErrorClass.MPI_ERR_BUFFER, () -> call(r, "MPI_Session_flush_buffer", s)); // nothing attached
                expectError(ErrorClass.MPI_ERR_BUFFER, () -> call(r, "MPI_Session_detach_buffer", s));
                call(r, "MPI_Barrier", c);
            });
        }
    }

    @Test
    void sessionFinalizeDeliversTheMessagesInTheSessionBufferFirst() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Memory m = r.memory();
                Object s = session(r);
                Object c = commOf(r, s, "finalize");
                if (r.id() == 0) {
                    long sb = m.alloc(400), data = m.alloc(4);
                    m.writeInt(data, 42);
                    call(r, "MPI_Session_attach_buffer", s, sb, 400);
                    call(r, "MPI_Bsend", data, 1, "MPI_INT", 1, 7, c);
                    call(r, "MPI_Session_finalize", s); // waits for rank 1's receive, then drops the buffer
                    long other = m.alloc(400);
                    call(r, "MPI_Buffer_attach", sb, 400); // the region is the program's again (B9 holds no more)
                    call(r, "MPI_Buffer_detach");
                    m.free(other);
                } else {
                    long in = m.alloc(4);
                    call(r, "MPI_Recv", in, 1, "MPI_INT", 0, 7, c);
                    assertEquals(42, m.readInt(in));
                    call(r, "MPI_Session_finalize", s);
                }
            });
        }
    }
}
