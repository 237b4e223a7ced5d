package org.mpish.runtime.lapi;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Rank;

/**
 * The LAPI state of one task (rank): its contexts by handle, the addresses it gave to functions, its DGSPs,
 * the counters it has seen, and messages that reached a handle before LAPI_Init opened it there.
 */
public final class LapiRank {
    private final Rank rank;
    private final Context[] contexts = new Context[LapiConst.MAX_INSTANCES];
    private final boolean[] everOpened = new boolean[LapiConst.MAX_INSTANCES];
    private final long[] collectiveSeq = new long[LapiConst.MAX_INSTANCES];
    private final Map<Integer, ConcurrentLinkedQueue<Step>> early = new ConcurrentHashMap<>();
    private final Map<Long, Callback> functions = new ConcurrentHashMap<>();
    private final Map<Callback, Long> addresses = new IdentityHashMap<>();
    private final ConcurrentSkipListMap<Long, CounterInfo> counters = new ConcurrentSkipListMap<>();
    private final Map<String, Long> counterNames = new ConcurrentHashMap<>();
    private final Dgsps dgsps = new Dgsps();
    private volatile Callback ddm;

    /** What the counters view shows about one counter: the role it was last used in and its history. */
    public static final class CounterInfo {
        volatile String role;
        volatile int increments;
        volatile String lastEvent = "";
        /** The wait on this counter (LAPI_Waitcntr or LAPI_Nopoll_wait) and the value it waits for, or null. */
        volatile String waiterCall;
        volatile int waiterVal;
        volatile Counters.WStatus wstatus;
        public String role() { return role; }
        public int increments() { return increments; }
        public String lastEvent() { return lastEvent; }
        public String waiter() {
            String c = waiterCall;
            return c == null ? null : c + "(" + waiterVal + ")";
        }
    }

    /**
     * Bytes of transfers that reached this task and wait for its progress point (active messages, puts in polling
     * mode). A task holds at most {@link #HELD_MAX}: an origin past that waits, making progress itself, until
     * this task takes some in, as LAPI's flow control makes a sender wait for tokens. A task that never polls then
     * stalls its senders (a timeout or deadlock report) instead of filling the JVM's heap.
     */
    final java.util.concurrent.atomic.AtomicLong held = new java.util.concurrent.atomic.AtomicLong();
    public static final long HELD_MAX = 16L << 20;

    private LapiRank(Rank rank) { this.rank = rank; }

    private static final int SLOT = 2; // see Rank.MAX_SLOTS

    public static LapiRank of(Rank r) { return r.slot(SLOT, LapiRank.class, LapiRank::new); }

    public Rank rank() { return rank; }
    Dgsps dgsps() { return dgsps; }
    Callback ddm() { return ddm; }
    void setDdm(Callback f) { ddm = f; }

    // ---- contexts ---------------------------------------------------------------------------------

    /** The live context of handle {@code h}, else LAPI_ERR_HNDL_INVALID (L3). */
    public Context context(int h) {
        Context c = contextOrNull(h);
        if (c == null) {
            throw LapiErrors.fail(LapiErrors.HNDL_INVALID, "hndl " + h + (h >= 0 && h < contexts.length && everOpened[h]
                    ? " has been terminated with LAPI_Term" : " was not returned by LAPI_Init on rank " + rank.id()));
        }
        return c;
    }

    public synchronized Context contextOrNull(int h) {
        return h >= 0 && h < contexts.length ? contexts[h] : null;
    }

    /** The live contexts, for inspection. */
    public synchronized List<Context> contexts() {
        List<Context> out = new ArrayList<>();
        for (Context c : contexts) if (c != null) out.add(c);
        return out;
    }

    /** Opens a context at instance {@code instance} (1..16) or, for 0, at the lowest free handle. */
    Context open(int instance, Context.Settings settings) {
        Context c;
        synchronized (this) {
            int h = -1;
            if (instance > 0) {
                if (instance > contexts.length) {
                    throw LapiErrors.fail(LapiErrors.ALL_HNDL_IN_USE, "instance_no " + instance + " is outside 1.." + contexts.length);
                }
                if (contexts[instance - 1] == null) h = instance - 1;
            } else {
                for (int i = 0; i < contexts.length && h < 0; i++) if (contexts[i] == null) h = i;
            }
            if (h < 0) {
                throw LapiErrors.fail(LapiErrors.ALL_HNDL_IN_USE, instance > 0 ? "instance " + instance + " is already open"
                        : "all " + contexts.length + " instances of rank " + rank.id() + " are open");
            }
            c = new Context(this, h, settings);
            contexts[h] = c;
            everOpened[h] = true;
        }
        ConcurrentLinkedQueue<Step> q = early.remove(c.handle());
        if (q != null) {
            for (Step s : q) {
                if (!s.user() && c.interrupt()) c.run(s);
                else c.enqueue(s);
            }
        }
        return c;
    }

    synchronized void close(Context c) {
        if (contexts[c.handle()] == c) contexts[c.handle()] = null;
    }

    /** A step for handle {@code h} of this task: to its context, kept until it opens, or dropped after LAPI_Term. */
    boolean accept(int h, Step s, boolean runNow) {
        Context c;
        synchronized (this) {
            c = contextOrNull(h);
            if (c == null) {
                if (h >= 0 && h < contexts.length && everOpened[h]) return false;
                early.computeIfAbsent(h, k -> new ConcurrentLinkedQueue<>()).add(s);
                return true;
            }
        }
        if (runNow) c.run(s);
        else c.enqueue(s);
        return true;
    }

    long nextCollective(int h) { synchronized (collectiveSeq) { return collectiveSeq[h]++; } }

    // ---- function addresses ------------------------------------------------------------------------

    /**
     * The integer a LAPI address parameter carries: numbers are addresses already; a function gets a code
     * address of this task (outside data memory), the same one every time (LAPI_Address, L12).
     */
    public long addressOf(Object v) {
        if (v == null) return 0;
        if (v instanceof Number n) return n.longValue();
        if (v instanceof Callback cb) {
            synchronized (addresses) {
                Long a = addresses.get(cb);
                if (a == null) {
                    a = LapiConst.CODE_BASE + 16L * (addresses.size() + 1);
                    addresses.put(cb, a);
                    functions.put(a, cb);
                }
                return a;
            }
        }
        throw new org.mpish.runtime.BadArgument("expected an address (a number) or a function, got " + v);
    }

    /** The function at a code address of this task, or null. */
    public Callback function(long address) { return functions.get(address); }

    // ---- counters -------------------------------------------------------------------------------------

    CounterInfo counter(long addr) { return counters.computeIfAbsent(addr, a -> new CounterInfo()); }

    /** Every counter this task has used or had moved, by address. */
    public Map<Long, CounterInfo> counters() { return counters; }

    /** Names given to counters in the shell (`cntr new c0`), usable in LAPI_Xfer's name=value fields. */
    public Map<String, Long> counterNames() { return counterNames; }
}
