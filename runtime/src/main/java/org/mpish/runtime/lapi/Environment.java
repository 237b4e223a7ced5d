package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiConst.*;

/** LAPI_Qenv and LAPI_Senv (L4, L5): mpish's values for every query of lapi_query_t. */
final class Environment {
    private Environment() {}

    static Object query(Context c, int q) {
        int n = c.job().size();
        return switch (q) {
            case TASK_ID -> c.rank().id();
            case NUM_TASKS -> n;
            case MAX_UHDR_SZ_Q -> MAX_UHDR_SZ;
            case MAX_DATA_SZ_Q -> MAX_DATA_SZ;
            case ERROR_CHK -> c.errorCheck() ? 1 : 0;
            case TIMEOUT -> c.timeout();
            case MIN_TIMEOUT_Q -> MIN_TIMEOUT;
            case MAX_TIMEOUT_Q -> MAX_TIMEOUT;
            case INTERRUPT_SET -> c.interrupt() ? 1 : 0;
            case 9 -> 1;                        // MAX_PORTS
            case 10 -> MAX_PKT_SZ;              // MAX_PKT_SZ
            case 11 -> 128;                     // NUM_REX_BUFS
            case 12 -> MAX_PKT_SZ;              // REX_BUF_SZ
            case LOC_ADDRTBL_SZ_Q -> LOC_ADDRTBL_SZ;
            case EPOCH_NUM -> c.settings().epoch();
            case 15 -> 0;                       // USE_THRESH
            case 16 -> 4096;                    // RCV_FIFO_SIZE
            case 17 -> MAX_ATOM_SIZE;           // MAX_ATOM_SIZE
            case 18 -> 64;                      // BUF_CP_SIZE
            case 19 -> MAX_PKTS_OUT;            // MAX_PKTS_OUT
            case ACK_THRESHOLD -> c.ackThreshold();
            case 21 -> 1;                       // QUERY_SHM_ENABLED: every task shares this process
            case 22 -> n;                       // QUERY_SHM_NUM_TASKS
            case QUERY_SHM_TASKS -> {
                int[] all = new int[n];
                for (int i = 0; i < n; i++) all[i] = i;
                yield all;
            }
            case QUERY_STATISTICS, QUERY_SHM_STATISTICS -> c.statistics();
            case QUERY_LOCAL_SEND_STATISTICS -> c.statistics();
            case PRINT_STATISTICS -> {
                Trace.emit(c, "stats", c.statistics().toString());
                yield 0;
            }
            case 28 -> 0;                       // BULK_XFER: no bulk transfer
            case 29 -> 0;                       // BULK_MIN_MSG_SIZE
            case 30, 31, 32, 33, 34, 35, 36 -> 0; // RDMA / RC queue pairs: none
            default -> throw LapiErrors.fail(LapiErrors.QUERY_TYPE, "query " + q + " is not a lapi_query_t value (0.." + (LAST_QUERY - 1) + ")");
        };
    }

    static void set(Context c, int q, int v) {
        switch (q) {
            case ERROR_CHK -> c.setErrorCheck(bool(q, v));
            case INTERRUPT_SET -> c.setInterrupt(bool(q, v));
            case TIMEOUT -> {
                if (v < MIN_TIMEOUT || v > MAX_TIMEOUT) {
                    throw LapiErrors.fail(LapiErrors.SET_VAL, "TIMEOUT " + v + " is outside " + MIN_TIMEOUT + ".." + MAX_TIMEOUT);
                }
                c.setTimeout(v);
            }
            case ACK_THRESHOLD -> {
                if (v < 1 || v > MAX_PKTS_OUT) throw LapiErrors.fail(LapiErrors.SET_VAL, "ACK_THRESHOLD " + v + " is outside 1.." + MAX_PKTS_OUT);
                c.setAckThreshold(v);
            }
            default -> throw LapiErrors.fail(LapiErrors.QUERY_TYPE, (q >= 0 && q < QUERIES.size() ? QUERIES.get(q) : "query " + q)
                    + " cannot be set: LAPI_Senv sets ERROR_CHK, TIMEOUT, INTERRUPT_SET and ACK_THRESHOLD");
        }
        Trace.emit(c, "senv", "LAPI_Senv " + QUERIES.get(q) + " = " + v);
    }

    private static boolean bool(int q, int v) {
        if (v != 0 && v != 1) throw LapiErrors.fail(LapiErrors.SET_VAL, QUERIES.get(q) + " takes 0 or 1, not " + v);
        return v == 1;
    }
}
