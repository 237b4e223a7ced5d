package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.Status;

/**
 * MPI_Status_set_elements (+ _x, _c), MPI_Status_set_cancelled (MPI-4.1 chapter 13, "Associating Information with
 * Status") and MPI_Request_get_status (MPI-4.1 chapter 3, the completion calls: it does not free the request).
 * The expected numbers are those Open MPI 4 printed for the same calls (a C program, 2 processes); MPICH 4 agrees
 * except that its MPI_Status_set_elements counts whole datatype instances, not basic elements, against the
 * standard's "MPI_GET_ELEMENTS returns count".
 */
@Timeout(30)
class StatusCallsTest {
    @Test
    void setElementsMakesGetElementsAndGetCountAgree() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Status s0 = Status.EMPTY;
                Status s = (Status) call1(r, "MPI_Status_set_elements", s0, "MPI_INT", 3);
                assertEquals(3, call1(r, "MPI_Get_count", s, "MPI_INT"));
                assertEquals(3, call1(r, "MPI_Get_elements", s, "MPI_INT"));
                assertEquals(12, call1(r, "MPI_Get_count", s, "MPI_BYTE"));
                // struct {int at 0, double at 8}: size 12, 2 elements per instance
                Object pair = call1(r, "MPI_Type_create_struct", 2, List.of(1, 1), List.of(0L, 8L), List.of("MPI_INT", "MPI_DOUBLE"));
                call(r, "MPI_Type_commit", pair);
                s = (Status) call1(r, "MPI_Status_set_elements", s0, pair, 3);
                assertEquals(MpiConst.UNDEFINED, call1(r, "MPI_Get_count", s, pair));
                assertEquals(3, call1(r, "MPI_Get_elements", s, pair));
                assertEquals(16, call1(r, "MPI_Get_count", s, "MPI_BYTE"));
                s = (Status) call1(r, "MPI_Status_set_elements", s0, pair, 4);
                assertEquals(2, call1(r, "MPI_Get_count", s, pair));
                assertEquals(4, call1(r, "MPI_Get_elements", s, pair));
                assertEquals(24, call1(r, "MPI_Get_count", s, "MPI_BYTE"));
                Object two = call1(r, "MPI_Type_contiguous", 2, "MPI_INT");
                call(r, "MPI_Type_commit", two);
                s = (Status) call1(r, "MPI_Status_set_elements", s0, two, 3);
                assertEquals(MpiConst.UNDEFINED, call1(r, "MPI_Get_count", s, two));
                assertEquals(3, call1(r, "MPI_Get_elements", s, two));
                assertEquals(3, call1(r, "MPI_Get_count", s, "MPI_INT"));
                s = (Status) call1(r, "MPI_Status_set_elements_x", s0, "MPI_DOUBLE", 5L);
                assertEquals(5L, call1(r, "MPI_Get_elements_x", s, "MPI_DOUBLE"));
                assertEquals(40, call1(r, "MPI_Get_count", s, "MPI_BYTE"));
                // the _c form takes a count past 2^31 - 1; the int form cannot
                s = (Status) call1(r, "MPI_Status_set_elements_c", s0, "MPI_BYTE", 3_000_000_000L);
                assertEquals(3_000_000_000L, call1(r, "MPI_Get_elements_x", s, "MPI_BYTE"));
                expectError(ErrorClass.MPI_ERR_COUNT, () -> call(r, "MPI_Status_set_elements", s0, "MPI_BYTE", 3_000_000_000L));
                expectError(ErrorClass.MPI_ERR_COUNT, () -> call(r, "MPI_Status_set_elements", s0, "MPI_INT", -1));
                // the rest of the status is kept
                Status from = new Status(1, 5, 0, 0, false);
                Status set = (Status) call1(r, "MPI_Status_set_elements", from, "MPI_INT", 2);
                assertEquals(1, set.source());
                assertEquals(5, set.tag());
            });
        }
    }

    @Test
    void setCancelledIsWhatTestCancelledReads() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Status s = Status.EMPTY;
                assertEquals(false, call1(r, "MPI_Test_cancelled", s));
                s = (Status) call1(r, "MPI_Status_set_cancelled", s, true);
                assertEquals(true, call1(r, "MPI_Test_cancelled", s));
                s = (Status) call1(r, "MPI_Status_set_cancelled", s, false);
                assertEquals(false, call1(r, "MPI_Test_cancelled", s));
            });
        }
    }

    @Test
    void requestGetStatusDoesNotFree() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = r.memory().alloc(4);
                if (r.id() == 1) {
                    r.memory().writeInt(buf, 42);
                    call(r, "MPI_Send", buf, 1, "MPI_INT", 0, 5, "MPI_COMM_WORLD");
                    call(r, "MPI_Barrier", "MPI_COMM_WORLD");
                    return;
                }
                Object q = call1(r, "MPI_Irecv", buf, 1, "MPI_INT", 1, 5, "MPI_COMM_WORLD");
                call(r, "MPI_Barrier", "MPI_COMM_WORLD");
                Object[] got;
                do got = call(r, "MPI_Request_get_status", q); while (!(Boolean) got[0]);
                assertEquals(1, ((Status) got[1]).source());
                assertEquals(5, ((Status) got[1]).tag());
                assertEquals(true, call(r, "MPI_Request_get_status", q)[0]); // still there, still complete
                Object[] w = call(r, "MPI_Wait", q);
                assertSame(Handle.nullOf(HandleKind.REQUEST), w[0]);
                assertEquals(42, r.memory().readInt(buf));
                // MPI_REQUEST_NULL: flag true, an empty status (source MPI_ANY_SOURCE, tag MPI_ANY_TAG)
                Object[] none = call(r, "MPI_Request_get_status", "MPI_REQUEST_NULL");
                assertEquals(true, none[0]);
                assertEquals(MpiConst.ANY_SOURCE, ((Status) none[1]).source());
                assertEquals(MpiConst.ANY_TAG, ((Status) none[1]).tag());
                // a pending receive: flag false, and nothing is consumed
                Object p = call1(r, "MPI_Irecv", buf, 1, "MPI_INT", 1, 6, "MPI_COMM_WORLD");
                assertEquals(false, call(r, "MPI_Request_get_status", p)[0]);
                assertNotSame(Handle.nullOf(HandleKind.REQUEST), p);
                call(r, "MPI_Cancel", p);
                call(r, "MPI_Wait", p);
            });
        }
    }

    /** MPI-4.1 section 3.2.5 (return status): the get/set accessors read and write exactly the field they name, nothing else. */
    @Test
    void statusFieldAccessorsReadAndWriteOneFieldEach() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Status s = (Status) call1(r, "MPI_Status_set_elements", Status.EMPTY, "MPI_INT", 3);
                s = (Status) call1(r, "MPI_Status_set_source", s, 7);
                s = (Status) call1(r, "MPI_Status_set_tag", s, 99);
                s = (Status) call1(r, "MPI_Status_set_error", s, ErrorClass.MPI_ERR_TRUNCATE);
                assertEquals(7, call1(r, "MPI_Status_get_source", s));
                assertEquals(99, call1(r, "MPI_Status_get_tag", s));
                assertEquals(ErrorClass.MPI_ERR_TRUNCATE, call1(r, "MPI_Status_get_error", s));
                assertEquals(3, call1(r, "MPI_Get_count", s, "MPI_INT"), "the hidden count is kept");
                s = (Status) call1(r, "MPI_Status_set_tag", s, 1);
                assertEquals(7, s.source());
                assertEquals(1, s.tag());
                assertEquals(ErrorClass.MPI_ERR_TRUNCATE, s.error());
                // an empty status: MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SUCCESS (MPI-4.1 section 3.7.3)
                assertEquals(MpiConst.ANY_SOURCE, call1(r, "MPI_Status_get_source", Status.EMPTY));
                assertEquals(MpiConst.ANY_TAG, call1(r, "MPI_Status_get_tag", Status.EMPTY));
                assertEquals(ErrorClass.MPI_SUCCESS, call1(r, "MPI_Status_get_error", Status.EMPTY));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Status_get_tag", "MPI_STATUS_IGNORE"));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Status_set_source", "MPI_STATUS_IGNORE", 1));
            });
        }
    }

    /**
     * MPI-4.1 section 3.7 (the non-destructive tests of status): MPI_Request_get_status_all / _any / _some answer as MPI_Testall / _any / _some would,
     * but free nothing: the same completed request is found again, and MPI_Waitall frees them afterwards.
     */
    @Test
    void requestGetStatusArraysFreeNothing() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = r.memory().alloc(8);
                if (r.id() == 1) {
                    call(r, "MPI_Send", buf, 1, "MPI_INT", 0, 5, "MPI_COMM_WORLD");
                    call(r, "MPI_Barrier", "MPI_COMM_WORLD");
                    call(r, "MPI_Barrier", "MPI_COMM_WORLD");
                    call(r, "MPI_Send", buf + 4, 1, "MPI_INT", 0, 6, "MPI_COMM_WORLD");
                    return;
                }
                Handle a = (Handle) call1(r, "MPI_Irecv", buf, 1, "MPI_INT", 1, 5, "MPI_COMM_WORLD");
                Handle b = (Handle) call1(r, "MPI_Irecv", buf + 4, 1, "MPI_INT", 1, 6, "MPI_COMM_WORLD");
                List<Handle> both = List.of(a, b);
                call(r, "MPI_Barrier", "MPI_COMM_WORLD");     // the tag-5 message has been sent
                Object[] any;
                do any = call(r, "MPI_Request_get_status_any", 2, both); while (!(Boolean) any[1]);
                assertEquals(0, any[0]);
                assertEquals(5, ((Status) any[2]).tag());
                assertEquals(false, call(r, "MPI_Request_get_status_all", 2, both)[0], "b is still pending");
                Object[] some = call(r, "MPI_Request_get_status_some", 2, both);
                assertEquals(1, some[0]);
                assertArrayEquals(new int[] {0}, (int[]) some[1]);
                assertEquals(1, ((Status[]) some[2])[0].source());
                // nothing was freed: the same request answers again
                assertEquals(0, call(r, "MPI_Request_get_status_any", 2, both)[0]);
                assertTrue(a.isValid());
                call(r, "MPI_Barrier", "MPI_COMM_WORLD");     // now rank 1 sends tag 6
                Object[] all;
                do all = call(r, "MPI_Request_get_status_all", 2, both); while (!(Boolean) all[0]);
                Status[] st = (Status[]) all[1];
                assertEquals(5, st[0].tag());
                assertEquals(6, st[1].tag());
                assertEquals(2, call(r, "MPI_Request_get_status_some", 2, both)[0]);
                Object[] w = call(r, "MPI_Waitall", 2, both);
                Handle none = Handle.nullOf(HandleKind.REQUEST);
                assertArrayEquals(new Handle[] {none, none}, (Handle[]) w[0]);
                // no active request: _any gives flag true and MPI_UNDEFINED, _some MPI_UNDEFINED, _all flag true
                List<Handle> nulls = List.of(none, none);
                Object[] n = call(r, "MPI_Request_get_status_any", 2, nulls);
                assertEquals(MpiConst.UNDEFINED, n[0]);
                assertEquals(true, n[1]);
                assertEquals(MpiConst.UNDEFINED, call(r, "MPI_Request_get_status_some", 2, nulls)[0]);
                assertEquals(true, call(r, "MPI_Request_get_status_all", 2, nulls)[0]);
                // a pending one only: flag false, index MPI_UNDEFINED; outcount 0
                Handle p = (Handle) call1(r, "MPI_Irecv", buf, 1, "MPI_INT", 1, 7, "MPI_COMM_WORLD");
                Object[] pend = call(r, "MPI_Request_get_status_any", 1, List.of(p));
                assertEquals(MpiConst.UNDEFINED, pend[0]);
                assertEquals(false, pend[1]);
                assertEquals(0, call(r, "MPI_Request_get_status_some", 1, List.of(p))[0]);
                call(r, "MPI_Cancel", p);
                call(r, "MPI_Wait", p);
            });
        }
    }
}
