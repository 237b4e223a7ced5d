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

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.rma.Win;
import org.mpish.runtime.mpi.MpiTests;

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

    @Test
    void freeingADuplicateWithManyAttributesDeletesLastSetFirstWhileTheRestStayReadable_A17_A28() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                int n = 40; // beyond the lists that are scanned: the index and the free loop of large lists
                Object orig = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                Keyval[] ks = new Keyval[n];
                List<String> log = MpiTests.log();
                boolean[] freeing = {false};
                for (int i = 0; i < n; i++) {
                    int me = i;
                    ks[i] = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_DUP_FN", MpiTests.fn("d" + i, a -> {
                        log.add("d" + me + "=" + a[2]);
                        for (int j = 0; j < n && freeing[0]; j++) { // A17: the communicator is valid, the keys not deleted yet still read
                            Object[] got = getAttr(r, "MPI_Comm_get_attr", a[0], ks[j]);
                            if (j <= me) assertEquals(List.of(true, "v" + j), List.of(got), "key " + j + " in d" + me);
                            else assertEquals(false, got[0], "key " + j + " was deleted before d" + me);
                        }
                        return null;
                    }), null);
                    call(r, "MPI_Comm_set_attr", orig, ks[i], "v" + i);
                }
                Object dup = call1(r, "MPI_Comm_dup", orig);
                call(r, "MPI_Comm_set_attr", dup, ks[3], "new"); // runs d3 on the duplicate's old value
                assertEquals(List.of("d3=v3"), log);
                call(r, "MPI_Comm_set_attr", dup, ks[3], "v3");
                log.clear();
                freeing[0] = true;
                call(r, "MPI_Comm_free", dup);
                freeing[0] = false;
                List<String> expected = new ArrayList<>();
                for (int i = n - 1; i >= 0; i--) expected.add("d" + i + "=v" + i);
                assertEquals(expected, log);
                for (int i = 0; i < n; i++) assertEquals(List.of(true, "v" + i), List.of(getAttr(r, "MPI_Comm_get_attr", orig, ks[i])),
                        "the original keeps its attributes");
                log.clear();
                for (int i = 0; i < n; i++) call(r, "MPI_Comm_set_attr", orig, ks[i], "v" + i); // each set deletes the old value
                assertEquals(n, log.size());
            });
        }
    }

    @Test
    void aDeleteCallbackMaySetAnAttributeOnTheObjectBeingFreedWhichIsThenDeletedToo_A16_A28() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                for (int n : new int[] {3, 30}) {
                    List<String> log = MpiTests.log();
                    Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                    Keyval late = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", recording("late", log, null), null);
                    Keyval[] ks = new Keyval[n];
                    for (int i = 0; i < n; i++) {
                        int me = i;
                        ks[i] = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", MpiTests.fn("d" + i, a -> {
                            log.add("d" + me);
                            if (me == n - 2) call(r, "MPI_Comm_set_attr", a[0], late, "x");
                            return null;
                        }), null);
                        call(r, "MPI_Comm_set_attr", c, ks[i], i);
                    }
                    call(r, "MPI_Comm_free", c);
                    List<String> expected = new ArrayList<>(List.of("d" + (n - 1), "d" + (n - 2), "late"));
                    for (int i = n - 3; i >= 0; i--) expected.add("d" + i);
                    assertEquals(expected, names(log));
                    assertFalse(((Handle) c).isValid());
                }
            });
        }
    }

    @Test
    void keyvalsFreedFromTheirDeleteCallbacksDuringAFreeGoWithTheirLastAttribute_A6_A8() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                int n = 30;
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                Keyval[] ks = new Keyval[n];
                List<String> log = MpiTests.log();
                for (int i = 0; i < n; i++) {
                    int me = i;
                    ks[i] = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_DUP_FN", MpiTests.fn("d" + i, a -> {
                        call(r, "MPI_Comm_free_keyval", a[1]);
                        if (me + 1 < n) log.add((me + 1) + ":" + ks[me + 1].isFreed()); // deleted and released before this callback
                        log.add(me + ":" + ks[me].isFreed()); // still used by the attribute being deleted
                        return null;
                    }), null);
                    call(r, "MPI_Comm_set_attr", c, ks[i], i);
                }
                Object d = call1(r, "MPI_Comm_dup", c);
                call(r, "MPI_Comm_free", c); // each callback frees its key, still used on d
                for (Keyval k : ks) assertFalse(k.isFreed());
                log.clear();
                call(r, "MPI_Comm_free", d); // the callbacks free their keys again: no-ops (A8); each key goes with its attribute
                List<String> expected = new ArrayList<>();
                for (int i = n - 1; i >= 0; i--) {
                    if (i + 1 < n) expected.add((i + 1) + ":true");
                    expected.add(i + ":false");
                }
                assertEquals(expected, log);
                for (Keyval k : ks) assertTrue(k.isFreed());
            });
        }
    }

    static List<String> names(List<String> log) {
        return log.stream().map(l -> l.split(":")[0]).toList();
    }

}
