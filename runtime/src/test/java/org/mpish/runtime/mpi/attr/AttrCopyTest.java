package org.mpish.runtime.mpi.attr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
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
import org.mpish.runtime.Callback;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.MpiTests;
import org.mpish.runtime.mpi.comm.Comm;

/** Copy on duplication: semantics.md A19-A27. */
@Timeout(30)
class AttrCopyTest {
    @Test
    void everyDupFormCallsEachCopyCallbackOnceAndHonoursTheFlag_A19() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Keyval keep = kv(r, "MPI_Comm_create_keyval", recording("keep", log, a -> a[3] + "!"), "MPI_COMM_NULL_DELETE_FN", null);
                Keyval drop = kv(r, "MPI_Comm_create_keyval", recording("drop", log, null), "MPI_COMM_NULL_DELETE_FN", null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", keep, "k");
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", drop, "d");
                Object[] news = {call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD"), call(r, "MPI_Comm_idup", "MPI_COMM_WORLD")[0],
                        call1(r, "MPI_Comm_dup_with_info", "MPI_COMM_WORLD", "MPI_INFO_NULL")};
                assertEquals(6, log.size(), "one call per attribute per dup: " + log);
                for (Object c : news) {
                    assertEquals("k!", getAttr(r, "MPI_Comm_get_attr", c, keep)[1]);
                    assertEquals(false, getAttr(r, "MPI_Comm_get_attr", c, drop)[0], "undefined from the copy callback means flag 0");
                    call(r, "MPI_Comm_free", c);
                }
            });
        }
    }

    @Test
    void onlyTheDupFamilyCopiesAttributes_A20() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Keyval k = kv(r, "MPI_Comm_create_keyval", recording("copy", log, a -> a[3]), "MPI_COMM_NULL_DELETE_FN", null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", k, 1);
                int rank = r.id();
                Object split = call1(r, "MPI_Comm_split", "MPI_COMM_WORLD", rank % 2, 0);
                Object group = call1(r, "MPI_Comm_group", "MPI_COMM_WORLD");
                Object created = call1(r, "MPI_Comm_create", "MPI_COMM_WORLD", group);
                Object inter = call1(r, "MPI_Intercomm_create", split, 0, "MPI_COMM_WORLD", 1 - rank % 2, 7);
                Object merged = call1(r, "MPI_Intercomm_merge", inter, rank % 2 == 1);
                assertTrue(log.isEmpty(), "no copy callback outside the dup family: " + log);
                for (Object c : new Object[] {split, created, inter, merged}) {
                    assertEquals(false, getAttr(r, "MPI_Comm_get_attr", c, k)[0]);
                }
            });
        }
    }

    @Test
    void idupCopiesTheAttributesAsTheyAreAtTheCall_A21() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_DUP_FN", "MPI_COMM_NULL_DELETE_FN", null);
                Keyval later = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_DUP_FN", "MPI_COMM_NULL_DELETE_FN", null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", k, "before");
                Object[] out = call(r, "MPI_Comm_idup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", k, "after");
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", later, "after");
                assertTrue(((Request) out[1]).isComplete());
                assertEquals("before", getAttr(r, "MPI_Comm_get_attr", out[0], k)[1]);
                assertEquals(false, getAttr(r, "MPI_Comm_get_attr", out[0], later)[0]);
            });
        }
    }

    @Test
    void aFailingCopyFailsTheDupWithItsCodeAndUndoesTheCopiesMadeSoFar_A22() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Keyval good = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_DUP_FN", recording("del", log, null), null);
                Keyval bad = kv(r, "MPI_Comm_create_keyval", MpiTests.failing("bad", ErrorClass.MPI_ERR_ARG), "MPI_COMM_NULL_DELETE_FN", null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", good, "g");
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", bad, "b");
                int comms = MpiProcess.of(r).handles().of(HandleKind.COMM).size();
                MpiException e = expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Comm_dup", "MPI_COMM_WORLD"));
                assertEquals(ErrorClass.MPI_ERR_ARG, e.code(), "the callback's code");
                // the one-line error names the callback that failed (the name the script gave it)
                assertTrue(e.getMessage().contains("copy callback bad "), e.getMessage());
                assertEquals(comms, MpiProcess.of(r).handles().of(HandleKind.COMM).size(), "no new communicator survives");
                assertEquals(1, log.size(), "the copied attribute was deleted from the half-built communicator: " + log);
                assertTrue(log.get(0).startsWith("del:comm"), log.get(0));
                // a user error code thrown by the callback is the code of the failure, with its class
                int cls = (Integer) call1(r, "MPI_Add_error_class");
                int code = (Integer) call1(r, "MPI_Add_error_code", cls);
                Keyval user = kv(r, "MPI_Comm_create_keyval", MpiTests.failing("user", code), "MPI_COMM_NULL_DELETE_FN", null);
                call(r, "MPI_Comm_delete_attr", "MPI_COMM_WORLD", bad);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", user, 0);
                MpiException u = org.junit.jupiter.api.Assertions.assertThrows(MpiException.class, () -> call(r, "MPI_Comm_dup", "MPI_COMM_WORLD"));
                assertEquals(code, u.code());
                assertEquals(cls, u.errorClass());
            });
        }
    }

    @Test
    void intercommunicatorsCacheAndCopyLikeIntracommunicators_A23() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                Object local = call1(r, "MPI_Comm_split", "MPI_COMM_WORLD", r.id() % 2, r.id());
                Object inter = call1(r, "MPI_Intercomm_create", local, 0, "MPI_COMM_WORLD", 1 - r.id() % 2, 3);
                List<String> log = MpiTests.log();
                Keyval k = kv(r, "MPI_Comm_create_keyval", recording("copy", log, a -> a[3]), recording("del", log, null), null);
                call(r, "MPI_Comm_set_attr", inter, k, r.id());
                Object dup = call1(r, "MPI_Comm_dup", inter);
                assertEquals(true, call1(r, "MPI_Comm_test_inter", dup));
                assertEquals(r.id(), ((Number) getAttr(r, "MPI_Comm_get_attr", dup, k)[1]).intValue());
                call(r, "MPI_Comm_free", dup);
                call(r, "MPI_Comm_free", inter);
                assertEquals(3, log.size(), log.toString());
            });
        }
    }

    @Test
    void typeDupCopiesAndFreeingEitherTypeDeletes_A24() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Keyval k = kv(r, "MPI_Type_create_keyval", recording("copy", log, a -> a[3]), recording("del", log, null), null);
                Object type = call1(r, "MPI_Type_contiguous", 2, "MPI_INT");
                call(r, "MPI_Type_set_attr", type, k, "v");
                Object dup = call1(r, "MPI_Type_dup", type);
                call(r, "MPI_Type_free", type);
                call(r, "MPI_Type_free", dup);
                assertEquals(List.of("copy", "del", "del"), log.stream().map(l -> l.split(":")[0]).toList());
                Keyval bad = kv(r, "MPI_Type_create_keyval", MpiTests.failing("bad", ErrorClass.MPI_ERR_OTHER), "MPI_TYPE_NULL_DELETE_FN", null);
                Object t2 = call1(r, "MPI_Type_contiguous", 2, "MPI_INT");
                call(r, "MPI_Type_set_attr", t2, bad, 1);
                int types = MpiProcess.of(r).handles().of(HandleKind.DATATYPE).size();
                expectError(ErrorClass.MPI_ERR_OTHER, () -> call(r, "MPI_Type_dup", t2));
                assertEquals(types, MpiProcess.of(r).handles().of(HandleKind.DATATYPE).size());
            });
        }
    }

    @Test
    void predefinedDatatypesCarryAttributes_A25() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Keyval k = kv(r, "MPI_Type_create_keyval", "MPI_TYPE_DUP_FN", "MPI_TYPE_NULL_DELETE_FN", null);
                call(r, "MPI_Type_set_attr", "MPI_INT", k, 42);
                assertEquals(42, getAttr(r, "MPI_Type_get_attr", "MPI_INT", k)[1]);
                Object dup = call1(r, "MPI_Type_dup", "MPI_INT");
                assertEquals(42, getAttr(r, "MPI_Type_get_attr", dup, k)[1]);
                call(r, "MPI_Type_delete_attr", "MPI_INT", k);
                assertEquals(false, getAttr(r, "MPI_Type_get_attr", "MPI_INT", k)[0]);
            });
        }
    }

    @Test
    void windowCopyCallbacksNeverRunAndWinFreeDeletes_A26() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Keyval k = kv(r, "MPI_Win_create_keyval", recording("copy", log, a -> a[3]), recording("del", log, null), "x");
                Object[] w = call(r, "MPI_Win_allocate", 64L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                call(r, "MPI_Win_set_attr", w[1], k, 9);
                assertEquals(Handle.nullOf(HandleKind.WIN), call1(r, "MPI_Win_free", w[1]));
                assertEquals(List.of("del:win0,kv0,9,x"), log);
            });
        }
    }

    @Test
    void theCopyCallbackGetsOldObjectKeyExtraAndValueAndItsResultIsTheNewValue_A27() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Object[] args = new Object[4];
                Object fresh = new Object();
                Keyval k = kv(r, "MPI_Comm_create_keyval", MpiTests.fn("copy", a -> {
                    System.arraycopy(a, 0, args, 0, 4);
                    return fresh;
                }), "MPI_COMM_NULL_DELETE_FN", "extra");
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", k, "in");
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                assertSame(Comm.world(MpiProcess.of(r)), args[0]);
                assertSame(k, args[1]);
                assertEquals("extra", args[2]);
                assertEquals("in", args[3]);
                assertSame(fresh, getAttr(r, "MPI_Comm_get_attr", c, k)[1]);
                assertSame(Callback.UNDEFINED, MpiTests.fn("u", a -> Callback.UNDEFINED).call());
            });
        }
    }
}
