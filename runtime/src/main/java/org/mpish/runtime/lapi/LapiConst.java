package org.mpish.runtime.lapi;

import java.util.List;

/** The enumerations and flags of lapi.h, with mpish's values for the environment queries. */
public final class LapiConst {
    private LapiConst() {}

    // lapi_xfer_type_t (L55)
    public static final int GET_XFER = 0, AM_XFER = 1, PUT_XFER = 2, GETV_XFER = 3, PUTV_XFER = 4, AMV_XFER = 5,
            RMW_XFER = 6, DGSP_XFER = 7, RDMA_XFER = 8, AM_LW_XFER = 9, AMX_XFER = 10, MC_XFER = 11, LAST_XFER = 12;
    public static final List<String> XFER_NAMES = List.of("LAPI_GET_XFER", "LAPI_AM_XFER", "LAPI_PUT_XFER",
            "LAPI_GETV_XFER", "LAPI_PUTV_XFER", "LAPI_AMV_XFER", "LAPI_RMW_XFER", "LAPI_DGSP_XFER", "LAPI_RDMA_XFER",
            "LAPI_AM_LW_XFER", "LAPI_AMX_XFER", "LAPI_MC_XFER", "LAPI_LAST_XFER");

    // RMW_ops_t (L48, L49)
    public static final int FETCH_AND_ADD = 0, FETCH_AND_OR = 1, SWAP = 2, COMPARE_AND_SWAP = 3;
    public static final List<String> RMW_NAMES = List.of("FETCH_AND_ADD", "FETCH_AND_OR", "SWAP", "COMPARE_AND_SWAP");

    // lapi_query_t (L4), in enum order
    public static final List<String> QUERIES = List.of("TASK_ID", "NUM_TASKS", "MAX_UHDR_SZ", "MAX_DATA_SZ",
            "ERROR_CHK", "TIMEOUT", "MIN_TIMEOUT", "MAX_TIMEOUT", "INTERRUPT_SET", "MAX_PORTS", "MAX_PKT_SZ",
            "NUM_REX_BUFS", "REX_BUF_SZ", "LOC_ADDRTBL_SZ", "EPOCH_NUM", "USE_THRESH", "RCV_FIFO_SIZE",
            "MAX_ATOM_SIZE", "BUF_CP_SIZE", "MAX_PKTS_OUT", "ACK_THRESHOLD", "QUERY_SHM_ENABLED",
            "QUERY_SHM_NUM_TASKS", "QUERY_SHM_TASKS", "QUERY_STATISTICS", "PRINT_STATISTICS",
            "QUERY_SHM_STATISTICS", "QUERY_LOCAL_SEND_STATISTICS", "BULK_XFER", "BULK_MIN_MSG_SIZE",
            "RDMA_REMOTE_RCXT_AVAIL", "RDMA_REMOTE_RCXT_TOTAL", "RC_MAX_QP", "RC_QP_IN_USE", "RC_QP_USE_LRU",
            "RC_QP_USE_LMC", "RC_QP_INIT_SETUP", "LAST_QUERY");
    public static final int TASK_ID = 0, NUM_TASKS = 1, MAX_UHDR_SZ_Q = 2, MAX_DATA_SZ_Q = 3, ERROR_CHK = 4,
            TIMEOUT = 5, MIN_TIMEOUT_Q = 6, MAX_TIMEOUT_Q = 7, INTERRUPT_SET = 8, LOC_ADDRTBL_SZ_Q = 13,
            EPOCH_NUM = 14, ACK_THRESHOLD = 20, QUERY_SHM_TASKS = 23, QUERY_STATISTICS = 24, PRINT_STATISTICS = 25,
            QUERY_SHM_STATISTICS = 26, QUERY_LOCAL_SEND_STATISTICS = 27, LAST_QUERY = 37;

    /** mpish's environment: fixed values of the queries that are not per context. */
    public static final int MAX_UHDR_SZ = 960, MAX_PKT_SZ = 1024, LOC_ADDRTBL_SZ = 128, MAX_ATOM_SIZE = 64,
            MIN_TIMEOUT = 10, MAX_TIMEOUT = 86400, DEFAULT_TIMEOUT = 900, MAX_PKTS_OUT = 32, DEFAULT_ACK_THRESHOLD = 30,
            MAX_INSTANCES = 16, DOUBLEWORD = 8;
    public static final long MAX_MSG_SZ = Long.MAX_VALUE;
    public static final int MAX_DATA_SZ = Integer.MAX_VALUE;

