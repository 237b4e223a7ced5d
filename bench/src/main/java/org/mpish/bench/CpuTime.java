package org.mpish.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The CPU time the working rank's thread spent, beside JMH's wall time, for benchmarks where one rank does all
 * the work: the suite reports it as the metric's ".cpu" companion (nanoseconds of CPU per operation), which
 * stays meaningful when other processes share the cores.
 */
@AuxCounters(AuxCounters.Type.EVENTS)
@State(Scope.Thread)
public class CpuTime {
    public long cpuNanos, cpuOps;

    @Setup(Level.Iteration)
    public void reset() { cpuNanos = cpuOps = 0; }

    void add(long nanos, long ops) {
        cpuNanos += nanos;
        cpuOps += ops;
    }
}
