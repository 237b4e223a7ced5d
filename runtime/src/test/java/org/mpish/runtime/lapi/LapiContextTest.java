package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Callback;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;

/** Section L.1, L.2 and L.13 of semantics.md: contexts, queries, address exchange, constants. */
@Timeout(30)
class LapiContextTest {
    @Test
    void initGivesHandlesUntilEveryInstanceIsInUse_L1() {
        try (TestJob t = new TestJob(1)) {
            t.on(0, () -> {
                var r = t.rank(0);
                for (int i = 0; i < LapiConst.MAX_INSTANCES; i++) assertEquals(i, L.init(r));
                assertEquals(LapiErrors.ALL_HNDL_IN_USE, L.code(() -> L.init(r)));
                L.call(r, "LAPI_Term", 3L);
                assertEquals(3, L.init(r));                                   // a closed instance can be opened again
                return null;
            });
        }
    }

    @Test
    void lapiInfoUnusedFieldsMustBeZeroAndInstanceNoPicksTheHandle_L1_L2() {
        try (TestJob t = new TestJob(1)) {
            t.on(0, () -> {
                var r = t.rank(0);
                assertEquals(LapiErrors.INFO_NONZERO, L.code(() -> L.init(r, L.m("info6", 1L))));
                assertEquals(LapiErrors.INFO_NONZERO, L.code(() -> L.init(r, L.m("add_info", 5L))));
                assertEquals(LapiErrors.INFO_NONZERO, L.code(() -> L.init(r, L.m("no_such_field", 0L))));
                assertEquals(4, L.init(r, L.m("instance_no", 5L, "info6", 0L, "lib_vers", (long) LapiConst.L2_LIB)));
                assertEquals(LapiErrors.ALL_HNDL_IN_USE, L.code(() -> L.init(r, L.m("instance_no", 5L))));
                return null;
            });
        }
    }

