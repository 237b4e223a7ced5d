package org.mpish.runtime.mpi.rma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_ASSERT;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COUNT;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_DISP;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_LOCKTYPE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_OP;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RANK;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RMA_CONFLICT;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RMA_RANGE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RMA_SYNC;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TRUNCATE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TYPE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_WIN;
import static org.mpish.runtime.mpi.rma.RmaFixture.alloc;
import static org.mpish.runtime.mpi.rma.RmaFixture.create;
import static org.mpish.runtime.mpi.rma.RmaFixture.fails;
import static org.mpish.runtime.mpi.rma.RmaFixture.ok;
import static org.mpish.runtime.mpi.rma.RmaFixture.type;
import static org.mpish.runtime.mpi.rma.RmaModes.LOCK_EXCLUSIVE;
import static org.mpish.runtime.mpi.rma.RmaModes.LOCK_SHARED;
import static org.mpish.runtime.mpi.rma.RmaModes.MODE_NOCHECK;
import static org.mpish.runtime.mpi.rma.RmaModes.MODE_NOPRECEDE;
import static org.mpish.runtime.mpi.rma.RmaModes.MODE_NOSTORE;
import static org.mpish.runtime.mpi.rma.RmaModes.MODE_NOSUCCEED;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Group;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.err.ErrhandlerFn;
import org.mpish.runtime.mpi.MpiConst;

