package org.mpish.runtime.lapi;

import java.util.Map;
import org.mpish.runtime.Memory;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;

/**
 * LAPI counters (L20-L24): an 8-byte slot in the owner's memory, named by its address. Every update holds the
 * owner memory's lock, so increments from several tasks, LAPI_Waitcntr's decrement and read-modify-writes
 * never interleave; the owner is woken after each change.
 */
public final class Counters {
    private Counters() {}

    public static final int SLOT = 8;

    /** A usable counter address: NULL or memory that cannot hold a counter is {@code code} (L21). */
    static void check(Rank r, long addr, int code, String param) {
        if (addr == 0) throw LapiErrors.fail(code, param + " is NULL");
        if (!r.memory().valid(addr, SLOT)) {
            throw LapiErrors.fail(code, param + " " + Trace.hex(addr) + " is not " + SLOT + " bytes of allocated memory of rank " + r.id());
        }
    }

    /** An optional counter of a transfer: 0 means none (L17); anything else must be valid. */
    static void checkOptional(Rank r, long addr, String param) {
        if (addr != 0) check(r, addr, LapiErrors.CNTR_NULL, param);
    }

    public static long get(Rank r, long addr) {
        Memory m = r.memory();
        synchronized (m) {
            return m.readLong(addr);
        }
    }

    static void set(Rank r, long addr, long v, String why) {
        Memory m = r.memory();
        synchronized (m) {
            m.writeLong(addr, v);
        }
        LapiRank.CounterInfo info = LapiRank.of(r).counter(addr);
        info.lastEvent = why + " = " + v;
        if (Trace.on(r)) Trace.emit(r, "cntr", "counter " + Trace.hex(addr) + " set to " + v + " (" + why + ")", Map.of("addr", addr, "value", v));
        r.wake();
    }

    /** Adds 1 to the counter at {@code addr} of {@code owner} (0: no counter) because of {@code event} with task {@code peer}. */
    static void bump(Rank owner, long addr, int peer, String role, String event) {
        if (addr == 0) return;
        Memory m = owner.memory();
        long v;
        LapiRank.CounterInfo info = LapiRank.of(owner).counter(addr);
        synchronized (m) {
            try {
                v = m.readLong(addr) + 1;
                m.writeLong(addr, v);
            } catch (MemoryFault f) {
                throw LapiErrors.fail(LapiErrors.CNTR_NULL, role + " " + Trace.hex(addr) + " is no longer in memory: " + f.getMessage());
            }
            info.role = role;
            info.increments++;
            info.lastEvent = event;
            WStatus.received(owner, info, peer);
        }
        if (Trace.on(owner)) {
            Trace.emit(owner, "cntr", role + " " + Trace.hex(addr) + " -> " + v + ": " + event,
                    Map.of("addr", addr, "value", v, "role", role, "peer", peer));
        }
        owner.wake();
    }

    /** Subtracts {@code val} under the lock and returns the new value (L22). */
    static long decrement(Rank r, long addr, long val) {
        Memory m = r.memory();
        synchronized (m) {
            long v = m.readLong(addr) - val;
            m.writeLong(addr, v);
            return v;
        }
    }

    /** Notes that {@code addr} is used as {@code role} on {@code r} (for the counters view). */
    static void note(Rank r, long addr, String role) {
        if (addr != 0) LapiRank.of(r).counter(addr).role = role;
    }

    /** The per-destination status slots of LAPI_Setcntr_wstatus (L24). */
    static final class WStatus {
        final int[] dests;
        final int[] states;
        final long statusAddr;

        WStatus(int[] dests, long statusAddr, int ntasks) {
            this.dests = dests.clone();
            this.statusAddr = statusAddr;
            this.states = new int[dests.length];
            for (int i = 0; i < dests.length; i++) {
                states[i] = dests[i] < 0 || dests[i] >= ntasks ? LapiConst.MSG_INVALID : LapiConst.MSG_INITIAL;
            }
        }

        void write(Rank r) {
            if (statusAddr == 0) return;
            for (int i = 0; i < states.length; i++) r.memory().writeInt(statusAddr + 4L * i, states[i]);
        }

        static void received(Rank r, LapiRank.CounterInfo info, int peer) {
            WStatus w = info.wstatus;
            if (w == null) return;
            for (int i = 0; i < w.dests.length; i++) {
                if (w.dests[i] != peer) continue;
                if (w.states[i] == LapiConst.MSG_INITIAL) w.states[i] = LapiConst.MSG_RECVD;
                else if (w.states[i] == LapiConst.MSG_PURGED) w.states[i] = LapiConst.MSG_PURGED_RCVD;
            }
            w.write(r);
        }

        static void purged(Rank r, int task) {
            for (LapiRank.CounterInfo info : LapiRank.of(r).counters().values()) {
                WStatus w = info.wstatus;
                if (w == null) continue;
                synchronized (r.memory()) {
                    for (int i = 0; i < w.dests.length; i++) {
                        if (w.dests[i] != task) continue;
                        if (w.states[i] == LapiConst.MSG_INITIAL) w.states[i] = LapiConst.MSG_PURGED;
                        else if (w.states[i] == LapiConst.MSG_RECVD) w.states[i] = LapiConst.MSG_PURGED_RCVD;
                    }
                    w.write(r);
                }
            }
        }
    }
}
