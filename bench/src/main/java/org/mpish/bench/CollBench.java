package org.mpish.bench;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.CallHandle;
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
 * Collectives on MPI_COMM_WORLD through the call catalogue, as shared/anchors/perf/src/coll.c measures them:
 * Barrier, Bcast of one double from root 0, Allreduce of one double (MPI_SUM), Alltoall of one double per
 * rank pair, at 2 and 4 ranks, and Allreduce of 1 MiB (131,072 doubles). Every rank runs the same loop; the
 * score is wall time per call, and the ".cpu" companion the CPU time a rank's thread spent per call in the loop
 * (the mean over the ranks; waiting spins for up to 50 us before it parks, so it counts as CPU time too). Each result
 * is checked, as coll.c checks its own.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class CollBench {
    static final int OPS = 2_000, BIG_OPS = 40, BIG = 131_072;
    static final java.lang.invoke.MethodHandle BARRIER = Api.typed("MPI_Barrier");
    static final CallHandle BCAST = Api.lookup("MPI_Bcast"), ALLREDUCE = Api.lookup("MPI_Allreduce"),
            ALLTOALL = Api.lookup("MPI_Alltoall");

    @Param({"2", "4"})
    public int ranks;

    Harness h;
    Object[] world, dbl, sum;
    long[] in, out;

    @Setup(Level.Trial)
    public void setup() {
        h = new Harness(ranks);
        world = new Object[ranks];
        dbl = new Object[ranks];
        sum = new Object[ranks];
        in = new long[ranks];
        out = new long[ranks];
        h.spmd(r -> {
            int me = r.id();
            world[me] = Harness.world(r);
            dbl[me] = Harness.type(r, "MPI_DOUBLE");
            sum[me] = Api.constant(r, "MPI_SUM");
            in[me] = r.memory().alloc(8L * BIG);
            out[me] = r.memory().alloc(8L * BIG);
        });
    }

    @TearDown(Level.Trial)
    public void teardown() { h.close(); }

    private static MemorySegment seg(Rank r, long addr, int doubles) { return r.memory().segment(addr, 8L * doubles); }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    /** CPU nanoseconds of each rank's loop in the current {@link #spmd} batch. */
    long[] loopCpu;

    /** Runs {@code loop} on the calling rank's thread and notes the CPU time it took. */
    private void cpu(Rank r, Runnable loop) {
        long c0 = THREADS.getCurrentThreadCpuTime();
        loop.run();
        loopCpu[r.id()] = THREADS.getCurrentThreadCpuTime() - c0;
    }

    /** Runs {@code body} on every rank and adds the ranks' mean loop CPU time for {@code ops} calls to {@code cpu}. */
    private void spmd(CpuTime cpu, int ops, java.util.function.Consumer<Rank> body) {
        loopCpu = new long[ranks];
        h.spmd(body);
        long sum = 0;
        for (long c : loopCpu) sum += c;
        cpu.add(sum / ranks, ops);
    }

    @Benchmark @OperationsPerInvocation(OPS)
    public void barrier(CpuTime cpu) {
        spmd(cpu, OPS, r -> {
            Object w = world[r.id()];
            cpu(r, () -> {
                try {
                    for (int i = 0; i < OPS; i++) BARRIER.invokeExact(r, w);
                } catch (Throwable e) {
                    throw Api.rethrow(e);
                }
            });
        });
    }

    @Benchmark @OperationsPerInvocation(OPS)
    public void bcast8B(CpuTime cpu) {
        spmd(cpu, OPS, r -> {
            int me = r.id();
            MemorySegment s = seg(r, in[me], 1);
            cpu(r, () -> {
                for (int i = 0; i < OPS; i++) {
                    s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, 0, me == 0 ? i : -1);
                    Api.invoke(r, BCAST, in[me], 1, dbl[me], 0, world[me]);
                }
            });
            Harness.check(s.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, 0) == OPS - 1, "bcast value");
        });
    }

    @Benchmark @OperationsPerInvocation(OPS)
    public void allreduce8B(CpuTime cpu) {
        spmd(cpu, OPS, r -> {
            int me = r.id();
            seg(r, in[me], 1).set(ValueLayout.JAVA_DOUBLE_UNALIGNED, 0, me + 1);
            cpu(r, () -> { for (int i = 0; i < OPS; i++) Api.invoke(r, ALLREDUCE, in[me], out[me], 1, dbl[me], sum[me], world[me]); });
            Harness.check(seg(r, out[me], 1).get(ValueLayout.JAVA_DOUBLE_UNALIGNED, 0) == ranks * (ranks + 1) / 2.0, "allreduce sum");
        });
    }

    @Benchmark @OperationsPerInvocation(OPS)
    public void alltoall8B(CpuTime cpu) {
        spmd(cpu, OPS, r -> {
            int me = r.id();
            MemorySegment s = seg(r, in[me], ranks);
            for (int j = 0; j < ranks; j++) s.setAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, j, 100 * me + j);
            cpu(r, () -> { for (int i = 0; i < OPS; i++) Api.invoke(r, ALLTOALL, in[me], 1, dbl[me], out[me], 1, dbl[me], world[me]); });
            MemorySegment o = seg(r, out[me], ranks);
            for (int j = 0; j < ranks; j++) Harness.check(o.getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, j) == 100 * j + me, "alltoall slot");
        });
    }

    @Benchmark @OperationsPerInvocation(BIG_OPS)
    public void allreduce1MiB(CpuTime cpu) {
        spmd(cpu, BIG_OPS, r -> {
            int me = r.id();
            MemorySegment s = seg(r, in[me], BIG);
            for (int j = 0; j < BIG; j++) s.setAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, j, me + 1);
            cpu(r, () -> { for (int i = 0; i < BIG_OPS; i++) Api.invoke(r, ALLREDUCE, in[me], out[me], BIG, dbl[me], sum[me], world[me]); });
            MemorySegment o = seg(r, out[me], BIG);
            for (int j = 0; j < BIG; j++) Harness.check(o.getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, j) == ranks * (ranks + 1) / 2.0, "allreduce 1 MiB element");
        });
    }
}
