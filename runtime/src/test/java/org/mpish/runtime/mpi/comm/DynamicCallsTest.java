package org.mpish.runtime.mpi.comm;

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

/**
 * MPI-4.1 chapter 11, dynamic process management, in a job whose ranks are fixed: MPI_Comm_get_parent is
 * MPI_COMM_NULL for processes not spawned; the other calls refuse, each with the class the standard's error-class
 * table gives for its failure (MPI_ERR_SPAWN "could not spawn", MPI_ERR_PORT "invalid port name", MPI_ERR_NAME
 * "invalid service name to MPI_LOOKUP_NAME", MPI_ERR_SERVICE "invalid service name to MPI_UNPUBLISH_NAME",
 * MPI_ERR_UNSUPPORTED_OPERATION), on every rank at once, so a collective spawn cannot hang.
 */
@Timeout(30)
class DynamicCallsTest {
    @Test
    void parentIsNullAndEveryOtherCallRefuses() {
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                assertSame(Handle.nullOf(HandleKind.COMM), call1(r, "MPI_Comm_get_parent"));
                expectError(ErrorClass.MPI_ERR_SPAWN, () -> call(r, "MPI_Comm_spawn", "worker", null, 2, "MPI_INFO_NULL", 0, "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_SPAWN, () -> call(r, "MPI_Comm_spawn_multiple", 1, List.of("worker"), null, List.of(2),
                        List.of("MPI_INFO_NULL"), 0, "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_ROOT, () -> call(r, "MPI_Comm_spawn", "worker", null, 2, "MPI_INFO_NULL", 3, "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_UNSUPPORTED_OPERATION, () -> call(r, "MPI_Open_port", "MPI_INFO_NULL"));
                expectError(ErrorClass.MPI_ERR_PORT, () -> call(r, "MPI_Close_port", "tcp://nowhere:1"));
                expectError(ErrorClass.MPI_ERR_PORT, () -> call(r, "MPI_Comm_accept", "tcp://nowhere:1", "MPI_INFO_NULL", 0, "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_PORT, () -> call(r, "MPI_Comm_connect", "tcp://nowhere:1", "MPI_INFO_NULL", 0, "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_ROOT, () -> call(r, "MPI_Comm_connect", "tcp://nowhere:1", "MPI_INFO_NULL", -1, "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_UNSUPPORTED_OPERATION, () -> call(r, "MPI_Comm_join", 3));
                expectError(ErrorClass.MPI_ERR_PORT, () -> call(r, "MPI_Publish_name", "svc", "MPI_INFO_NULL", "tcp://nowhere:1"));
                expectError(ErrorClass.MPI_ERR_SERVICE, () -> call(r, "MPI_Unpublish_name", "svc", "MPI_INFO_NULL", "tcp://nowhere:1"));
                expectError(ErrorClass.MPI_ERR_NAME, () -> call(r, "MPI_Lookup_name", "svc", "MPI_INFO_NULL"));
                // the job is still whole afterwards
                call(r, "MPI_Barrier", "MPI_COMM_WORLD");
            });
        }
    }
}
