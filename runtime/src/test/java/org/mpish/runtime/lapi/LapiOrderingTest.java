package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;

/** Sections L.11 and L.12: fences, progress, purge and resume. */
@Timeout(30)
class LapiOrderingTest {
    @Test
    void fenceWaitsUntilTheDataHasMovedWhichMayNeedTheTargetsProgress_L71() throws Exception {
        try (Fixture f = new Fixture(2)) {
            f.run(1, () -> L.call(f.r(1), "LAPI_Senv", 0L, "INTERRUPT_SET", 0L));
            long tb = f.alloc(1, 4), b = f.alloc(0, 4);
            f.run(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 4L, tb, b, null, null, null));
            CompletableFuture<Object> fence = f.r(0).submit(() -> L.call(f.r(0), "LAPI_Fence", 0L));
            // the fence parks once it has seen the data still moving (on a loaded machine that may take a while)
            for (long end = System.nanoTime() + 5_000_000_000L; f.r(0).waitDescription() == null && System.nanoTime() < end; ) Thread.sleep(10);
            assertFalse(fence.isDone());
            assertTrue(String.valueOf(f.r(0).waitDescription()).contains("still moving data"), f.r(0).waitDescription());
            f.probe(1);
            fence.get(5, TimeUnit.SECONDS);
            assertEquals(LapiErrors.HNDL_INVALID, f.code(0, () -> L.call(f.r(0), "LAPI_Fence", 3L)));
        }
    }

    @Test
    void gfenceIsABarrierAfterWhichEveryTasksDataHasLanded_L72() {
        try (Fixture f = new Fixture(3)) {
            f.t.spmd(r -> {
                L.call(r, "LAPI_Senv", 0L, "INTERRUPT_SET", 0L);
                long buf = L.alloc(r, 4);
                long[] bufs = L.exchange(r, 0, buf);
                long me = L.alloc(r, 4);
                L.putInts(r, me, 100 + r.id());
                int next = (r.id() + 1) % 3;
                L.call(r, "LAPI_Put", 0L, (long) next, 4L, bufs[next], me, null, null, null);
                L.gfence(r, 0);
                assertEquals(100 + (r.id() + 2) % 3, L.ints(r, buf, 1)[0]);
                L.gfence(r, 0);
            });
        }
    }

    @Test
    void handlersKeepRunningWhileATaskWaitsInGfence_L73() {
        try (Fixture f = new Fixture(2)) {
            f.t.spmd(r -> {
                long got = L.cntr(r);
                long[] gots = L.exchange(r, 0, got);
                long[] hh = new long[2];
                var handler = L.fn("hh", a -> {
                    long src = (Long) ((Map<?, ?>) a[3]).get("src");
                    return L.m("comp_h", L.fn("reply", x -> {
                        if (r.id() == 0) L.call(r, "LAPI_Amsend", 0L, src, hh[(int) src], 0L, 0L, 0L, 0L, gots[(int) src], null, null);
                        return null;
                    }));
                });
                long[] all = L.exchange(r, 0, handler);
                hh[0] = all[0];
                hh[1] = all[1];
                // handlers run inside the exchange above, so task 0 must have filled hh before task 1 sends
                L.exchange(r, 0, 0L);
                if (r.id() == 1) {
                    L.call(r, "LAPI_Amsend", 0L, 0L, all[0], 0L, 0L, 0L, 0L, null, null, null);
                    L.waitcntr(r, 0, got, 1);          // needs task 0's reply, sent from a handler while task 0 is in Gfence
                }
                L.gfence(r, 0);
            });
        }
    }

    @Test
    void probeRunsTheDispatcherAndMsgpollReportsWhatCompleted_L74() {
        try (Fixture f = new Fixture(2)) {
            Rank r1 = f.r(1);
            f.run(1, () -> L.call(r1, "LAPI_Senv", 0L, "INTERRUPT_SET", 0L));
            long tb = f.alloc(1, 4), b = f.alloc(0, 4);
            Map<?, ?> idle = f.on(1, () -> (Map<?, ?>) L.call(r1, "LAPI_Msgpoll", 0L, 3L));
            assertEquals((long) LapiConst.DISP_CNTR, idle.get("status"));
            f.run(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 4L, tb, b, null, null, null));
            Map<?, ?> info = f.on(1, () -> (Map<?, ?>) L.call(r1, "LAPI_Msgpoll", 0L, 10L));
            assertEquals((long) LapiConst.RECV_COMPLETE, info.get("status"));
            Map<?, ?> sent = f.on(0, () -> (Map<?, ?>) L.call(f.r(0), "LAPI_Msgpoll", 0L, 1L));
            assertEquals((long) LapiConst.SEND_COMPLETE, sent.get("status"));
            int[] nested = {-1};
            f.run(1, () -> L.call(r1, "LAPI_Addr_set", 0L, L.fn("hh", a -> {
                nested[0] = L.code(() -> L.call(r1, "LAPI_Msgpoll", 0L, 1L));
                return null;
            }), 1L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, 0L, 0L, null, null, null));
            f.probe(1);
            assertEquals(LapiErrors.POLLING_NET, nested[0]);
        }
    }

    @Test
    void purgeCancelsWhatIsInFlightAndRefusesNewTransfersUntilResume_L76_L77() {
        try (Fixture f = new Fixture(2)) {
            f.run(1, () -> L.call(f.r(1), "LAPI_Senv", 0L, "INTERRUPT_SET", 0L));
            long tb = f.alloc(1, 4), tc = f.alloc(1, 8), b = f.alloc(0, 4), oc = f.alloc(0, 8);
            List<Object> reasons = Collections.synchronizedList(new ArrayList<>());
            f.run(0, () -> L.putInts(f.r(0), b, 5));
            f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "PUT", "tgt", 1L, "tgt_addr", tb, "org_addr", b, "len", 4L,
                    "tgt_cntr", tc, "shdlr", L.fn("sh", a -> { reasons.add(((Map<?, ?>) a[2]).get("reason")); return null; }), "org_cntr", oc)));
            f.run(0, () -> L.call(f.r(0), "LAPI_Purge_totask", 0L, 1L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Fence", 0L));          // nothing is moving any more
            f.probe(1);
            assertEquals(0, L.ints(f.r(1), tb, 1)[0]);                  // the purged put never landed
            assertEquals(0, f.cntr(1, tc));
            f.probe(0);
            assertEquals(List.of((long) LapiErrors.TGT_PURGED), reasons);
            assertEquals(LapiErrors.TGT_PURGED, f.code(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 4L, tb, b, 0L, 0L, 0L)));
            assertEquals(LapiErrors.TGT, f.code(0, () -> L.call(f.r(0), "LAPI_Purge_totask", 0L, 2L)));
            assertEquals(LapiErrors.TGT, f.code(0, () -> L.call(f.r(0), "LAPI_Resume_totask", 0L, -1L)));
            f.run(0, () -> L.call(f.r(0), "LAPI_Resume_totask", 0L, 1L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 4L, tb, b, tc, 0L, 0L));
            f.probe(1);
            assertEquals(5, L.ints(f.r(1), tb, 1)[0]);
        }
    }

    @Test
    void messagesToAHandleNotYetOpenWaitForItsInit_L1() {
        try (var t = new org.mpish.runtime.TestJob(2)) {
            t.on(0, () -> L.init(t.rank(0)));
            long tb = t.rank(1).memory().alloc(4), b = t.rank(0).memory().alloc(4);
            t.on(0, () -> { L.putInts(t.rank(0), b, 9); return L.call(t.rank(0), "LAPI_Put", 0L, 1L, 4L, tb, b, null, null, null); });
            assertEquals(0, L.ints(t.rank(1), tb, 1)[0]);
            t.on(1, () -> L.init(t.rank(1)));
            assertEquals(9, L.ints(t.rank(1), tb, 1)[0]);
        }
    }
}
