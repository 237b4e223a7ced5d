package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Invoker;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.shell.script.Sandbox;
import org.mpish.shell.script.ScriptRunner;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * 1,000 jobs started and ended in one JVM, most of them ending badly, must leave nothing behind: no thread (rank
 * threads, watchdogs, interrupters) and no heap that a full GC cannot take back. The mix, by job number modulo 20:
 * runtime jobs of 4 ranks that finish cleanly, call MPI_Abort, fail with a fatal error or deadlock; script jobs
 * (a JavaScript context per rank) that finish, throw in the middle of a collective, loop until their timeout, or
 * deadlock; and shell sessions that evaluate JavaScript on every rank and then start a new job.
 *
 * <p>{@code -Dmpish.churn.jobs=N} runs N jobs instead (a longer soak).
 */
@Timeout(240)
class JobChurnTest {
    private static final int JOBS = Integer.getInteger("mpish.churn.jobs", 1000);
    private static final List<String> OURS = List.of("rank-", "mpish-watchdog-", "mpish-interrupt");

    @Test
    void aThousandJobsLeaveNoThreadsAndNoHeapBehind() throws Exception {
        for (int i = 0; i < 40; i++) oneJob(i); // warm up: classes, the JS engine, code caches
        settle();
        int threadsBefore = liveThreads();
        long heapBefore = heapAfterGc();
        Map<String, Integer> outcomes = new TreeMap<>(), planned = new TreeMap<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < JOBS; i++) {
            outcomes.merge(oneJob(i), 1, Integer::sum);
            planned.merge(plan(i), 1, Integer::sum);
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        settle();
        int threadsAfter = liveThreads();
        long heapAfter = heapAfterGc();
        System.out.printf("JobChurnTest: %d jobs in %.1f s %s; threads %d -> %d; heap %d -> %d KB%n", JOBS, secs, outcomes,
                threadsBefore, threadsAfter, heapBefore >> 10, heapAfter >> 10);
        assertEquals(List.of(), ours(), "threads of ended jobs still alive");
        assertTrue(threadsAfter <= threadsBefore + 2, "threads grew from " + threadsBefore + " to " + threadsAfter + ": " + names());
        assertTrue(heapAfter - heapBefore < HEAP_GROWTH_MAX, "heap after GC grew from " + (heapBefore >> 10) + " KB to "
                + (heapAfter >> 10) + " KB, more than " + (HEAP_GROWTH_MAX >> 10) + " KB");
        // each outcome is read from how the job really ended (the abort's kind, its rank and code, the exit status and
        // the error text), so a job that ends some other way shows up here as a count that differs
        assertEquals(planned, outcomes, "how the jobs ended");
        if (JOBS >= 40) assertEquals(9, planned.size(), "every kind of ending is tried: " + planned);
    }

    /**
     * What the heap may keep after 1,000 jobs: 6 KB per job. Measured: under 1 MB (10 MB before and after, on a
     * loaded machine); what may legitimately stay (the JS engine's caches filling as more of its code runs,
     * interned names) is small, while a leak of a job's ranks, memory or contexts is far more than 6 KB each.
     */
    private static final long HEAP_GROWTH_MAX = 6L << 20;

    /** How job number {@code i} is meant to end. */
    private static String plan(int i) {
        return switch (i % 20) {
            case 0, 1, 2, 3, 4, 5 -> "clean";
            case 6, 7 -> "abort";
            case 8, 9 -> "fatal";
            case 10 -> "deadlock";
            case 11, 12, 13 -> "script-ok";
            case 14, 15 -> "script-throw";
            case 16 -> "script-timeout";
            case 17 -> i % 40 == 17 ? "script-deadlock" : "clean";
            default -> "session";
        };
    }

    /** Runs job number {@code i}; returns how it really ended. */
    private static String oneJob(int i) throws Exception {
        return switch (i % 20) {
            case 0, 1, 2, 3, 4, 5 -> runtimeJob(i, "clean");
            case 6, 7 -> runtimeJob(i, "abort");
            case 8, 9 -> runtimeJob(i, "fatal");
            case 10 -> runtimeJob(i, "deadlock");
            case 11, 12, 13 -> script("""
                    const r = MPI.Comm_rank(MPI.COMM_WORLD), b = mem.alloc(8);
                    MPI.Sendrecv(b, 1, MPI.INT, (r + 1) % 2, 0, b, 1, MPI.INT, (r + 1) % 2, 0, MPI.COMM_WORLD);
                    MPI.Barrier(MPI.COMM_WORLD);""", 0);
            case 14, 15 -> script("""
                    if (MPI.Comm_rank(MPI.COMM_WORLD) == 1) throw new Error('boom');
                    MPI.Barrier(MPI.COMM_WORLD);""", 0);
            case 16 -> script("if (MPI.Comm_rank(MPI.COMM_WORLD) == 0) while (true) {}\nMPI.Barrier(MPI.COMM_WORLD);", 0.05);
            case 17 -> i % 40 == 17 ? script("MPI.Recv(mem.alloc(4), 1, MPI.INT, MPI.ANY_SOURCE, 0, MPI.COMM_WORLD);", 0)
                    : runtimeJob(i, "clean");
            default -> session();
        };
    }

