package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;
import static org.mpish.runtime.mpi.MpiTests.fn;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Callback;
import org.mpish.runtime.CallbackFailure;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.MpiTests;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.err.Errhandler;

/**
 * Generalized requests, MPI-4.1 section 13.2. What each test expects is the standard's text: the request completes
 * only after MPI_Grequest_complete; a completion call runs query_fn and then free_fn; MPI_Request_get_status runs
 * query_fn only and may do so again; MPI_Request_free's free_fn runs once both it and MPI_Grequest_complete have
 * happened; MPI_Cancel passes complete = whether MPI_Grequest_complete was already called; the status query_fn sets
 * is the one the call returns; a failing callback fails the call, and a multiple-completion call with MPI_ERR_IN_STATUS.
 * A C program doing the same with MPICH 4.0 and Open MPI 4 (1 process) printed the same callback orders, cancel flags,
 * status fields and MPI_Waitall result (MPI_ERR_IN_STATUS; MPI_SUCCESS and the query's code in the statuses), with
 * two differences from the standard's text, where these tests follow the standard: both report query_fn's code
 * when query_fn and free_fn both fail, and MPICH runs free_fn inside MPI_Request_free on an incomplete request.
 */
@Timeout(30)
class GrequestTest {
    private static final Handle NULL = Handle.nullOf(HandleKind.REQUEST);

    /** The three functions of one request, each logging "query:extra" / "free:extra" / "cancel:extra,complete". */
    private static Object[] fns(List<String> log, Function<Object[], Object> query, Object freeResult) {
        Callback q = fn("query", a -> { log.add("query:" + a[0]); return query == null ? Callback.UNDEFINED : query.apply(a); });
        Callback f = fn("free", a -> { log.add("free:" + a[0]); return freeResult; });
        Callback c = fn("cancel", a -> { log.add("cancel:" + a[0] + "," + a[1]); return 0L; });
        return new Object[] {q, f, c};
    }

    private static Handle start(Rank r, Object[] fns, Object extra) {
        return (Handle) call1(r, "MPI_Grequest_start", fns[0], fns[1], fns[2], extra);
    }

