package org.mpish.runtime.lapi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The LAPI return codes of lapi.h (RSCT 1.39.1.24), each with the one text LAPI_Msg_string gives for it. Texts
 * are written for mpish; obsolete aliases that reuse a number (L79) are not separate codes.
 */
public final class LapiErrors {
    private LapiErrors() {}

    public static final int LAPI_SUCCESS = 0;
    public static final int ERR_UNKNOWN = 400, ALL_HNDL_IN_USE = 401, INFO_NULL = 405, HDR_HNDLR_NULL = 409,
            TIMEOUT = 413, HNDL_INVALID = 417, RET_PTR_NULL = 418, ADDR_HNDL_RANGE = 419, ADDR_TBL_NULL = 420,
            TGT_PURGED = 421, MULTIPLE_WAITERS = 422, MEMORY_EXHAUSTED = 423, INFO_NONZERO = 424,
            ORG_ADDR_NULL = 425, TGT_ADDR_NULL = 426, DATA_LEN = 427, TGT = 428, UHDR_NULL = 429, UHDR_LEN = 430,
            HDR_LEN = 431, ORG_EXTENT = 432, ORG_STRIDE = 433, ORG_VEC_ADDR = 440, ORG_VEC_LEN = 441,
            ORG_VEC_NULL = 442, ORG_VEC_TYPE = 443, STRIDE_ORG_VEC_ADDR_NULL = 444, STRIDE_TGT_VEC_ADDR_NULL = 445,
            TGT_EXTENT = 446, TGT_STRIDE = 447, TGT_VEC_ADDR = 448, TGT_VEC_LEN = 449, TGT_VEC_NULL = 451,
            TGT_VEC_TYPE = 452, VEC_NUM_DIFF = 453, VEC_TYPE_DIFF = 454, VEC_LEN_DIFF = 455, MSG_INFO_NULL = 456,
            POLLING_NET = 457, CNTR_NULL = 458, CNTR_VAL = 459, QUERY_TYPE = 460, IN_VAL_NULL = 461, RMW_OP = 462,
            TGT_VAR_NULL = 463, SET_VAL = 464, DGSP = 465, DGSP_ATOM = 466, DGSP_BRANCH = 467, DGSP_CTL = 468,
            DGSP_COPY_SZ = 469, DGSP_FREE = 470, DGSP_OPC = 471, DGSP_REPS = 472, DGSP_STACK = 473, OP_SZ = 474,
            XFER_CMD = 476, UTIL_CMD = 477, CATALOG_FAIL = 478, PACK_SZ = 479, DGSP_OTHER = 480,
            INVALID_SEND_REPLY_TGT = 501, LW_DATA_LEN = 515, NO_HNDLR_SET = 516, OFFSET_LEN = 517,
            CODE_UNKNOWN = 519, TASK_NUM = 523, NULL_LIST = 524, GRP_MEMBER = 525, NULL_GRP = 526, GRP = 527;

    public static final int FIRSTCODE = 400, LASTCODE = 528, MAX_ERR_STRING = 160;

    private static final Map<Integer, String[]> CODES = new LinkedHashMap<>();

    private static void code(int v, String name, String text) { CODES.put(v, new String[] {name, text}); }

