package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
