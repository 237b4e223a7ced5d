package org.mpish.runtime.mpi.err;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiTests;

/** Error handlers: semantics.md A50-A56. */
@Timeout(30)
class ErrhandlerTest {
    @Test
    void errorsAreFatalByDefaultAndAbortTheJobWithAMessageNamingRankCallAndClass_A50() {
        for (String eh : List.of("MPI_ERRORS_ARE_FATAL", "MPI_ERRORS_ABORT")) {
            try (TestJob t = new TestJob(2)) {
                assertThrows(JobAbortedException.class, () -> t.on(1, () -> {
                    var r = t.rank(1);
                    if (eh.equals("MPI_ERRORS_ABORT")) call(r, "MPI_Comm_set_errhandler", "MPI_COMM_WORLD", eh);
                    else assertSame(Errhandler.ERRORS_ARE_FATAL, call1(r, "MPI_Comm_get_errhandler", "MPI_COMM_WORLD"));
                    return call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", "MPI_KEYVAL_INVALID", 1);
                }));
                Job.Abort a = t.job.abortReason();
                assertNotNull(a, eh + " aborts the job");
                assertEquals(Job.Abort.Kind.FATAL_ERROR, a.kind());
                assertTrue(a.message().contains("MPI_Comm_set_attr") && a.message().contains("MPI_ERR_KEYVAL") && a.message().contains("rank 1"),
                        a.message());
            }
        }
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                call(r, "MPI_Comm_set_errhandler", "MPI_COMM_WORLD", "MPI_ERRORS_RETURN");
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", "MPI_KEYVAL_INVALID", 1));
            });
            assertEquals(null, t.job.abortReason());
        }
    }

    @Test
    void theHandlerOfTheCallsObjectAppliesAndCallsWithoutOneUseCommSelf_A51() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                call(r, "MPI_Comm_set_errhandler", "MPI_COMM_SELF", "MPI_ERRORS_RETURN");
                // WORLD stays fatal; these errors have no valid communicator: COMM_SELF's handler returns them
                expectError(ErrorClass.MPI_ERR_TYPE, () -> call(r, "MPI_Type_free", "MPI_INT"));
                expectError(ErrorClass.MPI_ERR_COMM, () -> call(r, "MPI_Comm_set_attr", "MPI_COMM_NULL", "MPI_TAG_UB", 1));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Error_class", 99999));
            });
            assertEquals(null, t.job.abortReason());
        }
    }

    @Test
    void newCommunicatorsInheritTheHandlerButWindowsStartFatal_A52() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                call(r, "MPI_Comm_set_errhandler", "MPI_COMM_WORLD", "MPI_ERRORS_RETURN");
                Object dup = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                Object split = call1(r, "MPI_Comm_split", "MPI_COMM_WORLD", 0, 0);
                assertSame(Errhandler.ERRORS_RETURN, call1(r, "MPI_Comm_get_errhandler", dup));
                assertSame(Errhandler.ERRORS_RETURN, call1(r, "MPI_Comm_get_errhandler", split));
                Object win = call(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD")[0];
                assertSame(Errhandler.ERRORS_ARE_FATAL, call1(r, "MPI_Win_get_errhandler", win));
                // errors in window creation are raised on the communicator (here: returned)
                expectError(ErrorClass.MPI_ERR_SIZE, () -> call(r, "MPI_Win_create", 0L, -1L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_DISP, () -> call(r, "MPI_Win_allocate", 8L, 0, "MPI_INFO_NULL", "MPI_COMM_WORLD"));
                call(r, "MPI_Win_free", win);
            });
        }
    }

    @Test
    void aFreedHandlerLivesOnWhileACommunicatorUsesIt_A53() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Errhandler eh = (Errhandler) call1(r, "MPI_Comm_create_errhandler", MpiTests.recording("eh", log, null));
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_set_errhandler", c, eh);
                assertSame(Handle.nullOf(HandleKind.ERRHANDLER), call1(r, "MPI_Errhandler_free", eh));
                assertTrue(eh.isValid(), "still used by " + c);
                assertThrows(MpiException.class, () -> call(r, "MPI_Comm_set_attr", c, "MPI_KEYVAL_INVALID", 1));
                assertEquals(List.of("eh:comm0," + ErrorClass.MPI_ERR_KEYVAL), log);
                // get_errhandler hands out a new reference, which must be freed too
                Errhandler got = (Errhandler) call1(r, "MPI_Comm_get_errhandler", c);
                assertSame(eh, got);
                call(r, "MPI_Comm_free", c);
                assertTrue(eh.isValid(), "the reference from get_errhandler is still held");
                call(r, "MPI_Errhandler_free", got);
                assertTrue(eh.isFreed(), "the last reference went");
                // predefined handlers: freeing the handle is harmless
                assertSame(Handle.nullOf(HandleKind.ERRHANDLER), call1(r, "MPI_Errhandler_free", "MPI_ERRORS_RETURN"));
                assertTrue(Errhandler.ERRORS_RETURN.isValid());
            });
        }
    }

    @Test
    void callErrhandlerInvokesTheHandlerAndReturnsWhenItDoes_A54() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Object eh = call1(r, "MPI_Comm_create_errhandler", MpiTests.recording("c", log, null));
                call(r, "MPI_Comm_set_errhandler", "MPI_COMM_WORLD", eh);
                assertEquals(0, call(r, "MPI_Comm_call_errhandler", "MPI_COMM_WORLD", ErrorClass.MPI_ERR_OTHER).length);
                Object weh = call1(r, "MPI_Win_create_errhandler", MpiTests.recording("w", log, null));
                Object win = call(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD")[0];
                call(r, "MPI_Win_set_errhandler", win, weh);
                call(r, "MPI_Win_call_errhandler", win, ErrorClass.MPI_ERR_WIN);
                assertEquals(List.of("c:MPI_COMM_WORLD," + ErrorClass.MPI_ERR_OTHER, "w:win0," + ErrorClass.MPI_ERR_WIN), log);
                call(r, "MPI_Win_set_errhandler", win, "MPI_ERRORS_RETURN");
                call(r, "MPI_Win_call_errhandler", win, ErrorClass.MPI_ERR_WIN); // returns: success
                call(r, "MPI_Win_free", win);
            });
        }
        try (TestJob t = new TestJob(1)) { // with the default handler the job aborts
            assertThrows(JobAbortedException.class, () -> t.on(0, () -> call(t.rank(0), "MPI_Comm_call_errhandler", "MPI_COMM_WORLD", 15)));
            assertEquals(Job.Abort.Kind.FATAL_ERROR, t.job.abortReason().kind());
        }
    }

    @Test
    void aUserHandlerReceivesTheObjectAndTheCode_A55() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Object[] got = new Object[2];
                Object weh = call1(r, "MPI_Win_create_errhandler", MpiTests.fn("w", a -> { got[0] = a[0]; got[1] = a[1]; return null; }));
                Object win = call(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD")[0];
                call(r, "MPI_Win_set_errhandler", win, weh);
                assertThrows(MpiException.class, () -> call(r, "MPI_Win_set_attr", win, "MPI_WIN_BASE", 1));
                assertSame(win, got[0]);
                assertEquals((long) ErrorClass.MPI_ERR_KEYVAL, got[1]);
                TestJob.returnErrors(r);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Comm_set_errhandler", "MPI_COMM_WORLD", weh)); // a window handler
                // a handler that fails leaves the call failing with its own error, and says so
                Object bad = call1(r, "MPI_Win_create_errhandler", MpiTests.failing("bad", 99));
                call(r, "MPI_Win_set_errhandler", win, bad);
                MpiException e = expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Win_set_attr", win, "MPI_WIN_BASE", 1));
                assertTrue(e.getMessage().contains("error handler") && e.getMessage().contains("threw 99"), e.getMessage());
                call(r, "MPI_Win_free", win);
            });
        }
    }

    @Test
    void userHandlersOnWorldAndSelfWhoseHandlesWereFreedDoNotBreakFinalize_A56() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Object eh = call1(r, "MPI_Comm_create_errhandler", MpiTests.fn("eh", a -> null));
                call(r, "MPI_Comm_set_errhandler", "MPI_COMM_WORLD", eh);
                call(r, "MPI_Comm_set_errhandler", "MPI_COMM_SELF", eh);
                call(r, "MPI_Errhandler_free", eh);
                call(r, "MPI_Finalize");
                assertEquals(true, call1(r, "MPI_Finalized"));
            });
            assertEquals(null, t.job.abortReason());
        }
    }
}
