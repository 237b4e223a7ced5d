package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;

/**
 * The LAPI names the shell and scripts know, with lapi.h's values, written here from semantics.md (L2, L24, L37,
 * L38, L43, L48, L55, L60, L64, L74), not read from the runtime's tables. A name that lacks the LAPI_ prefix in C
 * (FETCH_AND_ADD, GET_ERR, USE_TGT_VEC_TYPE, L1_LIB) is there under both names, so scripts see LAPI.FETCH_AND_ADD.
 */
@Timeout(30)
class LapiConstantsTest {
    private static void enumeration(String group, List<String> namesInOrder) {
        for (int i = 0; i < namesInOrder.size(); i++) expect(group, namesInOrder.get(i), i);
    }

    private static void expect(String group, String name, long value) {
        for (String n : name.startsWith("LAPI_") ? List.of(name) : List.of(name, "LAPI_" + name)) {
            Constant c = Catalogue.get().constant(n);
            assertNotNull(c, n + " is not declared");
            assertEquals(group, c.group(), n + ": group");
            assertEquals(value, ((Number) c.value().apply(null)).longValue(), n + ": value");
        }
    }

    @Test
    void enumerationsHaveLapiHsValues() {
        // L55: transfer types, in enum order
        enumeration("lapi_xfer_type", List.of("LAPI_GET_XFER", "LAPI_AM_XFER", "LAPI_PUT_XFER", "LAPI_GETV_XFER", "LAPI_PUTV_XFER",
                "LAPI_AMV_XFER", "LAPI_RMW_XFER", "LAPI_DGSP_XFER", "LAPI_RDMA_XFER", "LAPI_AM_LW_XFER", "LAPI_AMX_XFER",
                "LAPI_MC_XFER", "LAPI_LAST_XFER"));
        // L48: read-modify-write operations
        enumeration("lapi_rmw_op", List.of("FETCH_AND_ADD", "FETCH_AND_OR", "SWAP"));
        // L2: the err_type an err_hndlr receives
        enumeration("lapi_err_type", List.of("GET_ERR", "PUT_ERR", "RMW_ERR", "AM_ERR", "INT_ERR", "TMR_ERR"));
        // L24: what LAPI_Setcntr_wstatus reports per destination
        enumeration("lapi_dest_status", List.of("LAPI_MSG_INITIAL", "LAPI_MSG_RECVD", "LAPI_MSG_PURGED", "LAPI_MSG_PURGED_RCVD",
                "LAPI_MSG_INVALID"));
        // L64: DGSP opcodes
        enumeration("lapi_dgsm_opcode", List.of("LAPI_DGSM_COPY", "LAPI_DGSM_MCOPY", "LAPI_DGSM_GOSUB", "LAPI_DGSM_ITERATE",
                "LAPI_DGSM_CONTROL"));
        // L43: vector types
        enumeration("lapi_vectype", List.of("LAPI_GEN_IOVECTOR", "LAPI_GEN_STRIDED_XFER", "LAPI_GEN_GENERIC"));
        // L37, L38: what a header handler returns
        enumeration("lapi_ret_flags", List.of("LAPI_NORMAL", "LAPI_LOCAL_STATE", "LAPI_SEND_REPLY"));
        enumeration("lapi_ctl_flags", List.of("LAPI_DELIVER_MSG", "LAPI_BURY_MSG", "LAPI_DROP_PKT"));
        // L4: the first queries of LAPI_Qenv, in enum order
        enumeration("lapi_query", List.of("TASK_ID", "NUM_TASKS", "MAX_UHDR_SZ", "MAX_DATA_SZ", "ERROR_CHK", "TIMEOUT",
                "MIN_TIMEOUT", "MAX_TIMEOUT", "INTERRUPT_SET"));
        // lapi_lib_t
        enumeration("lapi_lib", List.of("L1_LIB", "L2_LIB", "L3_LIB", "L4_LIB", "LAST_LIB"));
    }

    @Test
    void flagsAndStatusBitsHaveLapiHsValues() {
        Map<String, Long> flags = new LinkedHashMap<>(); // L60
        flags.put("USE_TGT_VEC_TYPE", 0x2L);
        flags.put("LAPI_USE_LAZY_ACKS", 0x4L);
        flags.put("BUFFER_BOTH_CONTIGUOUS", 0x10L);
        flags.put("LAPI_NOT_USE_BULK_XFER", 0x20L);
        flags.put("LAPI_USE_BULK_XFER", 0x40L);
        flags.put("LAPI_NOT_STRIPE", 0x80L);
        flags.put("LAPI_NO_LOCAL_COPY", 0x100L);
        flags.put("LAPI_RC_NO_LRU", 0x200L);
        flags.forEach((n, v) -> expect("lapi_flags", n, v));
        Map<String, Long> poll = new LinkedHashMap<>(); // L74: LAPI_Msgpoll status bits
        poll.put("LAPI_SEND_COMPLETE", 1L);
        poll.put("LAPI_RECV_COMPLETE", 2L);
        poll.put("LAPI_BOTH_COMPLETE", 3L);
        poll.put("LAPI_POLLING_NET", 4L);
        poll.put("LAPI_DISP_CNTR", 8L);
        poll.forEach((n, v) -> expect("lapi_msg_state", n, v));
    }
}