    // lapi_err_t (L2)
    public static final int GET_ERR = 0, PUT_ERR = 1, RMW_ERR = 2, AM_ERR = 3, INT_ERR = 4, TMR_ERR = 5;
    // lapi_lib_t
    public static final int L1_LIB = 0, L2_LIB = 1, L3_LIB = 2, L4_LIB = 3, LAST_LIB = 4;
    // lapi_info_t.protocol flag
    public static final long INTERRUPT_OFF = 0x20000000L;

    // flags of the transfer structures (L60)
    public static final int USE_TGT_VEC_TYPE = 0x2, USE_LAZY_ACKS = 0x4, BUFFER_BOTH_CONTIGUOUS = 0x10,
            NOT_USE_BULK_XFER = 0x20, USE_BULK_XFER = 0x40, NOT_STRIPE = 0x80, NO_LOCAL_COPY = 0x100, RC_NO_LRU = 0x200;
    public static final int KNOWN_FLAGS = 0x2 | 0x4 | 0x10 | 0x20 | 0x40 | 0x80 | 0x100 | 0x200;

    // lapi_vectype_t (L43)
    public static final int GEN_IOVECTOR = 0, GEN_STRIDED_XFER = 1, GEN_GENERIC = 2;

    // header handler return info (L37, L38)
    public static final int NORMAL = 0, LOCAL_STATE = 1, SEND_REPLY = 2;
    public static final int DELIVER_MSG = 0, BURY_MSG = 1, DROP_PKT = 2;

    // LAPI_Msgpoll status bits (L74)
    public static final int COMPLETE = 0, SEND_COMPLETE = 1, RECV_COMPLETE = 2, BOTH_COMPLETE = 3, POLLING_NET = 4,
            DISP_CNTR = 8;

    // LAPI_Setcntr_wstatus states (L24)
    public static final int MSG_INITIAL = 0, MSG_RECVD = 1, MSG_PURGED = 2, MSG_PURGED_RCVD = 3, MSG_INVALID = 4;

    // DGSP (L63, L64, L66); mpish encodes one code element per field
    public static final int DGSM_COPY = 0, DGSM_MCOPY = 1, DGSM_GOSUB = 2, DGSM_ITERATE = 3, DGSM_CONTROL = 4;
    public static final int DGSM_NO_CTL = -1;
    public static final int DGSM_COPY_SIZE = 3, DGSM_MCOPY_SIZE = 4, DGSM_MCOPY_BLOCK_SIZE = 2, DGSM_GOSUB_SIZE = 6,
            DGSM_ITERATE_SIZE = 2, DGSM_CONTROL_SIZE = 3;
    public static final int DGSM_SPARSE = 0, DGSM_CONTIG = 1, DGSM_UNIT = 2;
    public static final List<String> UTIL_NAMES = List.of("LAPI_REGISTER_DGSP", "LAPI_RESERVE_DGSP",
            "LAPI_UNRESERVE_DGSP", "LAPI_REG_DDM_FUNC", "LAPI_DGSP_PACK", "LAPI_DGSP_UNPACK", "LAPI_ADD_UDP_DEST_PORT",
            "LAPI_GET_THREAD_FUNC", "LAPI_REMOTE_RCXT", "LAPI_XLATE_ADDRESS", "LAPI_REGISTER_NOTIFICATION",
            "LAPI_TRIGGER_ADD", "LAPI_TRIGGER_REMOVE", "LAPI_ADD_UDP_DEST_EXT", "LAPI_STAT_SAVE", "LAPI_LAST_UTIL");
    public static final int REGISTER_DGSP = 0, RESERVE_DGSP = 1, UNRESERVE_DGSP = 2, REG_DDM_FUNC = 3, DGSP_PACK = 4,
            DGSP_UNPACK = 5, LAST_UTIL = 15;

    /** Handles of DGSPs and addresses of functions live outside data memory, so they never alias a buffer. */
    public static final long DGSP_BASE = 0xD65B_0000_0000L, CODE_BASE = 0xC0DE_0000_0000L;
    public static final long LAPI_BYTE = DGSP_BASE;
}
