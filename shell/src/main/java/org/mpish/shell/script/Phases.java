package org.mpish.shell.script;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;

/**
 * Where a rank process of {@code mpish run --mpi} spends its start-up, when MPISH_TRACE_START=1: one line per phase
 * on standard error with the JVM's uptime and the process's CPU time so far (what bench/README.md's start-up
 * figures were split with). Off, it does nothing.
 */
final class Phases {
    private final int rank;
    private final PrintStream err;
    private long last;

    private Phases(int rank, PrintStream err) { this.rank = rank; this.err = err; }

    static Phases start(int rank, PrintStream err) {
        if (!"1".equals(System.getenv("MPISH_TRACE_START"))) return new Phases(rank, null);
        Phases p = new Phases(rank, err);
        p.mark("main");
        return p;
    }

    void mark(String phase) {
        if (err == null) return;
        long up = ManagementFactory.getRuntimeMXBean().getUptime();
        long cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1_000_000;
        err.println("mpish: rank " + rank + ": start-up: " + phase + " at " + up + " ms (+" + (up - last) + "), cpu " + cpu + " ms");
        last = up;
    }
}
