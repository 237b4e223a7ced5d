package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiConst.*;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Memory;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;

/**
 * AM, AMV, DGSP, AMX and AM_LW transfers (L29-L42, L62): the origin checks and copies the user header and
 * data, then the target runs the header handler at its next progress point, places the data where the handler
 * says, runs the completion handler, and only then moves tgt_cntr and (back at the origin) cmpl_cntr (L35).
 */
final class ActiveMessages {
    private ActiveMessages() {}

    /** A MAGIC value in lapi_return_info_t that handlers must leave alone (L36). */
    static final long MAGIC = 0x1A9D;
    /** What the step that runs a message's header handler is called (in waits, and for {@link AmOrder}). */
    static final String HEADER_STEP = "header handler";

    static void send(Context o, XferSpec x) {
        Rank t = Origin.target(o, x);
        boolean lw = x.type == AM_LW_XFER, vector = x.type == AMV_XFER;
        if (x.hdrHdl == 0) {
            throw LapiErrors.fail(lw ? LapiErrors.NO_HNDLR_SET : LapiErrors.HDR_HNDLR_NULL, "hdr_hdl is NULL");
        }
        if (lw && (x.uhdrLen < 0 || x.udataLen < 0 || x.uhdrLen + x.udataLen > MAX_PKT_SZ)) {
            throw LapiErrors.fail(LapiErrors.LW_DATA_LEN, "uhdr_len " + x.uhdrLen + " + udata_len " + x.udataLen
                    + " must fit one packet of MAX_PKT_SZ " + MAX_PKT_SZ + " bytes");
        }
        if (x.uhdrLen < 0 || o.errorCheck() && x.uhdrLen > MAX_UHDR_SZ) {
            throw LapiErrors.fail(LapiErrors.UHDR_LEN, "uhdr_len " + x.uhdrLen + " (MAX_UHDR_SZ is " + MAX_UHDR_SZ + ")");
        }
        // the LAPI_Xfer documentation lists a length that is not a whole number of doublewords under UHDR_LEN (L30)
        if (o.errorCheck() && x.uhdrLen % DOUBLEWORD != 0) {
            throw LapiErrors.fail(LapiErrors.UHDR_LEN, "uhdr_len " + x.uhdrLen + " is not a multiple of the doubleword ("
                    + DOUBLEWORD + " bytes)");
        }
        if (x.uhdrLen > 0 && x.uhdr == 0) throw LapiErrors.fail(LapiErrors.UHDR_NULL, "uhdr is NULL with uhdr_len " + x.uhdrLen);
        if (x.uhdrLen > 0 && !o.rank().memory().valid(x.uhdr, x.uhdrLen)) {
            throw LapiErrors.fail(LapiErrors.UHDR_NULL, "uhdr: " + x.uhdrLen + " bytes at " + Trace.hex(x.uhdr) + " are not in allocated memory");
        }
        Vec orgVec = null;
        byte[] data;
        if (vector) {
            orgVec = Vec.parse(o.rank(), x.orgVecRaw, "org_vec");
            Vec.check(orgVec, Vec.Side.ORG, o.rank().memory());
            Origin.counters(o, t, x);
            data = orgVec.gather(o.rank().memory());
        } else if (x.type == DGSP_XFER || x.type == AMX_XFER) {
            Dgsp d = o.owner().dgsps().get(x.dgsp, "dgsp");
            Origin.length(x.udataLen, "udata_len");
            if (x.type == AMX_XFER && x.sendOffset < 0) {
                throw LapiErrors.fail(LapiErrors.OFFSET_LEN, "send_offset_dgsp_bytes " + x.sendOffset + " is negative");
            }
            // udata may be NULL: the DGSP's displacements are then absolute addresses (LAPI_Xfer's note on DGSP_XFER)
            Origin.counters(o, t, x);
            try {
                data = DgspMachine.gather(d, o.rank().memory(), x.udata, x.udataLen, x.sendOffset);
            } catch (MemoryFault f) {
                throw LapiErrors.fail(LapiErrors.ORG_ADDR_NULL, "gathering through " + d + " from " + Trace.hex(x.udata) + ": " + f.getMessage());
            }
        } else {
            Origin.length(x.udataLen, "udata_len");
            Origin.address(o.rank(), x.udata, x.udataLen, LapiErrors.ORG_ADDR_NULL, "udata");
            Origin.counters(o, t, x);
            data = Origin.read(o.rank(), x.udata, x.udataLen, LapiErrors.ORG_ADDR_NULL, "udata");
        }
        byte[] uhdr = Origin.read(o.rank(), x.uhdr, x.uhdrLen, LapiErrors.UHDR_NULL, "uhdr");
        String label = (vector ? "active message (vector) " : x.type == AM_XFER ? "active message " : XFER_NAMES.get(x.type) + " ")
                + "of " + uhdr.length + "+" + data.length + " bytes to task " + x.tgt;
        Origin.room(o, t, uhdr.length + data.length);
        Msg m = Origin.start(o, x, label, uhdr.length + data.length);
        m.hold(LapiRank.of(t), uhdr.length + data.length);
        Origin.sendComplete(o, m, x, "uhdr and udata reusable");
        Vec ov = orgVec;
        Step[] self = new Step[1];
        var clock = AmOrder.sent(o.rank(), t, o.handle());
        self[0] = new Step(m, true, HEADER_STEP, AM_ERR, o.rank().id(), () -> {
            AmOrder.arrived(t, clock);
            arrive(LapiRank.of(t).context(o.handle()), m, x, o.rank().id(), uhdr, data, ov, self[0]);
        });
        Wire.deliver(t, o.handle(), self[0]);
    }

