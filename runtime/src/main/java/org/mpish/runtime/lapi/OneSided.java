package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiConst.*;

import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;

/**
 * PUT, GET, PUTV, GETV and RMW: transfers whose target side runs no user code, so in interrupt mode their
 * target steps happen at once (see {@link Wire}). Counters: L26 (put), L27 (get), L47 (vectors), L50 (rmw).
 */
final class OneSided {
    private OneSided() {}

    static void put(Context o, XferSpec x) {
        Rank t = Origin.target(o, x);
        Origin.length(x.len, "len");
        Origin.address(t, x.tgtAddr, x.len, LapiErrors.TGT_ADDR_NULL, "tgt_addr");
        Origin.address(o.rank(), x.orgAddr, x.len, LapiErrors.ORG_ADDR_NULL, "org_addr");
        Origin.counters(o, t, x);
        byte[] data = Origin.read(o.rank(), x.orgAddr, x.len, LapiErrors.ORG_ADDR_NULL, "org_addr");
        Origin.room(o, t, data.length);
        Msg m = Origin.start(o, x, "put of " + x.len + " bytes " + Trace.hex(x.orgAddr) + " -> task " + x.tgt + " " + Trace.hex(x.tgtAddr), x.len);
        m.hold(LapiRank.of(t), data.length);
        Origin.sendComplete(o, m, x, "origin buffer reusable");
        Wire.deliver(t, o.handle(), new Step(m, false, "put data", PUT_ERR, o.rank().id(), () -> {
            t.memory().write(x.tgtAddr, data);
            landed(t, o, m, data.length, x.tgtAddr);
            Counters.bump(t, x.tgtCntr, o.rank().id(), "tgt_cntr", "put data arrived (" + m.label + ")");
            Origin.ackCompletion(m, x, "put complete at the target");
        }));
    }

    static void get(Context o, XferSpec x) {
        Rank t = Origin.target(o, x);
        Origin.length(x.len, "len");
        Origin.address(t, x.tgtAddr, x.len, LapiErrors.TGT_ADDR_NULL, "tgt_addr");
        Origin.address(o.rank(), x.orgAddr, x.len, LapiErrors.ORG_ADDR_NULL, "org_addr");
        Origin.counters(o, t, x);
        Msg m = Origin.start(o, x, "get of " + x.len + " bytes task " + x.tgt + " " + Trace.hex(x.tgtAddr) + " -> " + Trace.hex(x.orgAddr), 0);
        Wire.deliver(t, o.handle(), new Step(m, false, "get request", GET_ERR, o.rank().id(), () -> {
            byte[] data = t.memory().read(x.tgtAddr, Math.toIntExact(x.len));
            Origin.received(tctx(t, o), 0);
            Counters.bump(t, x.tgtCntr, o.rank().id(), "tgt_cntr", "get: target buffer no longer needed (" + m.label + ")");
            reply(o, m, x, "get data", () -> o.rank().memory().write(x.orgAddr, data), data.length, x.orgAddr);
        }));
    }

    static void putv(Context o, XferSpec x) {
        Rank t = Origin.target(o, x);
        Vec org = Vec.parse(o.rank(), x.orgVecRaw, "org_vec");
        Vec tgt = Vec.parse(o.rank(), x.tgtVecRaw, "tgt_vec");
        vectors(o, t, x, org, tgt);
        byte[] data = org.gather(o.rank().memory());
        Origin.room(o, t, data.length);
        Msg m = Origin.start(o, x, "putv of " + data.length + " bytes in " + org.num() + " pieces -> task " + x.tgt, data.length);
        m.hold(LapiRank.of(t), data.length);
        Origin.sendComplete(o, m, x, "origin vector reusable");
        Wire.deliver(t, o.handle(), new Step(m, false, "putv data", PUT_ERR, o.rank().id(), () -> {
            tgt.scatter(t.memory(), data);
            landed(t, o, m, data.length, tgt.num() > 0 ? tgt.pieces().get(0)[0] : 0);
            Counters.bump(t, x.tgtCntr, o.rank().id(), "tgt_cntr", "putv data arrived (" + m.label + ")");
            Origin.ackCompletion(m, x, "putv complete at the target");
        }));
    }

