package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.lapi.LapiConst.*;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;

/** Section L.10 and L40, L62: DGSP programs, LAPI_Util, DGSP transfers. */
@Timeout(30)
class LapiDgspTest {
    /** Every other int: COPY 4 bytes, next instance 8 bytes on. */
    static Map<String, Object> everyOther() {
        return L.m("code", L.list((long) DGSM_COPY, 4L, 0L, (long) DGSM_ITERATE, -3L), "code_size", 5L, "depth", 1L,
                "density", (long) DGSM_SPARSE, "size", 4L, "extent", 8L, "lext", 0L, "rext", 4L);
    }

    /** Rows 0-2, 2 ints each, of a 4-int-wide matrix, through a GOSUB. */
    static Map<String, Object> block() {
        return L.m("code", L.list((long) DGSM_GOSUB, 8L, 6L, 3L, 0L, 16L, (long) DGSM_ITERATE, -6L, (long) DGSM_COPY, 8L, 0L,
                (long) DGSM_ITERATE, -3L), "code_size", 13L, "depth", 1L, "size", 24L, "extent", 64L, "rext", 40L);
    }

    static long register(Rank r, Map<String, Object> d) {
        Map<?, ?> out = (Map<?, ?>) L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) REGISTER_DGSP, "idgsp", d));
        return (Long) out.get("dgsp_handle");
    }

    static int registerCode(Fixture f, Map<String, Object> d) { return f.code(0, () -> register(f.r(0), d)); }

    static Map<String, Object> with(Map<String, Object> d, Object... kv) {
        Map<String, Object> m = new java.util.LinkedHashMap<>(d);
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }

    @Test
    void packAndUnpackFollowTheProgramAndTheOpcodeLayout_L63_L64_L65_L69() {
        try (Fixture f = new Fixture(1)) {
            Rank r = f.r(0);
            long h = f.on(0, () -> register(r, everyOther()));
            long src = f.alloc(0, 32), packed = f.alloc(0, 16), back = f.alloc(0, 32);
            f.run(0, () -> L.putInts(r, src, 1, 2, 3, 4, 5, 6, 7, 8));
            Map<?, ?> out = f.on(0, () -> (Map<?, ?>) L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) DGSP_PACK, "dgsp", h, "in_buf", src,
                    "bytes", 12L, "out_buf", packed, "out_size", 16L, "position", 0L)));
            assertEquals(12L, out.get("position"));
            assertArrayEquals(new int[] {1, 3, 5}, L.ints(r, packed, 3));
            out = f.on(0, () -> (Map<?, ?>) L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) DGSP_UNPACK, "dgsp", h, "in_buf", packed,
                    "in_size", 12L, "out_buf", back, "bytes", 12L, "position", 0L)));
            assertEquals(12L, out.get("position"));
            assertArrayEquals(new int[] {1, 0, 3, 0, 5, 0}, L.ints(r, back, 6));
            assertEquals(LapiErrors.PACK_SZ, f.code(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) DGSP_PACK, "dgsp", h,
                    "in_buf", src, "bytes", 12L, "out_buf", packed, "out_size", 16L, "position", 8L))));
            assertEquals(LapiErrors.PACK_SZ, f.code(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) DGSP_UNPACK, "dgsp", h,
                    "in_buf", packed, "in_size", 8L, "out_buf", back, "bytes", 12L, "position", 0L))));
            // GOSUB + nested COPY, and MCOPY
            long b = f.on(0, () -> register(r, block()));
            long m = f.alloc(0, 64);
            f.run(0, () -> { for (int i = 0; i < 16; i++) r.memory().writeInt(m + 4L * i, i); });
            f.run(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", "DGSP_PACK", "dgsp", b, "in_buf", m, "bytes", 24L,
                    "out_buf", back, "out_size", 32L, "position", 0L)));
            assertArrayEquals(new int[] {0, 1, 4, 5, 8, 9}, L.ints(r, back, 6));
            long mc = f.on(0, () -> register(r, L.m("code", L.list((long) DGSM_MCOPY, 2L, 12L, 4L, 0L, 4L, (long) DGSM_ITERATE, -6L),
                    "code_size", 8L, "depth", 1L, "size", 8L, "extent", 16L)));
            f.run(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", "DGSP_PACK", "dgsp", mc, "in_buf", m, "bytes", 16L,
                    "out_buf", back, "out_size", 32L, "position", 0L)));
            assertArrayEquals(new int[] {3, 0, 7, 4}, L.ints(r, back, 4));
            // LAPI_BYTE: plain bytes
            f.run(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", "DGSP_PACK", "dgsp", LAPI_BYTE, "in_buf", m + 8, "bytes", 8L,
                    "out_buf", back, "out_size", 32L, "position", 0L)));
            assertArrayEquals(new int[] {2, 3}, L.ints(r, back, 2));
        }
    }

    @Test
    void registrationReportsEachDgspError_L68() {
        try (Fixture f = new Fixture(1)) {
            assertEquals(LapiErrors.DGSP, f.code(0, () -> L.call(f.r(0), "LAPI_Util", 0L, L.m("Util_type", (long) REGISTER_DGSP))));
            assertEquals(LapiErrors.DGSP_OTHER, registerCode(f, with(everyOther(), "code_size", 0L)));
            assertEquals(LapiErrors.DGSP_STACK, registerCode(f, with(everyOther(), "depth", 0L)));
            assertEquals(LapiErrors.DGSP_ATOM, registerCode(f, with(everyOther(), "atom_size", 3L)));
            assertEquals(LapiErrors.DGSP_ATOM, registerCode(f, with(everyOther(), "atom_size", (long) MAX_ATOM_SIZE + 4)));
            assertEquals(LapiErrors.DGSP_OPC, registerCode(f, with(everyOther(), "code", L.list(9L, 4L, 0L, 3L, -3L))));
            assertEquals(LapiErrors.DGSP_COPY_SZ, registerCode(f, with(everyOther(), "code", L.list(0L, -4L, 0L, 3L, -3L))));
            assertEquals(LapiErrors.DGSP_BRANCH, registerCode(f, with(everyOther(), "code", L.list(0L, 4L, 0L, 3L, -9L))));
            assertEquals(LapiErrors.DGSP_BRANCH, registerCode(f, with(everyOther(), "code", L.list(0L, 4L, 0L, 3L, -2L))));
            assertEquals(LapiErrors.DGSP_BRANCH, registerCode(f, with(everyOther(), "code", L.list(3L, 2L, 0L, 4L, 0L), "code_size", 5L)));
            assertEquals(LapiErrors.DGSP_REPS, registerCode(f, with(block(), "code", L.list((long) DGSM_GOSUB, 8L, 6L, -1L, 0L, 16L,
                    (long) DGSM_ITERATE, -6L, (long) DGSM_COPY, 8L, 0L, (long) DGSM_ITERATE, -3L))));
            assertEquals(LapiErrors.DGSP_CTL, registerCode(f, with(everyOther(), "code", L.list((long) DGSM_CONTROL, -2L, 0L, 0L, 4L, 0L,
                    3L, -6L), "code_size", 8L)));
            assertEquals(LapiErrors.DGSP_OTHER, registerCode(f, with(everyOther(), "size", 8L)));     // one instance moves 4 bytes
            // nested GOSUBs deeper than depth
            Map<String, Object> deep = L.m("code", L.list((long) DGSM_GOSUB, 8L, 6L, 1L, 0L, 0L, (long) DGSM_ITERATE, -6L,
                    (long) DGSM_GOSUB, 8L, 6L, 1L, 0L, 0L, (long) DGSM_ITERATE, -6L, (long) DGSM_COPY, 4L, 0L, (long) DGSM_ITERATE, -3L),
                    "code_size", 21L, "depth", 1L, "size", 4L, "extent", 4L);
            assertEquals(LapiErrors.DGSP_STACK, registerCode(f, deep));
            assertEquals(0, registerCode(f, with(deep, "depth", 2L)));
        }
    }

    @Test
    void reserveAndUnreserveCountReferences_L66_L67() {
        try (Fixture f = new Fixture(1)) {
            Rank r = f.r(0);
            long h = f.on(0, () -> register(r, everyOther()));
            f.run(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) RESERVE_DGSP, "dgsp_handle", h)));
            f.run(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) UNRESERVE_DGSP, "dgsp_handle", h)));
            f.run(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) UNRESERVE_DGSP, "dgsp_handle", h)));   // last reference
            assertEquals(LapiErrors.DGSP_FREE, f.code(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) UNRESERVE_DGSP, "dgsp_handle", h))));
            assertEquals(LapiErrors.DGSP, f.code(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) RESERVE_DGSP, "dgsp_handle", h))));
            assertEquals(LapiErrors.DGSP_FREE, f.code(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) UNRESERVE_DGSP,
                    "dgsp_handle", LAPI_BYTE))));
            assertEquals(LapiErrors.UTIL_CMD, f.code(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) LAST_UTIL))));
            assertEquals(LapiErrors.UTIL_CMD, f.code(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", 6L))));
            // the handle is not checked for REGISTER / RESERVE / UNRESERVE
            assertEquals(0, f.code(0, () -> L.call(r, "LAPI_Util", 9L, L.m("Util_type", (long) REGISTER_DGSP, "idgsp", everyOther()))));
            assertEquals(LapiErrors.HNDL_INVALID, f.code(0, () -> L.call(r, "LAPI_Util", 9L, L.m("Util_type", (long) DGSP_PACK))));
        }
    }

    @Test
    void dgspXferGathersAtTheOriginAndTheHandlerMayScatterAtTheTarget_L40_L62() {
        try (Fixture f = new Fixture(2)) {
            long g = f.on(0, () -> register(f.r(0), everyOther()));
            long s = f.on(1, () -> register(f.r(1), block()));
            long m = f.alloc(1, 64), tc = f.alloc(1, 8);
            f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("hh", a -> L.m("buf", m, "dgsp_handle", s,
                    "bytes", ((Map<?, ?>) a[3]).get("msg_len"))), 1L));
            long src = f.alloc(0, 48), cc = f.alloc(0, 8);
            f.run(0, () -> L.putInts(f.r(0), src, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0));
            assertEquals(LapiErrors.DGSP, f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "DGSP", "tgt", 1L,
                    "hdr_hdl", 1L, "udata", src, "udata_len", 24L, "dgsp", 0L))));
            f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "LAPI_DGSP_XFER", "tgt", 1L, "hdr_hdl", 1L, "udata", src,
                    "udata_len", 24L, "dgsp", g, "tgt_cntr", tc, "cmpl_cntr", cc, "flags", (long) BUFFER_BOTH_CONTIGUOUS, "status", 0L)));
            f.probe(1);
            assertEquals(1, f.cntr(1, tc));
            assertArrayEquals(new int[] {1, 2, 0, 0, 3, 4, 0, 0, 5, 6}, L.ints(f.r(1), m, 10));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
            // AMX: skip the first 8 stream bytes at the origin
            long m2 = f.alloc(1, 16);
            f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("hh2", a -> m2), 2L));
            assertEquals(LapiErrors.OFFSET_LEN, f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "AMX", "tgt", 1L,
                    "hdr_hdl", 2L, "udata", src, "udata_len", 8L, "dgsp", g, "send_offset_dgsp_bytes", -4L))));
            f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "AMX", "tgt", 1L, "hdr_hdl", 2L, "udata", src,
                    "udata_len", 8L, "dgsp", g, "send_offset_dgsp_bytes", 8L, "cmpl_cntr", cc)));
            f.probe(1);
            assertArrayEquals(new int[] {3, 4}, L.ints(f.r(1), m2, 2));
        }
    }

    @Test
    void controlModeCombinesThroughTheDdmFunctionOnScattersOnly_L65_L70() {
        try (Fixture f = new Fixture(1)) {
            Rank r = f.r(0);
            // CONTROL(operation 0, operand 1), COPY 4, ITERATE: every int is added into the destination by the DDM function
            long add = f.on(0, () -> register(r, L.m("code", L.list((long) DGSM_CONTROL, 0L, 1L, (long) DGSM_COPY, 4L, 0L,
                    (long) DGSM_ITERATE, -3L), "code_size", 8L, "depth", 1L, "size", 4L, "extent", 4L, "atom_size", 4L)));
            long in = f.alloc(0, 8), dst = f.alloc(0, 8);
            f.run(0, () -> { L.putInts(r, in, 5, 6); L.putInts(r, dst, 10, 20); });
            Map<String, Object> unpack = L.m("Util_type", (long) DGSP_UNPACK, "dgsp", add, "in_buf", in, "in_size", 8L, "out_buf", dst,
                    "bytes", 8L, "position", 0L);
            assertEquals(LapiErrors.DGSP_CTL, f.code(0, () -> L.call(r, "LAPI_Util", 0L, unpack)));           // no DDM function yet
            f.run(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) REG_DDM_FUNC, "ddm_func", L.fn("ddm", a -> {
                long i = (Long) a[0], io = (Long) a[1], n = (Long) a[2];
                for (long k = 0; k < n; k += 4) r.memory().writeInt(io + k, r.memory().readInt(io + k) + r.memory().readInt(i + k));
                return n;
            }))));
            f.run(0, () -> L.call(r, "LAPI_Util", 0L, unpack));
            assertArrayEquals(new int[] {15, 26}, L.ints(r, dst, 2));
            assertEquals(LapiErrors.DGSP_CTL, f.code(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) DGSP_PACK, "dgsp", add,
                    "in_buf", in, "bytes", 8L, "out_buf", dst, "out_size", 8L, "position", 0L))));
            assertEquals(List.of(-1), List.of(DGSM_NO_CTL));
        }
    }
}