    /** The handler for hdr_hdl at the target: an Addr_set index or a function address of the target (L10, L29). */
    static Callback resolve(Context tc, long h) {
        long a = h > 0 && h < LOC_ADDRTBL_SZ ? tc.addrTable()[(int) h] : h;
        return LapiRank.of(tc.rank()).function(a);
    }

    private static void arrive(Context tc, Msg m, XferSpec x, int src, byte[] uhdr, byte[] data, Vec orgVec, Step again) {
        Rank t = tc.rank();
        Callback hh = resolve(tc, x.hdrHdl);
        if (hh == null) {
            m.dataComplete();
            tc.asyncError(LapiErrors.HDR_HNDLR_NULL, AM_ERR, src, "hdr_hdl " + Trace.hex(x.hdrHdl) + " names no function of task "
                    + t.id() + (x.hdrHdl < LOC_ADDRTBL_SZ ? " (nothing was registered at that index with LAPI_Addr_set)"
                    : x.hdrFn instanceof Callback ? " (a function of task " + src + " was passed: exchange handlers with"
                    + " LAPI_Address_init or register them with LAPI_Addr_set)" : ""));
            return;
        }
        Memory mem = t.memory();
        boolean vector = x.type == AMV_XFER;
        long uh = uhdr.length == 0 ? 0 : copyIn(mem, uhdr);
        long one = data.length > 0 && uhdr.length + data.length <= MAX_PKT_SZ ? copyIn(mem, data) : 0;
        Object result;
        Map<String, Object> info = null;
        // L32: the header handler runs inside the dispatcher; a wait there could only deadlock, so it fails at once
        var allowed = t.forbidWaiting(() -> LapiErrors.fail(LapiErrors.ERR_UNKNOWN, (t.currentCall() == null ? "a call that waits"
                : t.currentCall()) + " was called from a header handler, which must not block (it runs inside the dispatcher,"
                + " where a wait can never end); move the wait into the completion handler"));
        try {
            if (vector) {
                result = hh.callStructured((long) tc.handle(), uh, (long) uhdr.length, orgVec.lengths());
            } else {
                info = new LinkedHashMap<>();
                info.put("msg_len", (long) data.length);
                info.put("MAGIC", MAGIC);
                info.put("ret_flags", (long) NORMAL);
                info.put("ctl_flags", (long) DELIVER_MSG);
                info.put("dgsp_handle", 0L);
                info.put("bytes", 0L);
                info.put("src", (long) src);
                info.put("udata_one_pkt_ptr", one);
                info.put("recv_offset_dgsp_bytes", 0L);
                result = hh.callStructured((long) tc.handle(), uh, (long) uhdr.length, info);
            }
        } catch (RuntimeException e) {
            m.dataComplete();   // the message is over: Fence and Purge must not wait for it
            throw e;
        } finally {
            t.forbidWaiting(allowed);
            if (uh != 0) mem.free(uh);
            if (one != 0) mem.free(one);
        }
        HandlerReply rep;
        try {
            rep = HandlerReply.read(t, result, vector, info);
        } catch (RuntimeException e) {
            m.dataComplete();
            throw e;
        }
        if (Trace.on(tc)) {
            Trace.emit(tc, "hdr", "header handler " + hh.describe() + " ran for " + m.label + " from task " + src + " -> "
                    + (rep.tgtVec() != null ? "a target vector" : "buffer " + Trace.hex(rep.buf())) + (rep.compH() != null ? ", completion handler" : "")
                    + (rep.ctlFlags() == BURY_MSG ? ", LAPI_BURY_MSG" : "") + (rep.dgsp() != 0 ? ", scatter through " + Trace.hex(rep.dgsp()) : ""));
        }
        if (rep.ctlFlags() == DROP_PKT) {
            if (Trace.on(tc)) Trace.emit(tc, "dropped", "LAPI_DROP_PKT: " + m.label + " will be delivered again");
            tc.again(again);
            return;
        }
        try {
            place(tc, x, rep, data, orgVec, vector, src);
        } catch (LapiException e) {
            tc.asyncError(e.code(), AM_ERR, src, e.detail());
        } catch (MemoryFault f) {
            tc.asyncError(LapiErrors.TGT_ADDR_NULL, AM_ERR, src, "placing " + data.length + " bytes: " + f.getMessage());
        }
        Origin.received(tc, uhdr.length + data.length);
        m.dataComplete();
        Runnable finish = () -> {
            Counters.bump(t, x.tgtCntr, src, "tgt_cntr", "message arrived and its completion handler is done (" + m.label + ")");
            tc.noteCompletion(RECV_COMPLETE);
            Origin.ackCompletion(m, x, "complete at the target");
        };
        if (rep.compH() == null) {
            finish.run();
        } else if ((rep.retFlags() & (LOCAL_STATE | SEND_REPLY)) != 0) {
            int saved = tc.replyOnlyTo;
            tc.replyOnlyTo = (rep.retFlags() & SEND_REPLY) != 0 ? src : -1;
            try {
                complete(tc, rep, m, " inline");
            } finally {
                tc.replyOnlyTo = saved;
                finish.run();
            }
        } else {
            tc.enqueue(new Step(m, true, "completion handler", AM_ERR, src, () -> {
                try {
                    complete(tc, rep, m, "");
                } finally {
                    finish.run();
                }
            }));
        }
    }

