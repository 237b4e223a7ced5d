package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Event;

/** Sections L.3, L.5 and L.9: shared parameter rules, which counter moves when for Put and Get, LAPI_Xfer. */
@Timeout(30)
class LapiPutGetTest {
    @Test
    void putMovesOrgAtOnceAndTgtAndCmplWhenTheDataIsInPlace_L26() {
        try (Fixture f = new Fixture(2)) {
            long tbuf = f.alloc(1, 16), tc = f.alloc(1, 8);
            long src = f.alloc(0, 16), oc = f.alloc(0, 8), cc = f.alloc(0, 8);
            f.run(0, () -> L.putInts(f.r(0), src, 7, 8, 9, 10));
            f.run(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 16L, tbuf, src, tc, oc, cc));
            assertEquals(1, f.cntr(0, oc));                 // the data was copied out: the buffer may be reused
            f.run(0, () -> L.putInts(f.r(0), src, 0, 0, 0, 0)); // ...and changing it now does not change the message
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
            assertEquals(1, f.cntr(1, tc));
            assertArrayEquals(new int[] {7, 8, 9, 10}, L.ints(f.r(1), tbuf, 4));
        }
    }

    @Test
    void getMovesTgtWhenTheTargetBufferIsFreeAndOrgWhenTheDataArrived_L27() {
        try (Fixture f = new Fixture(2)) {
            long tbuf = f.alloc(1, 8), tc = f.alloc(1, 8);
            long into = f.alloc(0, 8), oc = f.alloc(0, 8);
            f.run(1, () -> L.putInts(f.r(1), tbuf, 41, 42));
            f.run(0, () -> L.call(f.r(0), "LAPI_Get", 0L, 1L, 8L, tbuf, into, tc, oc));
            f.run(0, () -> L.waitcntr(f.r(0), 0, oc, 1));
            assertArrayEquals(new int[] {41, 42}, L.ints(f.r(0), into, 2));
            assertEquals(1, f.cntr(1, tc));
            // LAPI_Get has no cmpl_cntr at all: 7 inputs, the last one org_cntr
            var inputs = org.mpish.runtime.catalog.Catalogue.get().call("LAPI_Get").inputs();
            assertEquals("org_cntr", inputs.get(inputs.size() - 1).name());
        }
    }

    @Test
    void targetOutOfRangeIsErrTgtAndATaskMayTargetItself_L13() {
        try (Fixture f = new Fixture(2)) {
            long b = f.alloc(0, 8), c = f.alloc(0, 8);
            assertEquals(LapiErrors.TGT, f.code(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 2L, 8L, b, b, 0L, 0L, 0L)));
            assertEquals(LapiErrors.TGT, f.code(0, () -> L.call(f.r(0), "LAPI_Get", 0L, -1L, 8L, b, b, 0L, 0L)));
            long other = f.alloc(0, 8);
            f.run(0, () -> L.putInts(f.r(0), b, 5, 6));
            f.run(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 0L, 8L, other, b, 0L, 0L, c));
            f.run(0, () -> L.waitcntr(f.r(0), 0, c, 1));
            assertArrayEquals(new int[] {5, 6}, L.ints(f.r(0), other, 2));
        }
    }

    @Test
    void lengthAndAddressRules_L14_L15() {
        try (Fixture f = new Fixture(2)) {
            long b = f.alloc(0, 8), tb = f.alloc(1, 8);
            assertEquals(LapiErrors.DATA_LEN, f.code(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, -1L, tb, b, 0L, 0L, 0L)));
            assertEquals(LapiErrors.TGT_ADDR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 8L, 0L, b, 0L, 0L, 0L)));
            assertEquals(LapiErrors.ORG_ADDR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 8L, tb, 0L, 0L, 0L, 0L)));
            assertEquals(LapiErrors.TGT_ADDR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Get", 0L, 1L, 8L, 0L, b, 0L, 0L)));
            assertEquals(LapiErrors.ORG_ADDR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Get", 0L, 1L, 8L, tb, 0L, 0L, 0L)));
            // mpish: memory that is not allocated at that address counts as NULL
            assertEquals(LapiErrors.TGT_ADDR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 9L, tb, b, 0L, 0L, 0L)));
            assertEquals(LapiErrors.ORG_ADDR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 8L, tb, b + 4, 0L, 0L, 0L)));
            // NULL is fine with no data
            assertEquals(0, f.code(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 0L, 0L, 0L, 0L, 0L, 0L)));
        }
    }

    @Test
    void aZeroByteTransferMovesEveryCounterAsUsual_L16() {
        try (Fixture f = new Fixture(2)) {
            long tc = f.alloc(1, 8), oc = f.alloc(0, 8), cc = f.alloc(0, 8);
            f.run(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 0L, 0L, 0L, tc, oc, cc));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
            assertEquals(1, f.cntr(1, tc));
            assertEquals(1, f.cntr(0, oc));
            long goc = f.alloc(0, 8);
            f.run(0, () -> L.call(f.r(0), "LAPI_Get", 0L, 1L, 0L, 0L, 0L, tc, goc));
            f.run(0, () -> L.waitcntr(f.r(0), 0, goc, 1));
            assertEquals(2, f.cntr(1, tc));
        }
    }

    @Test
    void anyCounterMayBeNullAndTheDataStillMoves_L17() {
        try (Fixture f = new Fixture(2)) {
            long tb = f.alloc(1, 4), b = f.alloc(0, 4);
            f.run(0, () -> L.putInts(f.r(0), b, 99));
            f.run(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 4L, tb, b, null, null, null));
            f.run(0, () -> L.call(f.r(0), "LAPI_Fence", 0L));
            assertEquals(99, L.ints(f.r(1), tb, 1)[0]);
            // a counter that is not 8 bytes of memory is refused
            assertEquals(LapiErrors.CNTR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 4L, tb, b, 0L, b, 0L)));
        }
    }

    @Test
    void transfersAreNonBlockingInPollingModeNothingLandsUntilTheTargetPolls_L18_L75() {
        try (Fixture f = new Fixture(2)) {
            f.run(1, () -> L.call(f.r(1), "LAPI_Senv", 0L, "INTERRUPT_SET", 0L));
            long tb = f.alloc(1, 4), tc = f.alloc(1, 8), b = f.alloc(0, 4), cc = f.alloc(0, 8);
            f.run(0, () -> L.putInts(f.r(0), b, 3));
            f.run(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 4L, tb, b, tc, 0L, cc));
            assertEquals(0, f.cntr(1, tc));
            assertEquals(0, L.ints(f.r(1), tb, 1)[0]);
            assertEquals(0, f.cntr(0, cc));
            f.probe(1);                                          // task 1 reaches a progress point
            assertEquals(3, L.ints(f.r(1), tb, 1)[0]);
            assertEquals(1, f.cntr(1, tc));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));        // task 0 is in interrupt mode: the ack is there
        }
    }

    @Test
    void targetCountersAreTargetAddressesExchangedWithAddressInit_L25() {
        try (Fixture f = new Fixture(3)) {
            f.t.spmd(r -> {
                long c = L.cntr(r), buf = L.alloc(r, 4);
                long[] cs = L.exchange(r, 0, c), bufs = L.exchange(r, 0, buf);
                long me = L.alloc(r, 4);
                L.putInts(r, me, r.id());
                int next = (r.id() + 1) % 3;
                L.call(r, "LAPI_Put", 0L, (long) next, 4L, bufs[next], me, cs[next], null, null);
                L.waitcntr(r, 0, c, 1);
                assertEquals((r.id() + 2) % 3, L.ints(r, buf, 1)[0]);
                L.gfence(r, 0);
            });
        }
    }

    @Test
    void xferReadsOnlyTheMemberOfItsTypeAndRejectsUnknownTypes_L54_L55_L59() {
        try (Fixture f = new Fixture(2)) {
            long tb = f.alloc(1, 8), b = f.alloc(0, 8), oc = f.alloc(0, 8), cc = f.alloc(0, 8);
            f.run(0, () -> L.putInts(f.r(0), b, 1, 2));
            f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", (long) LapiConst.PUT_XFER, "flags", 0L, "tgt", 1L,
                    "tgt_addr", tb, "org_addr", b, "len", 8L, "tgt_cntr", 0L, "org_cntr", oc, "cmpl_cntr", cc)));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
            assertArrayEquals(new int[] {1, 2}, L.ints(f.r(1), tb, 2));
            for (long bad : new long[] {-1, LapiConst.LAST_XFER, 99}) {
                assertEquals(LapiErrors.XFER_CMD, f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", bad))));
            }
            assertEquals(LapiErrors.XFER_CMD, f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("tgt", 1L))));
            assertEquals(LapiErrors.XFER_CMD, f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "LAPI_RDMA_XFER"))));
            // as in C, only the member Xfer_type names is read: a field of another member (chndlr holding what would be no
            // function, udata) and the padding are ignored, and the transfer goes ahead
            f.run(0, () -> L.putInts(f.r(0), b, 3, 4));
            f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "PUT", "tgt", 1L, "tgt_addr", tb, "org_addr", b,
                    "len", 8L, "cmpl_cntr", cc, "chndlr", "no such function", "udata", 5L, "pad", 7L)));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
            assertArrayEquals(new int[] {3, 4}, L.ints(f.r(1), tb, 2));
            // a name that no member of lapi_xfer_t has is refused, with the fields of the member being read (lapi.h's order)
            org.mpish.runtime.catalog.ArgError e = org.junit.jupiter.api.Assertions.assertThrows(org.mpish.runtime.catalog.ArgError.class,
                    () -> f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "PUT", "org_cnt", 1L))));
            assertTrue(e.getMessage().contains("no field 'org_cnt' (fields: Xfer_type, flags, tgt, tgt_addr, org_addr, len, shdlr,"
                    + " sinfo, tgt_cntr, org_cntr, cmpl_cntr)"), e.getMessage());
            // the short names the shell accepts
            assertEquals(LapiConst.GET_XFER, Fields.xferType(f.r(0), "GET"));
            assertEquals(LapiConst.AMV_XFER, Fields.xferType(f.r(0), "LAPI_AMV_XFER"));
        }
    }

    @Test
    void remoteAddressesAreSixtyFourBitValues_L56() {
        try (Fixture f = new Fixture(2)) {
            long far = 0x7FFF_0000_0000L;     // outside any allocation: refused, but carried without truncation
            int code = f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "GET", "tgt", 1L, "tgt_addr", far,
                    "org_addr", f.alloc(0, 8), "len", 8L)));
            assertEquals(LapiErrors.TGT_ADDR_NULL, code);
        }
    }

    @Test
    void xferFlagsAreHintsThatAreAccepted_L60() {
        try (Fixture f = new Fixture(2)) {
            long tb = f.alloc(1, 4), b = f.alloc(0, 4), cc = f.alloc(0, 8);
            int n = 0;
            // every hint of lapi.h (L60) alone, then all of them: a hint changes nothing about what arrives
            long[] hints = {0x2, 0x4, 0x10, 0x20, 0x40, 0x80, 0x100, 0x200, 0x2 | 0x4 | 0x10 | 0x20 | 0x40 | 0x80 | 0x100 | 0x200};
            for (long flags : hints) {
                int value = 0x5eed + ++n, done = n;
                f.run(0, () -> L.putInts(f.r(0), b, value));
                f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "PUT", "tgt", 1L, "tgt_addr", tb, "org_addr", b, "len", 4L,
                        "flags", flags, "cmpl_cntr", cc)));
                f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
                assertArrayEquals(new int[] {value}, L.ints(f.r(1), tb, 1), "flags 0x" + Long.toHexString(flags) + " (transfer " + done + ")");
            }
            assertEquals(9, n, "the eight documented hints, then all of them");
        }
    }

    @Test
    void separateTransfersAreOrderedOnlyByCountersOrFences_L28() {
        try (Fixture f = new Fixture(2)) {
            List<Event> ev = f.t.record();
            long tb = f.alloc(1, 4), b = f.alloc(0, 4), cc = f.alloc(0, 8);
            for (int i = 0; i < 3; i++) {
                int v = i;
                f.run(0, () -> L.putInts(f.r(0), b, v));
                f.run(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 4L, tb, b, null, null, cc));
                f.run(0, () -> L.call(f.r(0), "LAPI_Fence", 0L));        // the fence is what orders them
            }
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 3));
            assertEquals(2, L.ints(f.r(1), tb, 1)[0]);
            List<String> kinds = new ArrayList<>();
            synchronized (ev) { for (Event e : ev) if (e.family().equals("lapi")) kinds.add(e.kind()); }
            assertTrue(kinds.contains("sent") && kinds.contains("landed") && kinds.contains("cntr") && kinds.contains("fence"), kinds.toString());
        }
    }

    @Test
    void withErrorCheckingOffPolicyChecksAreSkippedButNothingCrashes_L19() {
        try (Fixture f = new Fixture(2)) {
            f.run(0, () -> L.call(f.r(0), "LAPI_Senv", 0L, "ERROR_CHK", 0L));
            long tb = f.alloc(1, 8), b = f.alloc(0, 8);
            // a bad address still fails cleanly
            assertEquals(LapiErrors.TGT_ADDR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Put", 0L, 1L, 8L, tb + 4, b, 0L, 0L, 0L)));
            // a user header length that is not a multiple of 8 is no longer refused
            f.run(1, () -> L.call(f.r(1), "LAPI_Addr_set", 0L, L.fn("hh", a -> null), 1L));
            assertEquals(0, f.code(0, () -> L.call(f.r(0), "LAPI_Amsend", 0L, 1L, 1L, b, 4L, 0L, 0L, 0L, 0L, 0L)));
        }
    }
}
