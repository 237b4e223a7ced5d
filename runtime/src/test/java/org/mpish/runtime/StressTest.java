package org.mpish.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.Status;

/**
 * A seeded, reproducible randomized run of many ranks through thousands of mixed operations, checking exact
 * totals at the end (issue 9). Each phase, on every rank:
 * <ol>
 * <li>communicators with attributes: MPI_Comm_dup, MPI_Comm_set_attr (and a re-set, A10), a second dup that runs
 *     the copy callbacks (A19), MPI_Comm_delete_attr, MPI_Comm_free of both (A28);
 * <li>point-to-point on the new communicator, from a plan shared by all ranks: eager MPI_Send, MPI_Isend above the
 *     eager limit (rendezvous), MPI_Issend and MPI_Bsend through a small attached buffer (B29-B31), received with
 *     MPI_ANY_SOURCE / MPI_ANY_TAG by MPI_Recv, MPI_Probe + MPI_Recv and MPI_Mprobe + MPI_Mrecv;
 * <li>RMA in a passive-target epoch: MPI_Accumulate (MPI_SUM) into random slots and MPI_Fetch_and_op on a counter of
 *     random targets, with MPI_Win_flush;
 * <li>LAPI: LAPI_Put (tgt_cntr, cmpl_cntr), LAPI_Get, LAPI_Rmw64 fetch-and-add and LAPI_Amsend with a header and a
 *     completion handler, each waited for with LAPI_Waitcntr.
 * </ol>
 * At the end: every message was received exactly once with the right source, tag and contents; every window slot
 * holds the exact sum accumulated into it and every fetch-and-op counter handed out each value once; every LAPI
 * counter, landing slot, read-modify-write variable and active-message sum is exact; every attribute value set or
 * copied had its delete callback run exactly once.
 *
 * <p>CI runs 64 ranks for 5 phases and 256 ranks for 2 phases (about 49,000 operations, 6,000 messages, a few
 * seconds on two cores; 512 ranks for 5 phases is 140,000 operations in about 10 s).
 * Larger runs: {@code -Dmpish.stress.ranks=N -Dmpish.stress.phases=P -Dmpish.stress.seed=S}, for example
 * {@code mvn -pl runtime test -Dtest=StressTest#configured -Dmpish.stress.ranks=512 -Dmpish.stress.phases=10}.
 * A failure names the seed.
 */
@Timeout(600)
class StressTest {
    private static final long SEED = Long.getLong("mpish.stress.seed", 20261121L);
    private static final int SLOTS = 16;
    private static final int BIG = 80 << 10;          // above the eager limit of 64 KiB: a rendezvous send
    private static final int RECV_CAP = 96 << 10;
    private static final int BSEND_SLOTS = 4;
    private static final int BSEND_SIZE = BSEND_SLOTS * (128 + 16);

    @Test
    void sixtyFourRanksFivePhases() { run(64, 5, SEED); }

    @Test
    void twoHundredFiftySixRanksTwoPhases() { run(256, 2, SEED + 1); }

    /** The size given by system properties (not run by default: the properties select it). */
    @Test
    @org.junit.jupiter.api.condition.EnabledIfSystemProperty(named = "mpish.stress.ranks", matches = "\\d+")
    void configured() { run(Integer.getInteger("mpish.stress.ranks"), Integer.getInteger("mpish.stress.phases", 5), SEED); }

    /** One planned point-to-point message. */
    record Msg(int src, int dst, int seq, int tag, int kind) {
        static final int EAGER = 0, BIG_ISEND = 1, ISSEND = 2, BSEND = 3;
        long word() { return ((long) src << 32) | seq; }
        long check() { return src * 1_000_003L + seq * 31L + tag; }
    }

