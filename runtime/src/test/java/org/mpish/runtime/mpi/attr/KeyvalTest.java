package org.mpish.runtime.mpi.attr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;
import static org.mpish.runtime.mpi.MpiTests.getAttr;
import static org.mpish.runtime.mpi.MpiTests.kv;
import static org.mpish.runtime.mpi.MpiTests.recording;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.Predefined;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.rma.Win;
import org.mpish.runtime.mpi.MpiTests;

/** Keyvals: semantics.md A1-A9. */
@Timeout(30)
class KeyvalTest {
    @Test
    void createGivesFreshKeysThatAreNeverKeyvalInvalid_A1() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Set<Integer> seen = new HashSet<>();
                for (String k : List.of("Comm", "Win", "Type", "Comm", "Win", "Type")) {
                    Keyval v = kv(r, "MPI_" + k + "_create_keyval", "MPI_NULL_COPY_FN", "MPI_NULL_DELETE_FN", null);
                    assertFalse(v.isNull(), "MPI_KEYVAL_INVALID returned");
                    assertNotEquals(Predefined.KEYVAL_INVALID, v.value());
                    assertTrue(v.value() >= Predefined.FIRST_USER_KEYVAL, "collides with a predefined key: " + v.value());
                    assertTrue(seen.add(v.value()), "key value handed out twice: " + v.value());
                }
                Keyval k1 = kv(r, "MPI_Keyval_create", "MPI_NULL_COPY_FN", "MPI_NULL_DELETE_FN", null);
                assertTrue(seen.add(k1.value()));
            });
        }
    }

    @Test
    void aKeyvalOfAnotherKindIsErrKeyval_A2() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Keyval c = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", null);
                Keyval ty = kv(r, "MPI_Type_create_keyval", "MPI_TYPE_NULL_COPY_FN", "MPI_TYPE_NULL_DELETE_FN", null);
                Object win = call(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD")[0];
                call(r, "MPI_Win_set_errhandler", win, "MPI_ERRORS_RETURN");
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Win_set_attr", win, c, 1));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Win_get_attr", win, c));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Win_delete_attr", win, c));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Type_set_attr", "MPI_INT", c, 1));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", ty, 1));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Attr_put", "MPI_COMM_WORLD", ty, 1));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Win_free_keyval", c));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_free_keyval", ty));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Keyval_free", ty));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", "MPI_WIN_BASE"));
                // the keys still work where they belong
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", c, 1);
                assertEquals(true, getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", c)[0]);
                call(r, "MPI_Win_free", win);
            });
        }
    }

    @Test
    void keyvalInvalidOrAnUnknownValueIsErrKeyval_A3() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                for (Object bad : new Object[] {"MPI_KEYVAL_INVALID", 9999L}) {
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", bad, 1));
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", bad));
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_delete_attr", "MPI_COMM_WORLD", bad));
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_free_keyval", bad));
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Attr_get", "MPI_COMM_WORLD", bad));
                }
            });
        }
    }

    @Test
    void errKeyvalComesOutOfDupAndFreeThroughTheirCallbacks_A4() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Keyval k = kv(r, "MPI_Comm_create_keyval", MpiTests.failing("copy", ErrorClass.MPI_ERR_KEYVAL),
                        MpiTests.failing("delete", ErrorClass.MPI_ERR_KEYVAL), null);
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_set_attr", c, k, "v");
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_dup", c));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_idup", c));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_dup_with_info", c, "MPI_INFO_NULL"));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_free", c));
            });
        }
    }

    @Test
    void extraStateReachesEveryCallbackUnchanged_A5() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Object extra = new Object();
                List<Object> seen = new java.util.ArrayList<>();
                Keyval k = kv(r, "MPI_Comm_create_keyval",
                        MpiTests.fn("copy", a -> { seen.add(a[2]); return a[3]; }),
                        MpiTests.fn("delete", a -> { seen.add(a[3]); return null; }), extra);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", k, 1);
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_free", c);
                call(r, "MPI_Comm_delete_attr", "MPI_COMM_WORLD", k);
                assertEquals(3, seen.size());
                for (Object o : seen) assertSame(extra, o);
            });
        }
    }

    @Test
    void aFreedKeyvalKeepsWorkingForItsAttributesUntilTheLastGoes_A6() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Keyval k = kv(r, "MPI_Comm_create_keyval", recording("copy", log, a -> a[3]), recording("delete", log, null), null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", k, 5);
                Object freed = call1(r, "MPI_Comm_free_keyval", k);
                assertSame(Handle.nullOf(HandleKind.KEYVAL), freed, "free_keyval sets the key to MPI_KEYVAL_INVALID");
                assertEquals(5L, ((Number) getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", k)[1]).longValue());
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                assertEquals(List.of("copy:MPI_COMM_WORLD,kv0,null,5"), log);
                call(r, "MPI_Comm_free", c);
                assertEquals("delete:comm0,kv0,5,null", log.get(1));
                assertFalse(k.isFreed(), "still used on MPI_COMM_WORLD");
                call(r, "MPI_Comm_delete_attr", "MPI_COMM_WORLD", k);
                assertEquals(3, log.size());
                assertTrue(k.isFreed(), "the last attribute is gone, so is the key");
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", k));
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", (long) k.value()));
            });
        }
    }

    @Test
    void aFreedButReferencedKeyValueIsNeverHandedOutAgain_A7() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, 1);
                call(r, "MPI_Comm_free_keyval", k);
                Keyval gone = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", null);
                call(r, "MPI_Comm_free_keyval", gone); // destroyed at once: no attribute uses it
                for (int i = 0; i < 32; i++) {
                    Keyval d = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", null);
                    assertNotEquals(k.value(), d.value(), "a referenced key value was reused");
                    assertNotEquals(gone.value(), d.value(), "a freed key value was reused");
                }
                assertEquals(1L, ((Number) getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_SELF", k)[1]).longValue());
            });
        }
    }

    @Test
    void freeingAKeyAgainWhileStillReferencedIsANoOpAsInMpich_A8() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", MpiTests.fn("del", a -> {
                    log.add("del");
                    call(r, "MPI_Comm_free_keyval", a[1]); // the keyval_double_free pattern: free from the callback
                    return null;
                }), null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, 1);
                call(r, "MPI_Comm_free_keyval", k);
                call(r, "MPI_Comm_free_keyval", k); // a saved copy: no error (MPICH)
                call(r, "MPI_Comm_delete_attr", "MPI_COMM_SELF", k);
                assertEquals(List.of("del"), log);
                assertTrue(k.isFreed());
                // once the key is gone, freeing it is an error
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_free_keyval", k));
            });
        }
    }

    @Test
    void predefinedKeysCanBeReadButNotSetDeletedOrFreed_A9() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                for (String key : List.of("MPI_TAG_UB", "MPI_HOST", "MPI_IO", "MPI_WTIME_IS_GLOBAL", "MPI_APPNUM", "MPI_UNIVERSE_SIZE",
                        "MPI_LASTUSEDCODE")) {
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", key, 1));
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_delete_attr", "MPI_COMM_WORLD", key));
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_free_keyval", key));
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Attr_put", "MPI_COMM_WORLD", key, 1));
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Keyval_free", key));
                    assertEquals(true, getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", key)[0], key);
                }
                Object win = call(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD")[0];
                call(r, "MPI_Win_set_errhandler", win, "MPI_ERRORS_RETURN");
                for (String key : List.of("MPI_WIN_BASE", "MPI_WIN_SIZE", "MPI_WIN_DISP_UNIT", "MPI_WIN_CREATE_FLAVOR", "MPI_WIN_MODEL")) {
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Win_set_attr", win, key, 1));
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Win_delete_attr", win, key));
                    expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Win_free_keyval", key));
                    assertEquals(true, getAttr(r, "MPI_Win_get_attr", win, key)[0], key);
                }
                call(r, "MPI_Win_free", win);
            });
        }
    }
}