    private static void complete(Context tc, HandlerReply rep, Msg m, String how) {
        rep.compH().call((long) tc.handle(), rep.userInfo());
        if (Trace.on(tc)) Trace.emit(tc, "cmpl", "completion handler " + rep.compH().describe() + " ran" + how + " for " + m.label);
    }

    /** Puts the data where the header handler said (L31, L38, L40, L42); L41: no buffer and no bury is an error. */
    private static void place(Context tc, XferSpec x, HandlerReply rep, byte[] data, Vec orgVec, boolean vector, int src) {
        Rank t = tc.rank();
        if (rep.ctlFlags() == BURY_MSG) {
            if (Trace.on(tc)) Trace.emit(tc, "landed", "LAPI_BURY_MSG: " + data.length + " bytes discarded");
            return;
        }
        if (data.length == 0) return;
        if (vector) {
            if (rep.tgtVec() == null) throw noBuffer(data.length);
            Vec.check(rep.tgtVec(), Vec.Side.TGT, t.memory());
            if (tc.errorCheck()) Vec.agree(orgVec, rep.tgtVec(), x.flags);
            else if (orgVec.total() != rep.tgtVec().total()) Vec.agree(orgVec, rep.tgtVec(), USE_TGT_VEC_TYPE);
            rep.tgtVec().scatter(t.memory(), data);
            if (Trace.on(tc)) Trace.emit(tc, "landed", data.length + " bytes in " + rep.tgtVec().num() + " pieces of the target vector");
            return;
        }
        if (rep.buf() == 0) throw noBuffer(data.length);
        if (rep.dgsp() != 0) {
            Dgsp d = LapiRank.of(t).dgsps().get(rep.dgsp(), "dgsp_handle");
            int n = rep.bytes() > 0 ? (int) Math.min(rep.bytes(), data.length) : data.length;
            DgspMachine.scatter(d, t, rep.buf(), Arrays.copyOf(data, n), rep.recvOffset(), LapiRank.of(t).ddm());
            if (Trace.on(tc)) Trace.emit(tc, "landed", n + " bytes scattered through " + d + " at " + Trace.hex(rep.buf()));
            return;
        }
        t.memory().write(rep.buf(), data);
        if (Trace.on(tc)) Trace.emit(tc, "landed", data.length + " bytes at " + Trace.hex(rep.buf()));
    }

    private static LapiException noBuffer(int n) {
        return LapiErrors.fail(LapiErrors.TGT_ADDR_NULL, "the header handler returned no buffer for " + n
                + " bytes and did not set LAPI_BURY_MSG; the data is discarded and the message completes");
    }

    private static long copyIn(Memory mem, byte[] b) {
        long a = mem.alloc(b.length);
        mem.write(a, b);
        return a;
    }
}
