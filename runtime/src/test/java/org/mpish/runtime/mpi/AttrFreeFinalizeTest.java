package org.mpish.runtime.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;
import static org.mpish.runtime.mpi.MpiTests.getAttr;
import static org.mpish.runtime.mpi.MpiTests.kv;
import static org.mpish.runtime.mpi.MpiTests.recording;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;

/** Deletion on free and at finalize: semantics.md A28-A33. */
@Timeout(30)
class AttrFreeFinalizeTest {
    @Test
    void commFreeRunsEveryDeleteCallbackLastSetFirst_A28() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                for (int i = 0; i < 5; i++) {
                    Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", recording("del" + i, log, null), null);
                    call(r, "MPI_Comm_set_attr", c, k, i);
                }
                call(r, "MPI_Comm_free", c);
                assertEquals(List.of("del4", "del3", "del2", "del1", "del0"), names(log));
            });
        }
    }

    @Test
    void aFailingDeleteDuringFreeRunsTheRestRemovesAllAndKeepsTheObject_A29() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                for (String kind : List.of("Comm", "Type", "Win")) {
                    List<String> log = MpiTests.log();
                    Object obj = switch (kind) {
                        case "Comm" -> call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                        case "Type" -> call1(r, "MPI_Type_contiguous", 3, "MPI_INT");
                        default -> call(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD")[0];
                    };
                    if (kind.equals("Win")) call(r, "MPI_Win_set_errhandler", obj, "MPI_ERRORS_RETURN");
                    Keyval a = kv(r, "MPI_" + kind + "_create_keyval", "MPI_NULL_COPY_FN", recording("a", log, null), null);
                    Keyval bad1 = kv(r, "MPI_" + kind + "_create_keyval", "MPI_NULL_COPY_FN", MpiTests.fn("bad1", x -> {
                        log.add("bad1");
                        throw new org.mpish.runtime.CallbackFailure(ErrorClass.MPI_ERR_ARG, true, "threw 12");
                    }), null);
                    Keyval bad2 = kv(r, "MPI_" + kind + "_create_keyval", "MPI_NULL_COPY_FN", MpiTests.fn("bad2", x -> {
                        log.add("bad2");
                        throw new org.mpish.runtime.CallbackFailure(ErrorClass.MPI_ERR_OTHER, true, "threw 15");
                    }), null);
                    Keyval z = kv(r, "MPI_" + kind + "_create_keyval", "MPI_NULL_COPY_FN", recording("z", log, null), null);
                    for (Keyval k : new Keyval[] {a, bad1, bad2, z}) call(r, "MPI_" + kind + "_set_attr", obj, k, 1);
                    // last set first: z, bad2, bad1, a; the error reported is the last one (bad1's)
                    MpiException e = expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_" + kind + "_free", obj));
                    assertEquals(List.of("z", "bad2", "bad1", "a"), names(log), kind);
                    assertTrue(((Handle) obj).isValid(), kind + " is not freed after a failed delete callback (MPICH)");
                    for (Keyval k : new Keyval[] {a, bad1, bad2, z}) {
                        assertEquals(false, getAttr(r, "MPI_" + kind + "_get_attr", obj, k)[0], kind + ": every attribute is removed");
                    }
                    assertTrue(e.getMessage().contains("bad1"), e.getMessage());
                    call(r, "MPI_" + kind + "_free", obj); // now it goes
                    assertFalse(((Handle) obj).isValid());
                }
            });
        }
    }

    @Test
    void finalizeDeletesSelfAttributesLastSetFirstBeforeShuttingDown_A30() {
        try (TestJob t = new TestJob(2)) {
            List<List<String>> logs = new ArrayList<>();
            for (int i = 0; i < 2; i++) logs.add(MpiTests.log());
            t.spmd(r -> {
                List<String> log = logs.get(r.id());
                for (int i = 0; i < 20; i++) {
                    int n = i;
                    Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", MpiTests.fn("d", a -> {
                        log.add(n + ":" + call1(r, "MPI_Finalized"));
                        return null;
                    }), null);
                    call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, i);
                }
                call(r, "MPI_Finalize");
                assertEquals(true, call1(r, "MPI_Finalized"));
            });
            for (List<String> log : logs) {
                List<String> expected = new ArrayList<>();
                for (int i = 19; i >= 0; i--) expected.add(i + ":false");
                assertEquals(expected, log);
            }
        }
        try (TestJob t = new TestJob(1)) { // no attributes: finalize runs no callback and works
            t.spmd(r -> call(r, "MPI_Finalize"));
        }
    }

    @Test
    void theLifoRuleHoldsForKeysFreedBeforeFinalize_A31() {
        try (TestJob t = new TestJob(1)) {
            List<String> log = MpiTests.log();
            t.spmd(r -> {
                for (int i = 0; i < 4; i++) {
                    Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", recording("d" + i, log, null), null);
                    call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, i);
                    call(r, "MPI_Comm_free_keyval", k);
                }
                call(r, "MPI_Finalize");
            });
            assertEquals(List.of("d3", "d2", "d1", "d0"), names(log));
        }
    }

    @Test
    void settingAKeyAgainKeepsItsPlaceInTheFinalizeOrder_A32() {
        try (TestJob t = new TestJob(1)) {
            List<String> log = MpiTests.log();
            t.spmd(r -> {
                Keyval[] ks = new Keyval[3];
                for (int i = 0; i < 3; i++) {
                    ks[i] = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", recording("d" + i, log, null), null);
                    call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", ks[i], i);
                }
                call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", ks[0], "again"); // runs d0 on the old value
                log.clear();
                call(r, "MPI_Finalize");
            });
            assertEquals(List.of("d2", "d1", "d0"), names(log), "the order is by first setting (MPICH)");
        }
    }

    @Test
    void finalizeAlsoDeletesWorldAndPredefinedTypeAttributesAfterSelf_A33() {
        try (TestJob t = new TestJob(2)) {
            List<String> log = MpiTests.log();
            t.spmd(r -> {
                if (r.id() != 0) {
                    call(r, "MPI_Finalize");
                    return;
                }
                Keyval c = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", recording("comm", log, null), null);
                Keyval ty = kv(r, "MPI_Type_create_keyval", "MPI_TYPE_NULL_COPY_FN", recording("type", log, null), null);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", c, "w");
                call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", c, "s");
                call(r, "MPI_Type_set_attr", "MPI_INT", ty, "i");
                call(r, "MPI_Finalize");
            });
            assertEquals(List.of("comm:MPI_COMM_SELF,kv0,s,null", "comm:MPI_COMM_WORLD,kv0,w,null", "type:MPI_INT,kv1,i,null"), log);
        }
    }

    static List<String> names(List<String> log) {
        return log.stream().map(l -> l.split(":")[0]).toList();
    }

}
