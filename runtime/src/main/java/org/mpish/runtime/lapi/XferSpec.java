package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiConst.*;

import java.util.List;
import java.util.Map;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Rank;
import org.mpish.runtime.StructType;

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

    /** Reads LAPI_Xfer's argument; an unknown type is LAPI_ERR_XFER_CMD (L54). */
    static XferSpec parse(Rank r, Map<String, Object> m) {
        Object t = m == null ? null : m.get("Xfer_type") != null ? m.get("Xfer_type") : m.get("type"); // type=: the shell's short form
        if (t == null) throw LapiErrors.fail(LapiErrors.XFER_CMD, "xfer_cmd has no Xfer_type");
        int type = Fields.xferType(r, t);
        if (type < 0 || type >= LAST_XFER) throw LapiErrors.fail(LapiErrors.XFER_CMD, "Xfer_type " + type + " is not a transfer type");
        if (type == RDMA_XFER || type == MC_XFER) {
            throw LapiErrors.fail(LapiErrors.XFER_CMD, XFER_NAMES.get(type) + " is not available in mpish (hardware RDMA and"
                    + " LAPI_Group_create multicast are out of scope)");
        }
        String member = XFER_NAMES.get(type);
        // only the member Xfer_type names is read; a field of another member is ignored, as in C
        Fields f = new Fields(r, m, "xfer_cmd (" + member + ")", LapiStructs.XFER, LapiStructs.XFER.variant(member));
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
