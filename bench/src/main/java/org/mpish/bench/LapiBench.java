package org.mpish.bench;

import java.util.concurrent.TimeUnit;
import org.mpish.runtime.Callback;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * LAPI between 2 tasks, through the call catalogue (LAPI's API is its calls): LAPI_Put / LAPI_Get of 8 bytes and
 * LAPI_Rmw FETCH_AND_ADD, each followed by LAPI_Waitcntr on its origin counter; and an active-message round
 * trip, whose header handler at task 1 answers with an active message back to task 0. With 4 and 16 tasks, every
 * task runs LAPI_Rmw FETCH_AND_ADD on one integer at task 0 at the same time (contention, more tasks than cores).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class LapiBench {
    static final int FETCH_AND_ADD = Api.intConstant("LAPI_FETCH_AND_ADD");
    static final int OPS = 20_000;
    static final int AM_TRIPS = 5_000;
    /** Looked up once, as a script's MPI/LAPI object does on first use: the hot loops pay no lookup by name. */
    /** The typed entries (Api.typed) of the calls declared with typed bodies. */
    static final java.lang.invoke.MethodHandle PUT = Api.typed("LAPI_Put"), GET = Api.typed("LAPI_Get"), AMSEND = Api.typed("LAPI_Amsend"),
            WAITCNTR = Api.typed("LAPI_Waitcntr"), RMW = Api.typed("LAPI_Rmw");

    Harness h;
    int[] hndl = new int[2];
    long[] buf = new long[2];      // 16 bytes per task, exchanged with LAPI_Address_init
    long[] bufs;                   // every task's buf
    long[] cntr = new long[2];     // an origin counter per task
    long[] amCntr = new long[2];   // counters bumped by arriving active messages
    long[] amCntrs;
    long[] handlers;               // every task's header handler address
    long src, prev, inVal;

    @Setup(Level.Trial)
    public void setup() {
        h = new Harness(2);
        bufs = new long[2];
        h.spmd(r -> {
            int me = r.id();
            hndl[me] = (Integer) Api.call1(r, "LAPI_Init", (Object) null);
            buf[me] = r.memory().alloc(16);
            cntr[me] = r.memory().alloc(8);
            amCntr[me] = r.memory().alloc(8);
            long[] b = (long[]) Api.call1(r, "LAPI_Address_init", (long) hndl[me], buf[me]);
            long[] c = (long[]) Api.call1(r, "LAPI_Address_init", (long) hndl[me], amCntr[me]);
            Callback reply = new Callback() {
                @Override public Object call(Object... a) {
                    // at task 1: answer task 0 with an empty active message that bumps task 0's counter
                    if (r.id() == 1) {
                        try {
                            AMSEND.invokeExact(r, hndl[1], 0, (Object) handlers[0], 0L, 0, 0L, 0L, amCntrs[0], 0L, 0L);
                        } catch (Throwable e) {
                            throw Api.rethrow(e);
                        }
                    }
                    return null;
                }
                @Override public String describe() { return "reply"; }
            };
            long[] hh = (long[]) Api.call1(r, "LAPI_Address_init", (long) hndl[me], reply);
            if (me == 0) {
                bufs = b;
                amCntrs = c;
                handlers = hh;
                src = r.memory().alloc(8);
                prev = r.memory().alloc(4);
                inVal = r.memory().alloc(4);
                r.memory().writeInt(inVal, 1);
            }
        });
    }

    @TearDown(Level.Trial)
    public void teardown() {
        h.spmd(r -> Api.call(r, "LAPI_Gfence", (long) hndl[r.id()]));
        h.close();
    }

    @Benchmark @OperationsPerInvocation(OPS)
    public void put8B(CpuTime cpu) {
        cpu.add(h.onCpu(0, r -> {
            long hd = hndl[0];
            int hi = (int) hd;
            try {
                for (long i = 0; i < OPS; i++) {
                    r.memory().writeLong(src, i);
                    PUT.invokeExact(r, hi, 1, 8L, bufs[1], src, 0L, cntr[0], 0L);
                    int now = (int) WAITCNTR.invokeExact(r, hi, cntr[0], 1);
                }
            } catch (Throwable e) {
                throw Api.rethrow(e);
            }
        }), OPS);
        Harness.check(h.rank(1).memory().readLong(buf[1]) == OPS - 1, "LAPI_Put landed");
    }

    @Benchmark @OperationsPerInvocation(OPS)
    public void get8B(CpuTime cpu) {
        h.rank(1).memory().writeLong(buf[1] + 8, 4242);
        cpu.add(h.onCpu(0, r -> {
            long hd = hndl[0];
            int hi = (int) hd;
            try {
                for (int i = 0; i < OPS; i++) {
                    r.memory().writeLong(src, 0);
                    GET.invokeExact(r, hi, 1, 8L, bufs[1] + 8, src, 0L, cntr[0]);
                    int now = (int) WAITCNTR.invokeExact(r, hi, cntr[0], 1);
                    Harness.check(r.memory().readLong(src) == 4242, "LAPI_Get read the target");
                }
            } catch (Throwable e) {
                throw Api.rethrow(e);
            }
        }), OPS);
    }

    @Benchmark @OperationsPerInvocation(OPS)
    public void rmwFetchAdd(CpuTime cpu) {
        h.rank(1).memory().writeInt(buf[1], 0);
        cpu.add(h.onCpu(0, r -> {
            long hd = hndl[0];
            for (int i = 0; i < OPS; i++) {
                rmw(r, (int) hd, FETCH_AND_ADD, 1, bufs[1], inVal, prev, cntr[0]);
                waitcntr(r, (int) hd, cntr[0], 1);
                Harness.check(r.memory().readInt(prev) == i, "LAPI_Rmw previous value");
            }
        }), OPS);
        Harness.check(h.rank(1).memory().readInt(buf[1]) == OPS, "LAPI_Rmw counter");
    }

    /** Task 0 sends an empty active message; task 1's header handler answers; task 0 waits for the answer. */
    @Benchmark @OperationsPerInvocation(AM_TRIPS)
    public void amRoundTrip() {
        h.spmd(r -> {
            long hd = hndl[r.id()];
            if (r.id() == 0) {
                try {
                    for (int i = 0; i < AM_TRIPS; i++) {
                        AMSEND.invokeExact(r, (int) hd, 1, (Object) handlers[1], 0L, 0, 0L, 0L, amCntrs[1], 0L, 0L);
                        int now = (int) WAITCNTR.invokeExact(r, (int) hd, amCntr[0], 1);
                    }
                } catch (Throwable e) {
                    throw Api.rethrow(e);
                }
            } else {
                // task 1 is a progress point until all the messages have arrived (its handler replies to each)
                waitcntr(r, (int) hd, amCntr[1], AM_TRIPS);
            }
        });
    }

    // ---- contention ---------------------------------------------------------------------------

    @State(Scope.Benchmark)
    public static class Many {
        @Param({"4", "16"})
        public int tasks;
        Harness h;
        int[] hndl;
        long[] cntr, inVal, prev;
        long target;   // the counter at task 0, as every task addresses it

        @Setup(Level.Trial)
        public void setup() {
            h = new Harness(tasks);
            hndl = new int[tasks];
            cntr = new long[tasks];
            inVal = new long[tasks];
            prev = new long[tasks];
            long[] counterAt0 = new long[1];
            h.on(0, r -> counterAt0[0] = r.memory().alloc(8));
            h.spmd(r -> {
                int me = r.id();
                hndl[me] = (Integer) Api.call1(r, "LAPI_Init", (Object) null);
                cntr[me] = r.memory().alloc(8);
                inVal[me] = r.memory().alloc(4);
                prev[me] = r.memory().alloc(4);
                r.memory().writeInt(inVal[me], 1);
                long[] all = (long[]) Api.call1(r, "LAPI_Address_init", (long) hndl[me], me == 0 ? counterAt0[0] : 0L);
                if (me == 0) target = all[0];
            });
        }

        @TearDown(Level.Trial)
        public void teardown() {
            h.spmd(r -> Api.call(r, "LAPI_Gfence", (long) hndl[r.id()]));
            h.close();
        }
    }

    static final int CONTENDED_OPS = 5_000;

    /** Every task adds 1 to task 0's counter CONTENDED_OPS times (Rmw + Waitcntr). Score: wall time per op per task. */
    @Benchmark @OperationsPerInvocation(CONTENDED_OPS)
    public void rmwContended(Many m) {
        m.h.rank(0).memory().writeInt(m.target, 0);
        m.h.spmd(r -> {
            int i = r.id();
            long hd = m.hndl[i];
            for (int k = 0; k < CONTENDED_OPS; k++) {
                rmw(r, (int) hd, FETCH_AND_ADD, 0, m.target, m.inVal[i], m.prev[i], m.cntr[i]);
                waitcntr(r, (int) hd, m.cntr[i], 1);
            }
        });
        Harness.check(m.h.rank(0).memory().readInt(m.target) == CONTENDED_OPS * m.tasks, "contended LAPI_Rmw counter");
    }

    static void rmw(org.mpish.runtime.Rank r, int hndl, int op, int tgt, long tgtVar, long inVal, long prev, long cntr) {
        try {
            RMW.invokeExact(r, hndl, op, tgt, tgtVar, inVal, prev, cntr);
        } catch (Throwable t) {
            throw Api.rethrow(t);
        }
    }

    static int waitcntr(org.mpish.runtime.Rank r, int hndl, long cntr, int val) {
        try {
            return (int) WAITCNTR.invokeExact(r, hndl, cntr, val);
        } catch (Throwable e) {
            throw Api.rethrow(e);
        }
    }
}
