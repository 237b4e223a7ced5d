package org.mpish.runtime.lapi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
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

    /** Code to {C name, text}: filled once while the class initialises, read-only after. */
    private static final Map<Integer, List<String>> CODES;

    static {
        Map<Integer, List<String>> m = new LinkedHashMap<>();
        m.put(0, List.of("LAPI_SUCCESS", "The call completed successfully."));
        m.put(400, List.of("LAPI_ERR_UNKNOWN", "An internal communication error occurred (reported asynchronously)."));
        m.put(401, List.of("LAPI_ERR_ALL_HNDL_IN_USE", "Every LAPI instance of this task is already in use."));
        m.put(402, List.of("LAPI_ERR_BOTH_NETSTR_SET", "Both network statements are set for one LAPI instance."));
        m.put(403, List.of("LAPI_ERR_CKPT_LOAD_FAILED", "Checkpoint support could not be loaded."));
        m.put(404, List.of("LAPI_ERR_CSS_LOAD_FAILED", "The user-space communication library could not be loaded."));
        m.put(405, List.of("LAPI_ERR_INFO_NULL", "The lapi_info pointer passed to LAPI_Init is NULL."));
        m.put(406, List.of("LAPI_ERR_MSG_API", "The MP_MSG_API setting is not valid."));
        m.put(407, List.of("LAPI_ERR_NO_NETSTR_SET", "No network statement is set."));
        m.put(408, List.of("LAPI_ERR_NO_UDP_HNDLR", "A user UDP handler was requested but none was given."));
        m.put(409, List.of("LAPI_ERR_HDR_HNDLR_NULL", "The header handler is NULL or unknown at the target."));
        m.put(410, List.of("LAPI_ERR_PSS_NON_ROOT", "Only root may initialize the PSS protocol."));
        m.put(411, List.of("LAPI_WARN_PARM_NULL", "Warning: a NULL address was passed."));
        m.put(412, List.of("LAPI_ERR_SHM_KE_NOT_LOADED", "The shared-memory kernel extension is not loaded."));
        m.put(413, List.of("LAPI_ERR_TIMEOUT", "A communication timeout occurred (reported asynchronously)."));
        m.put(414, List.of("LAPI_ERR_REG_TIMER", "The timer could not be registered again."));
        m.put(415, List.of("LAPI_ERR_UDP_PKT_SZ", "The UDP packet size is out of range."));
        m.put(416, List.of("LAPI_ERR_USER_UDP_HNDLR_FAIL", "The user UDP handler returned an error."));
        m.put(417, List.of("LAPI_ERR_HNDL_INVALID", "The LAPI handle is not initialized or has been terminated."));
        m.put(418, List.of("LAPI_ERR_RET_PTR_NULL", "The pointer for a returned value is NULL."));
        m.put(419, List.of("LAPI_ERR_ADDR_HNDL_RANGE", "The address-table index is outside 1 .. LOC_ADDRTBL_SZ-1."));
        m.put(420, List.of("LAPI_ERR_ADDR_TBL_NULL", "The address table to fill in is NULL."));
        m.put(421, List.of("LAPI_ERR_TGT_PURGED", "The target task has been purged."));
        m.put(422, List.of("LAPI_ERR_MULTIPLE_WAITERS", "Another thread already waits on this counter."));
        m.put(423, List.of("LAPI_ERR_MEMORY_EXHAUSTED", "Storage could not be allocated."));
        m.put(424, List.of("LAPI_ERR_INFO_NONZERO", "Unused fields of lapi_info_t must be zero."));
        m.put(425, List.of("LAPI_ERR_ORG_ADDR_NULL", "The origin address is NULL (or not in memory) while the length is not 0."));
        m.put(426, List.of("LAPI_ERR_TGT_ADDR_NULL", "The target address is NULL (or not in memory) while the length is not 0."));
        m.put(427, List.of("LAPI_ERR_DATA_LEN", "The length is negative or larger than LAPI_MAX_MSG_SZ (or MAX_DATA_SZ, the most one transfer moves)."));
        m.put(428, List.of("LAPI_ERR_TGT", "The target task is not in 0 .. NUM_TASKS-1."));
        m.put(429, List.of("LAPI_ERR_UHDR_NULL", "The user header is NULL while uhdr_len is not 0."));
        m.put(430, List.of("LAPI_ERR_UHDR_LEN", "The user header is longer than MAX_UHDR_SZ."));
        m.put(431, List.of("LAPI_ERR_HDR_LEN", "The user header length is not a multiple of the doubleword size."));
        m.put(432, List.of("LAPI_ERR_ORG_EXTENT", "The origin vector's extent is too large."));
        m.put(433, List.of("LAPI_ERR_ORG_STRIDE", "The origin vector's stride is smaller than its block."));
        m.put(434, List.of("LAPI_ERR_NO_CONNECTIVITY", "There is no connectivity to the task."));
        m.put(435, List.of("LAPI_ERR_ADAPTERS_DOWN", "Every adapter is down."));
        m.put(436, List.of("LAPI_ERR_RECV_INCOMP", "A receive did not complete."));
        m.put(437, List.of("LAPI_ERR_SEND_INCOMP", "A send did not complete."));
        m.put(438, List.of("LAPI_ERR_SEND_TIMEOUT", "A send timed out."));
        m.put(439, List.of("LAPI_ERR_SHM_SETUP", "Shared-memory setup failed."));
        m.put(440, List.of("LAPI_ERR_ORG_VEC_ADDR", "A piece of the origin vector has a NULL address and a length above 0."));
        m.put(441, List.of("LAPI_ERR_ORG_VEC_LEN", "A piece of the origin vector is too long."));
        m.put(442, List.of("LAPI_ERR_ORG_VEC_NULL", "The origin vector is NULL."));
        m.put(443, List.of("LAPI_ERR_ORG_VEC_TYPE", "The origin vector's type is not valid."));
        m.put(444, List.of("LAPI_ERR_STRIDE_ORG_VEC_ADDR_NULL", "The base address of the strided origin vector is NULL."));
        m.put(445, List.of("LAPI_ERR_STRIDE_TGT_VEC_ADDR_NULL", "The base address of the strided target vector is NULL."));
        m.put(446, List.of("LAPI_ERR_TGT_EXTENT", "The target vector's extent is too large."));
        m.put(447, List.of("LAPI_ERR_TGT_STRIDE", "The target vector's stride is smaller than its block."));
        m.put(448, List.of("LAPI_ERR_TGT_VEC_ADDR", "A piece of the target vector has a NULL address and a length above 0."));
        m.put(449, List.of("LAPI_ERR_TGT_VEC_LEN", "A piece of the target vector is too long."));
        m.put(450, List.of("LAPI_ERR_CKPT", "Checkpoint, restart or resume failed."));
        m.put(451, List.of("LAPI_ERR_TGT_VEC_NULL", "The target vector is NULL."));
        m.put(452, List.of("LAPI_ERR_TGT_VEC_TYPE", "The target vector's type is not valid."));
        m.put(453, List.of("LAPI_ERR_VEC_NUM_DIFF", "The origin and target vectors have different num_vecs."));
        m.put(454, List.of("LAPI_ERR_VEC_TYPE_DIFF", "The origin and target vectors have different vec_type."));
        m.put(455, List.of("LAPI_ERR_VEC_LEN_DIFF", "The origin and target vectors have different lengths."));
        m.put(456, List.of("LAPI_ERR_MSG_INFO_NULL", "The info pointer passed to LAPI_Msgpoll is NULL."));
        m.put(457, List.of("LAPI_ERR_POLLING_NET", "Another thread is polling the network; try again later."));
        m.put(458, List.of("LAPI_ERR_CNTR_NULL", "The counter address is NULL (or not in memory)."));
        m.put(459, List.of("LAPI_ERR_CNTR_VAL", "The counter value to wait for is not above 0."));
        m.put(460, List.of("LAPI_ERR_QUERY_TYPE", "The query is not valid here."));
        m.put(461, List.of("LAPI_ERR_IN_VAL_NULL", "The in_val address of the read-modify-write is NULL."));
        m.put(462, List.of("LAPI_ERR_RMW_OP", "The read-modify-write operation is not valid."));
        m.put(463, List.of("LAPI_ERR_TGT_VAR_NULL", "The target variable address of the read-modify-write is NULL."));
        m.put(464, List.of("LAPI_ERR_SET_VAL", "The value given to LAPI_Senv is not valid for that setting."));
        m.put(465, List.of("LAPI_ERR_DGSP", "The DGSP is NULL or not registered."));
        m.put(466, List.of("LAPI_ERR_DGSP_ATOM", "The DGSP atom_size is not valid."));
        m.put(467, List.of("LAPI_ERR_DGSP_BRANCH", "A DGSP branch leaves the program."));
        m.put(468, List.of("LAPI_ERR_DGSP_CTL", "A DGSP control instruction is not valid where it is."));
        m.put(469, List.of("LAPI_ERR_DGSP_COPY_SZ", "A DGSP copy has a bad length."));
        m.put(470, List.of("LAPI_ERR_DGSP_FREE", "The DGSP to free is not valid."));
        m.put(471, List.of("LAPI_ERR_DGSP_OPC", "A DGSP opcode is not valid."));
        m.put(472, List.of("LAPI_ERR_DGSP_REPS", "A DGSP repetition count is negative."));
        m.put(473, List.of("LAPI_ERR_DGSP_STACK", "The DGSP stack depth is not above 0 or too small for the program."));
        m.put(474, List.of("LAPI_ERR_OP_SZ", "The read-modify-write size is neither 32 nor 64."));
        m.put(475, List.of("LAPI_ERR_UDP_PORT_INFO", "The UDP port information is NULL."));
        m.put(476, List.of("LAPI_ERR_XFER_CMD", "The LAPI_Xfer transfer type is not valid."));
        m.put(477, List.of("LAPI_ERR_UTIL_CMD", "The LAPI_Util command type is not valid."));
        m.put(478, List.of("LAPI_ERR_CATALOG_FAIL", "The message catalog could not be opened."));
        m.put(479, List.of("LAPI_ERR_PACK_SZ", "The pack or unpack buffer is too small."));
        m.put(480, List.of("LAPI_ERR_DGSP_OTHER", "The DGSP is not valid (for example its code size is 0)."));
        m.put(481, List.of("LAPI_ERR_UDP_SOCKET", "A UDP socket operation failed."));
        m.put(482, List.of("LAPI_ERR_COLLECTIVE_PSS", "A collective call was attempted on PSS."));
        m.put(483, List.of("LAPI_ERR_DMA_HNDL", "Kernel LAPI DMA handle error."));
        m.put(484, List.of("LAPI_ERR_DMA_TAG", "Kernel LAPI DMA posted-tag error."));
        m.put(485, List.of("LAPI_ATT_FR_SETUP_INTERNAL", "Failover setup failed."));
        m.put(486, List.of("LAPI_ATT_FR_SETUP_NONAM", "Failover setup failed: no NAM."));
        m.put(487, List.of("LAPI_ATT_FR_SETUP_NOHAGS", "Failover setup failed: no HAGS."));
        m.put(488, List.of("LAPI_ATT_FR_SETUP_BADPOE", "Failover setup failed: POE too old."));
        m.put(489, List.of("LAPI_ATT_FR_SETUP_NOPOE", "Failover setup failed: no POE object."));
        m.put(490, List.of("LAPI_ATT_FR_SETUP_NONSNX", "Failover setup failed: not an snX device."));
        m.put(491, List.of("LAPI_ATT_FR_HALTED", "The failover function halted."));
        m.put(492, List.of("LAPI_ERR_TGT_CONTEXT", "The RDMA target context is not valid."));
        m.put(493, List.of("LAPI_ERR_SRC_CONTEXT", "The RDMA source context is not valid."));
        m.put(494, List.of("LAPI_ERR_TGT_BUFHNDL", "The RDMA target buffer handle is not valid."));
        m.put(495, List.of("LAPI_ERR_SRC_BUFHNDL", "The RDMA source buffer handle is not valid."));
        m.put(496, List.of("LAPI_ERR_TGT_OFFSET", "The RDMA target offset is not valid."));
        m.put(497, List.of("LAPI_ERR_SRC_OFFSET", "The RDMA source offset is not valid."));
        m.put(498, List.of("LAPI_ERR_NO_RDMA_RESOURCE", "No RDMA resources are available."));
        m.put(499, List.of("LAPI_ATT_BULK_ENABLED", "Bulk transfer is enabled."));
        m.put(500, List.of("LAPI_ATT_COMM_TIMEOUT", "Timeout between tasks."));
        m.put(501, List.of("LAPI_ERR_INVALID_SEND_REPLY_TGT",
                "A reply sent from an inline completion handler must go to the message's source."));
        m.put(502, List.of("LAPI_ATT_SHMINIT_FAIL", "Shared-memory initialization failed."));
        m.put(503, List.of("LAPI_ATT_SHMINIT_CKPT_FAIL", "Shared-memory initialization failed at checkpoint."));
        m.put(504, List.of("LAPI_ATT_SHM_SINGLE_TASK", "A single task on the node: no shared memory."));
        m.put(505, List.of("LAPI_ATT_SHM_CREATE_FAIL", "The shared-memory segment could not be created."));
        m.put(506, List.of("LAPI_ATT_SHM_GET_FAIL", "The shared-memory segment could not be attached."));
        m.put(507, List.of("LAPI_ATT_SHM_ATT_FAIL", "The cross-memory attach failed."));
        m.put(508, List.of("LAPI_ATT_SHM_NO_SEGATT", "No cross-memory copy segment could be obtained."));
        m.put(509, List.of("LAPI_ATT_PORT_START", "The HAL port to start message passing."));
        m.put(510, List.of("LAPI_ERR_NO_ENV_VAR", "A required environment variable is not set."));
        m.put(511, List.of("LAPI_ERR_NO_CALLBACK_REG", "No callback is registered."));
        m.put(512, List.of("LAPI_ERR_NO_CNTR_REG", "No counter is registered."));
        m.put(513, List.of("LAPI_ERR_XLATE_FAILED", "RDMA address translation failed."));
        m.put(514, List.of("LAPI_ERR_RDMA_RESOURCES", "No more RDMA resources."));
        m.put(515, List.of("LAPI_ERR_LW_DATA_LEN", "The data or header length is not valid for LAPI_AM_LW_XFER."));
        m.put(516, List.of("LAPI_ERR_NO_HNDLR_SET", "No header handler is set for LAPI_AM_LW_XFER."));
        m.put(517, List.of("LAPI_ERR_OFFSET_LEN", "The DGSP send offset of LAPI_AMX_XFER is out of range."));
        m.put(518, List.of("LAPI_ERR_RCXT_CANCEL", "The rCxt could not be cancelled."));
        m.put(519, List.of("LAPI_ERR_CODE_UNKNOWN", "The error code is unknown to LAPI."));
        m.put(520, List.of("LAPI_ATT_PREEMPT_SETUP_INTERNAL", "Pre-emption setup failed."));
        m.put(521, List.of("LAPI_ERR_DUP_TRIGGER", "The trigger is already registered."));
        m.put(522, List.of("LAPI_ERR_TRIGGER_UNKNOWN", "The trigger is not registered."));
        m.put(523, List.of("LAPI_ERR_TASK_NUM", "The number of tasks is not correct."));
        m.put(524, List.of("LAPI_ERR_NULL_LIST", "The task list is NULL."));
        m.put(525, List.of("LAPI_ERR_GRP_MEMBER", "A group member id is not valid."));
        m.put(526, List.of("LAPI_ERR_NULL_GRP", "The group handle is NULL."));
        m.put(527, List.of("LAPI_ERR_GRP", "The group handle is not valid."));
        m.put(528, List.of("LAPI_ERR_STAT_SAVE_FAIL", "Saving the statistics failed."));
        CODES = Collections.unmodifiableMap(m);
    }

    /** Every code with its C name, in numeric order. */
    public static Map<Integer, String> names() {
        Map<Integer, String> m = new LinkedHashMap<>();
        for (Map.Entry<Integer, List<String>> e : CODES.entrySet()) m.put(e.getKey(), e.getValue().get(0));
        return Collections.unmodifiableMap(m);
    }

    public static boolean known(int code) { return CODES.containsKey(code); }

    /** "LAPI_ERR_TGT", or "code 999" for an unknown code. */
    public static String name(int code) {
        List<String> e = CODES.get(code);
        return e == null ? "code " + code : e.get(0);
    }

    /** The text LAPI_Msg_string gives for a code, or null for an unknown code. */
    public static String text(int code) {
        List<String> e = CODES.get(code);
        return e == null ? null : e.get(1);
    }

    /** The exception for a failing call: its message names the code, gives its text, then what exactly was wrong. */
    public static LapiException fail(int code, String detail) {
        return new LapiException(code, name(code) + ": " + text(code) + (detail == null || detail.isEmpty() ? "" : " " + detail));
    }
}
