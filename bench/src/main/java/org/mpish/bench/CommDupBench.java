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
 * MPI_Comm_dup + MPI_Comm_free of a communicator carrying 0, 1, 100 or 1000 attributes, each copied (keyvals
 * made with MPI_COMM_DUP_FN) and deleted (a counting delete callback), on one rank, as
 * shared/anchors/perf/src/attr.c measures it. Both calls go through the call catalogue.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class CommDupBench {
    static final int DUPS = 200;

    /** The number of attributes copied and deleted. */
    @Param({"0", "1", "100", "1000"})
    public int attrs;

    Harness h;
    Object comm;
    Object[] keys;
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

    @Benchmark @OperationsPerInvocation(DUPS)
    public void dupFree(CpuTime cpu) {
        cpu.add(h.onCpu(0, r -> {
            long before = deletes[0];
            for (int i = 0; i < DUPS; i++) {
                Object c = Api.call1(r, "MPI_Comm_dup", comm);
                if (i == 0 && attrs > 0) {
                    Harness.check((Long) Api.call1(r, "MPI_Comm_get_attr", c, keys[0]) == 0
                            && (Long) Api.call1(r, "MPI_Comm_get_attr", c, keys[attrs - 1]) == attrs - 1, "dup copied the attributes");
                }
                Api.call(r, "MPI_Comm_free", c);
            }
            Harness.check(deletes[0] - before == (long) DUPS * attrs, "one delete callback per attribute per free");
        }), DUPS);
    }
}
