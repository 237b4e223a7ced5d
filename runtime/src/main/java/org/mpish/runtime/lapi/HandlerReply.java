package org.mpish.runtime.lapi;

import java.util.List;
import java.util.Map;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Rank;

/**
 * What a header handler hands back (L31, L36-L40). In C it returns the buffer address and sets *comp_h,
 * *user_info and fields of the lapi_return_info_t; a JavaScript handler returns either a number (the buffer),
 * nothing (no buffer, no completion handler), or an object {buf, comp_h, user_info, ret_flags, ctl_flags,
 * dgsp_handle, bytes, recv_offset_dgsp_bytes}; a vector handler (LAPI_Amsendv) returns a lapi_vec_t object or
 * {tgt_vec, comp_h, user_info}.
 */
record HandlerReply(long buf, Vec tgtVec, Callback compH, Object userInfo, int retFlags, int ctlFlags, long dgsp,
                    long bytes, long recvOffset) {
    static final List<String> FIELDS = List.of("buf", "comp_h", "user_info", "ret_flags", "ctl_flags", "dgsp_handle", "bytes",
            "recv_offset_dgsp_bytes");
    static final List<String> VECTOR_FIELDS = List.of("tgt_vec", "comp_h", "user_info");

    static HandlerReply read(Rank r, Object result, boolean vector) {
        if (result == null || result == Callback.UNDEFINED) return new HandlerReply(0, null, null, null, 0, 0, 0, 0, 0);
        if (result instanceof Number n && !vector) return new HandlerReply(n.longValue(), null, null, null, 0, 0, 0, 0, 0);
        if (!(result instanceof Map<?, ?> m)) {
            throw LapiErrors.fail(LapiErrors.ERR_UNKNOWN, "the header handler returned " + result + "; expected "
                    + (vector ? "a lapi_vec_t object or {tgt_vec, comp_h, user_info}" : "a buffer address, nothing, or {buf, comp_h, user_info, ...}"));
        }
        if (vector && m.containsKey("vec_type")) return new HandlerReply(0, Vec.parse(r, m, "tgt_vec"), null, null, 0, 0, 0, 0, 0);
        Fields f = new Fields(r, m, vector ? "the vector header handler's result" : "the header handler's result");
        try {
            f.only(vector ? VECTOR_FIELDS : FIELDS);
        } catch (org.mpish.runtime.BadArgument e) {
            throw LapiErrors.fail(LapiErrors.ERR_UNKNOWN, e.getMessage());
        }
        return new HandlerReply(f.num("buf"), vector ? Vec.parse(r, f.raw("tgt_vec"), "tgt_vec") : null, f.fn("comp_h"),
                f.value("user_info"), f.integer("ret_flags"), f.integer("ctl_flags"), f.num("dgsp_handle"), f.num("bytes"),
                f.num("recv_offset_dgsp_bytes"));
    }
}