    static void getv(Context o, XferSpec x) {
        Rank t = Origin.target(o, x);
        Vec org = Vec.parse(o.rank(), x.orgVecRaw, "org_vec");
        Vec tgt = Vec.parse(o.rank(), x.tgtVecRaw, "tgt_vec");
        vectors(o, t, x, org, tgt);
        Msg m = Origin.start(o, x, "getv of " + tgt.total() + " bytes in " + tgt.num() + " pieces from task " + x.tgt, 0);
        Wire.deliver(t, o.handle(), new Step(m, false, "getv request", GET_ERR, o.rank().id(), () -> {
            byte[] data = tgt.gather(t.memory());
            Counters.bump(t, x.tgtCntr, o.rank().id(), "tgt_cntr", "getv: target buffers no longer needed (" + m.label + ")");
            reply(o, m, x, "getv data", () -> org.scatter(o.rank().memory(), data), data.length,
                    org.num() > 0 ? org.pieces().get(0)[0] : 0);
        }));
    }

    /** L44-L46: both descriptions live at the origin; the target's addresses are checked in the target's memory. */
    private static void vectors(Context o, Rank t, XferSpec x, Vec org, Vec tgt) {
        Vec.check(org, Vec.Side.ORG, o.rank().memory());
        Vec.check(tgt, Vec.Side.TGT, t.memory());
        if (o.errorCheck()) Vec.agree(org, tgt, x.flags);
        else if (org.total() != tgt.total()) Vec.agree(org, tgt, USE_TGT_VEC_TYPE);
        Origin.counters(o, t, x);
    }

    /** GET/GETV: the data lands at the origin, the completion handler runs, then org_cntr moves (L27, L58). */
    private static void reply(Context o, Msg m, XferSpec x, String what, Runnable land, long bytes, long at) {
        Wire.deliver(o.rank(), o.handle(), new Step(m, x.chndlr != null, what, GET_ERR, x.tgt, () -> {
            land.run();
            Origin.received(o, bytes);
            m.dataComplete();
            if (Trace.on(o)) Trace.emit(o, "landed", bytes + " bytes at " + Trace.hex(at) + " (" + m.label + ")");
            try {
                if (x.chndlr != null) {
                    x.chndlr.call((long) o.handle(), x.cinfo);
                    if (Trace.on(o)) Trace.emit(o, "chndlr", "completion handler ran for " + m.label);
                }
            } finally {
                Counters.bump(o.rank(), x.orgCntr, x.tgt, "org_cntr", "data arrived at the origin (" + m.label + ")");
                o.noteCompletion(RECV_COMPLETE);
            }
        }));
    }

    private static void landed(Rank t, Context o, Msg m, long bytes, long at) {
        Context tc = tctx(t, o);
        Origin.received(tc, bytes);
        tc.noteCompletion(RECV_COMPLETE);
        m.dataComplete();
        if (Trace.on(tc)) Trace.emit(tc, "landed", bytes + " bytes at " + Trace.hex(at) + " (" + m.label + " from task " + o.rank().id() + ")");
    }

    private static Context tctx(Rank t, Context o) {
        Context c = LapiRank.of(t).contextOrNull(o.handle());
        return c != null ? c : o;
    }

    // ---- read-modify-write (L48-L53) -----------------------------------------------------------------------