    /** Everything the ranks record, to check the totals against at the end. */
    static final class Ledger {
        final int n;
        final AtomicLong ops = new AtomicLong();
        // point-to-point
        final Set<Long> received = ConcurrentHashMap.newKeySet();
        final AtomicInteger duplicates = new AtomicInteger();
        final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
        // RMA
        final AtomicLongArray accExpected;
        final AtomicLongArray fopCount;
        final Map<Integer, ConcurrentLinkedQueue<Long>> fopFetched = new ConcurrentHashMap<>();
        // LAPI
        final AtomicLongArray putsTo, putCount, rmwCount, amCount, amSum, amGot, amGotCount;
        final Map<Integer, ConcurrentLinkedQueue<Long>> rmwPrev = new ConcurrentHashMap<>();
        // attributes
        final AtomicLong attrIds = new AtomicLong();
        final Set<Long> attrMade = ConcurrentHashMap.newKeySet();
        final Map<Long, AtomicInteger> attrDeleted = new ConcurrentHashMap<>();

        Ledger(int n) {
            this.n = n;
            accExpected = new AtomicLongArray(n * SLOTS);
            fopCount = new AtomicLongArray(n);
            putsTo = new AtomicLongArray(n);
            putCount = new AtomicLongArray(n * n);
            rmwCount = new AtomicLongArray(n);
            amCount = new AtomicLongArray(n);
            amSum = new AtomicLongArray(n);
            amGot = new AtomicLongArray(n);
            amGotCount = new AtomicLongArray(n);
            for (int i = 0; i < n; i++) {
                fopFetched.put(i, new ConcurrentLinkedQueue<>());
                rmwPrev.put(i, new ConcurrentLinkedQueue<>());
            }
        }

        long newAttr() {
            long id = attrIds.incrementAndGet();
            attrMade.add(id);
            return id;
        }
    }

    /** What one rank keeps between phases. */
    static final class RankState {
        Object win, kvA, kvB;
        long winBase, bsendBuf, rbuf, obuf, rbuf8;
        int h;
        long tcnt, acnt, rvar, land, gsrc, ccnt, ocnt, ubuf, gbuf, inval, prev;
        long[] tabTcnt, tabAcnt, tabRvar, tabLand, tabGsrc, tabHh;
    }