    @Test
    void afterTermEveryCallWithTheHandleIsHndlInvalid_L3() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(L::init);
            t.on(0, () -> {
                var r = t.rank(0);
                L.call(r, "LAPI_Term", 0L);
                for (String call : new String[] {"LAPI_Fence", "LAPI_Probe", "LAPI_Term", "LAPI_Gfence"}) {
                    assertEquals(LapiErrors.HNDL_INVALID, L.code(() -> L.call(r, call, 0L)), call);
                }
                assertEquals(LapiErrors.HNDL_INVALID, L.code(() -> L.call(r, "LAPI_Qenv", 0L, 0L)));
                assertEquals(LapiErrors.HNDL_INVALID, L.code(() -> L.call(r, "LAPI_Qenv", 7L, 0L)));   // never opened
                return null;
            });
        }
    }

    @Test
    void qenvAnswersEveryQueryAndRejectsOthers_L4() {
        try (TestJob t = new TestJob(3)) {
            t.spmd(L::init);
            t.on(2, () -> {
                var r = t.rank(2);
                assertEquals(2, L.call(r, "LAPI_Qenv", 0L, "TASK_ID"));
                assertEquals(3, L.call(r, "LAPI_Qenv", 0L, "NUM_TASKS"));
                assertEquals(LapiConst.MAX_UHDR_SZ, L.call(r, "LAPI_Qenv", 0L, "MAX_UHDR_SZ"));
                assertEquals(1, L.call(r, "LAPI_Qenv", 0L, "ERROR_CHK"));
                assertEquals(1, L.call(r, "LAPI_Qenv", 0L, "INTERRUPT_SET"));
                assertEquals(LapiConst.LOC_ADDRTBL_SZ, L.call(r, "LAPI_Qenv", 0L, "LOC_ADDRTBL_SZ"));
                for (int q = 0; q < LapiConst.LAST_QUERY; q++) {
                    int query = q;
                    assertEquals(0, L.code(() -> L.call(r, "LAPI_Qenv", 0L, (long) query)), LapiConst.QUERIES.get(q));
                }
                assertArrayEquals(new int[] {0, 1, 2}, (int[]) L.call(r, "LAPI_Qenv", 0L, "QUERY_SHM_TASKS"));
                assertTrue(L.call(r, "LAPI_Qenv", 0L, "QUERY_STATISTICS") instanceof Map);
                assertEquals(LapiErrors.QUERY_TYPE, L.code(() -> L.call(r, "LAPI_Qenv", 0L, (long) LapiConst.LAST_QUERY)));
                assertEquals(LapiErrors.QUERY_TYPE, L.code(() -> L.call(r, "LAPI_Qenv", 0L, -1L)));
                return null;
            });
        }
    }

    @Test
    void senvSetsTheSettableQueriesAndChecksValues_L5() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(L::init);
            t.on(0, () -> {
                var r = t.rank(0);
                L.call(r, "LAPI_Senv", 0L, "ERROR_CHK", 0L);
                assertEquals(0, L.call(r, "LAPI_Qenv", 0L, "ERROR_CHK"));
                L.call(r, "LAPI_Senv", 0L, "INTERRUPT_SET", 0L);
                assertEquals(0, L.call(r, "LAPI_Qenv", 0L, "INTERRUPT_SET"));
                L.call(r, "LAPI_Senv", 0L, "TIMEOUT", 60L);
                assertEquals(60, L.call(r, "LAPI_Qenv", 0L, "TIMEOUT"));
                L.call(r, "LAPI_Senv", 0L, "ACK_THRESHOLD", 5L);
                assertEquals(LapiErrors.SET_VAL, L.code(() -> L.call(r, "LAPI_Senv", 0L, "ERROR_CHK", 2L)));
                assertEquals(LapiErrors.SET_VAL, L.code(() -> L.call(r, "LAPI_Senv", 0L, "TIMEOUT", 1L)));
                assertEquals(LapiErrors.SET_VAL, L.code(() -> L.call(r, "LAPI_Senv", 0L, "ACK_THRESHOLD", 0L)));
                assertEquals(LapiErrors.QUERY_TYPE, L.code(() -> L.call(r, "LAPI_Senv", 0L, "NUM_TASKS", 4L)));
                return null;
            });
        }
    }

    @Test
    void interruptOffInTheProtocolFieldStartsInPollingMode_L5() {
        try (TestJob t = new TestJob(1)) {
            t.on(0, () -> {
                int h = L.init(t.rank(0), L.m("protocol", LapiConst.INTERRUPT_OFF));
                assertEquals(0, L.call(t.rank(0), "LAPI_Qenv", (long) h, "INTERRUPT_SET"));
                return null;
            });
        }
    }

    @Test
    void msgStringGivesOneTextPerCodeWithoutAHandle_L7_L78_L79() {
        try (TestJob t = new TestJob(1)) {
            t.on(0, () -> {
                var r = t.rank(0);
                for (int code : LapiErrors.names().keySet()) {
                    String s = (String) L.call(r, "LAPI_Msg_string", (long) code);
                    assertTrue(!s.isEmpty() && s.length() <= LapiErrors.MAX_ERR_STRING, code + ": " + s);
                }
                assertEquals(LapiErrors.CODE_UNKNOWN, L.code(() -> L.call(r, "LAPI_Msg_string", 399L)));
                assertEquals(LapiErrors.CODE_UNKNOWN, L.code(() -> L.call(r, "LAPI_Msg_string", 529L)));
                // L79: 501 is one code with one text
                assertTrue(((String) L.call(r, "LAPI_Msg_string", 501L)).contains("reply"));
                return null;
            });
        }
        for (int c = LapiErrors.FIRSTCODE; c <= LapiErrors.LASTCODE; c++) assertTrue(LapiErrors.known(c), "code " + c);
        assertEquals(0, LapiErrors.LAPI_SUCCESS);
        assertEquals(LapiErrors.FIRSTCODE, ((Number) Catalogue.get().constant("LAPI_ERR_FIRSTCODE").value().apply(null)).intValue());
        assertEquals(160, ((Number) Catalogue.get().constant("LAPI_MAX_ERR_STRING").value().apply(null)).intValue());
    }

    @Test
    void addressInitIsCollectiveAndGivesEveryTasksValue_L8_L9() {
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                int h = L.init(r);
                long[] tab = L.exchange(r, h, 1000L + r.id());
                assertArrayEquals(new long[] {1000, 1001, 1002}, tab);
                long[] tab64 = (long[]) L.call(r, "LAPI_Address_init64", (long) h, 0x7000_0000_0000L + r.id());
                assertEquals(0x7000_0000_0002L, tab64[2]);
                long[] nulls = L.exchange(r, h, null);                      // my_addr may be NULL
                assertArrayEquals(new long[3], nulls);
            });
        }
    }

    @Test
    void addrSetTakesIndexesOneToTableSizeMinusOne_L10_L11() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(L::init);
            t.on(0, () -> {
                var r = t.rank(0);
                Callback hh = L.fn("hh", a -> null);
                L.call(r, "LAPI_Addr_set", 0L, hh, 1L);
                long a = (Long) L.call(r, "LAPI_Addr_get", 0L, 1L);
                assertEquals(LapiRank.of(r).addressOf(hh), a);
                assertEquals(hh, LapiRank.of(r).function(a));
                L.call(r, "LAPI_Addr_set", 0L, 0x12345L, (long) (LapiConst.LOC_ADDRTBL_SZ - 1));
                assertEquals(0x12345L, L.call(r, "LAPI_Addr_get", 0L, (long) (LapiConst.LOC_ADDRTBL_SZ - 1)));
                assertEquals(0L, L.call(r, "LAPI_Addr_get", 0L, 2L));
                for (long bad : new long[] {0, -1, LapiConst.LOC_ADDRTBL_SZ}) {
                    assertEquals(LapiErrors.ADDR_HNDL_RANGE, L.code(() -> L.call(r, "LAPI_Addr_set", 0L, 5L, bad)));
                    assertEquals(LapiErrors.ADDR_HNDL_RANGE, L.code(() -> L.call(r, "LAPI_Addr_get", 0L, bad)));
                }
                return null;
            });
        }
    }

    @Test
    void addressTurnsAddressesAndFunctionsIntoIntegersWithoutAHandle_L12() {
        try (TestJob t = new TestJob(1)) {
            t.on(0, () -> {
                var r = t.rank(0);
                assertEquals(0x10000L, L.call(r, "LAPI_Address", 0x10000L));
                Callback f = L.fn("f", a -> null);
                long a = (Long) L.call(r, "LAPI_Address", f);
                assertEquals(a, L.call(r, "LAPI_Address", f));               // the same function, the same address
                assertNotEquals(a, L.call(r, "LAPI_Address", L.fn("g", x -> null)));
                assertEquals(LapiErrors.ORG_ADDR_NULL, L.code(() -> L.call(r, "LAPI_Address", (Object) null)));
                return null;
            });
        }
    }

    @Test
    void everyConstantIsDeclaredForScriptsUnderLapi_L55_L78() {
        Catalogue c = Catalogue.get();
        for (String n : new String[] {"LAPI_PUT_XFER", "LAPI_ERR_TGT", "LAPI_FETCH_AND_ADD", "FETCH_AND_ADD", "LAPI_TASK_ID",
                "TASK_ID", "LAPI_USE_TGT_VEC_TYPE", "LAPI_LOCAL_STATE", "LAPI_BURY_MSG", "LAPI_GEN_STRIDED_XFER", "LAPI_DGSM_GOSUB",
                "LAPI_REGISTER_DGSP", "LAPI_BYTE", "LAPI_MSG_PURGED_RCVD", "LAPI_SEND_COMPLETE", "LAPI_MAX_MSG_SZ"}) {
            Constant k = c.constant(n);
            assertTrue(k != null, n);
        }
        assertEquals(2, c.constant("LAPI_PUT_XFER").value().apply(null));
        assertEquals(11, c.constant("LAPI_MC_XFER").value().apply(null));
        assertEquals(12, c.constant("LAPI_LAST_XFER").value().apply(null));
        assertEquals(0x10, c.constant("BUFFER_BOTH_CONTIGUOUS").value().apply(null));
        assertNull(c.constant("LAPI_NO_SUCH"));
    }
}
