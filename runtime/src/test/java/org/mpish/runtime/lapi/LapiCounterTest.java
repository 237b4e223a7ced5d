package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;

/** Section L.4: counters. */
@Timeout(30)
class LapiCounterTest {
    @Test
    void setAndGetAndEachEventAddsOne_L20_L21() {
        try (Fixture f = new Fixture(1)) {
            Rank r = f.r(0);
            long c = f.alloc(0, 8);
            f.run(0, () -> L.call(r, "LAPI_Setcntr", 0L, c, 5L));
            assertEquals(5, f.on(0, () -> L.call(r, "LAPI_Getcntr", 0L, c)));
            long b = f.alloc(0, 4), d = f.alloc(0, 4);
            f.run(0, () -> L.call(r, "LAPI_Put", 0L, 0L, 4L, d, b, null, c, null));
            assertEquals(6, f.on(0, () -> L.call(r, "LAPI_Getcntr", 0L, c)));
            assertEquals(LapiErrors.CNTR_NULL, f.code(0, () -> L.call(r, "LAPI_Getcntr", 0L, 0L)));
            assertEquals(LapiErrors.CNTR_NULL, f.code(0, () -> L.call(r, "LAPI_Setcntr", 0L, 0L, 1L)));
            assertEquals(LapiErrors.CNTR_NULL, f.code(0, () -> L.call(r, "LAPI_Getcntr", 0L, b)));   // 4 bytes: not a counter slot
        }
    }