    private static String runtimeJob(int i, String how) throws Exception {
        try (Job job = Catalogue.get().newJob(4, Job.Options.defaults().withAbortOnDeadlock(true))) {
            CompletableFuture<?>[] fs = new CompletableFuture<?>[4];
            for (Rank r : job.ranks()) {
                fs[r.id()] = r.submit(() -> {
                    if (!how.equals("fatal")) Comm.world(MpiProcess.of(r)).setErrhandler(Errhandler.ERRORS_RETURN);
                    call(r, "MPI_Barrier", "MPI_COMM_WORLD");
                    Object dup = call(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                    long buf = r.memory().alloc(1 << 12);
                    int right = (r.id() + 1) % 4, left = (r.id() + 3) % 4;
                    call(r, "MPI_Sendrecv", buf, 16L, "MPI_INT", (long) right, 1L, buf + 64, 16L, "MPI_INT", (long) left, 1L, dup);
                    switch (how) {
                        case "abort" -> { if (r.id() == i % 4) call(r, "MPI_Abort", "MPI_COMM_WORLD", 3L); }
                        case "fatal" -> { if (r.id() == i % 4) call(r, "MPI_Send", buf, 1L, "MPI_INT", 99L, 0L, "MPI_COMM_WORLD"); }
                        case "deadlock" -> call(r, "MPI_Recv", buf, 1L, "MPI_INT", (long) left, 9L, "MPI_COMM_WORLD");
                        default -> { }
                    }
                    call(r, "MPI_Comm_free", dup);
                    call(r, "MPI_Barrier", "MPI_COMM_WORLD");
                    return null;
                });
            }
            boolean aborted = false;
            for (CompletableFuture<?> f : fs) {
                try {
                    f.get(20, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    if (!(e.getCause() instanceof JobAbortedException || e.getCause() instanceof MpiException)) throw e;
                    aborted = true;
                }
            }
            Job.Abort a = job.abortReason();
            if (aborted != (a != null)) return "ranks saw " + (aborted ? "" : "no ") + "abort but the job says " + a;
            return ending(a, i % 4);
        }
    }

    /** Names how a runtime job ended, from its abort reason alone; {@code chosen} is the rank meant to abort or fail. */
    static String ending(Job.Abort a, int chosen) {
        if (a == null) return "clean";
        return switch (a.kind()) {
            case ABORT_CALL -> a.exitCode() == 3 && a.rank() == chosen ? "abort" : "abort(code " + a.exitCode() + ", rank " + a.rank() + ")";
            // the bad send to rank 99 under MPI_ERRORS_ARE_FATAL
            case FATAL_ERROR -> a.rank() == chosen && a.message().contains("MPI_ERR_RANK") ? "fatal" : "fatal(" + a.message() + ")";
            case DEADLOCK -> a.message().contains("MPI_Recv") ? "deadlock" : "deadlock(" + a.message() + ")";
            default -> a.kind() + "(" + a.message() + ")";
        };
    }

    private static Object call(Rank r, String name, Object... args) {
        Catalogue c = Catalogue.get();
        Object[] out = Invoker.invoke(r, c, c.call(name), args);
        return out.length == 0 ? null : out[0];
    }

    private static String script(String code, double timeout) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = new ScriptRunner(2, List.of(), timeout, Sandbox.STRICT, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Job.Options.defaults()).run("churn.js", code);
        return scriptEnding(status, err.toString(StandardCharsets.UTF_8));
    }

    /** Names how a script job ended, from its exit status and its standard error (what a user of `mpish run` sees). */
    static String scriptEnding(int status, String err) {
        if (status == 0 && err.isEmpty()) return "script-ok";
        if (status == 1 && err.startsWith("mpish: rank 1: ") && err.contains("boom")) return "script-throw";
        if (status == ScriptRunner.EXIT_TIMEOUT && err.startsWith("mpish: job aborted: timeout")) return "script-timeout";
        if (status == 1 && err.startsWith("mpish: job aborted: deadlock") && err.contains("MPI_Recv")) return "script-deadlock";
        return "status " + status + ": " + err.lines().findFirst().orElse("");
    }

    private static String session() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        Printer p = new Printer(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false);
        try (Session s = new Session(2, p, false)) {
            assertTrue(s.execute("@* js MPI.Comm_rank(MPI.COMM_WORLD) + 1"), err.toString(StandardCharsets.UTF_8));
            assertTrue(!s.execute("MPI_Comm_rank MPI_COMM_NULL")); // fatal: aborts the job, not the shell
            assertTrue(s.execute("@* js MPI.Comm_size(MPI.COMM_WORLD)"), err.toString(StandardCharsets.UTF_8)); // a new job
        }
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("[1] 2"), out.toString(StandardCharsets.UTF_8));
        return "session";
    }

    // ---- measuring -----------------------------------------------------------------------------

    private static void settle() throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (!ours().isEmpty() && System.nanoTime() < end) Thread.sleep(20);
    }

    private static List<String> ours() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> OURS.stream().anyMatch(n::startsWith)).sorted().toList();
    }

    private static int liveThreads() { return (int) Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).count(); }

    private static List<String> names() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList();
    }

    private static long heapAfterGc() throws InterruptedException {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