    static {
        code(0, "LAPI_SUCCESS", "The call completed successfully.");
        code(400, "LAPI_ERR_UNKNOWN", "An internal communication error occurred (reported asynchronously).");
        code(401, "LAPI_ERR_ALL_HNDL_IN_USE", "Every LAPI instance of this task is already in use.");
        code(402, "LAPI_ERR_BOTH_NETSTR_SET", "Both network statements are set for one LAPI instance.");
        code(403, "LAPI_ERR_CKPT_LOAD_FAILED", "Checkpoint support could not be loaded.");
        code(404, "LAPI_ERR_CSS_LOAD_FAILED", "The user-space communication library could not be loaded.");
        code(405, "LAPI_ERR_INFO_NULL", "The lapi_info pointer passed to LAPI_Init is NULL.");
        code(406, "LAPI_ERR_MSG_API", "The MP_MSG_API setting is not valid.");
        code(407, "LAPI_ERR_NO_NETSTR_SET", "No network statement is set.");
        code(408, "LAPI_ERR_NO_UDP_HNDLR", "A user UDP handler was requested but none was given.");
        code(409, "LAPI_ERR_HDR_HNDLR_NULL", "The header handler is NULL or unknown at the target.");
        code(410, "LAPI_ERR_PSS_NON_ROOT", "Only root may initialize the PSS protocol.");
        code(411, "LAPI_WARN_PARM_NULL", "Warning: a NULL address was passed.");
        code(412, "LAPI_ERR_SHM_KE_NOT_LOADED", "The shared-memory kernel extension is not loaded.");
        code(413, "LAPI_ERR_TIMEOUT", "A communication timeout occurred (reported asynchronously).");
        code(414, "LAPI_ERR_REG_TIMER", "The timer could not be registered again.");
        code(415, "LAPI_ERR_UDP_PKT_SZ", "The UDP packet size is out of range.");
        code(416, "LAPI_ERR_USER_UDP_HNDLR_FAIL", "The user UDP handler returned an error.");
        code(417, "LAPI_ERR_HNDL_INVALID", "The LAPI handle is not initialized or has been terminated.");
        code(418, "LAPI_ERR_RET_PTR_NULL", "The pointer for a returned value is NULL.");
        code(419, "LAPI_ERR_ADDR_HNDL_RANGE", "The address-table index is outside 1 .. LOC_ADDRTBL_SZ-1.");
        code(420, "LAPI_ERR_ADDR_TBL_NULL", "The address table to fill in is NULL.");
        code(421, "LAPI_ERR_TGT_PURGED", "The target task has been purged.");
        code(422, "LAPI_ERR_MULTIPLE_WAITERS", "Another thread already waits on this counter.");
        code(423, "LAPI_ERR_MEMORY_EXHAUSTED", "Storage could not be allocated.");
        code(424, "LAPI_ERR_INFO_NONZERO", "Unused fields of lapi_info_t must be zero.");
        code(425, "LAPI_ERR_ORG_ADDR_NULL", "The origin address is NULL (or not in memory) while the length is not 0.");
        code(426, "LAPI_ERR_TGT_ADDR_NULL", "The target address is NULL (or not in memory) while the length is not 0.");
        code(427, "LAPI_ERR_DATA_LEN", "The length is negative or larger than LAPI_MAX_MSG_SZ (or MAX_DATA_SZ, the most one transfer moves).");
        code(428, "LAPI_ERR_TGT", "The target task is not in 0 .. NUM_TASKS-1.");
        code(429, "LAPI_ERR_UHDR_NULL", "The user header is NULL while uhdr_len is not 0.");
        code(430, "LAPI_ERR_UHDR_LEN", "The user header is longer than MAX_UHDR_SZ, or its length is not a multiple of the doubleword (8 bytes).");
        code(431, "LAPI_ERR_HDR_LEN", "The header length is not valid (mpish reports user header lengths with LAPI_ERR_UHDR_LEN).");
        code(432, "LAPI_ERR_ORG_EXTENT", "The origin vector's extent is too large.");
        code(433, "LAPI_ERR_ORG_STRIDE", "The origin vector's stride is smaller than its block.");
        code(434, "LAPI_ERR_NO_CONNECTIVITY", "There is no connectivity to the task.");
        code(435, "LAPI_ERR_ADAPTERS_DOWN", "Every adapter is down.");
        code(436, "LAPI_ERR_RECV_INCOMP", "A receive did not complete.");
        code(437, "LAPI_ERR_SEND_INCOMP", "A send did not complete.");
        code(438, "LAPI_ERR_SEND_TIMEOUT", "A send timed out.");
        code(439, "LAPI_ERR_SHM_SETUP", "Shared-memory setup failed.");
        code(440, "LAPI_ERR_ORG_VEC_ADDR", "A piece of the origin vector has a NULL address and a length above 0.");
        code(441, "LAPI_ERR_ORG_VEC_LEN", "A piece of the origin vector is too long.");
        code(442, "LAPI_ERR_ORG_VEC_NULL", "The origin vector is NULL.");
        code(443, "LAPI_ERR_ORG_VEC_TYPE", "The origin vector's type is not valid.");
        code(444, "LAPI_ERR_STRIDE_ORG_VEC_ADDR_NULL", "The base address of the strided origin vector is NULL.");
        code(445, "LAPI_ERR_STRIDE_TGT_VEC_ADDR_NULL", "The base address of the strided target vector is NULL.");
        code(446, "LAPI_ERR_TGT_EXTENT", "The target vector's extent is too large.");
        code(447, "LAPI_ERR_TGT_STRIDE", "The target vector's stride is smaller than its block.");
        code(448, "LAPI_ERR_TGT_VEC_ADDR", "A piece of the target vector has a NULL address and a length above 0.");
        code(449, "LAPI_ERR_TGT_VEC_LEN", "A piece of the target vector is too long.");
        code(450, "LAPI_ERR_CKPT", "Checkpoint, restart or resume failed.");
        code(451, "LAPI_ERR_TGT_VEC_NULL", "The target vector is NULL.");
        code(452, "LAPI_ERR_TGT_VEC_TYPE", "The target vector's type is not valid.");
        code(453, "LAPI_ERR_VEC_NUM_DIFF", "The origin and target vectors have different num_vecs.");
        code(454, "LAPI_ERR_VEC_TYPE_DIFF", "The origin and target vectors have different vec_type.");
        code(455, "LAPI_ERR_VEC_LEN_DIFF", "The origin and target vectors have different lengths.");
        code(456, "LAPI_ERR_MSG_INFO_NULL", "The info pointer passed to LAPI_Msgpoll is NULL.");
        code(457, "LAPI_ERR_POLLING_NET", "Another thread is polling the network; try again later.");
        code(458, "LAPI_ERR_CNTR_NULL", "The counter address is NULL (or not in memory).");
        code(459, "LAPI_ERR_CNTR_VAL", "The counter value to wait for is not above 0.");
        code(460, "LAPI_ERR_QUERY_TYPE", "The query is not valid here.");
        code(461, "LAPI_ERR_IN_VAL_NULL", "The in_val address of the read-modify-write is NULL.");
        code(462, "LAPI_ERR_RMW_OP", "The read-modify-write operation is not valid.");
        code(463, "LAPI_ERR_TGT_VAR_NULL", "The target variable address of the read-modify-write is NULL.");
        code(464, "LAPI_ERR_SET_VAL", "The value given to LAPI_Senv is not valid for that setting.");
        code(465, "LAPI_ERR_DGSP", "The DGSP is NULL or not registered.");
        code(466, "LAPI_ERR_DGSP_ATOM", "The DGSP atom_size is not valid.");
        code(467, "LAPI_ERR_DGSP_BRANCH", "A DGSP branch leaves the program.");
        code(468, "LAPI_ERR_DGSP_CTL", "A DGSP control instruction is not valid where it is.");
        code(469, "LAPI_ERR_DGSP_COPY_SZ", "A DGSP copy has a bad length.");
        code(470, "LAPI_ERR_DGSP_FREE", "The DGSP to free is not valid.");
        code(471, "LAPI_ERR_DGSP_OPC", "A DGSP opcode is not valid.");
        code(472, "LAPI_ERR_DGSP_REPS", "A DGSP repetition count is negative.");
        code(473, "LAPI_ERR_DGSP_STACK", "The DGSP stack depth is not above 0 or too small for the program.");
        code(474, "LAPI_ERR_OP_SZ", "The read-modify-write size is neither 32 nor 64.");
        code(475, "LAPI_ERR_UDP_PORT_INFO", "The UDP port information is NULL.");
        code(476, "LAPI_ERR_XFER_CMD", "The LAPI_Xfer transfer type is not valid.");
        code(477, "LAPI_ERR_UTIL_CMD", "The LAPI_Util command type is not valid.");
        code(478, "LAPI_ERR_CATALOG_FAIL", "The message catalog could not be opened.");
        code(479, "LAPI_ERR_PACK_SZ", "The pack or unpack buffer is too small.");
        code(480, "LAPI_ERR_DGSP_OTHER", "The DGSP is not valid (for example its code size is 0).");
        code(481, "LAPI_ERR_UDP_SOCKET", "A UDP socket operation failed.");
        code(482, "LAPI_ERR_COLLECTIVE_PSS", "A collective call was attempted on PSS.");
        code(483, "LAPI_ERR_DMA_HNDL", "Kernel LAPI DMA handle error.");
        code(484, "LAPI_ERR_DMA_TAG", "Kernel LAPI DMA posted-tag error.");
        code(485, "LAPI_ATT_FR_SETUP_INTERNAL", "Failover setup failed.");
        code(486, "LAPI_ATT_FR_SETUP_NONAM", "Failover setup failed: no NAM.");
        code(487, "LAPI_ATT_FR_SETUP_NOHAGS", "Failover setup failed: no HAGS.");
        code(488, "LAPI_ATT_FR_SETUP_BADPOE", "Failover setup failed: POE too old.");
        code(489, "LAPI_ATT_FR_SETUP_NOPOE", "Failover setup failed: no POE object.");
        code(490, "LAPI_ATT_FR_SETUP_NONSNX", "Failover setup failed: not an snX device.");
        code(491, "LAPI_ATT_FR_HALTED", "The failover function halted.");
        code(492, "LAPI_ERR_TGT_CONTEXT", "The RDMA target context is not valid.");
        code(493, "LAPI_ERR_SRC_CONTEXT", "The RDMA source context is not valid.");
        code(494, "LAPI_ERR_TGT_BUFHNDL", "The RDMA target buffer handle is not valid.");
        code(495, "LAPI_ERR_SRC_BUFHNDL", "The RDMA source buffer handle is not valid.");
        code(496, "LAPI_ERR_TGT_OFFSET", "The RDMA target offset is not valid.");
        code(497, "LAPI_ERR_SRC_OFFSET", "The RDMA source offset is not valid.");
        code(498, "LAPI_ERR_NO_RDMA_RESOURCE", "No RDMA resources are available.");
        code(499, "LAPI_ATT_BULK_ENABLED", "Bulk transfer is enabled.");
        code(500, "LAPI_ATT_COMM_TIMEOUT", "Timeout between tasks.");
        code(501, "LAPI_ERR_INVALID_SEND_REPLY_TGT",
                "A reply sent from an inline completion handler must go to the message's source.");
        code(502, "LAPI_ATT_SHMINIT_FAIL", "Shared-memory initialization failed.");
        code(503, "LAPI_ATT_SHMINIT_CKPT_FAIL", "Shared-memory initialization failed at checkpoint.");
        code(504, "LAPI_ATT_SHM_SINGLE_TASK", "A single task on the node: no shared memory.");
        code(505, "LAPI_ATT_SHM_CREATE_FAIL", "The shared-memory segment could not be created.");
        code(506, "LAPI_ATT_SHM_GET_FAIL", "The shared-memory segment could not be attached.");
        code(507, "LAPI_ATT_SHM_ATT_FAIL", "The cross-memory attach failed.");
        code(508, "LAPI_ATT_SHM_NO_SEGATT", "No cross-memory copy segment could be obtained.");
        code(509, "LAPI_ATT_PORT_START", "The HAL port to start message passing.");
        code(510, "LAPI_ERR_NO_ENV_VAR", "A required environment variable is not set.");
        code(511, "LAPI_ERR_NO_CALLBACK_REG", "No callback is registered.");
        code(512, "LAPI_ERR_NO_CNTR_REG", "No counter is registered.");
        code(513, "LAPI_ERR_XLATE_FAILED", "RDMA address translation failed.");
        code(514, "LAPI_ERR_RDMA_RESOURCES", "No more RDMA resources.");
        code(515, "LAPI_ERR_LW_DATA_LEN", "The data or header length is not valid for LAPI_AM_LW_XFER.");
        code(516, "LAPI_ERR_NO_HNDLR_SET", "No header handler is set for LAPI_AM_LW_XFER.");
        code(517, "LAPI_ERR_OFFSET_LEN", "The DGSP send offset of LAPI_AMX_XFER is out of range.");
        code(518, "LAPI_ERR_RCXT_CANCEL", "The rCxt could not be cancelled.");
        code(519, "LAPI_ERR_CODE_UNKNOWN", "The error code is unknown to LAPI.");
        code(520, "LAPI_ATT_PREEMPT_SETUP_INTERNAL", "Pre-emption setup failed.");
        code(521, "LAPI_ERR_DUP_TRIGGER", "The trigger is already registered.");
        code(522, "LAPI_ERR_TRIGGER_UNKNOWN", "The trigger is not registered.");
        code(523, "LAPI_ERR_TASK_NUM", "The number of tasks is not correct.");
        code(524, "LAPI_ERR_NULL_LIST", "The task list is NULL.");
        code(525, "LAPI_ERR_GRP_MEMBER", "A group member id is not valid.");
        code(526, "LAPI_ERR_NULL_GRP", "The group handle is NULL.");
        code(527, "LAPI_ERR_GRP", "The group handle is not valid.");
        code(528, "LAPI_ERR_STAT_SAVE_FAIL", "Saving the statistics failed.");
    }

