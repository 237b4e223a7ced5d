package org.mpish.runtime.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.attr.Keyval;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.TypeCalls;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.rma.Win;
import org.mpish.runtime.mpi.rma.WinLifecycle;

/** Datatype constructors and window creation and freeing. */
@Timeout(30)
class TypeWinCallsTest {
    @Test
    void constructorsSizesAndExtents() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Datatype c = (Datatype) call1(r, "MPI_Type_contiguous", 3, "MPI_INT");
                assertEquals(12, call1(r, "MPI_Type_size", c));
                assertArrayEquals(new Object[] {0L, 12L}, call(r, "MPI_Type_get_extent", c));
                Datatype v = (Datatype) call1(r, "MPI_Type_vector", 3, 2, 4, "MPI_DOUBLE");
                assertEquals(48, call1(r, "MPI_Type_size", v));
                assertEquals(80L, call(r, "MPI_Type_get_extent", v)[1]); // (2*4 + 2) doubles
                Datatype hv = (Datatype) call1(r, "MPI_Type_create_hvector", 2, 1, 16L, "MPI_INT");
                assertEquals(20L, call(r, "MPI_Type_get_extent", hv)[1]);
                Datatype ix = (Datatype) call1(r, "MPI_Type_indexed", 2, List.of(1, 2), List.of(4, 0), "MPI_INT");
                assertEquals(12, call1(r, "MPI_Type_size", ix));
                assertEquals(20L, call(r, "MPI_Type_get_extent", ix)[1]);
                Datatype st = (Datatype) call1(r, "MPI_Type_create_struct", 2, List.of(1, 1), List.of(0L, 8L), List.of("MPI_INT", "MPI_DOUBLE"));
                assertEquals(12, call1(r, "MPI_Type_size", st));
                assertEquals(16L, call(r, "MPI_Type_get_extent", st)[1]);
                Datatype rs = (Datatype) call1(r, "MPI_Type_create_resized", "MPI_INT", -4L, 16L);
                assertArrayEquals(new Object[] {-4L, 16L}, call(r, "MPI_Type_get_extent", rs));
                // a 2x3 block at (1,1) of a 4x5 C array of ints: rows 5 ints apart, extent the whole array
                Datatype sub = (Datatype) call1(r, "MPI_Type_create_subarray", 2, List.of(4, 5), List.of(2, 3), List.of(1, 1), TypeCalls.ORDER_C, "MPI_INT");
                assertEquals(24, call1(r, "MPI_Type_size", sub));
                assertArrayEquals(new Object[] {0L, 80L}, call(r, "MPI_Type_get_extent", sub));
                assertEquals(24L, sub.runOffset(0));
                assertEquals(44L, sub.runOffset(1));
                Datatype fsub = (Datatype) call1(r, "MPI_Type_create_subarray", 2, List.of(5, 4), List.of(3, 2), List.of(1, 1), TypeCalls.ORDER_FORTRAN, "MPI_INT");
                assertEquals(sub.runOffset(1), fsub.runOffset(1), "Fortran order is the transposed description");
                // commit, dup, free
                assertFalse(c.committed());
                assertSame(c, call1(r, "MPI_Type_commit", c));
                assertTrue(c.committed());
                Datatype d = (Datatype) call1(r, "MPI_Type_dup", c);
                assertTrue(d.committed(), "a dup of a committed type is committed");
                assertSame(Handle.nullOf(HandleKind.DATATYPE), call1(r, "MPI_Type_free", d));
                expectError(ErrorClass.MPI_ERR_TYPE, () -> call(r, "MPI_Type_size", d));
                expectError(ErrorClass.MPI_ERR_TYPE, () -> call(r, "MPI_Type_free", "MPI_INT"));
                expectError(ErrorClass.MPI_ERR_COUNT, () -> call(r, "MPI_Type_contiguous", -1, "MPI_INT"));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Type_create_subarray", 1, List.of(4), List.of(5), List.of(0), TypeCalls.ORDER_C, "MPI_INT"));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Type_indexed", 3, List.of(1), List.of(0), "MPI_INT"));
            });
        }
    }

    @Test
    void windowsAreCreatedAndFreedCollectively() {
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long before = r.memory().bytesInUse();
                Object[] a = call(r, "MPI_Win_allocate", 100L, 4, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                Win w = (Win) a[1];
                assertEquals(before + 100, r.memory().bytesInUse());
                assertSame(w, w.shared().member(r.id()));
                for (int i = 0; i < 3; i++) assertEquals(100L, w.shared().member(i).size(), "every member is in place when create returns");
                assertSame(Errhandler.ERRORS_ARE_FATAL, w.errhandler());
                call(r, "MPI_Win_set_name", w, "grid");
                assertArrayEquals(new Object[] {"grid", 4}, call(r, "MPI_Win_get_name", w));
                assertSame(Handle.nullOf(HandleKind.WIN), call1(r, "MPI_Win_free", w));
                assertEquals(before, r.memory().bytesInUse(), "Win_free releases MPI_Win_allocate memory");
                expectError(ErrorClass.MPI_ERR_WIN, () -> call(r, "MPI_Win_get_name", w));
                long buf = r.memory().alloc(8);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Win_create", buf, 16L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Win_create", 0L, 16L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD"));
            });
        }
    }

    @Test
    void winFreeRunsTheLifecycleCheckBeforeDeletingAttributes_R10() {
        AtomicBoolean refuse = new AtomicBoolean(true);
        try (TestJob t = new TestJob(1)) {
            t.job.hooks().add(WinLifecycle.FREE_CHECKS, w -> {
                if (refuse.get() && "refuse-me".equals(w.winName())) throw new MpiException(ErrorClass.MPI_ERR_RMA_SYNC, "epoch open");
            });
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Object win = call(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD")[0];
                call(r, "MPI_Win_set_errhandler", win, "MPI_ERRORS_RETURN");
                call(r, "MPI_Win_set_name", win, "refuse-me");
                Keyval k = (Keyval) call1(r, "MPI_Win_create_keyval", "MPI_WIN_NULL_COPY_FN", MpiTests.recording("del", log, null), null);
                call(r, "MPI_Win_set_attr", win, k, 1);
                expectError(ErrorClass.MPI_ERR_RMA_SYNC, () -> call(r, "MPI_Win_free", win));
                assertTrue(log.isEmpty(), "no attribute deleted by a refused free");
                refuse.set(false);
                call(r, "MPI_Win_free", win);
                assertEquals(1, log.size());
            });
        }
    }
}
