package org.mpish.bench;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import java.lang.invoke.MethodHandle;
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
 * Passive-target RMA as shared/anchors/perf/src/rma.c measures it: a 16 MiB window per rank (MPI_Win_allocate),
 * rank 0 inside MPI_Win_lock_all issues each operation followed by MPI_Win_flush(1); rank 1 does nothing.
 * Put bandwidth: 16 x 1 MiB puts to disjoint ranges, then one flush. With 4 and 16 ranks, every rank runs
 * Fetch_and_op on one counter at rank 0 at the same time (contention).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class RmaBench {
    static final int OPS = 100_000;
    static final int WIN_BYTES = 16 << 20;
    static final int BW_ROUNDS = 8;
    /** The calls' typed entries (Api.typed): no argument array, no boxing, the catalogue's checks all kept. */
    static final MethodHandle PUT = Api.typed("MPI_Put"), GET = Api.typed("MPI_Get"), FLUSH = Api.typed("MPI_Win_flush"),
            FETCH_AND_OP = Api.typed("MPI_Fetch_and_op"), COMPARE_AND_SWAP = Api.typed("MPI_Compare_and_swap");
    /** The same put and flush the way the shell and scripts call them: an argument array, boxed numbers, Args. */
    static final org.mpish.runtime.catalog.CallHandle PUT_OBJECTS = Api.lookup("MPI_Put"), FLUSH_OBJECTS = Api.lookup("MPI_Win_flush");

    Harness h;
    Object[] win;
    long[] base;
    Object bytes, longs, sumOp;
    long origin, result, compare, big;

    @Setup(Level.Trial)
    public void setup() {
        h = new Harness(2);
        win = new Object[2];
        base = new long[2];
        h.spmd(r -> {
            Object[] o = Api.call(r, "MPI_Win_allocate", (long) WIN_BYTES, 1L, "MPI_INFO_NULL", "MPI_COMM_WORLD");
            base[r.id()] = (Long) o[0];
            win[r.id()] = o[1];
        });
        h.on(0, r -> {
            bytes = Harness.type(r, "MPI_BYTE");
            longs = Harness.type(r, "MPI_LONG");
            sumOp = Api.constant(r, "MPI_SUM");
            origin = r.memory().alloc(8);
            result = r.memory().alloc(8);
            compare = r.memory().alloc(8);
            big = r.memory().alloc(1 << 20);
            r.memory().segment(big, 1 << 20).fill((byte) 7);
            Api.call(r, "MPI_Win_lock_all", 0L, win[0]);
        });
    }

    @TearDown(Level.Trial)
    public void teardown() {
        h.on(0, r -> Api.call(r, "MPI_Win_unlock_all", win[0]));
        h.close();
    }

    private MemorySegment target(int bytes) { return h.rank(1).memory().segment(base[1], bytes); }

    @Benchmark @OperationsPerInvocation(OPS)
    public void put8B(CpuTime cpu) {
        cpu.add(h.onCpu(0, r -> {
            Object w = win[0];
            MemorySegment o = r.memory().segment(origin, 8);
            Object t = bytes;
            try {
                for (long i = 0; i < OPS; i++) {
                    o.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, i);
                    PUT.invokeExact(r, origin, 8, t, 1, 64L, 8, t, w);
                    FLUSH.invokeExact(r, 1, w);
                }
            } catch (Throwable e) {
                throw Api.rethrow(e);
            }
            Harness.check(target(72).get(ValueLayout.JAVA_LONG_UNALIGNED, 64) == OPS - 1, "put landed");
        }), OPS);
    }

    /** The put + flush above through {@code CallHandle.invoke} (an Object[] per call): what the typed entry saves. */
    @Benchmark @OperationsPerInvocation(OPS)
    public void put8BObjects(CpuTime cpu) {
        cpu.add(h.onCpu(0, r -> {
            Object w = win[0];
            MemorySegment o = r.memory().segment(origin, 8);
            for (long i = 0; i < OPS; i++) {
                o.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, i);
                Api.invoke(r, PUT_OBJECTS, origin, 8, bytes, 1, 64L, 8, bytes, w);
                Api.invoke(r, FLUSH_OBJECTS, 1, w);
            }
            Harness.check(target(72).get(ValueLayout.JAVA_LONG_UNALIGNED, 64) == OPS - 1, "put landed");
        }), OPS);
    }

    /**
     * Reference only, not a path users take: the same put + flush with the engine's own methods called directly
     * ({@link EngineReference}), no catalogue. The floor the catalogue rows are compared with.
     */
    @Benchmark @OperationsPerInvocation(OPS)
    public void put8BEngineReference(CpuTime cpu) {
        cpu.add(h.onCpu(0, r -> {
            Object w = win[0];
            MemorySegment o = r.memory().segment(origin, 8);
            Object t = bytes;
            for (long i = 0; i < OPS; i++) {
                o.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, i);
                EngineReference.putFlush(r, origin, 8, t, 1, 64L, w);
            }
            Harness.check(target(72).get(ValueLayout.JAVA_LONG_UNALIGNED, 64) == OPS - 1, "put landed");
        }), OPS);
    }


    @Benchmark @OperationsPerInvocation(OPS)
    public void get8B(CpuTime cpu) {
        target(8).set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 0x1234_5678_9abcL);
        cpu.add(h.onCpu(0, r -> {
            Object w = win[0];
            MemorySegment o = r.memory().segment(origin, 8);
            long sum = 0;
            Object t = bytes;
            try {
                for (int i = 0; i < OPS; i++) {
                    GET.invokeExact(r, origin, 8, t, 1, 0L, 8, t, w);
                    FLUSH.invokeExact(r, 1, w);
                    sum += o.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                }
            } catch (Throwable e) {
                throw Api.rethrow(e);
            }
            Harness.check(sum == 0x1234_5678_9abcL * OPS, "get read the target");
        }), OPS);
    }

    @Benchmark @OperationsPerInvocation(OPS)
    public void fetchAndOp(CpuTime cpu) {
        target(16).set(ValueLayout.JAVA_LONG_UNALIGNED, 8, 0);
        cpu.add(h.onCpu(0, r -> {
            Object w = win[0];
            MemorySegment o = r.memory().segment(origin, 8), res = r.memory().segment(result, 8);
            o.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 1);
            long sum = 0;
            Object t = longs, op = sumOp;
            try {
                for (int i = 0; i < OPS; i++) {
                    FETCH_AND_OP.invokeExact(r, origin, result, t, 1, 8L, op, w);
                    FLUSH.invokeExact(r, 1, w);
                    sum += res.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                }
            } catch (Throwable e) {
                throw Api.rethrow(e);
            }
            Harness.check(target(16).get(ValueLayout.JAVA_LONG_UNALIGNED, 8) == OPS && sum == (long) OPS * (OPS - 1) / 2,
                    "fetch_and_op counter");
        }), OPS);
    }

    @Benchmark @OperationsPerInvocation(OPS)
    public void compareAndSwap(CpuTime cpu) {
        target(24).set(ValueLayout.JAVA_LONG_UNALIGNED, 16, 0);
        cpu.add(h.onCpu(0, r -> {
            Object w = win[0];
            MemorySegment o = r.memory().segment(origin, 8), c = r.memory().segment(compare, 8), res = r.memory().segment(result, 8);
            Object t = longs;
            try {
                for (long i = 0; i < OPS; i++) {
                    c.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, i);
                    o.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, i + 1);
                    COMPARE_AND_SWAP.invokeExact(r, origin, compare, result, t, 1, 16L, w);
                    FLUSH.invokeExact(r, 1, w);
                    Harness.check(res.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) == i, "compare_and_swap succeeded");
                }
            } catch (Throwable e) {
                throw Api.rethrow(e);
            }
        }), OPS);
    }

    /** Score: per 1 MiB put (16 puts to disjoint ranges, then one flush). */
    @Benchmark @OperationsPerInvocation(16 * BW_ROUNDS)
    public void putBw1MiB(CpuTime cpu) {
        cpu.add(h.onCpu(0, r -> {
            Object w = win[0];
            Object t = bytes;
            try {
                for (int k = 0; k < BW_ROUNDS; k++) {
                    for (int j = 0; j < 16; j++) PUT.invokeExact(r, big, 1 << 20, t, 1, (long) j << 20, 1 << 20, t, w);
                    FLUSH.invokeExact(r, 1, w);
                }
            } catch (Throwable e) {
                throw Api.rethrow(e);
            }
            MemorySegment landed = target(WIN_BYTES);
            Harness.check(landed.get(ValueLayout.JAVA_BYTE, 0) == 7 && landed.get(ValueLayout.JAVA_BYTE, WIN_BYTES - 1) == 7, "put data landed");
        }), 16 * BW_ROUNDS);
    }

    // ---- contention ---------------------------------------------------------------------------

    @State(Scope.Benchmark)
    public static class Many {
        @Param({"4", "16"})
        public int ranks;
        Harness h;
        Object[] win;
        long[] origin, result, base;
        Object[] longs, sumOp;

        @Setup(Level.Trial)
        public void setup() {
            h = new Harness(ranks);
            win = new Object[ranks];
            origin = new long[ranks];
            result = new long[ranks];
            base = new long[ranks];
            longs = new Object[ranks];
            sumOp = new Object[ranks];
            h.spmd(r -> {
                int i = r.id();
                Object[] o = Api.call(r, "MPI_Win_allocate", 64L, 1L, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                base[i] = (Long) o[0];
                win[i] = o[1];
                origin[i] = r.memory().alloc(8);
                result[i] = r.memory().alloc(8);
                r.memory().writeLong(origin[i], 1);
                longs[i] = Harness.type(r, "MPI_LONG");
                sumOp[i] = Api.constant(r, "MPI_SUM");
                Api.call(r, "MPI_Win_lock_all", 0L, win[i]);
            });
        }

        @TearDown(Level.Trial)
        public void teardown() {
            h.spmd(r -> Api.call(r, "MPI_Win_unlock_all", win[r.id()]));
            h.close();
        }
    }

    static final int CONTENDED_OPS = 20_000;

    /** Every rank adds 1 to rank 0's counter CONTENDED_OPS times. Score: wall time per op per rank. */
    @Benchmark @OperationsPerInvocation(CONTENDED_OPS)
    public void fetchAndOpContended(Many m) {
        m.h.rank(0).memory().writeLong(m.base[0], 0);
        m.h.spmd(r -> {
            int i = r.id();
            Object w = m.win[i];
            try {
                for (int k = 0; k < CONTENDED_OPS; k++) {
                    FETCH_AND_OP.invokeExact(r, m.origin[i], m.result[i], m.longs[i], 0, 0L, m.sumOp[i], w);
                    FLUSH.invokeExact(r, 0, w);
                }
            } catch (Throwable e) {
                throw Api.rethrow(e);
            }
        });
        Harness.check(m.h.rank(0).memory().readLong(m.base[0]) == (long) CONTENDED_OPS * m.ranks, "contended counter");
    }

}