    /** Every code with its C name, in numeric order. */
    public static Map<Integer, String> names() {
        Map<Integer, String> m = new LinkedHashMap<>();
        for (Map.Entry<Integer, String[]> e : CODES.entrySet()) m.put(e.getKey(), e.getValue()[0]);
        return Collections.unmodifiableMap(m);
    }

    public static boolean known(int code) { return CODES.containsKey(code); }

    /** The value of the code named {@code name} ("LAPI_ERR_TGT"). */
    static int code(String name) {
        for (Map.Entry<Integer, String[]> e : CODES.entrySet()) if (e.getValue()[0].equals(name)) return e.getKey();
        throw new IllegalArgumentException("no LAPI code " + name);
    }

    /** "LAPI_ERR_TGT", or "code 999" for an unknown code. */
    public static String name(int code) {
        String[] e = CODES.get(code);
        return e == null ? "code " + code : e[0];
    }

    /** The text LAPI_Msg_string gives for a code, or null for an unknown code. */
    public static String text(int code) {
        String[] e = CODES.get(code);
        return e == null ? null : e[1];
    }

    /** The exception for a failing call: its message names the code, gives its text, then what exactly was wrong. */
    public static LapiException fail(int code, String detail) {
        return new LapiException(code, name(code) + ": " + text(code) + (detail == null || detail.isEmpty() ? "" : " " + detail));
    }
}
