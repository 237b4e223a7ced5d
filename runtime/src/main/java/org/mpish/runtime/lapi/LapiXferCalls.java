package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiConst.*;
import static org.mpish.runtime.lapi.LapiTypes.*;

import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;

/** LAPI_Xfer and the stand-alone transfers it generalizes (L26-L62). All are non-blocking (L18). */
public final class LapiXferCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.call("LAPI_Xfer", "lapi", "start any LAPI transfer described by a lapi_xfer_t union")
                .in("hndl", HNDL).in("xfer_cmd", XFER)
                .impl(guard((r, a) -> {
                    Context c = ctx(r, a);
                    java.util.Map<String, Object> cmd = a.struct(1);
                    if (cmd == null) throw LapiErrors.fail(LapiErrors.XFER_CMD, "xfer_cmd is NULL");
                    XferSpec x = XferSpec.parse(r, cmd);
                    try {
                        start(c, x);
                    } catch (LapiException e) {
                        writeStatus(x, cmd, e.code());
                        throw e;
                    }
                    writeStatus(x, cmd, LapiErrors.LAPI_SUCCESS);
                    return null;
                }));
        b.call("LAPI_Put", "lapi", "copy bytes from the calling task to a target task")
                .in("hndl", HNDL).in("tgt", TASK).in("len", ULONG).in("tgt_addr", ADDR).in("org_addr", ADDR)
                .in("tgt_cntr", CNTR).in("org_cntr", CNTR).in("cmpl_cntr", CNTR)
                .typed(Put.class, (r, h, tgt, len, tgtAddr, orgAddr, tgtCntr, orgCntr, cmplCntr) -> {
                    try {
                        start(LapiRank.of(r).context(h), putGet(PUT_XFER, "LAPI_Put", tgt, len, tgtAddr, orgAddr, tgtCntr, orgCntr, cmplCntr));
                    } catch (RuntimeException e) {
                        throw lapiError(e);
                    }
                });
        b.call("LAPI_Get", "lapi", "copy bytes from a target task to the calling task")
                .in("hndl", HNDL).in("tgt", TASK).in("len", ULONG).in("tgt_addr", ADDR).in("org_addr", ADDR)
                .in("tgt_cntr", CNTR).in("org_cntr", CNTR)
                .typed(Get.class, (r, h, tgt, len, tgtAddr, orgAddr, tgtCntr, orgCntr) -> {
                    try {
                        start(LapiRank.of(r).context(h), putGet(GET_XFER, "LAPI_Get", tgt, len, tgtAddr, orgAddr, tgtCntr, orgCntr, 0));
                    } catch (RuntimeException e) {
                        throw lapiError(e);
                    }
                });
        b.call("LAPI_Putv", "lapi", "copy a vector of pieces from the calling task to a target task")
                .in("hndl", HNDL).in("tgt", TASK).in("tgt_vec", VEC).in("org_vec", VEC)
                .in("tgt_cntr", CNTR).in("org_cntr", CNTR).in("cmpl_cntr", CNTR)
                .impl(guard((r, a) -> start(ctx(r, a), vector(PUTV_XFER, "LAPI_Putv", a, true))));
        b.call("LAPI_Getv", "lapi", "copy a vector of pieces from a target task to the calling task")
                .in("hndl", HNDL).in("tgt", TASK).in("tgt_vec", VEC).in("org_vec", VEC)
                .in("tgt_cntr", CNTR).in("org_cntr", CNTR)
                .impl(guard((r, a) -> start(ctx(r, a), vector(GETV_XFER, "LAPI_Getv", a, false))));
        b.call("LAPI_Amsend", "lapi", "send an active message: a header handler at the target chooses where the data goes")
                .in("hndl", HNDL).in("tgt", TASK).in("hdr_hdl", ANY_ADDR).in("uhdr", ADDR).in("uhdr_len", UINT)
                .in("udata", ADDR).in("udata_len", ULONG).in("tgt_cntr", CNTR).in("org_cntr", CNTR).in("cmpl_cntr", CNTR)
                .typed(Amsend.class, (r, h, tgt, hdr, uhdr, uhdrLen, udata, udataLen, tgtCntr, orgCntr, cmplCntr) -> {
                    try {
                        XferSpec x = am(r, AM_XFER, "LAPI_Amsend", tgt, hdr, uhdr, uhdrLen);
                        x.udata = udata;
                        x.udataLen = udataLen;
                        x.tgtCntr = tgtCntr;
                        x.orgCntr = orgCntr;
                        x.cmplCntr = cmplCntr;
                        start(LapiRank.of(r).context(h), x);
                    } catch (RuntimeException e) {
                        throw lapiError(e);
                    }
                });
        b.call("LAPI_Amsendv", "lapi", "send an active message whose data is a vector of pieces")
                .in("hndl", HNDL).in("tgt", TASK).in("hdr_hdl", ANY_ADDR).in("uhdr", ADDR).in("uhdr_len", UINT)
                .in("org_vec", VEC).in("tgt_cntr", CNTR).in("org_cntr", CNTR).in("cmpl_cntr", CNTR)
                .impl(guard((r, a) -> {
                    XferSpec x = am(r, AMV_XFER, "LAPI_Amsendv", a);
                    x.orgVecRaw = a.obj(5);
                    x.tgtCntr = a.l(6);
                    x.orgCntr = a.l(7);
                    x.cmplCntr = a.l(8);
                    return start(ctx(r, a), x);
                }));
        b.call("LAPI_Rmw", "lapi", "read-modify-write a 32-bit integer of a target task atomically")
                .in("hndl", HNDL).in("op", RMW_OP).in("tgt", TASK).in("tgt_var", INT_PTR).in("in_val", INT_PTR)
                .in("prev_tgt_val", INT_PTR).in("org_cntr", CNTR)
                .typed(Rmw.class, (r, h, op, tgt, tgtVar, inVal, prev, orgCntr) -> {
                    try {
                        start(LapiRank.of(r).context(h), rmw(op, tgt, 32, tgtVar, inVal, prev, orgCntr, "LAPI_Rmw"));
                    } catch (RuntimeException e) {
                        throw lapiError(e);
                    }
                });
        b.call("LAPI_Rmw64", "lapi", "read-modify-write a 64-bit integer of a target task atomically")
                .in("hndl", HNDL).in("op", RMW_OP).in("tgt", TASK).in("tgt_var", LL_PTR).in("in_val", LL_PTR)
                .in("prev_tgt_val", LL_PTR).in("org_cntr", CNTR)
                .typed(Rmw.class, (r, h, op, tgt, tgtVar, inVal, prev, orgCntr) -> {
                    try {
                        start(LapiRank.of(r).context(h), rmw(op, tgt, 64, tgtVar, inVal, prev, orgCntr, "LAPI_Rmw64"));
                    } catch (RuntimeException e) {
                        throw lapiError(e);
                    }
                });
    }

    /**
     * L54: status is the one field LAPI_Xfer writes (DGSP and AMX members): the call's return code, so a caller
     * that keeps the structure sees how its transfer started. The shell's and the scripts' objects get it back.
     */
    private static void writeStatus(XferSpec x, java.util.Map<String, Object> cmd, int code) {
        if (x.type != DGSP_XFER && x.type != AMX_XFER) return;
        try {
            cmd.put("status", (long) code);
        } catch (UnsupportedOperationException e) {
            // a structure the caller made read-only: nothing to write back into
        }
    }

    /** Starts a transfer of any type on the calling task. */
    static Object start(Context c, XferSpec x) {
        switch (x.type) {
            case PUT_XFER -> OneSided.put(c, x);
            case GET_XFER -> OneSided.get(c, x);
            case PUTV_XFER -> OneSided.putv(c, x);
            case GETV_XFER -> OneSided.getv(c, x);
            case RMW_XFER -> OneSided.rmw(c, x, x.call.equals("LAPI_Xfer"));
            case AM_XFER, AMV_XFER, DGSP_XFER, AMX_XFER, AM_LW_XFER -> ActiveMessages.send(c, x);
            default -> throw LapiErrors.fail(LapiErrors.XFER_CMD, "Xfer_type " + x.type);
        }
        return null;
    }

    private static XferSpec putGet(int type, String call, int tgt, long len, long tgtAddr, long orgAddr, long tgtCntr, long orgCntr, long cmplCntr) {
        XferSpec x = new XferSpec(type, call);
        x.tgt = tgt;
        x.len = len;
        x.tgtAddr = tgtAddr;
        x.orgAddr = orgAddr;
        x.tgtCntr = tgtCntr;
        x.orgCntr = orgCntr;
        x.cmplCntr = cmplCntr;
        return x;
    }

    private static XferSpec vector(int type, String call, Args a, boolean put) {
        XferSpec x = new XferSpec(type, call);
        x.tgt = a.i(1);
        x.tgtVecRaw = a.obj(2);
        x.orgVecRaw = a.obj(3);
        x.tgtCntr = a.l(4);
        x.orgCntr = a.l(5);
        if (put) x.cmplCntr = a.l(6);
        return x;
    }

    private static XferSpec am(Rank r, int type, String call, Args a) { return am(r, type, call, a.i(1), a.obj(2), a.l(3), a.i(4)); }

    private static XferSpec am(Rank r, int type, String call, int tgt, Object hdr, long uhdr, int uhdrLen) {
        XferSpec x = new XferSpec(type, call);
        x.tgt = tgt;
        x.hdrFn = hdr;
        x.hdrHdl = LapiRank.of(r).addressOf(hdr);
        x.uhdr = uhdr;
        x.uhdrLen = uhdrLen;
        return x;
    }

    // the typed bodies' shapes (Catalogue.CallBuilder#typed): the inputs in C order

    /** LAPI_Put: hndl, tgt, len, tgt_addr, org_addr, tgt_cntr, org_cntr, cmpl_cntr. */
    interface Put {
        void run(Rank r, int hndl, int tgt, long len, long tgtAddr, long orgAddr, long tgtCntr, long orgCntr, long cmplCntr);
    }

    /** LAPI_Rmw, LAPI_Rmw64: hndl, op, tgt, tgt_var, in_val, prev_tgt_val, org_cntr. */
    interface Rmw {
        void run(Rank r, int hndl, int op, int tgt, long tgtVar, long inVal, long prevTgtVal, long orgCntr);
    }

    /** LAPI_Get: as LAPI_Put without cmpl_cntr. */
    interface Get {
        void run(Rank r, int hndl, int tgt, long len, long tgtAddr, long orgAddr, long tgtCntr, long orgCntr);
    }

    /** LAPI_Amsend: hndl, tgt, hdr_hdl, uhdr, uhdr_len, udata, udata_len, tgt_cntr, org_cntr, cmpl_cntr. */
    interface Amsend {
        void run(Rank r, int hndl, int tgt, Object hdrHdl, long uhdr, int uhdrLen, long udata, long udataLen, long tgtCntr, long orgCntr,
                 long cmplCntr);
    }

    private static XferSpec rmw(int op, int tgt, int size, long tgtVar, long inVal, long prevTgtVal, long orgCntr, String call) {
        XferSpec x = new XferSpec(RMW_XFER, call);
        x.op = op;
        x.tgt = tgt;
        x.size = size;
        x.tgtVar = tgtVar;
        x.inVal = inVal;
        x.prevTgtVal = prevTgtVal;
        x.orgCntr = orgCntr;
        return x;
    }
}
