package org.mpish.runtime.mpi.attr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.getAttr;
import static org.mpish.runtime.mpi.MpiTests.kv;
import static org.mpish.runtime.mpi.MpiTests.recording;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.MpiTests;

/**
 * The predefined copy functions on duplication, alone and mixed with user ones (semantics.md A19, A21; MPI-4.1
 * section 7.7.2): MPI_COMM_DUP_FN / MPI_TYPE_DUP_FN give the new object the same value (flag 1), the NULL_COPY_FNs
 * leave the attribute off (flag 0). Each mix is tried, because an object whose keys all duplicate is copied in one
 * piece, and one with a user copy function attribute by attribute (mutation testing found the second path untested).
 */
@Timeout(30)
class AttrPredefinedCopyTest {
    @Test
    void dupFnCopiesAndNullCopyFnDoesNotWhateverTheOtherKeys_A19() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Object dupKey = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_DUP_FN", "MPI_COMM_NULL_DELETE_FN", null);
                Object nullKey = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", null);
                Object userKey = kv(r, "MPI_Comm_create_keyval", recording("user", log, a -> a[3] + "!"), "MPI_COMM_NULL_DELETE_FN", null);
                // only DUP_FN keys
                Object base = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_set_attr", base, dupKey, "d");
                Object c1 = call1(r, "MPI_Comm_dup", base);
                assertEquals(List.of(true, "d"), flagAndValue(r, "MPI_Comm_get_attr", c1, dupKey));
                // DUP_FN and NULL_COPY_FN
                call(r, "MPI_Comm_set_attr", base, nullKey, "n");
                Object c2 = call1(r, "MPI_Comm_dup", base);
                assertEquals(List.of(true, "d"), flagAndValue(r, "MPI_Comm_get_attr", c2, dupKey));
                assertEquals(false, getAttr(r, "MPI_Comm_get_attr", c2, nullKey)[0]);
                // and a user copy function
                call(r, "MPI_Comm_set_attr", base, userKey, "u");
                Object c3 = call1(r, "MPI_Comm_dup", base);
                assertEquals(List.of(true, "d"), flagAndValue(r, "MPI_Comm_get_attr", c3, dupKey));
                assertEquals(false, getAttr(r, "MPI_Comm_get_attr", c3, nullKey)[0]);
                assertEquals(List.of(true, "u!"), flagAndValue(r, "MPI_Comm_get_attr", c3, userKey));
                assertEquals(1, log.size(), "the user copy function runs once: " + log);
                // the original keeps its three values
                assertEquals(List.of(true, "n"), flagAndValue(r, "MPI_Comm_get_attr", base, nullKey));
                for (Object c : new Object[] {c1, c2, c3, base}) call(r, "MPI_Comm_free", c);
            });
        }
    }

    @Test
    void typeDupFnCopiesBesideAUserCopyFunction_A19() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                List<String> log = MpiTests.log();
                Object dupKey = kv(r, "MPI_Type_create_keyval", "MPI_TYPE_DUP_FN", "MPI_TYPE_NULL_DELETE_FN", null);
                Object userKey = kv(r, "MPI_Type_create_keyval", recording("user", log, null), "MPI_TYPE_NULL_DELETE_FN", null);
                Object type = call1(r, "MPI_Type_contiguous", 2, "MPI_INT");
                call(r, "MPI_Type_set_attr", type, dupKey, 7);
                call(r, "MPI_Type_set_attr", type, userKey, 8);
                Object copy = call1(r, "MPI_Type_dup", type);
                assertEquals(List.of(true, 7), flagAndValue(r, "MPI_Type_get_attr", copy, dupKey));
                assertEquals(false, getAttr(r, "MPI_Type_get_attr", copy, userKey)[0], "undefined from the user copy: flag 0");
            });
        }
    }

    private static List<Object> flagAndValue(org.mpish.runtime.Rank r, String call, Object obj, Object key) {
        Object[] got = getAttr(r, call, obj, key);
        return java.util.Arrays.asList(got[0], got[1]);
    }
}
