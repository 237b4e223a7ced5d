package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiConst.*;

import java.util.Map;
import org.mpish.runtime.catalog.Catalogue;

/** The LAPI constants as catalogue names: the engine's values ({@link LapiConst}) under their C names. */
final class LapiConstCalls {
    private LapiConstCalls() {}

    /**
     * Declares a constant under its C name (for the shell) and, when that name lacks the LAPI_ prefix
     * (FETCH_AND_ADD, TASK_ID, USE_TGT_VEC_TYPE), also as LAPI_name so scripts see it as LAPI.name.
     */
    private static void both(Catalogue.Builder b, String cName, String group, Object value) {
        b.constant(cName, group, value);
        if (!cName.startsWith("LAPI_")) b.constant("LAPI_" + cName, group, value);
    }

    /** Declares every constant, so that the shell knows the names and scripts get LAPI.PUT_XFER etc. */
    static void declare(Catalogue.Builder b) {
        for (Map.Entry<Integer, String> e : LapiErrors.names().entrySet()) b.constant(e.getValue(), "lapi_error", e.getKey());
        b.constant("LAPI_ERR_FIRSTCODE", "lapi_error", LapiErrors.FIRSTCODE);
        b.constant("LAPI_ERR_LASTCODE", "lapi_error", LapiErrors.LASTCODE);
        b.constant("LAPI_MAX_ERR_STRING", "int", LapiErrors.MAX_ERR_STRING);
        for (int i = 0; i < XFER_NAMES.size(); i++) b.constant(XFER_NAMES.get(i), "lapi_xfer_type", i);
        for (int i = 0; i < RMW_NAMES.size(); i++) both(b, RMW_NAMES.get(i), "lapi_rmw_op", i);
        for (int i = 0; i < QUERIES.size(); i++) both(b, QUERIES.get(i), "lapi_query", i);
        for (int i = 0; i < UTIL_NAMES.size(); i++) b.constant(UTIL_NAMES.get(i), "lapi_util_type", i);
        String[] errTypes = {"GET_ERR", "PUT_ERR", "RMW_ERR", "AM_ERR", "INT_ERR", "TMR_ERR"};
        for (int i = 0; i < errTypes.length; i++) both(b, errTypes[i], "lapi_err_type", i);
        String[] libs = {"L1_LIB", "L2_LIB", "L3_LIB", "L4_LIB", "LAST_LIB"};
        for (int i = 0; i < libs.length; i++) both(b, libs[i], "lapi_lib", i);
        b.constant("LAPI_INTERRUPT_OFF", "lapi_protocol", INTERRUPT_OFF);
        Object[][] flags = {{"USE_TGT_VEC_TYPE", USE_TGT_VEC_TYPE}, {"LAPI_USE_LAZY_ACKS", USE_LAZY_ACKS},
                {"BUFFER_BOTH_CONTIGUOUS", BUFFER_BOTH_CONTIGUOUS}, {"LAPI_NOT_USE_BULK_XFER", NOT_USE_BULK_XFER},
                {"LAPI_USE_BULK_XFER", USE_BULK_XFER}, {"LAPI_NOT_STRIPE", NOT_STRIPE},
                {"LAPI_NO_LOCAL_COPY", NO_LOCAL_COPY}, {"LAPI_RC_NO_LRU", RC_NO_LRU}};
        for (Object[] f : flags) both(b, (String) f[0], "lapi_flags", f[1]);
        b.constant("LAPI_GEN_IOVECTOR", "lapi_vectype", GEN_IOVECTOR);
        b.constant("LAPI_GEN_STRIDED_XFER", "lapi_vectype", GEN_STRIDED_XFER);
        b.constant("LAPI_GEN_GENERIC", "lapi_vectype", GEN_GENERIC);
        b.constant("LAPI_NORMAL", "lapi_ret_flags", NORMAL);
        b.constant("LAPI_LOCAL_STATE", "lapi_ret_flags", LOCAL_STATE);
        b.constant("LAPI_SEND_REPLY", "lapi_ret_flags", SEND_REPLY);
        b.constant("LAPI_DELIVER_MSG", "lapi_ctl_flags", DELIVER_MSG);
        b.constant("LAPI_BURY_MSG", "lapi_ctl_flags", BURY_MSG);
        b.constant("LAPI_DROP_PKT", "lapi_ctl_flags", DROP_PKT);
        String[] poll = {"LAPI_COMPLETE", "LAPI_SEND_COMPLETE", "LAPI_RECV_COMPLETE", "LAPI_BOTH_COMPLETE"};
        for (int i = 0; i < poll.length; i++) b.constant(poll[i], "lapi_msg_state", i);
        b.constant("LAPI_POLLING_NET", "lapi_msg_state", POLLING_NET);
        b.constant("LAPI_DISP_CNTR", "lapi_msg_state", DISP_CNTR);
        String[] st = {"LAPI_MSG_INITIAL", "LAPI_MSG_RECVD", "LAPI_MSG_PURGED", "LAPI_MSG_PURGED_RCVD", "LAPI_MSG_INVALID"};
        for (int i = 0; i < st.length; i++) b.constant(st[i], "lapi_dest_status", i);
        String[] ops = {"LAPI_DGSM_COPY", "LAPI_DGSM_MCOPY", "LAPI_DGSM_GOSUB", "LAPI_DGSM_ITERATE", "LAPI_DGSM_CONTROL"};
        for (int i = 0; i < ops.length; i++) b.constant(ops[i], "lapi_dgsm_opcode", i);
        b.constant("LAPI_DGSM_NO_CTL", "lapi_dgsm_opcode", DGSM_NO_CTL);
        b.constant("LAPI_DGSM_COPY_SIZE", "int", DGSM_COPY_SIZE);
        b.constant("LAPI_DGSM_MCOPY_SIZE", "int", DGSM_MCOPY_SIZE);
        b.constant("LAPI_DGSM_MCOPY_BLOCK_SIZE", "int", DGSM_MCOPY_BLOCK_SIZE);
        b.constant("LAPI_DGSM_GOSUB_SIZE", "int", DGSM_GOSUB_SIZE);
        b.constant("LAPI_DGSM_ITERATE_SIZE", "int", DGSM_ITERATE_SIZE);
        b.constant("LAPI_DGSM_CONTROL_SIZE", "int", DGSM_CONTROL_SIZE);
        b.constant("LAPI_DGSM_SPARSE", "lapi_dgsp_density", DGSM_SPARSE);
        b.constant("LAPI_DGSM_CONTIG", "lapi_dgsp_density", DGSM_CONTIG);
        b.constant("LAPI_DGSM_UNIT", "lapi_dgsp_density", DGSM_UNIT);
        b.constant("LAPI_BYTE", "lapi_dgsp", LAPI_BYTE);
        b.constant("LAPI_ADDR_NULL", "address", 0L);
        b.constant("LAPI_MAX_MSG_SZ", "int", MAX_MSG_SZ);
    }
}
