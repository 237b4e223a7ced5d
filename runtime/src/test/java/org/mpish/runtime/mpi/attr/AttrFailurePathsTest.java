package org.mpish.runtime.mpi.attr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;
import static org.mpish.runtime.mpi.MpiTests.getAttr;
import static org.mpish.runtime.mpi.MpiTests.kv;
import static org.mpish.runtime.mpi.MpiTests.recording;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.MpiTests;

/**
 * What is left after a failure, and where errors go: the paths mutation testing found untested. Expected values:
 * MPI-4.1 section 7.7 and 9.3 (semantics.md A6, A13, A29, A30, A33, A37, A51), and MPICH 4 for the finalize error
 * (a C program whose MPI_COMM_SELF delete callback returns MPI_ERR_ARG: MPI_Finalize returned 12, MPI_ERR_ARG, run
 * with mpicc.mpich / mpiexec.mpich -n 1 on this machine).
 */
@Timeout(60)
class AttrFailurePathsTest {
    /**
     * A29 then A13: after an object's free failed (its attributes are all removed, the object stays), its keys work
     * as before: a value set again gets its delete callback on delete_attr, once. Tried with and without a trace,
     * since a traced job deletes through another loop.
     */
    @ParameterizedTest(name = "traced {0}")
    @CsvSource({"false", "true"})
    void afterAFailedFreeTheKeysDeleteCallbacksRunAgain_A29_A13(boolean traced) {
        try (TestJob t = new TestJob(1)) {
            if (traced) t.record();
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Keyval a = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", recording("a", log, null), null);
                Keyval bad = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", MpiTests.failing("bad", ErrorClass.MPI_ERR_ARG), null);
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_set_errhandler", c, "MPI_ERRORS_RETURN");
                call(r, "MPI_Comm_set_attr", c, a, 1);
                call(r, "MPI_Comm_set_attr", c, bad, 2);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Comm_free", c));
                assertEquals(List.of("a:comm0,kv0,1,null"), log);
                call(r, "MPI_Comm_set_attr", c, a, 3);
                call(r, "MPI_Comm_delete_attr", c, a);
                assertEquals(List.of("a:comm0,kv0,1,null", "a:comm0,kv0,3,null"), log, "the second delete ran a's callback");
                assertEquals(false, getAttr(r, "MPI_Comm_get_attr", c, a)[0]);
                call(r, "MPI_Comm_free", c);
            });
        }
    }

    /** A29 in a traced job: the last failure is still what the free returns. */
    @Test
    void aTracedFreeStillReturnsTheFailure_A29() {
        try (TestJob t = new TestJob(1)) {
            t.record();
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Keyval bad = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", MpiTests.failing("bad", ErrorClass.MPI_ERR_ARG), null);
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_set_errhandler", c, "MPI_ERRORS_RETURN");
                call(r, "MPI_Comm_set_attr", c, bad, 2);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Comm_free", c));
                call(r, "MPI_Comm_free", c);
            });
        }
    }

    /**
     * A30, A33: a delete callback failing during MPI_Finalize (on MPI_COMM_SELF, on MPI_COMM_WORLD, on a predefined
     * datatype) makes MPI_Finalize return its error (MPICH: 12, MPI_ERR_ARG), and finalization still completes.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"MPI_Comm, MPI_COMM_SELF", "MPI_Comm, MPI_COMM_WORLD", "MPI_Type, MPI_INT"})
    void aDeleteCallbackFailingInFinalizeIsItsError_A30_A33(String kind, String object) {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Keyval bad = kv(r, kind + "_create_keyval", kind.toUpperCase(java.util.Locale.ROOT) + "_NULL_COPY_FN",
                        MpiTests.failing("bad", ErrorClass.MPI_ERR_ARG), null);
                call(r, kind + "_set_attr", object, bad, 1);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Finalize"));
                assertEquals(true, call1(r, "MPI_Finalized"));
            });
        }
    }

    /** A6: a key freed while no attribute uses it is destroyed at once, and its handle is gone from the process. */
    @Test
    void anUnusedKeyIsDestroyedWhenFreed_A6() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", null);
                assertTrue(MpiProcess.of(r).handles().all().contains(k));
                call(r, "MPI_Comm_free_keyval", k);
                assertTrue(k.isFreed());
                assertFalse(MpiProcess.of(r).handles().all().contains(k), "the freed key's handle is released");
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, 1));
                // and one freed while in use, when its last attribute goes
                Keyval used = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", used, 1);
                call(r, "MPI_Comm_free_keyval", used);
                assertTrue(MpiProcess.of(r).handles().all().contains(used), "still used on MPI_COMM_SELF");
                call(r, "MPI_Comm_delete_attr", "MPI_COMM_SELF", used);
                assertFalse(MpiProcess.of(r).handles().all().contains(used));
            });
        }
    }

    /**
     * A51: an attribute call's error is raised on the object it names: a communicator or window whose handler is
     * MPI_ERRORS_RETURN gets the error back while MPI_COMM_WORLD and MPI_COMM_SELF keep MPI_ERRORS_ARE_FATAL. A
     * datatype has no handler: its errors go to MPI_COMM_SELF.
     */
    @Test
    void attributeErrorsGoToTheObjectsHandler_A51() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Keyval winKey = kv(r, "MPI_Win_create_keyval", "MPI_WIN_NULL_COPY_FN", "MPI_WIN_NULL_DELETE_FN", null);
                Keyval commKey = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", null);
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_set_errhandler", c, "MPI_ERRORS_RETURN");
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_set_attr", c, winKey, 1));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_get_attr", c, winKey));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_delete_attr", c, winKey));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Attr_put", c, winKey, 1));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Attr_get", c, winKey));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Attr_delete", c, winKey));
                Object win = call(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", "MPI_COMM_SELF")[0];
                call(r, "MPI_Win_set_errhandler", win, "MPI_ERRORS_RETURN");
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Win_set_attr", win, commKey, 1));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Win_get_attr", win, commKey));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Win_delete_attr", win, commKey));
                call(r, "MPI_Win_free", win);
                call(r, "MPI_Comm_set_errhandler", "MPI_COMM_SELF", "MPI_ERRORS_RETURN");
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Type_set_attr", "MPI_INT", commKey, 1));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Type_get_attr", "MPI_INT", commKey));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Type_delete_attr", "MPI_INT", commKey));
                call(r, "MPI_Comm_free", c);
            });
        }
    }

    /** A37: MPI_Attr_delete is MPI_Comm_delete_attr: the delete callback runs and the attribute is gone. */
    @Test
    void attrDeleteRunsTheCallbackAndRemoves_A37() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Keyval k = kv(r, "MPI_Keyval_create", "MPI_NULL_COPY_FN", recording("del", log, null), "x");
                call(r, "MPI_Attr_put", "MPI_COMM_SELF", k, 4);
                call(r, "MPI_Attr_delete", "MPI_COMM_SELF", k);
                assertEquals(List.of("del:MPI_COMM_SELF,kv0,4,x"), log);
                assertEquals(false, getAttr(r, "MPI_Attr_get", "MPI_COMM_SELF", k)[0]);
            });
        }
    }

    /**
     * A16: delete callbacks may delete other attributes of the object, nested here eight deep (key i's callback
     * deletes key i+1); the innermost also deletes key 2, whose callback is still running, which does nothing (an
     * attribute is deleted once: its callback ran and it goes when that returns). Each callback runs exactly once
     * and every attribute is gone at the end.
     */
    @Test
    void nestedDeletesEightDeepRunEachCallbackOnce_A16() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                int n = 8;
                List<String> log = MpiTests.log();
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                Keyval[] k = new Keyval[n];
                for (int i = 0; i < n; i++) {
                    int me = i;
                    k[i] = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", MpiTests.fn("d" + i, a -> {
                        log.add("d" + me);
                        if (me + 1 < n) call(r, "MPI_Comm_delete_attr", a[0], k[me + 1]);
                        else call(r, "MPI_Comm_delete_attr", a[0], k[2]);
                        return null;
                    }), null);
                }
                for (int i = 0; i < n; i++) call(r, "MPI_Comm_set_attr", c, k[i], i);
                call(r, "MPI_Comm_delete_attr", c, k[0]);
                assertEquals(List.of("d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7"), log);
                for (int i = 0; i < n; i++) assertEquals(false, getAttr(r, "MPI_Comm_get_attr", c, k[i])[0], "attribute " + i);
                call(r, "MPI_Comm_free", c);
                assertEquals(n, log.size(), "nothing left to delete on free");
            });
        }
    }
}
