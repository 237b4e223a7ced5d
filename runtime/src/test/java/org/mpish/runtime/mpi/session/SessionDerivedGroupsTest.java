package org.mpish.runtime.mpi.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiTests;

/**
 * A group made from a session's group by any group constructor (MPI-4.1 section 7.3.2) stays the session's
 * (section 11.3: objects derived from a session belong to it), so a communicator made from it with
 * MPI_Comm_create_from_group derives from the session, and the session's buffer serves its buffered sends
 * (section 3.6: the communicator's buffer, else its session's, else the process's). mpish's choices where the
 * standard leaves one: errors of a constructor on a session's group go to the session's error handler; groups of
 * two sessions, or of a session and the world model, are not combined (MPI_ERR_GROUP).
 */
@Timeout(60)
class SessionDerivedGroupsTest {
    /** The "MPIB" word mpish writes at the start of each buffered message's entry (little-endian). */
    private static final int ENTRY = 0x4249504D;

    /** Each way to make the group {0, 1} (in some order) from the group {0, 1, 2} of three processes. */
    private static Object derive(Rank r, String how, Object g) {
        BiFunction<Integer, List<Integer>, Object> incl = (n, ranks) -> call1(r, "MPI_Group_incl", g, n, ranks);
        return switch (how) {
            case "incl" -> incl.apply(2, List.of(1, 0));
            case "excl" -> call1(r, "MPI_Group_excl", g, 1, List.of(2));
            case "range_incl" -> call1(r, "MPI_Group_range_incl", g, 1, List.of(0, 1, 1));
            case "range_excl" -> call1(r, "MPI_Group_range_excl", g, 1, List.of(2, 2, 1));
            case "union" -> call1(r, "MPI_Group_union", incl.apply(1, List.of(0)), incl.apply(1, List.of(1)));
            case "intersection" -> call1(r, "MPI_Group_intersection", g, incl.apply(2, List.of(0, 1)));
            case "difference" -> call1(r, "MPI_Group_difference", g, incl.apply(1, List.of(2)));
            default -> throw new IllegalArgumentException(how);
        };
    }

    @ParameterizedTest(name = "MPI_Group_{0}")
    @ValueSource(strings = {"incl", "excl", "range_incl", "range_excl", "union", "intersection", "difference"})
    void aCommunicatorFromADerivedGroupUsesTheSessionsBuffer(String how) {
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Memory m = r.memory();
                Object s = call1(r, "MPI_Session_init", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                Object d = derive(r, how, call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD"));
                assertEquals(2, call1(r, "MPI_Group_size", d));
                if (r.id() == 2) return; // not a member
                Object c = call1(r, "MPI_Comm_create_from_group", d, "derived-" + how, "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                int me = (Integer) call1(r, "MPI_Comm_rank", c);
                long data = m.alloc(8);
                if (r.id() == 0) {
                    long sb = m.alloc(400);
                    call(r, "MPI_Session_attach_buffer", s, sb, 400);
                    call(r, "MPI_Bsend", data, 8, "MPI_BYTE", 1 - me, 0, c); // no other buffer is attached
                    assertEquals(ENTRY, m.readInt(sb), "the session's buffer holds the message");
                    call(r, "MPI_Session_flush_buffer", s);
                    call(r, "MPI_Session_detach_buffer", s);
                } else {
                    call(r, "MPI_Recv", data, 8, "MPI_BYTE", 1 - me, 0, c);
                }
                call(r, "MPI_Comm_free", c);
                call(r, "MPI_Session_finalize", s);
            });
        }
    }

