package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiConst.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Rank;

/**
 * One transfer request: the fields of the lapi_xfer_t union member for its type (L59), whether it came from
 * LAPI_Xfer or from a stand-alone call (LAPI_Put, LAPI_Amsend, ...), which fill the same fields. Fields a
 * member does not have stay 0 / NULL.
 */
final class XferSpec {
    final int type;
    final String call;
    int flags, tgt, op, size;
    long tgtAddr, orgAddr, len, hdrHdl, uhdr, uhdrLen, udata, udataLen, tgtCntr, orgCntr, cmplCntr;
    long tgtVar, inVal, prevTgtVal, dgsp, sendOffset;
    Object hdrFn;
    Callback shdlr, chndlr;
    Object sinfo, cinfo;
    Object orgVecRaw, tgtVecRaw;
    boolean orgVecGiven, tgtVecGiven;

    XferSpec(int type, String call) {
        this.type = type;
        this.call = call;
    }

    private static final List<String> GET = List.of("flags", "tgt", "tgt_addr", "org_addr", "len", "tgt_cntr", "org_cntr", "chndlr", "cinfo");
    private static final List<String> AM = List.of("flags", "tgt", "hdr_hdl", "uhdr_len", "uhdr", "udata", "udata_len", "shdlr",
            "sinfo", "tgt_cntr", "org_cntr", "cmpl_cntr");
    private static final List<String> PUT = List.of("flags", "tgt", "tgt_addr", "org_addr", "len", "shdlr", "sinfo", "tgt_cntr",
            "org_cntr", "cmpl_cntr");
    private static final List<String> GETV = List.of("flags", "tgt", "org_vec", "tgt_vec", "tgt_cntr", "org_cntr", "chndlr", "cinfo");
    private static final List<String> PUTV = List.of("flags", "tgt", "shdlr", "sinfo", "org_vec", "tgt_vec", "tgt_cntr", "org_cntr",
            "cmpl_cntr");
    private static final List<String> AMV = List.of("flags", "tgt", "hdr_hdl", "uhdr_len", "uhdr", "shdlr", "sinfo", "org_vec",
            "tgt_cntr", "org_cntr", "cmpl_cntr");
    private static final List<String> RMW = List.of("op", "tgt", "size", "tgt_var", "in_val", "prev_tgt_val", "org_cntr", "shdlr", "sinfo");
    private static final List<String> AM_LW = List.of("flags", "tgt", "hdr_hdl", "uhdr_len", "uhdr", "udata", "udata_len");

    /** The fields of the union member for {@code type} (L59); mpish's own for LAPI_AM_LW_XFER. */
    static List<String> fields(int type) {
        List<String> f = new ArrayList<>(switch (type) {
            case GET_XFER -> GET;
            case AM_XFER -> AM;
            case PUT_XFER -> PUT;
            case GETV_XFER -> GETV;
            case PUTV_XFER -> PUTV;
            case AMV_XFER -> AMV;
            case RMW_XFER -> RMW;
            case DGSP_XFER -> concat(AM, "dgsp", "status");
            case AMX_XFER -> concat(AM, "dgsp", "status", "send_offset_dgsp_bytes");
            case AM_LW_XFER -> AM_LW;
            default -> List.of();
        });
        f.add("Xfer_type");
        f.add("type");
        f.add("pad");
        return f;
    }

    private static List<String> concat(List<String> a, String... more) {
        List<String> l = new ArrayList<>(a);
        l.addAll(List.of(more));
        return l;
    }

    /** Reads LAPI_Xfer's argument; an unknown type is LAPI_ERR_XFER_CMD (L54). */
    static XferSpec parse(Rank r, Map<String, Object> m) {
        Object t = m == null ? null : m.get("Xfer_type") != null ? m.get("Xfer_type") : m.get("type");
        if (t == null) throw LapiErrors.fail(LapiErrors.XFER_CMD, "xfer_cmd has no Xfer_type");
        int type = Fields.xferType(r, t);
        if (type < 0 || type >= LAST_XFER) throw LapiErrors.fail(LapiErrors.XFER_CMD, "Xfer_type " + type + " is not a transfer type");
        if (type == RDMA_XFER || type == MC_XFER) {
            throw LapiErrors.fail(LapiErrors.XFER_CMD, XFER_NAMES.get(type) + " is not available in mpish (hardware RDMA and"
                    + " LAPI_Group_create multicast are out of scope)");
        }
        String member = XFER_NAMES.get(type);
        Fields f = new Fields(r, m, "xfer_cmd (" + member + ")");
        f.only(fields(type));
        XferSpec x = new XferSpec(type, "LAPI_Xfer");
        x.flags = f.integer("flags");
        x.tgt = f.integer("tgt");
        x.tgtAddr = f.num("tgt_addr");
        x.orgAddr = f.num("org_addr");
        x.len = f.num("len");
        x.hdrFn = f.raw("hdr_hdl");
        x.hdrHdl = f.addr("hdr_hdl");
        x.uhdr = f.num("uhdr");
        x.uhdrLen = f.num("uhdr_len");
        x.udata = f.num("udata");
        x.udataLen = f.num("udata_len");
        x.tgtCntr = f.num("tgt_cntr");
        x.orgCntr = f.num("org_cntr");
        x.cmplCntr = f.num("cmpl_cntr");
        x.shdlr = f.fn("shdlr");
        x.sinfo = f.value("sinfo");
        x.chndlr = f.fn("chndlr");
        x.cinfo = f.value("cinfo");
        x.orgVecRaw = f.raw("org_vec");
        x.tgtVecRaw = f.raw("tgt_vec");
        x.op = f.integer("op");
        x.size = f.integer("size");
        x.tgtVar = f.num("tgt_var");
        x.inVal = f.num("in_val");
        x.prevTgtVal = f.num("prev_tgt_val");
        x.dgsp = f.num("dgsp");
        x.sendOffset = f.num("send_offset_dgsp_bytes");
        return x;
    }

    String member() { return XFER_NAMES.get(type); }
}
