package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.lapi.LapiErrors.*;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;

/**
 * The appendix of semantics.md, table-driven: every return code mpish can raise, each provoked by exactly its
 * condition (synchronously, or through err_hndlr for the asynchronous ones), and the codes it never raises with
 * the reason. Together they cover every code from LAPI_ERR_FIRSTCODE to LAPI_ERR_LASTCODE (L78).
 */
@Timeout(60)
class LapiErrorCodesTest {
    private record Case(int code, String condition, ToIntFunction<Fixture> provoke) {}

    /** Codes that cannot occur in mpish, and why (documented in LAPI_Xfer(3) and LAPI_Msg_string(3)). */
    static final Map<Integer, String> NOT_RAISED = new LinkedHashMap<>();
    static {
        for (int c : new int[] {402, 403, 404, 406, 407, 408, 410, 412, 414, 415, 416, 434, 435, 436, 437, 438, 439, 450, 475, 481, 482,
                483, 484, 492, 493, 494, 495, 496, 497, 498, 510, 511, 512, 513, 514, 518, 520, 521, 522, 528}) {
            NOT_RAISED.put(c, "network, adapter, checkpoint, UDP, RDMA, trigger or statistics-server condition: mpish has none");
        }
        for (int c = 485; c <= 491; c++) NOT_RAISED.put(c, "failover attribute, not a call error");
        for (int c = 499; c <= 509; c++) if (c != 501) NOT_RAISED.put(c, "attribute value, not a call error");
        NOT_RAISED.put(405, "lapi_info left out is a zeroed lapi_info_t: scripts have no NULL pointer");
        NOT_RAISED.put(411, "a warning LAPI itself never returns from a call");
        NOT_RAISED.put(413, "no timeouts: messages between ranks of one process are never lost");
        NOT_RAISED.put(420, "add_tab is the call's result in mpish, never a NULL pointer");
        NOT_RAISED.put(423, "a rank's memory limit is reported as a memory error of the data, not as LAPI storage");
        NOT_RAISED.put(431, "the LAPI_Xfer documentation lists a user header of part doublewords under LAPI_ERR_UHDR_LEN (L30)");
        NOT_RAISED.put(456, "info is LAPI_Msgpoll's result in mpish, never a NULL pointer");
        NOT_RAISED.put(478, "the texts are built in; there is no message catalog to open");
        for (int c = 523; c <= 527; c++) NOT_RAISED.put(c, "LAPI_Group_create and LAPI_MC_XFER are out of scope");
    }

    private static int on0(Fixture f, Runnable r) { return f.code(0, r); }

    private static int put(Fixture f, long tgt, long len, long ta, long oa) {
        return on0(f, () -> L.call(f.r(0), "LAPI_Put", 0L, tgt, len, ta, oa, 0L, 0L, 0L));
    }

    private static int putv(Fixture f, Object tgtVec, Object orgVec) {
        return on0(f, () -> L.call(f.r(0), "LAPI_Putv", 0L, 1L, tgtVec, orgVec, 0L, 0L, 0L));
    }

