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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.CallbackFailure;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.rma.Win;
import org.mpish.runtime.mpi.MpiTests;

/** set / get / delete: semantics.md A10-A18. */
@Timeout(30)
class AttrSetGetDeleteTest {
    @Test
    void settingAgainDeletesTheOldValueFirst_A10() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", recording("del", log, null), null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, "a");
                assertTrue(log.isEmpty());
                call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, "b");
                assertEquals(List.of("del:MPI_COMM_SELF,kv0,a,null"), log);
                assertEquals("b", getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_SELF", k)[1]);
            });
        }
    }

    @Test
    void aFailingImplicitDeleteFailsSetAndKeepsTheOldValue_A11() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                AtomicBoolean fail = new AtomicBoolean(true);
                Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", MpiTests.fn("del", a -> {
                    if (fail.get()) throw new CallbackFailure(ErrorClass.MPI_ERR_OTHER, true, "threw 15");
                    return null;
                }), null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, "old");
                MpiException e = expectError(ErrorClass.MPI_ERR_OTHER, () -> call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, "new"));
                assertEquals("MPI_Comm_set_attr", e.call());
                assertEquals("old", getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_SELF", k)[1]);
                fail.set(false);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, "new");
                assertEquals("new", getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_SELF", k)[1]);
            });
        }
    }

    @Test
    void getGivesFlagFalseForAnUnsetKeyAndTheStoredObjectItself_A12() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", null);
                Object[] none = getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", k);
                assertEquals(false, none[0]);
                Object value = new Object();
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", k, value);
                Object[] got = getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", k);
                assertEquals(true, got[0]);
                assertSame(value, got[1], "the value is the stored one, not a copy");
                assertSame(value, Attributes.get(MpiProcess.of(r), Comm.world(MpiProcess.of(r)), k));
            });
        }
    }

    @Test
    void aFailingDeleteFailsDeleteAttrAndLeavesTheAttribute_A13() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                AtomicBoolean fail = new AtomicBoolean(true);
                Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", MpiTests.fn("del", a -> {
                    if (fail.get()) throw new CallbackFailure(ErrorClass.MPI_ERR_ARG, true, "threw 12");
                    return null;
                }), null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", k, 3);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Comm_delete_attr", "MPI_COMM_WORLD", k));
                assertEquals(true, getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", k)[0], "attribute must stay (MPICH)");
                fail.set(false);
                call(r, "MPI_Comm_delete_attr", "MPI_COMM_WORLD", k);
                assertEquals(false, getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", k)[0]);
            });
        }
    }

    @Test
    void deletingAKeyThatIsNotSetIsNoErrorAndRunsNoCallback_A14() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", recording("del", log, null), null);
                call(r, "MPI_Comm_delete_attr", "MPI_COMM_WORLD", k);
                call(r, "MPI_Attr_delete", "MPI_COMM_WORLD", k);
                assertTrue(log.isEmpty());
            });
        }
    }

    @Test
    void anyInsertAndDeleteOrderWorks_A15() {
        int[][][] orders = {{{2, 1, 0}, {0, 1, 2}}, {{1, 2, 0}, {2, 1, 0}}, {{0, 1, 2}, {1, 2, 0}}};
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Object win = call(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD")[0];
                for (String kind : List.of("Comm", "Type", "Win")) {
                    Object obj = kind.equals("Comm") ? "MPI_COMM_WORLD" : kind.equals("Type") ? "MPI_DOUBLE" : win;
                    Keyval[] ks = new Keyval[3];
                    for (int i = 0; i < 3; i++) ks[i] = kv(r, "MPI_" + kind + "_create_keyval", "MPI_NULL_COPY_FN", "MPI_NULL_DELETE_FN", null);
                    for (int[][] o : orders) {
                        for (int i : o[0]) call(r, "MPI_" + kind + "_set_attr", obj, ks[i], (long) i * 10);
                        for (int i = 0; i < 3; i++) assertEquals((long) i * 10, getAttr(r, "MPI_" + kind + "_get_attr", obj, ks[i])[1]);
                        for (int step = 0; step < 3; step++) {
                            call(r, "MPI_" + kind + "_delete_attr", obj, ks[o[1][step]]);
                            for (int i = 0; i < 3; i++) {
                                boolean deleted = false;
                                for (int s = 0; s <= step; s++) deleted |= o[1][s] == i;
                                assertEquals(!deleted, getAttr(r, "MPI_" + kind + "_get_attr", obj, ks[i])[0], kind + " key " + i);
                            }
                        }
                    }
                }
                call(r, "MPI_Win_free", win);
            });
        }
    }

    @Test
    void aDeleteCallbackMayDeleteOtherAttributes_A16() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                for (boolean viaFree : new boolean[] {false, true}) {
                    Object comm = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                    List<String> log = MpiTests.log();
                    Keyval[] keys = new Keyval[3];
                    keys[0] = kv(r, "MPI_Comm_create_keyval", "MPI_NULL_COPY_FN", recording("del1", log, null), null);
                    keys[1] = kv(r, "MPI_Comm_create_keyval", "MPI_NULL_COPY_FN", MpiTests.fn("del2", a -> {
                        log.add("del2");
                        call(r, "MPI_Comm_delete_attr", a[0], keys[0]);
                        call(r, "MPI_Comm_delete_attr", a[0], keys[2]);
                        call(r, "MPI_Comm_delete_attr", a[0], keys[1]); // its own key: a no-op, not a loop
                        return null;
                    }), null);
                    keys[2] = kv(r, "MPI_Comm_create_keyval", "MPI_NULL_COPY_FN", recording("del3", log, null), null);
                    for (int i = 0; i < 3; i++) call(r, "MPI_Comm_set_attr", comm, keys[i], i);
                    if (viaFree) {
                        call(r, "MPI_Comm_free", comm);
                        // last set first: key3's callback, then key2's, which deletes key1 (key3 is gone already)
                        assertEquals(List.of("del3", "del2", "del1"), log.stream().map(l -> l.split(":")[0]).toList());
                    } else {
                        call(r, "MPI_Comm_delete_attr", comm, keys[1]);
                        assertEquals(3, log.size(), "each delete callback once: " + log);
                        assertEquals("del2", log.get(0));
                        for (Keyval k : keys) assertEquals(false, getAttr(r, "MPI_Comm_get_attr", comm, k)[0]);
                        call(r, "MPI_Comm_free", comm);
                        assertEquals(3, log.size());
                    }
                    for (Keyval k : keys) call(r, "MPI_Comm_free_keyval", k);
                }
            });
        }
    }

    @Test
    void duringCommFreeTheDeleteCallbackGetsAValidCommunicator_A17() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                AtomicReference<String> seen = new AtomicReference<>();
                Object comm = call1(r, "MPI_Comm_split", "MPI_COMM_WORLD", 1, 0);
                Keyval other = kv(r, "MPI_Comm_create_keyval", "MPI_NULL_COPY_FN", "MPI_NULL_DELETE_FN", null);
                Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_NULL_COPY_FN", MpiTests.fn("del", a -> {
                    Handle c = (Handle) a[0];
                    Object[] own = call(r, "MPI_Comm_get_attr", c, a[1]);
                    Object[] o = call(r, "MPI_Comm_get_attr", c, other);
                    seen.set(c.isValid() + " " + o[1] + " " + o[0] + " " + (own.length == 2));
                    return null;
                }), null);
                call(r, "MPI_Comm_set_attr", comm, other, "y");
                call(r, "MPI_Comm_set_attr", comm, k, "x"); // set last, so deleted first: "other" is still there
                call(r, "MPI_Comm_free", comm);
                assertEquals("true true y true", seen.get());
            });
        }
    }

    @Test
    void callbacksRunSynchronouslyOnTheCallingRankInsideTheCall_A18() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                List<String> where = new ArrayList<>();
                Keyval k = kv(r, "MPI_Comm_create_keyval", MpiTests.fn("copy", a -> {
                    where.add(check(r, "MPI_Comm_dup"));
                    return a[3];
                }), MpiTests.fn("del", a -> {
                    where.add(check(r, "MPI_Comm_free"));
                    return null;
                }), null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", k, 1);
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                assertEquals(1, where.size(), "the copy callback ran before MPI_Comm_dup returned");
                call(r, "MPI_Comm_free", c);
                assertEquals(List.of("ok", "ok"), where);
            });
        }
    }

    private static String check(Rank r, String call) {
        if (!r.onOwnThread()) return "on thread " + Thread.currentThread().getName();
        if (!call.equals(r.currentCall())) return "inside " + r.currentCall();
        return "ok";
    }
}
