package org.mpish.runtime.mpi.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiTests;

/**
 * The sessions model, MPI-4.1 section 11.3 (sessions, process sets mpi://WORLD and mpi://SELF) and 7.4.2
 * (MPI_Comm_create_from_group), with the world model beside it (11.1: both may be used in one process).
 */
@Timeout(30)
class SessionTest {
    private static Object session(Rank r) { return call1(r, "MPI_Session_init", "MPI_INFO_NULL", "MPI_ERRORS_RETURN"); }

    @Test
    void aProcessThatOnlyUsesSessionsNeverStartsTheWorldModel() {
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                Object s = session(r);
                // 11.3.2: at least mpi://WORLD and mpi://SELF; then mpish's one per simulated node (one here)
                assertEquals(3, call1(r, "MPI_Session_get_num_psets", s, "MPI_INFO_NULL"));
                // pset_len 0 asks for the length with the terminating null: "mpi://WORLD" is 11 characters
                assertArrayEquals(new Object[] {12, ""}, call(r, "MPI_Session_get_nth_pset", s, "MPI_INFO_NULL", 0, 0));
                assertArrayEquals(new Object[] {12, "mpi://WORLD"}, call(r, "MPI_Session_get_nth_pset", s, "MPI_INFO_NULL", 0, 12));
                assertArrayEquals(new Object[] {11, "mpi://SELF"}, call(r, "MPI_Session_get_nth_pset", s, "MPI_INFO_NULL", 1, 64));
                assertArrayEquals(new Object[] {12, "mpi:"}, call(r, "MPI_Session_get_nth_pset", s, "MPI_INFO_NULL", 0, 5));
                // 11.3.2: mpi_size is the one key a process set's info must have
                Object wi = call1(r, "MPI_Session_get_pset_info", s, "mpi://WORLD");
                assertEquals("3", call(r, "MPI_Info_get_string", wi, "mpi_size", 8)[1]);
                Object si = call1(r, "MPI_Session_get_pset_info", s, "mpi://SELF");
                assertEquals("1", call(r, "MPI_Info_get_string", si, "mpi_size", 8)[1]);
                Object g = call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD");
                assertEquals((Object) 3, call1(r, "MPI_Group_size", g));
                Object comm = call1(r, "MPI_Comm_create_from_group", g, "org.mpish.test", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                call(r, "MPI_Session_finalize", s);
                assertEquals(r.id(), call1(r, "MPI_Comm_rank", comm));
                assertEquals(3, call1(r, "MPI_Comm_size", comm));
            });
        }
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Object s = session(r);
                Object g = call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD");
                call1(r, "MPI_Comm_create_from_group", g, "tag", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                // 11.3: the sessions calls do not initialize the world model
                assertEquals(false, call1(r, "MPI_Initialized"));
                call(r, "MPI_Session_finalize", s);
                assertEquals(false, call1(r, "MPI_Initialized"));
            });
        }
    }

    @Test
    void aCommunicatorFromAPsetCarriesMessagesApartFromMpiCommWorld() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Object s = session(r);
                Object g = call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD");
                Object comm = call1(r, "MPI_Comm_create_from_group", g, "org.mpish.ring", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                Memory m = r.memory();
                long buf = m.alloc(16);
                if (r.id() == 0) {
                    m.writeInt(buf, 111);
                    call(r, "MPI_Send", buf, 1, "MPI_INT", 1, 0, comm);
                    m.writeInt(buf, 222);
                    call(r, "MPI_Send", buf, 1, "MPI_INT", 1, 0, "MPI_COMM_WORLD");
                } else {
                    // same source and tag: the world's receive gets the world's message (another context), 7.1
                    call(r, "MPI_Recv", buf, 1, "MPI_INT", 0, 0, "MPI_COMM_WORLD");
                    assertEquals(222, m.readInt(buf));
                    call(r, "MPI_Recv", buf, 1, "MPI_INT", 0, 0, comm);
                    assertEquals(111, m.readInt(buf));
                }
                call(r, "MPI_Comm_free", comm);
                call(r, "MPI_Session_finalize", s);
            });
        }
    }

    @Test
    void theSameTagTwiceMakesTwoCommunicatorsMatchedInCallOrder() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Object s = session(r);
                Object g = call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD");
                Object a = call1(r, "MPI_Comm_create_from_group", g, "again", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                Object b = call1(r, "MPI_Comm_create_from_group", g, "again", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                assertNotSame(a, b);
                assertEquals(1, call1(r, "MPI_Comm_compare", a, b)); // MPI_CONGRUENT (1 in MPICH and Open MPI): same group, other context
                Memory m = r.memory();
                long buf = m.alloc(8);
                if (r.id() == 0) {
                    m.writeInt(buf, 2);
                    call(r, "MPI_Send", buf, 1, "MPI_INT", 1, 0, b);
                    m.writeInt(buf, 1);
                    call(r, "MPI_Send", buf, 1, "MPI_INT", 1, 0, a);
                } else {
                    call(r, "MPI_Recv", buf, 1, "MPI_INT", 0, 0, a);
                    assertEquals(1, m.readInt(buf));
                    call(r, "MPI_Recv", buf, 1, "MPI_INT", 0, 0, b);
                    assertEquals(2, m.readInt(buf));
                }
            });
        }
    }

    @Test
    void theInfoOfCreateFromGroupGivesTheNewCommunicatorItsHints() {
        // 7.4.2: info carries hints for the new communicator (the assertions of 7.4.4)
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Object s = session(r);
                Object g = call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD");
                Object info = call1(r, "MPI_Info_create");
                call(r, "MPI_Info_set", info, "mpi_assert_no_any_tag", "true");
                Object c = call1(r, "MPI_Comm_create_from_group", g, "hinted", info, "MPI_ERRORS_RETURN");
                Object used = call1(r, "MPI_Comm_get_info", c);
                assertEquals("true", call(r, "MPI_Info_get_string", used, "mpi_assert_no_any_tag", 8)[1]);
                assertEquals("false", call(r, "MPI_Info_get_string", used, "mpi_assert_no_any_source", 8)[1]);
            });
        }
    }

    @Test
    void selfPsetGivesACommunicatorOfOne() {
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                Object s = session(r);
                Object g = call1(r, "MPI_Group_from_session_pset", s, "mpi://SELF");
                Object c = call1(r, "MPI_Comm_create_from_group", g, "self", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                assertEquals(1, call1(r, "MPI_Comm_size", c));
                assertEquals(0, call1(r, "MPI_Comm_rank", c));
            });
        }
    }

    @Test
    void errorsOnASessionGoToItsHandlerAndAFinalizedSessionIsInvalid() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                // MPI_COMM_SELF keeps MPI_ERRORS_ARE_FATAL: the session's MPI_ERRORS_RETURN is what applies (A51)
                Object s = session(r);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Session_get_nth_pset", s, "MPI_INFO_NULL", 3, 16));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Group_from_session_pset", s, "mpi://NOWHERE"));
                List<String> log = MpiTests.log();
                Object eh = call1(r, "MPI_Session_create_errhandler", MpiTests.recording("h", log, a -> null));
                call(r, "MPI_Session_set_errhandler", s, eh);
                assertEquals(eh, call1(r, "MPI_Session_get_errhandler", s));
                call(r, "MPI_Session_call_errhandler", s, ErrorClass.MPI_ERR_OTHER);
                assertEquals(1, log.size(), log.toString());
                Object freed = s;
                call(r, "MPI_Session_finalize", s);
                assertTrue(((Handle) freed).isFreed());
                TestJob.returnErrors(r);
                // a session used after finalize: the handle is invalid, MPI_ERR_SESSION (reported on MPI_COMM_SELF)
                expectError(ErrorClass.MPI_ERR_SESSION, () -> call(r, "MPI_Session_get_num_psets", freed, "MPI_INFO_NULL"));
                expectError(ErrorClass.MPI_ERR_SESSION, () -> call(r, "MPI_Session_finalize", freed));
            });
        }
    }

    @Test
    void onlyMembersMayCreateFromAGroup() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object s = session(r);
                Object self = call1(r, "MPI_Group_from_session_pset", s, "mpi://SELF");
                Object world = call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD");
                Object other = call1(r, "MPI_Group_difference", world, self);
                expectError(ErrorClass.MPI_ERR_GROUP, () -> call(r, "MPI_Comm_create_from_group", other, "x", "MPI_INFO_NULL", "MPI_ERRORS_RETURN"));
            });
        }
    }

    @Test
    void sessionInfoReportsTheThreadLevelAskedForUpToFunneled() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Object info = call1(r, "MPI_Info_create");
                call(r, "MPI_Info_set", info, "thread_level", "MPI_THREAD_MULTIPLE");
                Object s = call1(r, "MPI_Session_init", info, "MPI_ERRORS_RETURN");
                Object used = call1(r, "MPI_Session_get_info", s);
                assertEquals("MPI_THREAD_FUNNELED", call(r, "MPI_Info_get_string", used, "thread_level", 32)[1]);
                Object plain = session(r);
                assertEquals("MPI_THREAD_SINGLE", call(r, "MPI_Info_get_string", call1(r, "MPI_Session_get_info", plain), "thread_level", 32)[1]);
            });
        }
    }
}