    @Test
    void completesOnlyAfterGrequestCompleteThenWaitRunsQueryThenFree() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                // query_fn sets the status with the two status calls of section 13.3, as a layered library would
                Handle q = start(r, fns(log, a -> {
                    Status s = (Status) call1(r, "MPI_Status_set_elements", Status.EMPTY, "MPI_INT", 3);
                    return call1(r, "MPI_Status_set_cancelled", s, true);
                }, 0L), "state-A");
                Object[] test = call(r, "MPI_Test", q);
                assertEquals(false, test[1], "not complete before MPI_Grequest_complete");
                assertEquals(List.of(), log, "an incomplete request runs no callback");
                call(r, "MPI_Grequest_complete", q);
                assertEquals(List.of(), log, "MPI_Grequest_complete itself runs no callback");
                Object[] w = call(r, "MPI_Wait", q);
                assertSame(NULL, w[0], "MPI_Wait frees the request");
                assertEquals(List.of("query:state-A", "free:state-A"), log);
                Status s = (Status) w[1];
                assertEquals(3, call1(r, "MPI_Get_elements", s, "MPI_INT"));
                assertEquals(3, call1(r, "MPI_Get_count", s, "MPI_INT"));
                assertEquals(true, call1(r, "MPI_Test_cancelled", s));
            });
        }
    }

    @Test
    void fieldsTheQueryFunctionAssignsAreTheStatusReturned() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Handle q = start(r, fns(log, a -> {
                    @SuppressWarnings("unchecked") Map<String, Object> st = (Map<String, Object>) a[1];
                    st.put("MPI_SOURCE", 7);
                    st.put("MPI_TAG", 42);
                    return 0L;
                }, 0L), 5L);
                call(r, "MPI_Grequest_complete", q);
                Object[] got = call(r, "MPI_Test", q);
                assertEquals(true, got[1]);
                Status s = (Status) got[2];
                assertEquals(7, s.source());
                assertEquals(42, s.tag());
                assertEquals(ErrorClass.MPI_SUCCESS, s.error());
                assertEquals(List.of("query:5", "free:5"), log);
            });
        }
    }

    @Test
    void requestGetStatusQueriesEachTimeAndNeverFrees() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Handle q = start(r, fns(log, a -> call1(r, "MPI_Status_set_elements", Status.EMPTY, "MPI_BYTE", 9), 0L), "x");
                assertEquals(false, call(r, "MPI_Request_get_status", q)[0]);
                assertEquals(List.of(), log);
                call(r, "MPI_Grequest_complete", q);
                Object[] g1 = call(r, "MPI_Request_get_status", q);
                Object[] g2 = call(r, "MPI_Request_get_status", q);
                assertEquals(true, g1[0]);
                assertEquals(9, call1(r, "MPI_Get_count", g2[1], "MPI_BYTE"));
                assertEquals(List.of("query:x", "query:x"), log, "query_fn each time, free_fn never");
                assertSame(NULL, call(r, "MPI_Wait", q)[0]);
                assertEquals(List.of("query:x", "query:x", "query:x", "free:x"), log);
            });
        }
    }

    @Test
    void requestFreeBeforeCompletionDefersFreeFnToGrequestComplete() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Handle q = start(r, fns(log, null, 0L), "early");
                assertSame(NULL, call1(r, "MPI_Request_free", q));
                assertEquals(List.of(), log, "free_fn waits for MPI_Grequest_complete");
                expectError(ErrorClass.MPI_ERR_REQUEST, () -> call(r, "MPI_Wait", q));
                call(r, "MPI_Grequest_complete", q);
                assertEquals(List.of("free:early"), log, "free_fn at MPI_Grequest_complete, and no query_fn");
                assertTrue(q.isFreed());

                List<String> log2 = MpiTests.log();
                Handle q2 = start(r, fns(log2, null, 0L), "late");
                call(r, "MPI_Grequest_complete", q2);
                assertEquals(List.of(), log2);
                call(r, "MPI_Request_free", q2);
                assertEquals(List.of("free:late"), log2, "complete first: free_fn inside MPI_Request_free");
                expectError(ErrorClass.MPI_ERR_REQUEST, () -> call(r, "MPI_Grequest_complete", q2));
            });
        }
    }

    @Test
    void cancelPassesWhetherGrequestCompleteWasCalled() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Handle q = start(r, fns(log, null, 0L), "c");
                call(r, "MPI_Cancel", q);
                call(r, "MPI_Grequest_complete", q);
                call(r, "MPI_Cancel", q);
                call(r, "MPI_Wait", q);
                assertEquals(List.of("cancel:c,false", "cancel:c,true", "query:c", "free:c"), log);
            });
        }
    }

    @Test
    void waitallWithAFailingQueryIsErrInStatusAndStillFreesEveryRequest() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Handle ok = start(r, fns(log, null, 0L), "ok");
                Handle bad = start(r, fns(log, a -> (long) ErrorClass.MPI_ERR_FILE, 0L), "bad");
                call(r, "MPI_Grequest_complete", ok);
                call(r, "MPI_Grequest_complete", bad);
                var e = expectError(ErrorClass.MPI_ERR_IN_STATUS, () -> call(r, "MPI_Waitall", 2, List.of(ok, bad)));
                assertTrue(e.getMessage().contains("[1] MPI_ERR_FILE"), e.getMessage());
                assertTrue(!e.getMessage().contains("[0]"), e.getMessage());
                assertEquals(List.of("query:ok", "free:ok", "query:bad", "free:bad"), log);
                assertTrue(ok.isFreed() && bad.isFreed(), "both requests are freed by the call");
            });
        }
    }

    @Test
    void aFailingCallbackFailsTheSingleCallOnCommSelfsHandler() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                // only MPI_COMM_SELF returns errors: an error raised on MPI_COMM_WORLD would abort the job
                Comm.self(MpiProcess.of(r)).setErrhandler(Errhandler.ERRORS_RETURN);
                List<String> log = MpiTests.log();
                Handle q = start(r, fns(log, a -> (long) ErrorClass.MPI_ERR_FILE, (long) ErrorClass.MPI_ERR_ACCESS), "two");
                call(r, "MPI_Grequest_complete", q);
                // both fail: the call reports free_fn's code, the last callback's
                expectError(ErrorClass.MPI_ERR_ACCESS, () -> call(r, "MPI_Wait", q));
                assertEquals(List.of("query:two", "free:two"), log);
                assertTrue(q.isFreed());

                Handle q2 = start(r, fns(log, a -> { throw new CallbackFailure(ErrorClass.MPI_ERR_OTHER, false, "threw Error: boom"); }, 0L), "t");
                call(r, "MPI_Grequest_complete", q2);
                expectError(ErrorClass.MPI_ERR_OTHER, () -> call(r, "MPI_Request_get_status", q2));
                Callback thrower = fn("cancel", a -> { throw new CallbackFailure(ErrorClass.MPI_ERR_PENDING, true, "threw"); });
                Object[] f = fns(log, null, 0L);
                Handle q3 = (Handle) call1(r, "MPI_Grequest_start", f[0], f[1], thrower, null);
                expectError(ErrorClass.MPI_ERR_PENDING, () -> call(r, "MPI_Cancel", q3));
            });
        }
    }

    @Test
    void badArguments() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object[] f = fns(MpiTests.log(), null, 0L);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Grequest_start", null, f[1], f[2], null));
                expectError(ErrorClass.MPI_ERR_REQUEST, () -> call(r, "MPI_Grequest_complete", NULL));
                Handle q = start(r, f, null);
                call(r, "MPI_Grequest_complete", q);
                expectError(ErrorClass.MPI_ERR_REQUEST, () -> call(r, "MPI_Grequest_complete", q));
                Object idup = call(r, "MPI_Comm_idup", "MPI_COMM_SELF")[1];
                expectError(ErrorClass.MPI_ERR_REQUEST, () -> call(r, "MPI_Grequest_complete", idup));
            });
        }
    }
}
