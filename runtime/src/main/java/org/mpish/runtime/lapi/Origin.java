package org.mpish.runtime.lapi;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;

/**
 * What every transfer does at its origin: the checks shared by all types (L13, L15, L17, L77, L37), the
 * start of the message, and the origin-side events: "origin buffer reusable" (send-completion handler, then
 * org_cntr, L57) and "complete at the target" (cmpl_cntr, L26, L35).
 */
final class Origin {
    private Origin() {}

    /** The target rank after the checks every transfer makes. */
    static Rank target(Context o, XferSpec x) {
        int n = o.job().size();
        if (x.tgt < 0 || x.tgt >= n) throw LapiErrors.fail(LapiErrors.TGT, "tgt " + x.tgt + ": there are " + n + " tasks (0.." + (n - 1) + ")");
        if (o.purged(x.tgt)) {
            throw LapiErrors.fail(LapiErrors.TGT_PURGED, "task " + x.tgt + " was purged with LAPI_Purge_totask; LAPI_Resume_totask re-enables it");
        }
        if (o.replyOnlyTo >= 0 && x.tgt != o.replyOnlyTo) {
            throw LapiErrors.fail(LapiErrors.INVALID_SEND_REPLY_TGT, "this completion handler runs inline (LAPI_SEND_REPLY) for a message from task "
                    + o.replyOnlyTo + ", so it may only send to task " + o.replyOnlyTo + ", not " + x.tgt);
        }
        return o.job().rank(x.tgt);
    }

    /** L14: 0 <= len <= LAPI_MAX_MSG_SZ, which is also MAX_DATA_SZ (2^31-1, what LAPI_Qenv reports). */
    static void length(long len, String name) {
        if (len < 0) throw LapiErrors.fail(LapiErrors.DATA_LEN, name + " " + len + " is negative");
        if (len > LapiConst.MAX_MSG_SZ) {
            throw LapiErrors.fail(LapiErrors.DATA_LEN, name + " " + len + " is more than LAPI_MAX_MSG_SZ and MAX_DATA_SZ ("
                    + LapiConst.MAX_MSG_SZ + "), the most one transfer moves");
        }
    }

    /** L15: an address that may be NULL only with no data; one outside allocated memory counts as NULL. */
    static void address(Rank owner, long addr, long len, int code, String name) {
        if (len == 0) return;
        if (addr == 0) throw LapiErrors.fail(code, name + " is NULL with " + len + " bytes to move");
        if (!owner.memory().valid(addr, len)) {
            throw LapiErrors.fail(code, name + ": " + len + " bytes at " + Trace.hex(addr) + " are not inside one allocated block of rank "
                    + owner.id());
        }
    }

    /** L17: the counters named, each NULL or 8 bytes of its owner's memory. */
    static void counters(Context o, Rank t, XferSpec x) {
        Counters.checkOptional(o.rank(), x.orgCntr, "org_cntr");
        Counters.checkOptional(o.rank(), x.cmplCntr, "cmpl_cntr");
        Counters.checkOptional(t, x.tgtCntr, "tgt_cntr");
        Counters.note(o.rank(), x.orgCntr, "org_cntr");
        Counters.note(o.rank(), x.cmplCntr, "cmpl_cntr");
        Counters.note(t, x.tgtCntr, "tgt_cntr");
    }

    /**
     * Flow control: before sending {@code bytes} to {@code t}, waits (making progress) while {@code t} already holds
     * its limit of transfers that wait for its progress point ({@link LapiRank#HELD_MAX}). Then {@link Msg#hold}.
     */
    static void room(Context o, Rank t, long bytes) {
        LapiRank tl = LapiRank.of(t);
        if (bytes <= 0 || tl.held.get() == 0 || tl.held.get() + bytes <= LapiRank.HELD_MAX) return;
        o.rank().await(() -> tl.held.get() == 0 || tl.held.get() + bytes <= LapiRank.HELD_MAX,
                () -> "task " + t.id() + " to take in the transfers waiting for its progress point (" + tl.held.get()
                        + " bytes of them; a task holds at most " + LapiRank.HELD_MAX + ")");
    }

    static Msg start(Context o, XferSpec x, String label, long bytes) {
        Msg m = new Msg(o, x.tgt, label);
        o.started(m);
        o.pktsSent.addAndGet(Math.max(1, (bytes + LapiConst.MAX_PKT_SZ - 1) / LapiConst.MAX_PKT_SZ));
        o.dataSent.addAndGet(bytes);
        if (Trace.on(o)) Trace.emit(o, "sent", label + " (" + x.call + (x.call.equals("LAPI_Xfer") ? " " + x.member() : "") + ")");
        return m;
    }

    static void received(Context t, long bytes) {
        t.pktsRecv.addAndGet(Math.max(1, (bytes + LapiConst.MAX_PKT_SZ - 1) / LapiConst.MAX_PKT_SZ));
        t.dataRecv.addAndGet(bytes);
    }

    /**
     * The origin buffer may be reused (L26, L35, L57): the send-completion handler runs at the origin's next
     * progress point and org_cntr moves after it; with no handler org_cntr moves at once.
     */
    static void sendComplete(Context o, Msg m, XferSpec x, String event) {
        if (x.shdlr == null) {
            Counters.bump(o.rank(), x.orgCntr, x.tgt, "org_cntr", event + " (" + m.label + ")");
            o.noteCompletion(LapiConst.SEND_COMPLETE);
            return;
        }
        o.enqueue(new Step(null, true, "send-completion handler", errType(x), x.tgt, () -> {
            Map<String, Object> info = new LinkedHashMap<>();
            info.put("src", (long) x.tgt);
            info.put("reason", (long) (m.cancelled ? LapiErrors.TGT_PURGED : LapiErrors.LAPI_SUCCESS));
            try {
                x.shdlr.call((long) o.handle(), x.sinfo, info);
                if (Trace.on(o)) Trace.emit(o, "shdlr", "send-completion handler ran for " + m.label + " (reason " + info.get("reason") + ")");
            } finally {
                Counters.bump(o.rank(), x.orgCntr, x.tgt, "org_cntr", event + " (" + m.label + ")");
                o.noteCompletion(LapiConst.SEND_COMPLETE);
            }
        }));
    }

    /** The target reports completion back: cmpl_cntr moves at the origin (L26, L35). */
    static void ackCompletion(Msg m, XferSpec x, String event) {
        if (x.cmplCntr == 0) return;
        Context o = m.origin;
        Wire.deliver(o.rank(), o.handle(), new Step(m, false, "cmpl_cntr", errType(x), x.tgt,
                () -> Counters.bump(o.rank(), x.cmplCntr, x.tgt, "cmpl_cntr", event + " (" + m.label + ")")));
    }

    static int errType(XferSpec x) {
        return switch (x.type) {
            case LapiConst.GET_XFER, LapiConst.GETV_XFER -> LapiConst.GET_ERR;
            case LapiConst.PUT_XFER, LapiConst.PUTV_XFER -> LapiConst.PUT_ERR;
            case LapiConst.RMW_XFER -> LapiConst.RMW_ERR;
            default -> LapiConst.AM_ERR;
        };
    }

    /** Reads origin memory; a fault there is the origin address's error. */
    static byte[] read(Rank r, long addr, long len, int code, String name) {
        try {
            return r.memory().read(addr, Math.toIntExact(len));
        } catch (MemoryFault f) {
            throw LapiErrors.fail(code, name + ": " + f.getMessage());
        }
    }
}
