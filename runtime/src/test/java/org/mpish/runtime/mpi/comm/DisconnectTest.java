package org.mpish.runtime.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Memory;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.Request;

/**
 * MPI_Comm_disconnect on ordinary communicators, MPI-4.1 section 11.10.4: it completes the process's pending
 * communication on the communicator, then frees it, collectively. Reference run: Open MPI 4.1.4 (`mpirun -n 2`)
 * of a program where rank 0 posts MPI_Irecv on a duplicate of MPI_COMM_WORLD and rank 1 MPI_Isend, both then
 * disconnect: afterwards rank 0's MPI_Test finds the receive complete with the value sent, the handle is
 * MPI_COMM_NULL, and disconnecting MPI_COMM_WORLD returns MPI_ERR_COMM. (MPICH 4.0.2 accepted MPI_COMM_WORLD and
 * then failed an assertion in MPI_Finalize.)
 */
@Timeout(60)
class DisconnectTest {
    @Test
    void pendingRequestsCompleteBeforeTheCommunicatorIsFreed() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object d = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                Memory m = r.memory();
                long buf = m.alloc(4);
                Object q;
                if (r.id() == 0) {
                    q = call1(r, "MPI_Irecv", buf, 1, "MPI_INT", 1, 0, d);
                } else {
                    m.writeInt(buf, 5);
                    q = call1(r, "MPI_Isend", buf, 1, "MPI_INT", 0, 0, d);
                }
                Object after = call1(r, "MPI_Comm_disconnect", d);
                assertTrue(((Handle) after).isNull(), "the handle comes back as MPI_COMM_NULL");
                assertTrue(((Handle) d).isFreed());
                assertTrue(((Request) q).isComplete(), "the request completed inside MPI_Comm_disconnect");
                if (r.id() == 0) assertEquals(5, m.readInt(buf));
                call(r, "MPI_Wait", q);
                expectError(ErrorClass.MPI_ERR_COMM, () -> call(r, "MPI_Comm_rank", d));
                expectError(ErrorClass.MPI_ERR_COMM, () -> call(r, "MPI_Comm_disconnect", "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_COMM, () -> call(r, "MPI_Comm_disconnect", "MPI_COMM_SELF"));
            });
        }
    }

    @Test
    void aReceiveThatNothingWillMatchKeepsDisconnectWaitingAndTheRollCallSaysSo() {
        try (TestJob t = new TestJob(2)) {
            Exception e = assertThrows(Exception.class, () -> t.spmd(r -> {
                Object d = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                if (r.id() == 0) call1(r, "MPI_Irecv", r.memory().alloc(4), 1, "MPI_INT", 1, 9, d);
                call(r, "MPI_Comm_disconnect", d);
            }));
            String report = String.valueOf(t.job.abortReason());
            assertTrue(report.contains("MPI_Comm_disconnect on") && report.contains("waits for"), report + " / " + e);
        }
    }

    @Test
    void anIntercommunicatorIsDisconnectedByBothGroupsAndItsBufferDrainsFirst() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                Object world = call1(r, "MPI_Comm_group", "MPI_COMM_WORLD");
                Object low = call1(r, "MPI_Group_incl", world, 2, List.of(0, 1));
                Object high = call1(r, "MPI_Group_incl", world, 2, List.of(2, 3));
                boolean isLow = r.id() < 2;
                Object ic = call1(r, "MPI_Intercomm_create_from_groups", isLow ? low : high, 0, isLow ? high : low, 0, "d",
                        "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                Memory m = r.memory();
                long buf = m.alloc(4);
                if (isLow) {
                    long space = m.alloc(300);
                    call(r, "MPI_Comm_attach_buffer", ic, space, 300);
                    m.writeInt(buf, 40 + r.id());
                    call(r, "MPI_Bsend", buf, 1, "MPI_INT", r.id(), 0, ic); // to the same rank of the other group
                } else {
                    call(r, "MPI_Recv", buf, 1, "MPI_INT", r.id() - 2, 0, ic);
                    assertEquals(40 + r.id() - 2, m.readInt(buf));
                }
                call(r, "MPI_Comm_disconnect", ic);
                assertTrue(((Handle) ic).isFreed());
            });
        }
    }
}
