package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Callback;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;

/** Section L.6 and L57/L58: active messages, header and completion handlers, send-completion handlers. */
@Timeout(30)
class LapiActiveMessageTest {
    /** Task 1 registers {@code hh} at index 1; returns task 1's buffer of 16 bytes. */
    private static long handlerOnOne(Fixture f, Callback hh) {
        f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, hh, 1L));
        return f.alloc(1, 16);
    }

    @Test
    void theHeaderHandlerRunsAtTheTargetsProgressPointAndChoosesTheBuffer_L29_L31_L75() {
        try (Fixture f = new Fixture(2)) {
            List<String> seen = Collections.synchronizedList(new ArrayList<>());
            long[] buf = new long[1];
            buf[0] = handlerOnOne(f, L.fn("hh", a -> {
                seen.add(Thread.currentThread().getName() + " len " + a[2] + " " + ((Map<?, ?>) a[3]).get("msg_len") + " src " + ((Map<?, ?>) a[3]).get("src"));
                return buf[0];
            }));
            long data = f.alloc(0, 8), hdr = f.alloc(0, 8);
            f.run(0, () -> L.putInts(f.r(0), data, 4, 5));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, hdr, 8L, data, 8L, null, null, null));
            assertTrue(seen.isEmpty());                      // not yet: task 1 has not reached a progress point
            f.probe(1);
            assertEquals(List.of("rank-1 len 8 8 src 0"), seen);
            assertArrayEquals(new int[] {4, 5}, L.ints(f.r(1), buf[0], 2));
        }
    }

    @Test
    void aNullHandlerIsRefusedAtOnceAndAnUnknownOneAtTheTarget_L29() {
        try (Fixture f = new Fixture(2)) {
            assertEquals(LapiErrors.HDR_HNDLR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L)));
            int[] err = new int[5];
            f.run(1, () -> {
                L.call(f.r(1), "LAPI_Term", 0L);
                L.init(f.r(1), L.m("err_hndlr", L.fn("eh", a -> {
                    for (int i = 0; i < 5; i++) err[i] = ((Number) a[i]).intValue();
                    return null;
                })));
            });
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 5L, 0L, 0L, 0L, 0L, 0L, 0L, 0L));    // index 5: nothing there
            f.probe(1);
            f.probe(1);
            assertArrayEquals(new int[] {0, LapiErrors.HDR_HNDLR_NULL, LapiConst.AM_ERR, 1, 0}, err);  // L2: (hndl, code, type, task, src)
        }
    }

    @Test
    void userHeaderRulesAndASmallPayloadInTheHeaderOnly_L6_L30() {
        try (Fixture f = new Fixture(2)) {
            long hdr = f.alloc(0, 2000);
            assertEquals(LapiErrors.UHDR_LEN, f.code(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, hdr,
                    (long) LapiConst.MAX_UHDR_SZ + 8, 0L, 0L, 0L, 0L, 0L)));
            assertEquals(LapiErrors.UHDR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 8L, 0L, 0L, 0L, 0L, 0L)));
            assertEquals(LapiErrors.UHDR_LEN, f.code(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, hdr, 12L, 0L, 0L, 0L, 0L, 0L)));   // L30
            assertEquals(0, f.code(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, hdr, (long) LapiConst.MAX_UHDR_SZ, 0L, 0L, 0L, 0L, 0L)));
        }
    }

    @Test
    void theHeaderHandlersCopyOfTheUserHeaderLivesOnlyDuringTheCall_L33() {
        try (Fixture f = new Fixture(2)) {
            long[] where = new long[1];
            int[] first = new int[1];
            handlerOnOne(f, L.fn("hh", a -> {
                where[0] = (Long) a[1];
                first[0] = f.r(1).memory().readInt(where[0]);
                return null;
            }));
            long hdr = f.alloc(0, 8);
            f.run(0, () -> L.putInts(f.r(0), hdr, 77, 0));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, hdr, 8L, 0L, 0L, 0L, 0L, 0L));
            f.probe(1);
            assertEquals(77, first[0]);
            boolean gone = false;
            try {
                f.r(1).memory().readInt(where[0]);
            } catch (MemoryFault e) {
                gone = true;
            }
            assertTrue(gone, "the user header copy is freed once the header handler returns");
        }
    }

    @Test
    void countersOfAnActiveMessage_orgAtOnce_tgtAndCmplAfterTheCompletionHandler_L35() {
        try (Fixture f = new Fixture(2)) {
            long tc = f.alloc(1, 8);
            List<String> order = Collections.synchronizedList(new ArrayList<>());
            long[] buf = new long[1];
            buf[0] = handlerOnOne(f, L.fn("hh", a -> L.m("buf", buf[0], "comp_h", L.fn("ch", x -> {
                order.add("completion handler, tgt_cntr=" + L.value(f.r(1), tc) + ", user_info=" + x[1]);
                return null;
            }), "user_info", "ui")));
            long data = f.alloc(0, 8), oc = f.alloc(0, 8), cc = f.alloc(0, 8);
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, data, 8L, tc, oc, cc));
            assertEquals(1, f.cntr(0, oc));                  // udata copied: reusable
            assertEquals(0, f.cntr(1, tc));
            assertEquals(0, f.cntr(0, cc));
            f.probe(1);                                      // header handler, data, completion handler, counters
            assertEquals(List.of("completion handler, tgt_cntr=0, user_info=ui"), order);
            assertEquals(1, f.cntr(1, tc));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
        }
    }

    @Test
    void returnInfoCarriesMsgLenSrcAndTheOnePacketPointer_L36_L39() {
        try (Fixture f = new Fixture(2)) {
            List<Map<?, ?>> infos = new ArrayList<>();
            int[] fromPacket = new int[1];
            handlerOnOne(f, L.fn("hh", a -> {
                Map<?, ?> info = (Map<?, ?>) a[3];
                infos.add(info);
                long p = (Long) info.get("udata_one_pkt_ptr");
                if (p != 0) fromPacket[0] = f.r(1).memory().readInt(p);
                return L.m("ctl_flags", (long) LapiConst.BURY_MSG);   // consumed in the handler
            }));
            long data = f.alloc(0, 4000);
            f.run(0, () -> L.putInts(f.r(0), data, 31));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, data, 4L, 0L, 0L, 0L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, data, 4000L, 0L, 0L, 0L));
            f.probe(1);
            assertEquals(2, infos.size());
            assertEquals(4L, infos.get(0).get("msg_len"));
            assertEquals(0L, infos.get(0).get("src"));
            assertEquals(31, fromPacket[0]);
            assertEquals(0L, infos.get(1).get("udata_one_pkt_ptr"));    // more than one packet
            assertEquals(ActiveMessages.MAGIC, infos.get(1).get("MAGIC"));
        }
    }

    @Test
    void localStateRunsTheCompletionHandlerInlineAndSendReplyOnlyAllowsRepliesToTheSource_L37() {
        try (Fixture f = new Fixture(3)) {
            Rank r1 = f.r(1);
            long b = f.alloc(1, 8);
            int[] codes = {-1, -1};
            List<String> order = Collections.synchronizedList(new ArrayList<>());
            f.run(1, () -> L.call(r1, "LAPI_Addr_set", 0L, L.fn("hh", a -> L.m("ret_flags", (long) LapiConst.SEND_REPLY,
                    "comp_h", L.fn("ch", x -> {
                        order.add("inline");
                        codes[0] = L.code(() -> L.call(r1, "LAPI_Put", 0L, 2L, 8L, f.alloc(2, 8), b, 0L, 0L, 0L));
                        codes[1] = L.code(() -> L.call(r1, "LAPI_Put", 0L, 0L, 8L, f.alloc(0, 8), b, 0L, 0L, 0L));
                        return null;
                    }))), 1L));
            f.run(1, () -> L.call(r1, "LAPI_Addr_set", 0L, L.fn("hh2", a -> L.m("ret_flags", (long) LapiConst.LOCAL_STATE,
                    "comp_h", L.fn("ch2", x -> { order.add("local " + L.value(r1, b)); return null; }))), 2L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 2L, 0L, 0L, 0L, 0L, 0L, 0L, 0L));
            f.probe(1);
            assertEquals(LapiErrors.INVALID_SEND_REPLY_TGT, codes[0]);
            assertEquals(0, codes[1]);
            assertEquals(List.of("inline", "local 0"), order);
        }
    }

    @Test
    void buryDiscardsTheDataAndDropPacketDeliversItAgainLater_L38() {
        try (Fixture f = new Fixture(2)) {
            int[] calls = {0};
            long[] buf = new long[1];
            buf[0] = handlerOnOne(f, L.fn("hh", a -> ++calls[0] == 1 ? L.m("ctl_flags", (long) LapiConst.DROP_PKT) : buf[0]));
            long data = f.alloc(0, 4), tc = f.alloc(1, 8);
            f.run(0, () -> L.putInts(f.r(0), data, 12));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, data, 4L, tc, 0L, 0L));
            f.probe(1);
            assertEquals(0, f.cntr(1, tc));
            f.probe(1);
            assertEquals(2, calls[0]);
            assertEquals(12, L.ints(f.r(1), buf[0], 1)[0]);
            assertEquals(1, f.cntr(1, tc));
        }
    }

    @Test
    void noBufferWithoutBuryIsReportedAndTheMessageStillCompletes_L41() {
        try (Fixture f = new Fixture(2)) {
            int[] err = {0};
            f.run(1, () -> {
                L.call(f.r(1), "LAPI_Term", 0L);
                L.init(f.r(1), L.m("err_hndlr", L.fn("eh", a -> { err[0] = ((Number) a[1]).intValue(); return null; })));
                L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("hh", a -> null), 1L);
            });
            long data = f.alloc(0, 4), tc = f.alloc(1, 8), cc = f.alloc(0, 8);
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, data, 4L, tc, 0L, cc));
            f.probe(1);
            f.probe(1);
            assertEquals(LapiErrors.TGT_ADDR_NULL, err[0]);
            assertEquals(1, f.cntr(1, tc));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
        }
    }

    @Test
    void amsendvGivesTheHandlerTheLengthsAndPlacesPiecesByTheReturnedVector_L42_L47() {
        try (Fixture f = new Fixture(2)) {
            long tgt = f.alloc(1, 32);
            List<Object> lens = new ArrayList<>();
            handlerOnOne(f, L.fn("vhh", a -> {
                lens.add(a[3]);
                return L.m("vec_type", 0L, "num_vecs", 2L, "info", L.list(tgt + 16, tgt), "len", L.list(4L, 8L));
            }));
            long a = f.alloc(0, 4), b = f.alloc(0, 8), tc = f.alloc(1, 8), cc = f.alloc(0, 8), oc = f.alloc(0, 8);
            f.run(0, () -> { L.putInts(f.r(0), a, 1); L.putInts(f.r(0), b, 2, 3); });
            Map<String, Object> v = L.m("vec_type", 0L, "num_vecs", 2L, "info", L.list(a, b), "len", L.list(4L, 8L));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsendv", 0L, 1L, 1L, 0L, 0L, v, tc, oc, cc));
            assertEquals(1, f.cntr(0, oc));
            f.probe(1);
            assertEquals(List.of(List.of(4L, 8L)), lens);
            assertEquals(1, L.ints(f.r(1), tgt + 16, 1)[0]);
            assertArrayEquals(new int[] {2, 3}, L.ints(f.r(1), tgt, 2));
            assertEquals(1, f.cntr(1, tc));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
        }
    }

    @Test
    void sendCompletionHandlerRunsAtTheOriginWithSrcAndReasonThenOrgCntrMoves_L57() {
        try (Fixture f = new Fixture(2)) {
            List<String> got = Collections.synchronizedList(new ArrayList<>());
            long tb = f.alloc(1, 4), b = f.alloc(0, 4), oc = f.alloc(0, 8);
            Callback sh = L.fn("sh", a -> {
                Map<?, ?> info = (Map<?, ?>) a[2];
                got.add(Thread.currentThread().getName() + " sinfo=" + a[1] + " src=" + info.get("src") + " reason=" + info.get("reason")
                        + " org=" + L.value(f.r(0), oc));
                return null;
            });
            f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "PUT", "tgt", 1L, "tgt_addr", tb, "org_addr", b, "len", 4L,
                    "shdlr", sh, "sinfo", 42L, "org_cntr", oc)));
            f.run(0, () -> L.waitcntr(f.r(0), 0, oc, 1));
            assertEquals(List.of("rank-0 sinfo=42 src=1 reason=0 org=0"), got);
        }
    }

    @Test
    void getCompletionHandlerRunsAtTheOriginWhenTheDataIsThereBeforeOrgCntr_L58() {
        try (Fixture f = new Fixture(2)) {
            long tb = f.alloc(1, 4), into = f.alloc(0, 4), oc = f.alloc(0, 8);
            f.run(1, () -> L.putInts(f.r(1), tb, 8));
            List<String> got = Collections.synchronizedList(new ArrayList<>());
            Callback ch = L.fn("ch", a -> { got.add("cinfo=" + a[1] + " data=" + L.ints(f.r(0), into, 1)[0] + " org=" + L.value(f.r(0), oc)); return null; });
            f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "GET", "tgt", 1L, "tgt_addr", tb, "org_addr", into, "len", 4L,
                    "chndlr", ch, "cinfo", "x", "org_cntr", oc)));
            f.run(0, () -> L.waitcntr(f.r(0), 0, oc, 1));
            assertEquals(List.of("cinfo=x data=8 org=0"), got);
        }
    }

    @Test
    void aFunctionOfTheOriginIsNoHandlerAtAnotherTaskButWorksForItself_L29() {
        try (Fixture f = new Fixture(2)) {
            int[] ran = {0};
            Callback mine = L.fn("mine", a -> { ran[0]++; return null; });
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 0L, mine, 0L, 0L, 0L, 0L, 0L, 0L, 0L));
            f.probe(0);
            assertEquals(1, ran[0]);
            long a0 = LapiRank.of(f.r(0)).addressOf(mine);
            assertNotEquals(0, a0);
            assertEquals(null, LapiRank.of(f.r(1)).function(a0));
        }
    }

    @Test
    void handlersNeverNestAHeaderHandlerCallingProbeDoesNotRunTheNextMessage_L32() {
        try (Fixture f = new Fixture(2)) {
            List<String> order = Collections.synchronizedList(new ArrayList<>());
            handlerOnOne(f, L.fn("hh", a -> {
                long src = (Long) ((Map<?, ?>) a[3]).get("msg_len");
                order.add("start " + src);
                L.call(f.r(1), "LAPI_Probe", 0L);          // inside the dispatcher: does nothing
                order.add("end " + src);
                return null;
            }));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L));
            long d = f.alloc(0, 4);
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, d, 4L, 0L, 0L, 0L));
            f.probe(1);
            assertEquals(List.of("start 0", "end 0", "start 4", "end 4"), order);
        }
    }

    @Test
    void aCompletionHandlerMayBlockAndCommunicate_L34() {
        try (Fixture f = new Fixture(2)) {
            long c1 = f.alloc(1, 8), tb = f.alloc(1, 4), done = f.alloc(1, 8), reply = f.alloc(0, 4), rc = f.alloc(0, 8);
            f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("hh", a -> L.m("comp_h", L.fn("ch", x -> {
                L.waitcntr(f.r(1), 0, c1, 1);                                  // blocks until task 0's put lands
                L.call(f.r(1), "LAPI_Put", 0L, 0L, 4L, reply, tb, rc, null, done); // and answers
                return null;
            }))), 1L));
            f.run(1, () -> L.putInts(f.r(1), tb, 66));
            f.run(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L));
            var handler = f.r(1).submit(() -> { L.call(f.r(1), "LAPI_Probe", 0L); return null; });
            long b = f.alloc(0, 4);
            f.run(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 4L, tb, b, c1, null, null));
            f.run(0, () -> L.waitcntr(f.r(0), 0, rc, 1));
            try {
                handler.get(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            assertEquals(0, L.ints(f.r(0), reply, 1)[0]);                       // task 0's put overwrote tb with 0 first
        }
    }

    @Test
    void lightWeightMessagesRunTheHandlerWithTheOnePacketData_L61() {
        try (Fixture f = new Fixture(2)) {
            int[] got = {0};
            handlerOnOne(f, L.fn("hh", a -> {
                long p = (Long) ((Map<?, ?>) a[3]).get("udata_one_pkt_ptr");
                got[0] = f.r(1).memory().readInt(p);
                return L.m("ctl_flags", (long) LapiConst.BURY_MSG);
            }));
            long d = f.alloc(0, 8);
            f.run(0, () -> L.putInts(f.r(0), d, 123));
            f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "LAPI_AM_LW_XFER", "tgt", 1L, "hdr_hdl", 1L,
                    "udata", d, "udata_len", 8L)));
            f.probe(1);
            assertEquals(123, got[0]);
        }
    }
}