    private static int amsend(Fixture f, long hdr, long uhdr, long uhdrLen) {
        return on0(f, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, hdr, uhdr, uhdrLen, 0L, 0L, 0L, 0L, 0L));
    }

    /** An active message to task 1, on task 0's own thread. */
    private static void send(Fixture f, long hdr) { L.call(f.r(0), "LAPI_Amsend", 0L, 1L, hdr, 0L, 0L, 0L, 0L, 0L, 0L, 0L); }

    private static int xfer(Fixture f, Object... kv) { return on0(f, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m(kv))); }

    private static int util(Fixture f, Object... kv) { return on0(f, () -> L.call(f.r(0), "LAPI_Util", 0L, L.m(kv))); }

    private static int register(Fixture f, Object... overrides) {
        return util(f, "Util_type", (long) LapiConst.REGISTER_DGSP, "idgsp", LapiDgspTest.with(LapiDgspTest.everyOther(), overrides));
    }

    /** The code task 1's err_hndlr receives after task 0 does {@code send} and task 1 reaches a progress point. */
    private static int async(Fixture f, java.util.function.Consumer<Rank> setup, Runnable send) {
        int[] got = {0};
        f.run(1, () -> {
            L.call(f.r(1), "LAPI_Term", 0L);
            L.init(f.r(1), L.m("err_hndlr", L.fn("eh", a -> { got[0] = ((Number) a[1]).intValue(); return null; })));
            setup.accept(f.r(1));
        });
        f.run(0, send);
        f.probe(1);
        f.probe(1);
        return got[0];
    }

    static Map<String, Object> vec(Object type, long n, List<Object> info, List<Object> len) {
        return L.m("vec_type", type, "num_vecs", n, "info", info, "len", len);
    }

    private static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        c.add(new Case(ERR_UNKNOWN, "a header handler returns something that is no buffer (asynchronous)", f -> async(f,
                r -> L.call(r, "LAPI_Addr_set", 0L, L.fn("hh", a -> "oops"), 1L), () -> send(f, 1))));
        c.add(new Case(ALL_HNDL_IN_USE, "LAPI_Init with every instance open", f -> on0(f, () -> {
            for (int i = 0; i < LapiConst.MAX_INSTANCES; i++) L.init(f.r(0));
        })));
        c.add(new Case(HDR_HNDLR_NULL, "hdr_hdl NULL", f -> amsend(f, 0, 0, 0)));
        c.add(new Case(HDR_HNDLR_NULL, "no handler at that index of the target (asynchronous)", f -> async(f, r -> { }, () -> send(f, 7))));
        c.add(new Case(HNDL_INVALID, "a handle LAPI_Init never returned", f -> on0(f, () -> L.call(f.r(0), "LAPI_Probe", 5L))));
        c.add(new Case(RET_PTR_NULL, "prev_tgt_val points to no memory", f -> on0(f, () -> L.call(f.r(0), "LAPI_Rmw", 0L, 0L, 1L,
                f.alloc(1, 4), f.alloc(0, 4), 8L, 0L))));
        c.add(new Case(ADDR_HNDL_RANGE, "LAPI_Addr_set index 0", f -> on0(f, () -> L.call(f.r(0), "LAPI_Addr_set", 0L, 1L, 0L))));
        c.add(new Case(TGT_PURGED, "a transfer to a purged task", f -> on0(f, () -> {
            L.call(f.r(0), "LAPI_Purge_totask", 0L, 1L);
            L.call(f.r(0), "LAPI_Put", 0L, 1L, 0L, 0L, 0L, 0L, 0L, 0L);
        })));
        c.add(new Case(MULTIPLE_WAITERS, "LAPI_Nopoll_wait from a completion handler on a counter its task already waits on", f -> {
            long cn = f.alloc(0, 8);
            int[] got = {0};
            // a completion handler, not the header handler: a header handler may not wait at all (L32)
            f.run(0, () -> L.call(f.r(0), "LAPI_Addr_set", 0L, L.fn("hh", a -> L.m("comp_h", L.fn("ch", b -> {
                got[0] = L.code(() -> L.call(f.r(0), "LAPI_Nopoll_wait", 0L, cn, 1L));
                L.call(f.r(0), "LAPI_Setcntr", 0L, cn, 1L);
                return null;
            }))), 1L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 0L, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cn, 1));
            return got[0];
        }));
        c.add(new Case(INFO_NONZERO, "lapi_info_t.info6 not zero", f -> on0(f, () -> L.init(f.r(0), L.m("info6", 3L)))));
        c.add(new Case(ORG_ADDR_NULL, "org_addr NULL with len > 0", f -> put(f, 1, 4, f.alloc(1, 4), 0)));
        c.add(new Case(TGT_ADDR_NULL, "tgt_addr NULL with len > 0", f -> put(f, 1, 4, 0, f.alloc(0, 4))));
        c.add(new Case(DATA_LEN, "len negative (above LAPI_MAX_MSG_SZ as a ulong)", f -> put(f, 1, -1, 0, 0)));
        c.add(new Case(TGT, "tgt = NUM_TASKS", f -> put(f, 2, 0, 0, 0)));
        c.add(new Case(UHDR_NULL, "uhdr NULL with uhdr_len > 0", f -> amsend(f, 1, 0, 8)));
        c.add(new Case(UHDR_LEN, "uhdr_len above MAX_UHDR_SZ", f -> amsend(f, 1, f.alloc(0, 2048), LapiConst.MAX_UHDR_SZ + 8)));
        c.add(new Case(UHDR_LEN, "uhdr_len not a multiple of the doubleword (L30)", f -> amsend(f, 1, f.alloc(0, 8), 4)));
        c.add(new Case(ORG_EXTENT, "origin strided vector past its block", f -> putv(f, LapiVectorTest.strided(f.alloc(1, 64), 4, 4, 2),
                LapiVectorTest.strided(f.alloc(0, 8), 4, 8, 2))));
        c.add(new Case(ORG_STRIDE, "origin stride < block", f -> putv(f, LapiVectorTest.strided(f.alloc(1, 64), 4, 4, 2),
                LapiVectorTest.strided(f.alloc(0, 64), 4, 2, 2))));
        c.add(new Case(ORG_VEC_ADDR, "origin piece NULL with len > 0", f -> putv(f, vec(0L, 1, L.list(f.alloc(1, 4)), L.list(4L)),
                vec(0L, 1, L.list(0L), L.list(4L)))));
        c.add(new Case(ORG_VEC_LEN, "origin piece length negative", f -> putv(f, vec(0L, 1, L.list(f.alloc(1, 4)), L.list(4L)),
                vec(0L, 1, L.list(f.alloc(0, 4)), L.list(-4L)))));
        c.add(new Case(ORG_VEC_NULL, "org_vec NULL", f -> putv(f, vec(0L, 1, L.list(f.alloc(1, 4)), L.list(4L)), null)));
        c.add(new Case(ORG_VEC_TYPE, "org_vec.vec_type 5", f -> putv(f, vec(0L, 1, L.list(f.alloc(1, 4)), L.list(4L)), vec(5L, 1, null, null))));
        c.add(new Case(STRIDE_ORG_VEC_ADDR_NULL, "strided origin base NULL", f -> putv(f, LapiVectorTest.strided(f.alloc(1, 64), 4, 4, 2),
                LapiVectorTest.strided(0, 4, 4, 2))));
        c.add(new Case(STRIDE_TGT_VEC_ADDR_NULL, "strided target base NULL", f -> putv(f, LapiVectorTest.strided(0, 4, 4, 2),
                LapiVectorTest.strided(f.alloc(0, 64), 4, 4, 2))));
        c.add(new Case(TGT_EXTENT, "target strided vector past its block", f -> putv(f, LapiVectorTest.strided(f.alloc(1, 8), 4, 8, 2),
                LapiVectorTest.strided(f.alloc(0, 64), 4, 4, 2))));
        c.add(new Case(TGT_STRIDE, "target stride < block", f -> putv(f, LapiVectorTest.strided(f.alloc(1, 64), 4, 1, 2),
                LapiVectorTest.strided(f.alloc(0, 64), 4, 4, 2))));
        c.add(new Case(TGT_VEC_ADDR, "target piece NULL with len > 0", f -> putv(f, vec(0L, 1, L.list(0L), L.list(4L)),
                vec(0L, 1, L.list(f.alloc(0, 4)), L.list(4L)))));
        c.add(new Case(TGT_VEC_LEN, "target piece length negative", f -> putv(f, vec(0L, 1, L.list(f.alloc(1, 4)), L.list(-1L)),
                vec(0L, 1, L.list(f.alloc(0, 4)), L.list(4L)))));
        c.add(new Case(TGT_VEC_NULL, "tgt_vec NULL", f -> putv(f, null, vec(0L, 1, L.list(f.alloc(0, 4)), L.list(4L)))));
        c.add(new Case(TGT_VEC_TYPE, "tgt_vec.vec_type -1", f -> putv(f, vec(-1L, 1, null, null), vec(0L, 1, L.list(f.alloc(0, 4)), L.list(4L)))));
        c.add(new Case(VEC_NUM_DIFF, "num_vecs differ", f -> putv(f, vec(0L, 1, L.list(f.alloc(1, 8)), L.list(8L)),
                vec(0L, 2, L.list(f.alloc(0, 4), f.alloc(0, 4)), L.list(4L, 4L)))));
        c.add(new Case(VEC_TYPE_DIFF, "vec_type differ", f -> putv(f, LapiVectorTest.strided(f.alloc(1, 8), 4, 4, 1),
                vec(0L, 1, L.list(f.alloc(0, 4)), L.list(4L)))));
        c.add(new Case(VEC_LEN_DIFF, "len[] differ", f -> putv(f, vec(0L, 1, L.list(f.alloc(1, 8)), L.list(8L)),
                vec(0L, 1, L.list(f.alloc(0, 4)), L.list(4L)))));
        c.add(new Case(POLLING_NET, "LAPI_Msgpoll inside a handler", f -> {
            int[] got = {0};
            f.run(0, () -> L.call(f.r(0), "LAPI_Addr_set", 0L, L.fn("hh", a -> {
                got[0] = L.code(() -> L.call(f.r(0), "LAPI_Msgpoll", 0L, 1L));
                return null;
            }), 1L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 0L, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L));
            f.probe(0);
            return got[0];
        }));
        c.add(new Case(CNTR_NULL, "LAPI_Getcntr of NULL", f -> on0(f, () -> L.call(f.r(0), "LAPI_Getcntr", 0L, 0L))));
        c.add(new Case(CNTR_VAL, "LAPI_Nopoll_wait val 0", f -> on0(f, () -> L.call(f.r(0), "LAPI_Nopoll_wait", 0L, f.alloc(0, 8), 0L))));
        c.add(new Case(QUERY_TYPE, "LAPI_Qenv LAST_QUERY", f -> on0(f, () -> L.call(f.r(0), "LAPI_Qenv", 0L, (long) LapiConst.LAST_QUERY))));
        c.add(new Case(IN_VAL_NULL, "in_val NULL", f -> on0(f, () -> L.call(f.r(0), "LAPI_Rmw", 0L, 0L, 1L, f.alloc(1, 4), 0L, 0L, 0L))));
        c.add(new Case(RMW_OP, "op 7", f -> on0(f, () -> L.call(f.r(0), "LAPI_Rmw", 0L, 7L, 1L, f.alloc(1, 4), f.alloc(0, 4), 0L, 0L))));
        c.add(new Case(TGT_VAR_NULL, "tgt_var NULL", f -> on0(f, () -> L.call(f.r(0), "LAPI_Rmw", 0L, 0L, 1L, 0L, f.alloc(0, 4), 0L, 0L))));
        c.add(new Case(SET_VAL, "LAPI_Senv INTERRUPT_SET 2", f -> on0(f, () -> L.call(f.r(0), "LAPI_Senv", 0L, "INTERRUPT_SET", 2L))));
        c.add(new Case(DGSP, "LAPI_DGSP_XFER with dgsp NULL", f -> xfer(f, "Xfer_type", "DGSP", "tgt", 1L, "hdr_hdl", 1L)));
        c.add(new Case(DGSP_ATOM, "atom_size not dividing size", f -> register(f, "atom_size", 3L)));
        c.add(new Case(DGSP_BRANCH, "ITERATE to outside the program", f -> register(f, "code", L.list(0L, 4L, 0L, 3L, -7L))));
        c.add(new Case(DGSP_CTL, "CONTROL operation -2", f -> register(f, "code", L.list(4L, -2L, 0L, 0L, 4L, 0L, 3L, -6L), "code_size", 8L)));
        c.add(new Case(DGSP_COPY_SZ, "COPY of -1 bytes", f -> register(f, "code", L.list(0L, -1L, 0L, 3L, -3L))));
        c.add(new Case(DGSP_FREE, "unreserve of an unregistered DGSP", f -> util(f, "Util_type", (long) LapiConst.UNRESERVE_DGSP, "dgsp_handle", 12L)));
        c.add(new Case(DGSP_OPC, "opcode 8", f -> register(f, "code", L.list(8L, 4L, 0L, 3L, -3L))));
        c.add(new Case(DGSP_REPS, "GOSUB reps -1", f -> util(f, "Util_type", (long) LapiConst.REGISTER_DGSP, "idgsp",
                LapiDgspTest.with(LapiDgspTest.block(), "code", L.list(2L, 8L, 6L, -1L, 0L, 16L, 3L, -6L, 0L, 8L, 0L, 3L, -3L)))));
        c.add(new Case(DGSP_STACK, "depth 0", f -> register(f, "depth", 0L)));
        c.add(new Case(OP_SZ, "LAPI_RMW_XFER size 16", f -> xfer(f, "Xfer_type", "RMW", "tgt", 1L, "size", 16L, "tgt_var", f.alloc(1, 4),
                "in_val", f.alloc(0, 4))));
        c.add(new Case(XFER_CMD, "Xfer_type LAPI_LAST_XFER", f -> xfer(f, "Xfer_type", (long) LapiConst.LAST_XFER)));
        c.add(new Case(UTIL_CMD, "Util_type LAPI_LAST_UTIL", f -> util(f, "Util_type", (long) LapiConst.LAST_UTIL)));
        c.add(new Case(PACK_SZ, "pack into too small a buffer", f -> util(f, "Util_type", (long) LapiConst.DGSP_PACK, "dgsp", LapiConst.LAPI_BYTE,
                "in_buf", f.alloc(0, 8), "bytes", 8L, "out_buf", f.alloc(0, 4), "out_size", 4L)));
        c.add(new Case(DGSP_OTHER, "code_size 0", f -> register(f, "code_size", 0L)));
        c.add(new Case(INVALID_SEND_REPLY_TGT, "a LAPI_SEND_REPLY completion handler sends to another task", f -> {
            int[] got = {0};
            f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("hh", a -> L.m("ret_flags", (long) LapiConst.SEND_REPLY,
                    "comp_h", L.fn("ch", x -> { got[0] = L.code(() -> L.call(f.r(1), "LAPI_Put", 0L, 1L, 0L, 0L, 0L, 0L, 0L, 0L)); return null; }))), 1L));
            amsend(f, 1, 0, 0);
            f.probe(1);
            return got[0];
        }));
        c.add(new Case(LW_DATA_LEN, "LAPI_AM_LW_XFER bigger than a packet", f -> xfer(f, "Xfer_type", "AM_LW", "tgt", 1L, "hdr_hdl", 1L,
                "udata", f.alloc(0, 2048), "udata_len", 2048L)));
        c.add(new Case(NO_HNDLR_SET, "LAPI_AM_LW_XFER with no handler", f -> xfer(f, "Xfer_type", "AM_LW", "tgt", 1L)));
        c.add(new Case(OFFSET_LEN, "LAPI_AMX_XFER send offset negative", f -> xfer(f, "Xfer_type", "AMX", "tgt", 1L, "hdr_hdl", 1L,
                "dgsp", LapiConst.LAPI_BYTE, "send_offset_dgsp_bytes", -1L)));
        c.add(new Case(CODE_UNKNOWN, "LAPI_Msg_string of 600", f -> on0(f, () -> L.call(f.r(0), "LAPI_Msg_string", 600L))));
        return c;
    }

    @TestFactory
    List<DynamicTest> everyRaisableCodeForExactlyItsCondition() {
        List<DynamicTest> out = new ArrayList<>();
        for (Case c : cases()) {
            out.add(DynamicTest.dynamicTest(LapiErrors.name(c.code()) + " when " + c.condition(), () -> {
                try (Fixture f = new Fixture(2)) {
                    assertEquals(LapiErrors.name(c.code()), LapiErrors.name(c.provoke().applyAsInt(f)));
                }
            }));
        }
        return out;
    }

    @Test
    void raisableAndNeverRaisedCodesTogetherAreEveryCode_L78() {
        Set<Integer> covered = new TreeSet<>(NOT_RAISED.keySet());
        for (Case c : cases()) covered.add(c.code());
        List<Integer> missing = new ArrayList<>();
        for (int code = FIRSTCODE; code <= LASTCODE; code++) if (!covered.contains(code)) missing.add(code);
        assertTrue(missing.isEmpty(), "codes neither provoked nor explained: " + missing);
        for (Case c : cases()) assertTrue(!NOT_RAISED.containsKey(c.code()), LapiErrors.name(c.code()) + " is both");
    }
}