/** Every error class the RMA calls raise (R55-R60), each with the case that raises it. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RmaErrorsTest {
    static final String PUT = "MPI_Put";

    static Object[] put(long src, int target, long disp, Win w) {
        return new Object[] {src, 1, "MPI_INT", target, disp, 1, "MPI_INT", w};
    }

    @Test
    void rmaSyncForOperationsOutsideOrBeyondTheirEpoch() { // R33, R36, R37, R42, R28, R57
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                Win w = create(r, 16, 4);
                long s = alloc(r, "MPI_INT", 1);
                fails(MPI_ERR_RMA_SYNC, r, PUT, put(s, 1, 0, w));                     // no epoch at all
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Put", 0L, 0, "MPI_INT", 1, 0L, 0, "MPI_INT", w); // R32: zero size too
                ok(r, "MPI_Win_fence", 0, w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Rput", put(s, 1, 0, w));              // R28: request forms need passive target
                ok(r, "MPI_Win_fence", MODE_NOSUCCEED, w);
                MpiException e = fails(MPI_ERR_RMA_SYNC, r, PUT, put(s, 1, 0, w));    // R36: NOSUCCEED opens nothing
                assertTrue(e.getMessage().contains("MPI_MODE_NOSUCCEED"), e.getMessage());
                if (r.id() == 0) {
                    ok(r, "MPI_Win_lock", LOCK_SHARED, 1, 0, w);
                    fails(MPI_ERR_RMA_SYNC, r, PUT, put(s, 2, 0, w));                 // locked 1, not 2
                    ok(r, "MPI_Win_unlock", 1, w);
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                // PSCW: rank 0 starts towards rank 1 only
                if (r.id() == 1) ok(r, "MPI_Win_post", new Group(new int[] {0}), 0, w);
                if (r.id() == 0) {
                    ok(r, "MPI_Win_start", new Group(new int[] {1}), 0, w);
                    fails(MPI_ERR_RMA_SYNC, r, PUT, put(s, 2, 0, w));                 // R37: rank 2 not in the start group
                    fails(MPI_ERR_RMA_SYNC, r, "MPI_Raccumulate", s, 1, "MPI_INT", 1, 0L, 1, "MPI_INT", "MPI_SUM", w);
                    ok(r, PUT, put(s, 1, 0, w));
                    ok(r, "MPI_Win_complete", w);
                }
                if (r.id() == 1) ok(r, "MPI_Win_wait", w);
            });
        }
    }

    @Test
    void rmaSyncForClashingOrMissingSynchronizationCalls() { // R36-R47, R57
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 4);
                Win w2 = create(r, 16, 4);
                Group other = new Group(new int[] {1 - r.id()});
                long s = alloc(r, "MPI_INT", 1);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_complete", w);                    // nothing to close
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_wait", w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_test", w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_unlock", 0, w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_unlock_all", w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_flush", 0, w);                     // R46: flush outside passive target
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_flush_all", w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_flush_local", 0, w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_flush_local_all", w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_sync", w);                         // R47

                ok(r, "MPI_Win_lock", LOCK_SHARED, 0, 0, w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_lock", LOCK_SHARED, 0, 0, w);      // R42: two locks on one target
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_lock_all", 0, w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_start", other, 0, w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_fence", 0, w);                     // R36
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_flush", 1, w);                     // not locked on 1
                assertThrows(MpiException.class, () -> WinLifecycle.checkFree(w));      // R9: free inside an epoch
                ok(r, "MPI_Win_post", other, 0, w2);                                    // other windows are independent
                ok(r, "MPI_Win_unlock", 0, w);

                ok(r, "MPI_Win_lock_all", 0, w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_unlock", 0, w);                    // R44: unlock inside lock_all
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_lock", LOCK_SHARED, 0, 0, w);
                ok(r, "MPI_Win_unlock_all", w);

                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_post", other, 0, w2);              // R39: posting again before wait
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_fence", 0, w2);                    // fence while posted
                MpiException free = assertThrows(MpiException.class, () -> WinLifecycle.checkFree(w2));
                assertEquals(MPI_ERR_RMA_SYNC, free.errorClass());
                ok(r, "MPI_Win_start", other, 0, w2);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_start", other, 0, w2);             // R37: nested start
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_lock", LOCK_SHARED, 0, 0, w2);     // R42: lock inside active target
                ok(r, "MPI_Win_complete", w2);
                ok(r, "MPI_Win_wait", w2);

                // R36: a tentative fence epoch gives way to a lock; one with operations does not
                ok(r, "MPI_Win_fence", 0, w);
                ok(r, "MPI_Win_lock", LOCK_SHARED, 0, 0, w);
                ok(r, "MPI_Win_unlock", 0, w);
                fails(MPI_ERR_RMA_SYNC, r, PUT, put(s, 0, 0, w));                      // the fence epoch is gone
                ok(r, "MPI_Win_fence", 0, w);
                WinLifecycle.checkFree(w);                                             // a tentative fence allows free
                ok(r, PUT, put(s, 0, 0, w));
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_lock", LOCK_SHARED, 0, 0, w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_post", other, 0, w);
                assertThrows(MpiException.class, () -> WinLifecycle.checkFree(w));
                ok(r, "MPI_Win_fence", MODE_NOSUCCEED, w);
                WinLifecycle.checkFree(w);
            });
        }
    }

    @Test
    void lockOnANoLocksWindowIsRmaSync() { // R14, as Open MPI
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = RmaFixture.create(r, 8, 8, Map.of("no_locks", "true"));
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_lock", LOCK_SHARED, 0, 0, w);
                fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_lock_all", 0, w);
            });
        }
    }

    @Test
    void rangeDispRankCountAndTruncation() { // R18, R20, R55, R59, R60
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 4);
                long s = alloc(r, "MPI_INT", 1, 2, 3, 4, 5);
                ok(r, "MPI_Win_lock_all", 0, w);
                fails(MPI_ERR_RMA_RANGE, r, PUT, put(s, 1, 4, w));                    // byte 16: one past the end
                fails(MPI_ERR_RMA_RANGE, r, "MPI_Put", s, 5, "MPI_INT", 1, 0L, 5, "MPI_INT", w);
                Datatype wide = type(r, "MPI_INT").vector(2, 1, 4);
                wide.commit();
                fails(MPI_ERR_RMA_RANGE, r, "MPI_Get", s, 2, "MPI_INT", 1, 0L, 1, wide, w);
                fails(MPI_ERR_RMA_RANGE, r, "MPI_Fetch_and_op", s, s, "MPI_INT", 1, 4L, "MPI_SUM", w);
                fails(MPI_ERR_DISP, r, PUT, put(s, 1, -1, w));
                fails(MPI_ERR_RANK, r, PUT, put(s, 2, 0, w));
                fails(MPI_ERR_RANK, r, PUT, put(s, -5, 0, w));
                fails(MPI_ERR_COUNT, r, "MPI_Put", s, -1, "MPI_INT", 1, 0L, 1, "MPI_INT", w);
                fails(MPI_ERR_TRUNCATE, r, "MPI_Put", s, 3, "MPI_INT", 1, 0L, 2, "MPI_INT", w);
                fails(MPI_ERR_TRUNCATE, r, "MPI_Get", s, 1, "MPI_INT", 1, 0L, 2, "MPI_INT", w);
                fails(MPI_ERR_TRUNCATE, r, "MPI_Accumulate", s, 3, "MPI_INT", 1, 0L, 2, "MPI_INT", "MPI_SUM", w);
                fails(MPI_ERR_TRUNCATE, r, "MPI_Get_accumulate", s, 3, "MPI_INT", s, 2, "MPI_INT", 1, 0L, 3, "MPI_INT", "MPI_SUM", w);
                fails(MPI_ERR_RANK, r, "MPI_Win_lock", LOCK_SHARED, MpiConst.PROC_NULL, 0, w);
                fails(MPI_ERR_RANK, r, "MPI_Win_flush", 7, w);
                ok(r, "MPI_Win_unlock_all", w);
                TestJob.returnErrors(r); // R56: an invalid window goes to MPI_COMM_SELF's handler
                fails(MPI_ERR_WIN, r, PUT, put(s, 1, 0, null));
                fails(MPI_ERR_WIN, r, "MPI_Win_fence", 0, "MPI_WIN_NULL");
            });
        }
    }

    @Test
    void datatypeAndOpErrors() { // R19, R22, R23, R25, R26, R27, R30
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 64, 1);
                long s = r.memory().alloc(64);
                ok(r, "MPI_Win_lock_all", 0, w);
                fails(MPI_ERR_TYPE, r, "MPI_Put", s, 1, "MPI_INT", 1, 0L, 1, "MPI_FLOAT", w);           // signatures differ
                fails(MPI_ERR_TYPE, r, "MPI_Accumulate", s, 1, "MPI_INT", 1, 0L, 1, "MPI_UNSIGNED", "MPI_SUM", w);
                Datatype mixed = Datatype.struct(new int[] {1, 1}, new long[] {0, 8},
                        new Datatype[] {type(r, "MPI_INT"), type(r, "MPI_DOUBLE")}, "MPI_COMBINER_STRUCT");
                mixed.commit();
                fails(MPI_ERR_TYPE, r, "MPI_Accumulate", s, 1, mixed, 1, 0L, 1, mixed, "MPI_REPLACE", w);
                Datatype uncommitted = type(r, "MPI_INT").contiguous(2);
                fails(MPI_ERR_TYPE, r, "MPI_Put", s, 1, uncommitted, 1, 0L, 2, "MPI_INT", w);          // R30
                Datatype two = type(r, "MPI_INT").contiguous(2);
                two.commit();
                fails(MPI_ERR_TYPE, r, "MPI_Fetch_and_op", s, s, two, 1, 0L, "MPI_SUM", w);             // R25: predefined only
                fails(MPI_ERR_TYPE, r, "MPI_Compare_and_swap", s, s, s, "MPI_DOUBLE", 1, 0L, w);        // R26
                fails(MPI_ERR_TYPE, r, "MPI_Compare_and_swap", s, s, s, "MPI_CHAR", 1, 0L, w);
                fails(MPI_ERR_TYPE, r, "MPI_Compare_and_swap", s, s, s, two, 1, 0L, w);
                ok(r, "MPI_Compare_and_swap", s, s, s, "MPI_C_BOOL", 1, 0L, w);
                ok(r, "MPI_Compare_and_swap", s, s, s, "MPI_AINT", 1, 0L, w);
                fails(MPI_ERR_OP, r, "MPI_Accumulate", s, 1, "MPI_INT", 1, 0L, 1, "MPI_INT", "MPI_NO_OP", w); // R22, R27
                fails(MPI_ERR_OP, r, "MPI_Raccumulate", s, 1, "MPI_INT", 1, 0L, 1, "MPI_INT", "MPI_NO_OP", w);
                fails(MPI_ERR_OP, r, "MPI_Accumulate", s, 1, "MPI_INT", 1, 0L, 1, "MPI_INT", "MPI_MAXLOC", w);
                fails(MPI_ERR_OP, r, "MPI_Accumulate", s, 1, "MPI_DOUBLE", 1, 0L, 1, "MPI_DOUBLE", "MPI_BAND", w);
                fails(MPI_ERR_OP, r, "MPI_Accumulate", s, 1, "MPI_FLOAT", 1, 0L, 1, "MPI_FLOAT", "MPI_LOR", w);
                fails(MPI_ERR_OP, r, "MPI_Accumulate", s, 1, "MPI_CHAR", 1, 0L, 1, "MPI_CHAR", "MPI_SUM", w);
                fails(MPI_ERR_OP, r, "MPI_Accumulate", s, 1, "MPI_C_BOOL", 1, 0L, 1, "MPI_C_BOOL", "MPI_MAX", w);
                fails(MPI_ERR_OP, r, "MPI_Accumulate", s, 1, "MPI_2INT", 1, 0L, 1, "MPI_2INT", "MPI_SUM", w);
                fails(MPI_ERR_OP, r, "MPI_Fetch_and_op", s, s, "MPI_BYTE", 1, 0L, "MPI_PROD", w);
                fails(MPI_ERR_OP, r, "MPI_Accumulate", s, 1, "MPI_INT", 1, 0L, 1, "MPI_INT", "MPI_OP_NULL", w);
                ok(r, "MPI_Accumulate", s, 1, "MPI_CHAR", 1, 0L, 1, "MPI_CHAR", "MPI_REPLACE", w);    // REPLACE takes any
                ok(r, "MPI_Accumulate", s, 0, "MPI_INT", 1, 0L, 0, "MPI_DOUBLE", "MPI_MAXLOC", w);    // R23: nothing to move
                ok(r, "MPI_Win_unlock_all", w);
            });
        }
    }

    @Test
    void assertFlagsAndLockTypes() { // R35, R48, R59
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 8, 8);
                fails(MPI_ERR_ASSERT, r, "MPI_Win_fence", MODE_NOCHECK, w);
                fails(MPI_ERR_ASSERT, r, "MPI_Win_lock", LOCK_SHARED, 0, MODE_NOSTORE, w);
                fails(MPI_ERR_ASSERT, r, "MPI_Win_lock_all", 1, w);
                fails(MPI_ERR_ASSERT, r, "MPI_Win_post", Group.EMPTY, MODE_NOPRECEDE, w);
                fails(MPI_ERR_ASSERT, r, "MPI_Win_start", Group.EMPTY, MODE_NOSTORE, w);
                fails(MPI_ERR_LOCKTYPE, r, "MPI_Win_lock", 7, 0, 0, w);
                // NOPRECEDE must be given by all ranks or none: every rank learns it from the fence
                fails(MPI_ERR_ASSERT, r, "MPI_Win_fence", r.id() == 0 ? MODE_NOPRECEDE : 0, w);
                // a false NOPRECEDE: this rank did issue an operation since the last fence
                ok(r, "MPI_Win_fence", 0, w);
                ok(r, PUT, put(alloc(r, "MPI_INT", 1), 1 - r.id(), 0, w));
                fails(MPI_ERR_ASSERT, r, "MPI_Win_fence", MODE_NOPRECEDE, w);
                ok(r, "MPI_Win_fence", MODE_NOSTORE | RmaModes.MODE_NOPUT | MODE_NOSUCCEED, w);
            });
        }
    }

    @Test
    void lockingAnExposedWindowIsRmaConflict() { // R45, R58: a window may not be locked and exposed at once
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 8, 8);
                Group zero = new Group(new int[] {0}), one = new Group(new int[] {1});
                if (r.id() == 1) ok(r, "MPI_Win_post", zero, 0, w);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    fails(MPI_ERR_RMA_CONFLICT, r, "MPI_Win_lock", LOCK_EXCLUSIVE, 1, 0, w);
                    fails(MPI_ERR_RMA_CONFLICT, r, "MPI_Win_lock_all", 0, w);
                    ok(r, "MPI_Win_start", one, 0, w);                                  // the failed lock_all left nothing held
                    ok(r, "MPI_Win_complete", w);
                } else {
                    ok(r, "MPI_Win_wait", w);
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) ok(r, "MPI_Win_lock", LOCK_SHARED, 1, 0, w);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 1) fails(MPI_ERR_RMA_CONFLICT, r, "MPI_Win_post", zero, 0, w);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) ok(r, "MPI_Win_unlock", 1, w);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 1) {
                    ok(r, "MPI_Win_post", zero, 0, w);                                  // unlocked: posting works again
                    ok(r, "MPI_Win_wait", w);
                } else {
                    ok(r, "MPI_Win_start", one, 0, w);
                    ok(r, "MPI_Win_complete", w);
                }
            });
        }
    }

    @Test
    void errorsGoToTheWindowsHandler() { // R55: a Put to rank -5 reaches the window's handler, not the communicator's
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Win w = create(r, 8, 8);
                Handle[] got = new Handle[1];
                int[] code = new int[1];
                w.setErrhandler(Errhandler.user(new ErrhandlerFn() {
                    @Override public void handle(Handle o, int c) { got[0] = o; code[0] = c; }
                    @Override public String describe() { return "test handler"; }
                }, HandleKind.WIN));
                ok(r, "MPI_Win_fence", 0, w);
                assertThrows(MpiException.class, () -> TestJob.call(r, PUT, put(alloc(r, "MPI_INT", 1), -5, 0, w)));
                assertSame(w, got[0]);
                assertEquals(MPI_ERR_RANK, code[0]);
                w.setErrhandler(Errhandler.ERRORS_ARE_FATAL);
                if (r.id() == 0) {
                    assertThrows(JobAbortedException.class, () -> TestJob.call(r, "MPI_Win_complete", w));
                }
            });
        } catch (JobAbortedException expected) {
            // rank 1 sees the abort too
        }
    }
}