    private void run(int n, int phases, long seed) {
        Ledger led = new Ledger(n);
        List<List<List<Msg>>> plans = new ArrayList<>();
        int[][] incoming = new int[phases][n];
        long planned = 0;
        for (int p = 0; p < phases; p++) {
            List<List<Msg>> plan = plan(n, p, seed);
            plans.add(plan);
            for (List<Msg> l : plan) for (Msg m : l) { incoming[p][m.dst()]++; planned++; }
        }
        long t0 = System.nanoTime();
        try (TestJob t = new TestJob(n)) {
            RankState[] st = new RankState[n];
            t.spmd(r -> st[r.id()] = setUp(r, led), 120);
            for (int p = 0; p < phases; p++) {
                int phase = p;
                t.spmd(r -> phase(r, st[r.id()], led, phase, plans.get(phase), incoming[phase][r.id()], seed), 300);
            }
            t.spmd(r -> finish(r, st[r.id()], led), 120);
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        System.out.printf("StressTest: %d ranks, %d phases, seed %d: %d operations (%d messages) in %.1f s%n", n, phases, seed,
                led.ops.get(), planned, secs);
        String where = " (seed " + seed + ", " + n + " ranks, " + phases + " phases)";
        assertEquals(List.of(), List.copyOf(led.errors), "errors seen by the ranks" + where);
        assertEquals(0, led.duplicates.get(), "messages received twice" + where);
        assertEquals(planned, led.received.size(), "every message received once" + where);
        assertEquals(led.attrMade.size(), led.attrDeleted.size(), "attribute values whose delete callback ran" + where);
        for (Map.Entry<Long, AtomicInteger> e : led.attrDeleted.entrySet()) {
            assertTrue(led.attrMade.contains(e.getKey()), "a delete callback for a value never set: " + e.getKey() + where);
            assertEquals(1, e.getValue().get(), "delete callbacks for attribute value " + e.getKey() + where);
        }
        assertTrue(led.ops.get() > 1000L * phases, "operations: " + led.ops.get());
    }

    // ---- the plan --------------------------------------------------------------------------------

    /** The messages every rank sends in a phase: the same on every rank, from the seed. */
    static List<List<Msg>> plan(int n, int phase, long seed) {
        List<List<Msg>> plan = new ArrayList<>();
        for (int src = 0; src < n; src++) {
            Random rnd = new Random(seed ^ (phase * 0x9E3779B97F4A7C15L) ^ (src * 7919L));
            int m = 4 + rnd.nextInt(8);
            int bsends = 0;
            List<Msg> mine = new ArrayList<>();
            for (int i = 0; i < m; i++) {
                int k = rnd.nextInt(10);
                int kind = k == 0 ? Msg.BIG_ISEND : k == 1 ? Msg.ISSEND : k <= 3 && bsends < BSEND_SLOTS / 2 ? Msg.BSEND : Msg.EAGER;
                if (kind == Msg.BSEND) bsends++;
                mine.add(new Msg(src, rnd.nextInt(n), i, rnd.nextInt(5), kind));
            }
            plan.add(mine);
        }
        return plan;
    }

    // ---- calls -----------------------------------------------------------------------------------

    private static Object[] call(Ledger led, Rank r, String name, Object... args) {
        led.ops.incrementAndGet();
        return TestJob.call(r, name, args);
    }

    private static Object call1(Ledger led, Rank r, String name, Object... args) {
        Object[] o = call(led, r, name, args);
        return o.length == 0 ? null : o[0];
    }

    private static Callback fn(String name, Function<Object[], Object> body) {
        return new Callback() {
            @Override public Object call(Object... args) { return body.apply(args); }
            @Override public String describe() { return name; }
        };
    }

    // ---- set up, once per rank -------------------------------------------------------------------

    private static RankState setUp(Rank r, Ledger led) {
        TestJob.returnErrors(r);
        RankState s = new RankState();
        Memory mem = r.memory();
        int me = r.id();
        s.bsendBuf = mem.alloc(BSEND_SIZE);
        call(led, r, "MPI_Buffer_attach", s.bsendBuf, (long) BSEND_SIZE);
        Object[] w = call(led, r, "MPI_Win_allocate", 8L * SLOTS, 8L, "MPI_INFO_NULL", "MPI_COMM_WORLD");
        s.winBase = (Long) w[0];
        s.win = w[1];
        call(led, r, "MPI_Win_set_errhandler", s.win, "MPI_ERRORS_RETURN");
        s.rbuf = mem.alloc(RECV_CAP);
        s.obuf = mem.alloc(16);
        s.rbuf8 = mem.alloc(16);
        // attributes: kvA is copied by MPI_Comm_dup (its copy callback makes a new value), kvB is not
        Callback del = fn("delete", a -> {
            long id = (Long) a[2];
            led.attrDeleted.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
            return null;
        });
        Callback copy = fn("copy", a -> led.newAttr());
        s.kvA = call1(led, r, "MPI_Comm_create_keyval", copy, del, null);
        s.kvB = call1(led, r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", del, null);
        // LAPI: a context, its counters and buffers, and every task's addresses
        s.h = (Integer) call1(led, r, "LAPI_Init", (Object) null);
        s.tcnt = mem.alloc(8);
        s.acnt = mem.alloc(8);
        s.rvar = mem.alloc(8);
        s.land = mem.alloc(8L * r.job().size());
        s.gsrc = mem.alloc(8);
        mem.writeLong(s.gsrc, pattern(me));
        s.ccnt = mem.alloc(8);
        s.ocnt = mem.alloc(8);
        s.ubuf = mem.alloc(8);
        s.gbuf = mem.alloc(8);
        s.inval = mem.alloc(8);
        mem.writeLong(s.inval, 1);
        s.prev = mem.alloc(8);
        Callback complete = fn("completion", a -> {
            long at = ((Number) a[1]).longValue();
            long v = mem.readLong(at);
            mem.free(at);
            led.amGot.addAndGet(me, v);
            led.amGotCount.incrementAndGet(me);
            return null;
        });
        Callback header = fn("header", a -> {
            long at = mem.alloc(8); // a landing place per message: the completion handler frees it
            return Map.of("buf", at, "comp_h", complete, "user_info", at);
        });
        long hl = (long) s.h;
        s.tabTcnt = (long[]) call1(led, r, "LAPI_Address_init", hl, s.tcnt);
        s.tabAcnt = (long[]) call1(led, r, "LAPI_Address_init", hl, s.acnt);
        s.tabRvar = (long[]) call1(led, r, "LAPI_Address_init", hl, s.rvar);
        s.tabLand = (long[]) call1(led, r, "LAPI_Address_init", hl, s.land);
        s.tabGsrc = (long[]) call1(led, r, "LAPI_Address_init", hl, s.gsrc);
        s.tabHh = (long[]) call1(led, r, "LAPI_Address_init", hl, header);
        return s;
    }

    private static long pattern(int rank) { return 0x5EED_0000_0000L | rank; }

    // ---- one phase -------------------------------------------------------------------------------

    private static void phase(Rank r, RankState s, Ledger led, int phase, List<List<Msg>> plan, int incoming, long seed) {
        int me = r.id(), n = r.job().size();
        Memory mem = r.memory();
        Random rnd = new Random(seed * 31 + phase * 1_000_003L + me);

        // communicators with attributes
        Object c1 = call1(led, r, "MPI_Comm_dup", "MPI_COMM_WORLD");
        long a1 = led.newAttr(), b1 = led.newAttr();
        call(led, r, "MPI_Comm_set_attr", c1, s.kvA, a1);
        call(led, r, "MPI_Comm_set_attr", c1, s.kvB, b1);
        if (rnd.nextBoolean()) call(led, r, "MPI_Comm_set_attr", c1, s.kvA, led.newAttr()); // A10: a1's delete runs
        Object c2 = call1(led, r, "MPI_Comm_dup", c1); // copies kvA (a new value), not kvB

        // point-to-point on c2
        List<Handle> reqs = new ArrayList<>();
        List<Long> sendBufs = new ArrayList<>();
        for (Msg m : plan.get(me)) {
            long buf = mem.alloc(m.kind() == Msg.BIG_ISEND ? BIG : 16);
            sendBufs.add(buf);
            mem.writeLong(buf, m.word());
            mem.writeLong(buf + 8, m.check());
            long bytes = m.kind() == Msg.BIG_ISEND ? BIG : 16;
            switch (m.kind()) {
                case Msg.EAGER -> call(led, r, "MPI_Send", buf, bytes, "MPI_BYTE", (long) m.dst(), (long) m.tag(), c2);
                case Msg.BSEND -> call(led, r, "MPI_Bsend", buf, bytes, "MPI_BYTE", (long) m.dst(), (long) m.tag(), c2);
                case Msg.BIG_ISEND -> reqs.add((Handle) call1(led, r, "MPI_Isend", buf, bytes, "MPI_BYTE", (long) m.dst(), (long) m.tag(), c2));
                default -> reqs.add((Handle) call1(led, r, "MPI_Issend", buf, bytes, "MPI_BYTE", (long) m.dst(), (long) m.tag(), c2));
            }
        }
        for (int i = 0; i < incoming; i++) {
            Status st;
            int how = rnd.nextInt(4);
            if (how == 0) {
                Status probed = (Status) call1(led, r, "MPI_Probe", -2L, -1L, c2); // MPI_ANY_SOURCE, MPI_ANY_TAG
                st = (Status) call1(led, r, "MPI_Recv", s.rbuf, (long) RECV_CAP, "MPI_BYTE", (long) probed.source(), (long) probed.tag(), c2);
                if (st.source() != probed.source() || st.tag() != probed.tag()) led.errors.add("rank " + me + ": probed " + probed + ", received " + st);
            } else if (how == 1) {
                Object[] mp = call(led, r, "MPI_Mprobe", -2L, -1L, c2);
                st = (Status) call(led, r, "MPI_Mrecv", s.rbuf, (long) RECV_CAP, "MPI_BYTE", mp[0])[1];
            } else {
                st = (Status) call1(led, r, "MPI_Recv", s.rbuf, (long) RECV_CAP, "MPI_BYTE", -2L, -1L, c2);
            }
            long word = mem.readLong(s.rbuf), check = mem.readLong(s.rbuf + 8);
            int src = (int) (word >>> 32), seq = (int) word;
            Msg m = src >= 0 && src < n && seq >= 0 && seq < plan.get(src).size() ? plan.get(src).get(seq) : null;
            if (m == null || m.dst() != me || st.source() != src || st.tag() != m.tag() || check != m.check()
                    || st.bytes() != (m.kind() == Msg.BIG_ISEND ? BIG : 16)) {
                led.errors.add("rank " + me + " phase " + phase + ": unexpected message " + Long.toHexString(word) + " " + st);
            } else if (!led.received.add(((long) phase << 48) | word)) {
                led.duplicates.incrementAndGet();
            }
        }
        if (!reqs.isEmpty()) call(led, r, "MPI_Waitall", (long) reqs.size(), new ArrayList<Object>(reqs));
        for (long b : sendBufs) mem.free(b);

        // RMA, passive target
        call(led, r, "MPI_Win_lock_all", 0L, s.win);
        int rmaOps = 3 + rnd.nextInt(6);
        for (int i = 0; i < rmaOps; i++) {
            int tgt = rnd.nextInt(n);
            if (rnd.nextInt(3) == 0) {
                mem.writeLong(s.obuf, 1);
                call(led, r, "MPI_Fetch_and_op", s.obuf, s.rbuf8, "MPI_LONG", (long) tgt, 0L, "MPI_SUM", s.win);
                call(led, r, "MPI_Win_flush", (long) tgt, s.win);
                led.fopFetched.get(tgt).add(mem.readLong(s.rbuf8));
                led.fopCount.incrementAndGet(tgt);
            } else {
                int slot = 1 + rnd.nextInt(SLOTS - 1);
                long v = rnd.nextInt(1000) - 300;
                mem.writeLong(s.obuf, v);
                call(led, r, "MPI_Accumulate", s.obuf, 1L, "MPI_LONG", (long) tgt, (long) slot, 1L, "MPI_LONG", "MPI_SUM", s.win);
                led.accExpected.addAndGet(tgt * SLOTS + slot, v);
            }
        }
        call(led, r, "MPI_Win_unlock_all", s.win);

        // LAPI
        long h = s.h;
        int lapiOps = 4 + rnd.nextInt(6);
        for (int i = 0; i < lapiOps; i++) {
            int tgt = rnd.nextInt(n);
            switch (rnd.nextInt(4)) {
                case 0 -> {
                    long v = led.putCount.incrementAndGet(me * n + tgt);
                    mem.writeLong(s.obuf, v);
                    call(led, r, "LAPI_Put", h, (long) tgt, 8L, s.tabLand[tgt] + 8L * me, s.obuf, s.tabTcnt[tgt], 0L, s.ccnt);
                    call(led, r, "LAPI_Waitcntr", h, s.ccnt, 1L); // complete at the target: the next put cannot overtake it
                    led.putsTo.incrementAndGet(tgt);
                }
                case 1 -> {
                    call(led, r, "LAPI_Get", h, (long) tgt, 8L, s.tabGsrc[tgt], s.gbuf, 0L, s.ocnt);
                    call(led, r, "LAPI_Waitcntr", h, s.ocnt, 1L);
                    if (mem.readLong(s.gbuf) != pattern(tgt)) led.errors.add("rank " + me + ": LAPI_Get from " + tgt + " read " + mem.readLong(s.gbuf));
                }
                case 2 -> {
                    call(led, r, "LAPI_Rmw64", h, 0L, (long) tgt, s.tabRvar[tgt], s.inval, s.prev, s.ocnt); // FETCH_AND_ADD 1
                    call(led, r, "LAPI_Waitcntr", h, s.ocnt, 1L);
                    led.rmwPrev.get(tgt).add(mem.readLong(s.prev));
                    led.rmwCount.incrementAndGet(tgt);
                }
                default -> {
                    long v = rnd.nextInt(1 << 20);
                    mem.writeLong(s.ubuf, v);
                    led.amCount.incrementAndGet(tgt);
                    led.amSum.addAndGet(tgt, v);
                    call(led, r, "LAPI_Amsend", h, (long) tgt, s.tabHh[tgt], 0L, 0L, s.ubuf, 8L, s.tabAcnt[tgt], s.ocnt, 0L);
                    call(led, r, "LAPI_Waitcntr", h, s.ocnt, 1L); // udata reusable
                }
            }
        }

        // the attributes go: an explicit delete, then both frees (A28)
        call(led, r, "MPI_Comm_delete_attr", c2, s.kvA);
        call(led, r, "MPI_Comm_free", c1);
        call(led, r, "MPI_Comm_free", c2);
        call(led, r, "MPI_Barrier", "MPI_COMM_WORLD");
    }

    // ---- the end ---------------------------------------------------------------------------------

    private static void finish(Rank r, RankState s, Ledger led) {
        int me = r.id(), n = r.job().size();
        Memory mem = r.memory();
        long h = s.h;
        call(led, r, "MPI_Barrier", "MPI_COMM_WORLD"); // every origin has issued everything: the ledger is final
        // RMA: the exact sums, and each fetch-and-op value handed out once
        for (int slot = 1; slot < SLOTS; slot++) {
            long got = mem.readLong(s.winBase + 8L * slot), want = led.accExpected.get(me * SLOTS + slot);
            if (got != want) led.errors.add("rank " + me + ": window slot " + slot + " holds " + got + ", accumulated " + want);
        }
        long fops = led.fopCount.get(me);
        if (mem.readLong(s.winBase) != fops) led.errors.add("rank " + me + ": fetch-and-op counter " + mem.readLong(s.winBase) + ", expected " + fops);
        expectEachOnce(led, "MPI_Fetch_and_op on rank " + me, led.fopFetched.get(me), fops);
        // LAPI: every active message arrived and its completion handler ran (tgt_cntr moves after it)
        call(led, r, "LAPI_Waitcntr", h, s.acnt, led.amCount.get(me));
        call(led, r, "LAPI_Gfence", h);
        if (led.amGotCount.get(me) != led.amCount.get(me) || led.amGot.get(me) != led.amSum.get(me)) {
            led.errors.add("rank " + me + ": " + led.amGotCount.get(me) + " active messages summing " + led.amGot.get(me) + ", sent "
                    + led.amCount.get(me) + " summing " + led.amSum.get(me));
        }
        long puts = (Integer) call1(led, r, "LAPI_Getcntr", h, s.tcnt);
        if (puts != led.putsTo.get(me)) led.errors.add("rank " + me + ": put tgt_cntr " + puts + ", expected " + led.putsTo.get(me));
        for (int o = 0; o < n; o++) {
            long got = mem.readLong(s.land + 8L * o), want = led.putCount.get(o * n + me);
            if (got != want) led.errors.add("rank " + me + ": the last put from " + o + " left " + got + ", expected " + want);
        }
        long rmws = led.rmwCount.get(me);
        if (mem.readLong(s.rvar) != rmws) led.errors.add("rank " + me + ": LAPI_Rmw64 variable " + mem.readLong(s.rvar) + ", expected " + rmws);
        expectEachOnce(led, "LAPI_Rmw64 on rank " + me, led.rmwPrev.get(me), rmws);
        // clean up: buffered messages delivered, window freed (its collective), keyvals and context gone
        Object[] d = call(led, r, "MPI_Buffer_detach");
        if ((Long) d[0] != s.bsendBuf) led.errors.add("rank " + me + ": MPI_Buffer_detach gave " + d[0]);
        call(led, r, "MPI_Win_free", s.win);
        call(led, r, "MPI_Comm_free_keyval", s.kvA);
        call(led, r, "MPI_Comm_free_keyval", s.kvB);
        call(led, r, "LAPI_Gfence", h);
        call(led, r, "LAPI_Term", h);
    }

    /** The values fetched from a counter that was incremented {@code count} times: 0 .. count-1, each once. */
    private static void expectEachOnce(Ledger led, String what, ConcurrentLinkedQueue<Long> fetched, long count) {
        List<Long> got = new ArrayList<>(fetched);
        Collections.sort(got);
        for (int i = 0; i < got.size(); i++) {
            if (got.get(i) != i) {
                led.errors.add(what + ": fetched values " + (got.size() > 20 ? got.subList(0, 20) + "..." : got) + ", expected 0.." + (count - 1));
                return;
            }
        }
        if (got.size() != count) led.errors.add(what + ": " + got.size() + " values fetched, " + count + " increments");
    }
}