    @Test
    void aWorldGroupsCommunicatorDoesNotUseTheSessionsBuffer() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object s = call1(r, "MPI_Session_init", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                Object w = call1(r, "MPI_Comm_group", "MPI_COMM_WORLD");
                Object d = call1(r, "MPI_Group_incl", w, 2, List.of(1, 0));
                Object c = call1(r, "MPI_Comm_create_from_group", d, "world-derived", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                if (r.id() == 0) {
                    long sb = r.memory().alloc(400), data = r.memory().alloc(8);
                    call(r, "MPI_Session_attach_buffer", s, sb, 400);
                    expectError(ErrorClass.MPI_ERR_BUFFER, () -> call(r, "MPI_Bsend", data, 8, "MPI_BYTE", 0, 0, c));
                    call(r, "MPI_Session_detach_buffer", s);
                }
                call(r, "MPI_Comm_free", c);
                call(r, "MPI_Session_finalize", s);
            });
        }
    }

    @Test
    void errorsGoToTheSessionsHandlerAndSessionsAreNotMixed() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Object eh = call1(r, "MPI_Session_create_errhandler", MpiTests.recording("h", log, a -> null));
                Object s = call1(r, "MPI_Session_init", "MPI_INFO_NULL", eh);
                Object g = call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD");
                Object w = call1(r, "MPI_Comm_group", "MPI_COMM_WORLD");
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Group_incl", w, 1, List.of(5)));
                assertEquals(List.of(), log, "an error on a world group is not the session's");
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Group_incl", g, 1, List.of(5)));
                assertEquals(1, log.size(), log.toString());
                assertTrue(log.get(0).startsWith("h:" + s), log.toString());
                Object sub = call1(r, "MPI_Group_incl", g, 1, List.of(0));
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Group_excl", sub, 1, List.of(1)));
                assertEquals(2, log.size(), "a derived group's errors go to the session too: " + log);
                var e = expectError(ErrorClass.MPI_ERR_GROUP, () -> call(r, "MPI_Group_union", g, w));
                assertTrue(e.getMessage().contains("world model"), e.getMessage());
                Object s2 = call1(r, "MPI_Session_init", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                Object g2 = call1(r, "MPI_Group_from_session_pset", s2, "mpi://SELF");
                expectError(ErrorClass.MPI_ERR_GROUP, () -> call(r, "MPI_Group_intersection", g2, g));
                // MPI_GROUP_EMPTY belongs to no session and goes with any
                assertEquals(2, call1(r, "MPI_Group_size", call1(r, "MPI_Group_union", "MPI_GROUP_EMPTY", g)));
                call(r, "MPI_Session_finalize", s2);
                call(r, "MPI_Session_finalize", s);
            });
        }
    }

    /**
     * MPI_Comm_group and MPI_Comm_remote_group of a communicator that derives from a session give groups of that
     * session (MPI-4.1 section 11.3: an object derived from a session belongs to it): a communicator made from such
     * a group uses the session's buffer, and the group does not mix with a world group (mpish's choice, above).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"MPI_Comm_group", "MPI_Comm_remote_group"})
    void theGroupOfASessionsCommunicatorIsTheSessions(String which) {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Memory m = r.memory();
                Object s = call1(r, "MPI_Session_init", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                Object g = call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD");
                Object c;
                if (which.equals("MPI_Comm_group")) {
                    c = call1(r, "MPI_Comm_create_from_group", g, "whole", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                } else { // an intercommunicator of {0} and {1}; rank 1's remote group is {0}, rank 0's is {1}
                    Object mine = call1(r, "MPI_Group_incl", g, 1, List.of(r.id()));
                    Object other = call1(r, "MPI_Group_incl", g, 1, List.of(1 - r.id()));
                    c = call1(r, "MPI_Intercomm_create_from_groups", mine, 0, other, 0, "halves", "MPI_INFO_NULL",
                            "MPI_ERRORS_RETURN");
                }
                Object cg = call1(r, which, c);
                Object w = call1(r, "MPI_Comm_group", "MPI_COMM_WORLD");
                var e = expectError(ErrorClass.MPI_ERR_GROUP, () -> call(r, "MPI_Group_union", cg, w));
                assertTrue(e.getMessage().contains("derives from"), e.getMessage());
                // both ranks make a communicator of world ranks 0, 1 in that order, from the group asked for and their own
                Object self = call1(r, "MPI_Group_incl", g, 1, List.of(r.id()));
                Object both = r.id() == 0 ? call1(r, "MPI_Group_union", self, cg) : call1(r, "MPI_Group_union", cg, self);
                assertEquals(2, call1(r, "MPI_Group_size", both));
                Object again = call1(r, "MPI_Comm_create_from_group", both, "again", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                long data = m.alloc(8);
                int me = (Integer) call1(r, "MPI_Comm_rank", again);
                if (r.id() == 0) {
                    long sb = m.alloc(400);
                    call(r, "MPI_Session_attach_buffer", s, sb, 400);
                    call(r, "MPI_Bsend", data, 8, "MPI_BYTE", 1 - me, 0, again); // no other buffer is attached
                    assertEquals(ENTRY, m.readInt(sb), "the session's buffer holds the message");
                    call(r, "MPI_Session_detach_buffer", s);
                } else {
                    call(r, "MPI_Recv", data, 8, "MPI_BYTE", 1 - me, 0, again);
                }
                call(r, "MPI_Comm_free", again);
                call(r, "MPI_Comm_free", c);
                call(r, "MPI_Session_finalize", s);
            });
        }
    }
}
