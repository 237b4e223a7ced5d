package org.mpish.runtime.mpi.attr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;
import static org.mpish.runtime.mpi.MpiTests.getAttr;
import static org.mpish.runtime.mpi.MpiTests.kv;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.Predefined;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiTests;

/** Predefined callbacks, the MPI-1 API and the predefined attributes: semantics.md A34-A49. */
@Timeout(30)
class PredefinedAttrTest {

    @Test
    void nullCopyFunctionsNeverCopy_A34_and_dupFunctionsCopyTheValue_A35() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                for (String fn : List.of("MPI_COMM_NULL_COPY_FN", "MPI_NULL_COPY_FN", "MPI_TYPE_NULL_COPY_FN", "MPI_WIN_NULL_COPY_FN")) {
                    Keyval k = kv(r, "MPI_Comm_create_keyval", fn, "MPI_COMM_NULL_DELETE_FN", null);
                    call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", k, "v");
                    assertEquals(false, getAttr(r, "MPI_Comm_get_attr", call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD"), k)[0], fn);
                }
                Object value = new Object();
                for (String fn : List.of("MPI_COMM_DUP_FN", "MPI_DUP_FN", "MPI_TYPE_DUP_FN", "MPI_WIN_DUP_FN")) {
                    Keyval k = kv(r, "MPI_Comm_create_keyval", fn, "MPI_COMM_NULL_DELETE_FN", null);
                    call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", k, value);
                    Object[] got = getAttr(r, "MPI_Comm_get_attr", call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD"), k);
                    assertEquals(true, got[0], fn);
                    assertSame(value, got[1], fn);
                }
                // the same on datatypes
                Keyval tk = kv(r, "MPI_Type_create_keyval", "MPI_TYPE_DUP_FN", "MPI_TYPE_NULL_DELETE_FN", null);
                Keyval tn = kv(r, "MPI_Type_create_keyval", "MPI_TYPE_NULL_COPY_FN", "MPI_TYPE_NULL_DELETE_FN", null);
                call(r, "MPI_Type_set_attr", "MPI_BYTE", tk, 1);
                call(r, "MPI_Type_set_attr", "MPI_BYTE", tn, 2);
                Object d = call1(r, "MPI_Type_dup", "MPI_BYTE");
                assertEquals(true, getAttr(r, "MPI_Type_get_attr", d, tk)[0]);
                assertEquals(false, getAttr(r, "MPI_Type_get_attr", d, tn)[0]);
            });
        }
    }

    @Test
    void nullDeleteFunctionsDoNothingAndSucceed_A36() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                for (String fn : List.of("MPI_COMM_NULL_DELETE_FN", "MPI_NULL_DELETE_FN", "MPI_TYPE_NULL_DELETE_FN", "MPI_WIN_NULL_DELETE_FN")) {
                    Keyval k = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", fn, null);
                    call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, "v");
                    call(r, "MPI_Comm_set_attr", "MPI_COMM_SELF", k, "w");
                    call(r, "MPI_Comm_delete_attr", "MPI_COMM_SELF", k);
                    assertEquals(false, getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_SELF", k)[0]);
                }
                // and their objects are what the constants say
                assertEquals("MPI_NULL_DELETE_FN", ((DeleteFn) org.mpish.runtime.catalog.Catalogue.get().constant("MPI_NULL_DELETE_FN").value().apply(r)).describe());
            });
        }
    }

    @Test
    void theMpi1CallsAreTheCommunicatorCallsAndTheKeysMix_A37() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                List<String> log = MpiTests.log();
                Keyval old = kv(r, "MPI_Keyval_create", "MPI_DUP_FN", MpiTests.recording("del", log, null), "e");
                Keyval nw = kv(r, "MPI_Comm_create_keyval", "MPI_COMM_DUP_FN", "MPI_COMM_NULL_DELETE_FN", null);
                assertTrue(old.mpi1());
                call(r, "MPI_Attr_put", "MPI_COMM_WORLD", old, 1);
                call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", nw, 2);
                assertEquals(1, getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", old)[1]);
                assertEquals(2, getAttr(r, "MPI_Attr_get", "MPI_COMM_WORLD", nw)[1]);
                Object c = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                assertEquals(1, getAttr(r, "MPI_Attr_get", c, old)[1]);
                call(r, "MPI_Comm_free", c);
                assertEquals(List.of("del:comm0,kv0,1,e"), log);
                call(r, "MPI_Attr_delete", "MPI_COMM_WORLD", old);
                call(r, "MPI_Attr_delete", "MPI_COMM_WORLD", nw);
                assertEquals(Handle.nullOf(HandleKind.KEYVAL), call1(r, "MPI_Keyval_free", nw));
                assertEquals(Handle.nullOf(HandleKind.KEYVAL), call1(r, "MPI_Comm_free_keyval", old));
                assertTrue(org.mpish.runtime.catalog.Catalogue.get().call("MPI_Attr_put").deprecated());
            });
        }
    }

    @Test
    void attrGetReadsThePredefinedKeysUnderErrorsReturn_A38() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                for (String k : List.of("MPI_TAG_UB", "MPI_HOST", "MPI_IO", "MPI_WTIME_IS_GLOBAL")) {
                    assertEquals(getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", k)[1], getAttr(r, "MPI_Attr_get", "MPI_COMM_WORLD", k)[1]);
                }
            });
        }
    }

    @Test
    void worldAttributesHaveTheirStandardValuesAndStayConstant_A39_to_A46() {
        Map<String, Object> first = new ConcurrentHashMap<>();
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int tagUb = (Integer) getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", "MPI_TAG_UB")[1];
                assertTrue(tagUb >= 32767, "A40");
                first.merge("tag_ub", tagUb, (a, b) -> { assertEquals(a, b, "A40: same on all ranks"); return a; });
                int host = (Integer) getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", "MPI_HOST")[1];
                assertTrue(host == MpiConst.PROC_NULL || host >= 0 && host < 3, "A41");
                first.merge("host", host, (a, b) -> { assertEquals(a, b, "A41"); return a; });
                int io = (Integer) getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", "MPI_IO")[1];
                assertTrue(io == MpiConst.ANY_SOURCE || io == MpiConst.PROC_NULL || io >= 0 && io < 3, "A42");
                Object[] wg = getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", "MPI_WTIME_IS_GLOBAL");
                if ((Boolean) wg[0]) assertTrue((Integer) wg[1] == 0 || (Integer) wg[1] == 1, "A43");
                Object[] app = getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", "MPI_APPNUM");
                if ((Boolean) app[0]) assertTrue((Integer) app[1] >= 0, "A44");
                Object[] us = getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", "MPI_UNIVERSE_SIZE");
                if ((Boolean) us[0]) assertTrue((Integer) us[1] >= 3, "A45");
                int last = (Integer) getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", "MPI_LASTUSEDCODE")[1];
                assertTrue(last >= ErrorClass.MPI_ERR_LASTCODE, "A46");
                int cls = (Integer) call1(r, "MPI_Add_error_class");
                assertEquals(cls, getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", "MPI_LASTUSEDCODE")[1], "A46 follows the new class");
                // A39: constant: reading again gives the same, and the key cannot be written
                assertEquals(tagUb, getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", "MPI_TAG_UB")[1]);
                expectError(ErrorClass.MPI_ERR_KEYVAL, () -> call(r, "MPI_Comm_set_attr", "MPI_COMM_WORLD", "MPI_TAG_UB", 5));
                // mpish (as MPICH) answers these keys on every communicator
                Object dup = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                assertEquals(tagUb, getAttr(r, "MPI_Comm_get_attr", dup, "MPI_TAG_UB")[1]);
            });
        }
    }

    @Test
    void windowAttributesDescribeTheWindow_A47_A48_A49() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                long buf = r.memory().alloc(80);
                Object win = call(r, "MPI_Win_create", buf, 80L, 8, "MPI_INFO_NULL", "MPI_COMM_WORLD")[0];
                assertEquals(buf, getAttr(r, "MPI_Win_get_attr", win, "MPI_WIN_BASE")[1], "A47: the base address itself");
                assertEquals(80L, getAttr(r, "MPI_Win_get_attr", win, "MPI_WIN_SIZE")[1]);
                assertEquals(8, getAttr(r, "MPI_Win_get_attr", win, "MPI_WIN_DISP_UNIT")[1]);
                assertEquals(1, getAttr(r, "MPI_Win_get_attr", win, "MPI_WIN_CREATE_FLAVOR")[1], "A48: MPI_WIN_FLAVOR_CREATE = 1");
                assertEquals(2, getAttr(r, "MPI_Win_get_attr", win, "MPI_WIN_MODEL")[1], "A48: MPI_WIN_UNIFIED = 2");
                call(r, "MPI_Win_free", win);
                Object[] alloc = call(r, "MPI_Win_allocate", 16L, 4, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                assertEquals(alloc[0], getAttr(r, "MPI_Win_get_attr", alloc[1], "MPI_WIN_BASE")[1]);
                assertEquals(2, getAttr(r, "MPI_Win_get_attr", alloc[1], "MPI_WIN_CREATE_FLAVOR")[1], "A48: MPI_WIN_FLAVOR_ALLOCATE = 2");
                call(r, "MPI_Win_free", alloc[1]);
                Object zero = call(r, "MPI_Win_create", 0L, 0L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD")[0]; // A49: legal
                assertEquals(0L, getAttr(r, "MPI_Win_get_attr", zero, "MPI_WIN_SIZE")[1]);
                assertEquals(0L, getAttr(r, "MPI_Win_get_attr", zero, "MPI_WIN_BASE")[1]);
                call(r, "MPI_Win_free", zero);
                var cat = org.mpish.runtime.catalog.Catalogue.get();
                assertEquals(List.of(1, 2, 3, 4, 1, 2), List.of("CREATE", "ALLOCATE", "DYNAMIC", "SHARED").stream()
                        .map(f -> cat.constant("MPI_WIN_FLAVOR_" + f).value().apply(r))
                        .collect(java.util.stream.Collectors.collectingAndThen(java.util.stream.Collectors.toList(), l -> {
                            l.add(cat.constant("MPI_WIN_SEPARATE").value().apply(r));
                            l.add(cat.constant("MPI_WIN_UNIFIED").value().apply(r));
                            return l;
                        })));
            });
        }
    }

}
