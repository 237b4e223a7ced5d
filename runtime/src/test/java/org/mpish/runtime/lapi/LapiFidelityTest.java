package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.lapi.LapiConst.*;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;

/**
 * What trying the LAPI_Xfer documentation rule by rule found (issue 19): the documented answer for each, checked
 * through the catalogue as a script or the shell would call it.
 */
@Timeout(30)
class LapiFidelityTest {
    /** L62 and the LAPI_Xfer note on DGSP_XFER: udata NULL is valid, the DGSP's displacements are then absolute. */
    @Test
    void dgspXferWithNullUdataGathersFromAbsoluteAddresses_L62() {
        try (Fixture f = new Fixture(2)) {
            long src = f.alloc(0, 16);
            f.run(0, () -> L.putInts(f.r(0), src, 7, 8, 9, 10));
            // COPY 8 bytes at displacement src (an absolute address, as udata is NULL), one instance of 8 bytes
            Map<String, Object> d = L.m("code", L.list((long) DGSM_COPY, 8L, src + 4, (long) DGSM_ITERATE, -3L), "code_size", 5L,
                    "depth", 1L, "size", 8L, "extent", 8L, "lext", 0L, "rext", 8L);
            long g = f.on(0, () -> LapiDgspTest.register(f.r(0), d));
            long into = f.alloc(1, 8), tc = f.alloc(1, 8);
            f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("hh", a -> into), 1L));
            assertEquals(0, f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "LAPI_DGSP_XFER", "tgt", 1L, "hdr_hdl", 1L,
                    "udata", 0L, "udata_len", 8L, "dgsp", g, "tgt_cntr", tc))));
            f.probe(1);
            assertEquals(1, f.cntr(1, tc));
            assertArrayEquals(new int[] {8, 9}, L.ints(f.r(1), into, 2));
        }
    }

    /** L30: a user header that is not whole doublewords is LAPI_ERR_UHDR_LEN, for AM and AMV, stand-alone or LAPI_Xfer. */
    @Test
    void aUserHeaderOfPartDoublewordsIsUhdrLen_L30() {
        try (Fixture f = new Fixture(2)) {
            long hdr = f.alloc(0, 16);
            Map<String, Object> vec = L.m("vec_type", 0L, "num_vecs", 0L, "info", L.list(), "len", L.list());
            assertEquals(LapiErrors.UHDR_LEN, f.code(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, hdr, 12L, 0L, 0L, 0L, 0L, 0L)));
            assertEquals(LapiErrors.UHDR_LEN, f.code(0, () -> L.call(f.r(0), "LAPI_Amsendv", 0L, 1L, 1L, hdr, 4L, vec, 0L, 0L, 0L)));
            assertEquals(LapiErrors.UHDR_LEN, f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "AM", "tgt", 1L,
                    "hdr_hdl", 1L, "uhdr", hdr, "uhdr_len", 9L))));
            assertEquals(LapiErrors.UHDR_LEN, f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "AMV", "tgt", 1L,
                    "hdr_hdl", 1L, "uhdr", hdr, "uhdr_len", 2L, "org_vec", vec))));
        }
    }

    /** L32: a header handler that calls a LAPI or MPI call that waits gets an error at once that says why, not a deadlock. */
    @Test
    void aWaitInsideAHeaderHandlerFailsAtOnceAndSaysWhy_L32() {
        try (Fixture f = new Fixture(2)) {
            long c = f.alloc(1, 8);
            List<String> got = new ArrayList<>();
            f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("hh", a -> {
                for (Runnable call : List.<Runnable>of(
                        () -> L.call(f.r(1), "LAPI_Waitcntr", 0L, c, 1L),
                        () -> L.call(f.r(1), "LAPI_Fence", 0L),
                        () -> L.call(f.r(1), "LAPI_Gfence", 0L),
                        () -> L.call(f.r(1), "LAPI_Address_init", 0L, 0L),
                        () -> L.call(f.r(1), "LAPI_Nopoll_wait", 0L, c, 1L),
                        () -> L.call(f.r(1), "MPI_Recv", f.alloc(1, 4), 1L, "MPI_INT", 0L, 0L, "MPI_COMM_WORLD"))) {
                    try {
                        call.run();
                        got.add("returned");
                    } catch (LapiException e) {
                        got.add(e.getMessage());
                    }
                }
                return null;
            }), 1L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L));
            f.probe(1);
            assertEquals(6, got.size(), got.toString());
            for (String m : got) {
                assertTrue(m.contains("header handler, which must not block") && m.contains("completion handler"), m);
            }
            assertTrue(got.get(0).contains("LAPI_Waitcntr") && got.get(5).contains("MPI_Recv"), got.toString());
            // a completion handler may wait: the counter is set first, so it returns at once
            f.run(1, () -> L.call(f.r(1), "LAPI_Setcntr", 0L, c, 1L));
            long[] left = {-1};
            f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("hh2", a -> L.m("comp_h", L.fn("ch", b -> {
                left[0] = L.waitcntr(f.r(1), 0, c, 1);
                return null;
            }))), 2L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 2L, 0L, 0L, 0L, 0L, 0L, 0L, 0L));
            f.probe(1);
            assertEquals(0, left[0]);
        }
    }

    /** L36-L40: the handler may set the return_info fields by assigning them; its result object wins over them. */
    @Test
    void aHeaderHandlerMayAssignReturnInfoFields_L36_L38() {
        try (Fixture f = new Fixture(2)) {
            long buf = f.alloc(1, 8), tc = f.alloc(1, 8);
            f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("bury", a -> {
                @SuppressWarnings("unchecked") Map<String, Object> info = (Map<String, Object>) a[3];
                info.put("ctl_flags", (long) BURY_MSG);   // as C code does: ((lapi_return_info_t *) msg_len)->ctl_flags = ...
                return buf;
            }), 1L));
            f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("overruled", a -> {
                @SuppressWarnings("unchecked") Map<String, Object> info = (Map<String, Object>) a[3];
                info.put("ctl_flags", (long) BURY_MSG);
                return L.m("buf", buf, "ctl_flags", (long) DELIVER_MSG);   // the result object wins
            }), 2L));
            long data = f.alloc(0, 8);
            f.run(0, () -> L.putInts(f.r(0), data, 41, 42));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, data, 8L, tc, 0L, 0L));
            f.probe(1);
            assertEquals(1, f.cntr(1, tc));
            assertArrayEquals(new int[] {0, 0}, L.ints(f.r(1), buf, 2));     // buried
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 2L, 0L, 0L, data, 8L, tc, 0L, 0L));
            f.probe(1);
            assertEquals(2, f.cntr(1, tc));
            assertArrayEquals(new int[] {41, 42}, L.ints(f.r(1), buf, 2));   // delivered
        }
    }

    /** L14, L78: LAPI_MAX_MSG_SZ, Qenv(MAX_DATA_SZ) and the first length refused agree; every constant is exact in JavaScript. */
    @Test
    void theLargestLengthIsOneValueEverywhere_L14_L78() {
        try (Fixture f = new Fixture(2)) {
            Rank r = f.r(0);
            long maxMsg = ((Number) Catalogue.get().constant("LAPI_MAX_MSG_SZ").value().apply(r)).longValue();
            long maxData = ((Number) f.on(0, () -> L.call(r, "LAPI_Qenv", 0L, (long) MAX_DATA_SZ_Q))).longValue();
            assertEquals(maxMsg, maxData);
            long buf = f.alloc(0, 8), tgt = f.alloc(1, 8);
            assertEquals(LapiErrors.DATA_LEN, f.code(0, () -> L.call(r, "LAPI_Put", 0L, 1L, maxMsg + 1, tgt, buf, 0L, 0L, 0L)));
            // exactly the maximum passes the length check (and then fails on memory, which is not that large)
            assertEquals(LapiErrors.TGT_ADDR_NULL, f.code(0, () -> L.call(r, "LAPI_Put", 0L, 1L, maxMsg, tgt, buf, 0L, 0L, 0L)));
            List<String> inexact = new ArrayList<>();
            for (Constant k : Catalogue.get().constants()) {
                Object v;
                try {
                    v = f.on(0, () -> k.value().apply(r));
                } catch (RuntimeException e) {
                    continue;   // a handle that needs MPI state: not a number
                }
                if (v instanceof Long l && Math.abs(l) > (1L << 53)) inexact.add(k.name() + " = " + l);
            }
            assertEquals(List.of(), inexact, "constants a JavaScript number cannot hold exactly");
        }
    }

    /** The names as the LAPI_Xfer documentation spells them are aliases of lapi.h's. */
    @Test
    void theDocumentsSpellingsAreAliases() {
        try (Fixture f = new Fixture(1)) {
            Rank r = f.r(0);
            String[][] pairs = {{"LAPI_ERROR_ORG_ADDR_NULL", "LAPI_ERR_ORG_ADDR_NULL"}, {"LAPI_ERROR_ORG_EXTENT", "LAPI_ERR_ORG_EXTENT"},
                    {"LAPI_ERROR_ORG_STRIDE", "LAPI_ERR_ORG_STRIDE"}, {"LAPI_ERROR_ORG_VEC_ADDR", "LAPI_ERR_ORG_VEC_ADDR"},
                    {"LAPI_ERROR_ORG_VEC_LEN", "LAPI_ERR_ORG_VEC_LEN"}, {"LAPI_ERROR_ORG_VEC_NULL", "LAPI_ERR_ORG_VEC_NULL"},
                    {"LAPI_ERROR_ORG_VEC_TYPE", "LAPI_ERR_ORG_VEC_TYPE"}, {"LAPI_ERR_MEMORY_DELETED", "LAPI_ERR_MEMORY_EXHAUSTED"},
                    {"LAPI_ERR_TGT_CLEAR", "LAPI_ERR_TGT_PURGED"}, {"BUFFER_BOTH_CONTIOUS", "BUFFER_BOTH_CONTIGUOUS"},
                    {"LAPI_BUFFER_BOTH_CONTIOUS", "BUFFER_BOTH_CONTIGUOUS"}};
            for (String[] p : pairs) {
                Constant alias = Catalogue.get().constant(p[0]), real = Catalogue.get().constant(p[1]);
                assertNotNull(alias, p[0]);
                assertEquals(((Number) real.value().apply(r)).longValue(), ((Number) alias.value().apply(r)).longValue(), p[0]);
            }
            assertEquals(425, ((Number) Catalogue.get().constant("LAPI_ERROR_ORG_ADDR_NULL").value().apply(r)).intValue());
        }
    }

    /** L54: LAPI_Xfer writes status back (DGSP and AMX members): the call's return code. */
    @Test
    void xferWritesStatusBack_L54() {
        try (Fixture f = new Fixture(2)) {
            long into = f.alloc(1, 8);
            f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("hh", a -> into), 1L));
            long src = f.alloc(0, 8);
            Map<String, Object> ok = new LinkedHashMap<>(L.m("Xfer_type", "LAPI_DGSP_XFER", "tgt", 1L, "hdr_hdl", 1L, "udata", src,
                    "udata_len", 8L, "dgsp", LAPI_BYTE, "status", 99L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, ok));
            assertEquals(0L, ok.get("status"));
            Map<String, Object> bad = new LinkedHashMap<>(L.m("Xfer_type", "LAPI_DGSP_XFER", "tgt", 7L, "hdr_hdl", 1L, "dgsp", LAPI_BYTE));
            assertEquals(LapiErrors.TGT, f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, bad)));
            assertEquals((long) LapiErrors.TGT, bad.get("status"));
            f.probe(1);
        }
    }

    /** L23: LAPI_Nopoll_wait needs a handle made with lib_vers L2_LIB or later. */
    @Test
    void nopollWaitHonoursLibVers_L23() {
        try (Fixture f = new Fixture(1)) {
            Rank r = f.r(0);
            long c = f.alloc(0, 8);
            int h1 = f.on(0, () -> L.init(r, L.m("lib_vers", (long) L1_LIB, "instance_no", 2L)));
            int hLast = f.on(0, () -> L.init(r, L.m("lib_vers", (long) LAST_LIB, "instance_no", 3L)));
            f.run(0, () -> L.call(r, "LAPI_Setcntr", (long) h1, c, 1L));
            LapiException e = f.on(0, () -> {
                try {
                    L.call(r, "LAPI_Nopoll_wait", (long) h1, c, 1L);
                    return null;
                } catch (LapiException x) {
                    return x;
                }
            });
            assertNotNull(e);
            assertEquals(LapiErrors.HNDL_INVALID, e.code());
            assertTrue(e.getMessage().contains("lib_vers"), e.getMessage());
            assertEquals(0, f.on(0, () -> L.call(r, "LAPI_Nopoll_wait", (long) hLast, c, 1L)));
        }
    }
}