    @Test
    void waitcntrWaitsForAtLeastValThenSubtractsIt_L22() {
        try (Fixture f = new Fixture(2)) {
            long c = f.alloc(0, 8);
            f.run(0, () -> L.call(f.r(0), "LAPI_Setcntr", 0L, c, 5L));
            assertEquals(2L, f.on(0, () -> L.waitcntr(f.r(0), 0, c, 3)));       // 5 >= 3: 5 - 3 = 2, not reset to 0
            assertEquals(2, f.cntr(0, c));
            CompletableFuture<Object> w = f.r(0).submit(() -> L.waitcntr(f.r(0), 0, c, 4));
            long tb = f.alloc(0, 4), b = f.alloc(1, 4);
            long[] cs = new long[] {c};
            f.run(1, () -> L.call(f.r(1), "LAPI_Put", 0L, 0L, 4L, tb, b, cs[0], null, null));
            assertTrue(!w.isDone());
            f.run(1, () -> L.call(f.r(1), "LAPI_Put", 0L, 0L, 4L, tb, b, cs[0], null, null));
            assertEquals(0L, w.get(5, TimeUnit.SECONDS));
            assertEquals(LapiErrors.CNTR_NULL, f.code(0, () -> L.waitcntr(f.r(0), 0, 0L, 1)));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void nopollWaitChecksItsArgumentsAndDoesNotRunHandlers_L23() {
        try (Fixture f = new Fixture(2)) {
            Rank r0 = f.r(0);
            long c = f.alloc(0, 8);
            assertEquals(LapiErrors.CNTR_VAL, f.code(0, () -> L.call(r0, "LAPI_Nopoll_wait", 0L, c, 0L)));
            assertEquals(LapiErrors.CNTR_NULL, f.code(0, () -> L.call(r0, "LAPI_Nopoll_wait", 0L, 0L, 1L)));
            // a header handler queued on task 0 does not run while task 0 waits without polling
            int[] ran = {0};
            f.run(0, () -> L.call(r0, "LAPI_Addr_set", 0L, L.fn("hh", a -> { ran[0]++; return null; }), 1L));
            f.run(1, () -> L.call(f.r(1), "LAPI_Amsend", 0L, 0L, 1L, 0L, 0L, 0L, 0L, null, null, null));
            long tb = f.alloc(0, 4), b = f.alloc(1, 4);
            f.run(1, () -> L.call(f.r(1), "LAPI_Put", 0L, 0L, 4L, tb, b, c, null, null));   // interrupt mode: lands at once
            assertEquals(0, f.on(0, () -> L.call(r0, "LAPI_Nopoll_wait", 0L, c, 1L)));
            assertEquals(0, ran[0]);
            f.probe(0);
            assertEquals(1, ran[0]);
        }
    }

    @Test
    void nopollWaitReturnsEarlyWithTgtPurgedAndAHandlerWaitingOnTheSameCounterIsMultipleWaiters_L23() {
        try (Fixture f = new Fixture(2)) {
            Rank r0 = f.r(0);
            long c = f.alloc(0, 8);
            CompletableFuture<Object> w = r0.submit(() -> L.code(() -> L.call(r0, "LAPI_Nopoll_wait", 0L, c, 1L)));
            while (r0.waitDescription() == null) Thread.onSpinWait();
            // in real LAPI another thread of task 0 purges; here the test thread plays that thread
            Context ctx = LapiRank.of(r0).context(0);
            ctx.purge(1);
            assertEquals(LapiErrors.TGT_PURGED, w.get(5, TimeUnit.SECONDS));
            ctx.resume(1);
            // a completion handler that waits on the counter its interrupted code waits on
            int[] code = {-1};
            f.run(0, () -> L.call(r0, "LAPI_Addr_set", 0L, L.fn("hh", a -> L.m("comp_h", L.fn("ch", x -> {
                code[0] = L.code(() -> L.call(r0, "LAPI_Nopoll_wait", 0L, c, 1L));
                L.call(r0, "LAPI_Setcntr", 0L, c, 1L);
                return null;
            }))), 1L));
            f.run(1, () -> L.call(f.r(1), "LAPI_Amsend", 0L, 0L, 1L, 0L, 0L, 0L, 0L, null, null, null));
            f.run(0, () -> L.waitcntr(r0, 0, c, 1));
            assertEquals(LapiErrors.MULTIPLE_WAITERS, code[0]);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void setcntrWstatusTracksEachDestination_L24() {
        try (Fixture f = new Fixture(3)) {
            Rank r0 = f.r(0);
            long c = f.alloc(0, 8), st = f.alloc(0, 16);
            f.run(0, () -> L.call(r0, "LAPI_Setcntr", 0L, c, 9L));
            f.run(0, () -> L.call(r0, "LAPI_Setcntr_wstatus", 0L, c, 4L, new int[] {1, 2, 7, 0}, st));
            assertEquals(0, f.cntr(0, c));
            assertArrayEquals(new int[] {LapiConst.MSG_INITIAL, LapiConst.MSG_INITIAL, LapiConst.MSG_INVALID, LapiConst.MSG_INITIAL},
                    L.ints(r0, st, 4));
            long tb = f.alloc(0, 4), b = f.alloc(1, 4);
            f.run(1, () -> L.call(f.r(1), "LAPI_Put", 0L, 0L, 4L, tb, b, c, null, null));
            assertEquals(0, f.on(0, () -> L.call(r0, "LAPI_Nopoll_wait", 0L, c, 1L)));
            assertEquals(LapiConst.MSG_RECVD, L.ints(r0, st, 1)[0]);
            f.run(0, () -> L.call(r0, "LAPI_Purge_totask", 0L, 2L));
            f.run(0, () -> L.call(r0, "LAPI_Purge_totask", 0L, 1L));
            assertArrayEquals(new int[] {LapiConst.MSG_PURGED_RCVD, LapiConst.MSG_PURGED}, new int[] {L.ints(r0, st, 2)[0], L.ints(r0, st, 2)[1]});
            assertEquals(LapiErrors.CNTR_NULL, f.code(0, () -> L.call(r0, "LAPI_Setcntr_wstatus", 0L, 0L, 0L, null, 0L)));
            assertEquals(LapiErrors.RET_PTR_NULL, f.code(0, () -> L.call(r0, "LAPI_Setcntr_wstatus", 0L, c, 1L, new int[] {1}, 0L)));
        }
    }
}
