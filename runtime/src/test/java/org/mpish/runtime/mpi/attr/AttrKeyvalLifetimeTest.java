package org.mpish.runtime.mpi.attr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.getAttr;
import static org.mpish.runtime.mpi.MpiTests.kv;
import static org.mpish.runtime.mpi.MpiTests.recording;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiTests;

/**
 * A freed keyval lives exactly as long as the attributes that use it (semantics.md A6; MPI-4.1 section 7.7.2,
 * MPI_COMM_FREE_KEYVAL: "the actual free does not transpire until after all references ... have been freed", by
 * MPI_COMM_DELETE_ATTR or MPI_COMM_FREE). Every way an attribute is copied (A19, A35: all keys DUP_FN, predefined
 * keys mixed with NULL_COPY_FN, a user copy function) and deleted on free (A28: predefined delete functions only,
 * user ones, and either while the job is traced) is tried, because each has its own loop: mutation testing found
 * the key counts of those loops untested (a key destroyed while a duplicate still used it, or never destroyed).
 */
@Timeout(60)
class AttrKeyvalLifetimeTest {
    /**
     * Three keys set on c (values 0, 1, 2), c duplicated into d, the keys freed; freeing c must leave alive exactly
     * the keys whose attribute d got, with d's values readable; freeing d then destroys them.
     * copy: dup (every key MPI_COMM_DUP_FN), mixed (DUP_FN, NULL_COPY_FN, DUP_FN), user (value + 10 for keys 0 and 2,
     * flag 0 for key 1). delete: null (MPI_COMM_NULL_DELETE_FN) or user (records its call).
     */
    @ParameterizedTest(name = "copy {0}, delete {1}, traced {2}")
    @CsvSource({
        "dup, null, false", "dup, user, false", "dup, null, true", "dup, user, true",
        "mixed, null, false", "mixed, user, false", "mixed, user, true",
        "user, null, false", "user, user, false", "user, user, true",
    })
    void aFreedKeyGoesWithTheLastAttributeUsingIt_A6(String copy, String delete, boolean traced) {
        try (TestJob t = new TestJob(1)) {
            if (traced) t.record();
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Keyval[] k = new Keyval[3];
                for (int i = 0; i < 3; i++) {
                    boolean copied = i != 1 || copy.equals("dup");
                    Object copyFn = switch (copy) {
                        case "user" -> recording("copy" + i, log, a -> i(a[3]) == 1 ? org.mpish.runtime.Callback.UNDEFINED : i(a[3]) + 10);
                        default -> copied ? "MPI_COMM_DUP_FN" : "MPI_COMM_NULL_COPY_FN";
                    };
                    Object deleteFn = delete.equals("user") ? recording("del" + i, log, null) : "MPI_COMM_NULL_DELETE_FN";
                    k[i] = kv(r, "MPI_Comm_create_keyval", copyFn, deleteFn, null);
                }
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                for (int i = 0; i < 3; i++) call(r, "MPI_Comm_set_attr", c, k[i], i);
                Object d = call1(r, "MPI_Comm_dup", c);
                for (Keyval key : k) call(r, "MPI_Comm_free_keyval", key);
                for (int i = 0; i < 3; i++) assertEquals(false, k[i].isFreed(), "key " + i + " is still set on c");
                log.clear();
                call(r, "MPI_Comm_free", c);
                boolean[] onD = {true, copy.equals("dup"), true};
                int offset = copy.equals("user") ? 10 : 0;
                for (int i = 0; i < 3; i++) {
                    assertEquals(!onD[i], k[i].isFreed(), "key " + i + " after freeing c (set on d: " + onD[i] + ")");
                    if (onD[i]) assertEquals(List.of(true, i + offset), flagAndValue(r, d, k[i]), "d's attribute " + i);
                }
                if (delete.equals("user")) assertEquals(List.of("del2:comm0,kv2,2,null", "del1:comm0,kv1,1,null", "del0:comm0,kv0,0,null"),
                        log, "c's delete callbacks, last set first (A28)");
                log.clear();
                call(r, "MPI_Comm_free", d);
                for (int i = 0; i < 3; i++) assertEquals(true, k[i].isFreed(), "key " + i + " after freeing d too");
                if (delete.equals("user")) {
                    List<String> expected = new ArrayList<>();
                    for (int i = 2; i >= 0; i--) if (onD[i]) expected.add("del" + i + ":comm1,kv" + i + "," + (i + offset) + ",null");
                    assertEquals(expected, log, "d's delete callbacks");
                }
            });
        }
    }

    /** The same on a delete_attr of the last attribute, and a key freed first while its attribute is copied twice. */
    @ParameterizedTest(name = "traced {0}")
    @CsvSource({"false", "true"})
    void deletingTheLastAttributeDestroysAFreedKey_A6(boolean traced) {
        try (TestJob t = new TestJob(1)) {
            if (traced) t.record();
            t.spmd(r -> {
                Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_DUP_FN", "MPI_COMM_NULL_DELETE_FN", null);
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_set_attr", c, k, 7);
                call(r, "MPI_Comm_set_attr", c, k, 8); // replaced: still one attribute, one reference
                call(r, "MPI_Comm_free_keyval", k);
                Object d = call1(r, "MPI_Comm_dup", c);
                Object e = call1(r, "MPI_Comm_dup", d);
                call(r, "MPI_Comm_delete_attr", c, k);
                assertEquals(false, k.isFreed(), "still on d and e");
                call(r, "MPI_Comm_free", d);
                assertEquals(false, k.isFreed(), "still on e");
                assertEquals(List.of(true, 8), flagAndValue(r, e, k));
                call(r, "MPI_Comm_delete_attr", e, k);
                assertEquals(true, k.isFreed(), "no attribute uses it any more");
                call(r, "MPI_Comm_free", c);
                call(r, "MPI_Comm_free", e);
            });
        }
    }

    /**
     * A19, A35: duplicating n attributes whose keys all use MPI_COMM_DUP_FN gives the duplicate the same n values,
     * whatever n (the list grows by doubling and is indexed past 8 entries: both edges are tried), and every key
     * then lives until both objects are freed.
     */
    @ParameterizedTest(name = "{0} attributes")
    @CsvSource({"1", "4", "8", "9", "16", "17"})
    void everyDupFnAttributeIsCopiedWhateverTheirNumber_A19(int n) {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Keyval[] k = new Keyval[n];
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                for (int i = 0; i < n; i++) {
                    k[i] = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_DUP_FN", "MPI_COMM_NULL_DELETE_FN", null);
                    call(r, "MPI_Comm_set_attr", c, k[i], 100 + i);
                }
                Object d = call1(r, "MPI_Comm_dup", c);
                for (Keyval key : k) call(r, "MPI_Comm_free_keyval", key);
                call(r, "MPI_Comm_free", c);
                for (int i = 0; i < n; i++) {
                    assertEquals(List.of(true, 100 + i), flagAndValue(r, d, k[i]), "attribute " + i + " of " + n);
                    assertEquals(false, k[i].isFreed(), "key " + i + " is used on d");
                }
                call(r, "MPI_Comm_free", d);
                for (int i = 0; i < n; i++) assertEquals(true, k[i].isFreed(), "key " + i);
            });
        }
    }

    /**
     * A16, A28, A29, A6: during a free, key 2's delete callback sets a new attribute (key L) on the object being
     * freed, and may fail. Every callback still runs once (3, 2, then L, then 1, 0), the free returns the failure if
     * there was one, and every key freed beforehand is destroyed with its attribute whether the free failed or not.
     */
    @ParameterizedTest(name = "fails {0}, traced {1}")
    @CsvSource({"false, false", "true, false", "false, true", "true, true"})
    void keysGoEvenWhenADeleteCallbackChangesTheList_A16_A29_A6(boolean fails, boolean traced) {
        try (TestJob t = new TestJob(1)) {
            if (traced) t.record();
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_set_errhandler", c, "MPI_ERRORS_RETURN");
                Keyval late = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", recording("L", log, null), null);
                Keyval[] k = new Keyval[4];
                for (int i = 0; i < 4; i++) {
                    int me = i;
                    k[i] = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", MpiTests.fn("d" + i, a -> {
                        log.add("d" + me);
                        if (me == 2) {
                            call(r, "MPI_Comm_set_attr", a[0], late, "x");
                            if (fails) throw new org.mpish.runtime.CallbackFailure(ErrorClass.MPI_ERR_ARG, true, "threw 12");
                        }
                        return null;
                    }), null);
                    call(r, "MPI_Comm_set_attr", c, k[i], i);
                }
                for (Keyval key : k) call(r, "MPI_Comm_free_keyval", key);
                if (fails) MpiTests.expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Comm_free", c));
                else call(r, "MPI_Comm_free", c);
                assertEquals(List.of("d3", "d2", "L:comm0,kv0,x,null", "d1", "d0"), log);
                call(r, "MPI_Comm_free_keyval", late); // set while the others were freed: freed now, unused
                assertEquals(true, late.isFreed(), "key L");
                for (int i = 0; i < 4; i++) assertEquals(true, k[i].isFreed(), "key " + i);
                if (fails) call(r, "MPI_Comm_free", c); // the failed free left the object, empty
            });
        }
    }

    private static int i(Object o) { return ((Number) o).intValue(); }

    private static List<Object> flagAndValue(org.mpish.runtime.Rank r, Object comm, Keyval k) {
        Object[] o = getAttr(r, "MPI_Comm_get_attr", comm, k);
        return List.of(o[0], o[1] instanceof Number n ? n.intValue() : o[1]);
    }
}
