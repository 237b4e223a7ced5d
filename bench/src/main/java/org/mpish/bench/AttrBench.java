package org.mpish.bench;

import java.util.concurrent.TimeUnit;
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
 * Attribute caching on one rank, as shared/anchors/perf/src/attr.c measures it: comm keyvals made with
 * MPI_COMM_DUP_FN and a counting delete callback; set on a key that has a value (its delete callback runs),
 * get with 1 and with 1000 attributes on the communicator (visiting the keys round-robin).
 * Set and get go through the call catalogue, as a script's calls do (Comm_dup + Comm_free: {@link CommDupBench}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class AttrBench {
    static final int OPS = 200_000;
    /** The calls' typed entries (Api.typed). */
    static final java.lang.invoke.MethodHandle SET_ATTR = Api.typed("MPI_Comm_set_attr"), GET_ATTR = Api.typed("MPI_Comm_get_attr");

    /** The number of attributes on the communicator. */
    @Param({"1", "1000"})
    public int attrs;

    Harness h;
    Object comm;
    /** Volatile so that the JIT cannot hoist a get of the same key out of the loop (a C compiler could not either). */
    volatile Object[] keys;
    final long[] deletes = new long[1];

    @Setup(Level.Trial)
    public void setup() {
        h = new Harness(1);
        h.on(0, r -> {
            comm = Api.call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
            keys = Harness.countedAttributes(r, comm, attrs, deletes);
        });
    }

    @TearDown(Level.Trial)
    public void teardown() { h.close(); }

    /** Comm_set_attr on a key that already has a value: the old value's delete callback runs. */
    @Benchmark @OperationsPerInvocation(OPS)
    public void setAttrReplace(CpuTime cpu) {
        cpu.add(h.onCpu(0, r -> {
            long before = deletes[0];
            int n = keys.length;
            Object c = comm;
            try {
                for (int i = 0, j = 0; i < OPS; i++) {
                    SET_ATTR.invokeExact(r, c, keys[j], (Object) (long) j);
                    if (++j == n) j = 0;
                }
            } catch (Throwable e) {
                throw Api.rethrow(e);
            }
            Harness.check(deletes[0] - before == OPS, "one delete callback per replacement");
        }), OPS);
    }

    /** Comm_get_attr, visiting the keys round-robin. */
    @Benchmark @OperationsPerInvocation(OPS)
    public void getAttr(CpuTime cpu) {
        cpu.add(h.onCpu(0, r -> {
            int n = keys.length;
            long sum = 0;
            Object c = comm;
            try {
                for (int i = 0, j = 0; i < OPS; i++) {
                    sum += (Long) ((Object[]) GET_ATTR.invokeExact(r, c, keys[j]))[0];
                    if (++j == n) j = 0;
                }
            } catch (Throwable e) {
                throw Api.rethrow(e);
            }
            long full = (long) n * (n - 1) / 2, rounds = OPS / n, rest = OPS % n;
            Harness.check(sum == rounds * full + rest * (rest - 1) / 2, "get_attr values");
        }), OPS);
    }
}
