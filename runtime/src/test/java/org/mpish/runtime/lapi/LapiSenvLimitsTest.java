package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;

/**
 * L4, L5: the limits LAPI_Senv checks are the ones LAPI_Qenv reports. TIMEOUT takes MIN_TIMEOUT..MAX_TIMEOUT and
 * ACK_THRESHOLD 1..MAX_PKTS_OUT, both ends included, and a value set is the value read back; one past either end is
 * LAPI_ERR_SET_VAL and leaves the setting as it was; ERROR_CHK and INTERRUPT_SET take 0 or 1.
 */
@Timeout(30)
class LapiSenvLimitsTest {
    @Test
    void eachSettableQueryTakesItsRangeBothEndsIncluded_L5() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(L::init);
            t.on(0, () -> {
                var r = t.rank(0);
                long min = ((Number) L.call(r, "LAPI_Qenv", 0L, "MIN_TIMEOUT")).longValue();
                long max = ((Number) L.call(r, "LAPI_Qenv", 0L, "MAX_TIMEOUT")).longValue();
                long pkts = ((Number) L.call(r, "LAPI_Qenv", 0L, "MAX_PKTS_OUT")).longValue();
                for (long v : new long[] {min, max}) {
                    L.call(r, "LAPI_Senv", 0L, "TIMEOUT", v);
                    assertEquals(v, ((Number) L.call(r, "LAPI_Qenv", 0L, "TIMEOUT")).longValue(), "TIMEOUT " + v);
                }
                for (long v : new long[] {min - 1, max + 1}) {
                    assertEquals(LapiErrors.SET_VAL, L.code(() -> L.call(r, "LAPI_Senv", 0L, "TIMEOUT", v)), "TIMEOUT " + v);
                    assertEquals(max, ((Number) L.call(r, "LAPI_Qenv", 0L, "TIMEOUT")).longValue(), "unchanged after TIMEOUT " + v);
                }
                for (long v : new long[] {1, pkts}) {
                    L.call(r, "LAPI_Senv", 0L, "ACK_THRESHOLD", v);
                    assertEquals(v, ((Number) L.call(r, "LAPI_Qenv", 0L, "ACK_THRESHOLD")).longValue(), "ACK_THRESHOLD " + v);
                }
                for (long v : new long[] {0, pkts + 1}) {
                    assertEquals(LapiErrors.SET_VAL, L.code(() -> L.call(r, "LAPI_Senv", 0L, "ACK_THRESHOLD", v)), "ACK_THRESHOLD " + v);
                    assertEquals(pkts, ((Number) L.call(r, "LAPI_Qenv", 0L, "ACK_THRESHOLD")).longValue(), "unchanged after " + v);
                }
                for (String q : new String[] {"ERROR_CHK", "INTERRUPT_SET"}) {
                    for (long v : new long[] {1, 0, 1}) {
                        L.call(r, "LAPI_Senv", 0L, q, v);
                        assertEquals(v, ((Number) L.call(r, "LAPI_Qenv", 0L, q)).longValue(), q + " " + v);
                    }
                    for (long v : new long[] {-1, 2}) assertEquals(LapiErrors.SET_VAL, L.code(() -> L.call(r, "LAPI_Senv", 0L, q, v)), q + " " + v);
                }
                return null;
            });
        }
    }
}