    static void rmw(Context o, XferSpec x, boolean viaXfer) {
        Rank t = Origin.target(o, x);
        if (x.op < FETCH_AND_ADD || x.op > COMPARE_AND_SWAP) {
            throw LapiErrors.fail(LapiErrors.RMW_OP, "op " + x.op + " is not FETCH_AND_ADD, FETCH_AND_OR, SWAP or COMPARE_AND_SWAP");
        }
        if (viaXfer && x.size != 32 && x.size != 64) throw LapiErrors.fail(LapiErrors.OP_SZ, "size " + x.size);
        int bytes = x.size / 8;
        int operands = x.op == COMPARE_AND_SWAP ? 2 : 1;
        if (x.tgtVar == 0) throw LapiErrors.fail(LapiErrors.TGT_VAR_NULL, "tgt_var is NULL");
        if (!t.memory().valid(x.tgtVar, bytes)) {
            throw LapiErrors.fail(LapiErrors.TGT_VAR_NULL, "tgt_var " + Trace.hex(x.tgtVar) + " is not " + bytes + " bytes of memory of task " + x.tgt);
        }
        if (x.inVal == 0) throw LapiErrors.fail(LapiErrors.IN_VAL_NULL, "in_val is NULL");
        if (!o.rank().memory().valid(x.inVal, (long) bytes * operands)) {
            throw LapiErrors.fail(LapiErrors.IN_VAL_NULL, "in_val " + Trace.hex(x.inVal) + " does not hold " + operands + " value"
                    + (operands > 1 ? "s" : "") + " of " + bytes + " bytes");
        }
        if (x.prevTgtVal != 0 && !o.rank().memory().valid(x.prevTgtVal, bytes)) {
            throw LapiErrors.fail(LapiErrors.RET_PTR_NULL, "prev_tgt_val " + Trace.hex(x.prevTgtVal) + " is not " + bytes + " bytes of memory");
        }
        Counters.checkOptional(o.rank(), x.orgCntr, "org_cntr");
        Counters.note(o.rank(), x.orgCntr, "org_cntr");
        Memory om = o.rank().memory();
        long a = bytes == 4 ? om.readInt(x.inVal) : om.readLong(x.inVal);
        long b = operands == 1 ? 0 : bytes == 4 ? om.readInt(x.inVal + 4) : om.readLong(x.inVal + 8);
        String opName = RMW_NAMES.get(x.op);
        Msg m = Origin.start(o, x, opName + " (" + x.size + "-bit) on task " + x.tgt + " " + Trace.hex(x.tgtVar), bytes);
        Wire.deliver(t, o.handle(), new Step(m, false, "rmw", RMW_ERR, o.rank().id(), () -> {
            long prev = apply(t.memory(), x, bytes, a, b);
            Trace.emit(tctx(t, o), "landed", opName + " at " + Trace.hex(x.tgtVar) + " from task " + o.rank().id() + ": prev " + prev);
            Wire.deliver(o.rank(), o.handle(), new Step(m, false, "rmw result", RMW_ERR, x.tgt, () -> {
                if (x.prevTgtVal != 0) {
                    if (bytes == 4) om.writeInt(x.prevTgtVal, (int) prev);
                    else om.writeLong(x.prevTgtVal, prev);
                }
                m.dataComplete();
                Origin.sendComplete(o, m, x, "prev_tgt_val written");
            }));
        }));
    }

    /** Atomically at the target, under its memory's lock: returns the old value, or for CAS the success flag (L49). */
    private static long apply(Memory tm, XferSpec x, int bytes, long a, long b) {
        synchronized (tm) {
            long old = bytes == 4 ? tm.readInt(x.tgtVar) : tm.readLong(x.tgtVar);
            long result;
            long prev = old;
            switch (x.op) {
                case FETCH_AND_ADD -> result = old + a;
                case FETCH_AND_OR -> result = old | a;
                case SWAP -> result = a;
                default -> {
                    boolean hit = old == a;
                    result = hit ? b : old;
                    prev = hit ? 1 : 0;
                }
            }
            if (bytes == 4) tm.writeInt(x.tgtVar, (int) result);
            else tm.writeLong(x.tgtVar, result);
            return prev;
        }
    }
}
