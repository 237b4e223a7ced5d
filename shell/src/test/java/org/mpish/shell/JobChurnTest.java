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
        Map<String, Integer> outcomes = new TreeMap<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < JOBS; i++) outcomes.merge(oneJob(i), 1, Integer::sum);
        double secs = (System.nanoTime() - t0) / 1e9;
        settle();
        int threadsAfter = liveThreads();
        long heapAfter = heapAfterGc();
        System.out.printf("JobChurnTest: %d jobs in %.1f s %s; threads %d -> %d; heap %d -> %d MB%n", JOBS, secs, outcomes,
                threadsBefore, threadsAfter, heapBefore >> 20, heapAfter >> 20);
        assertEquals(List.of(), ours(), "threads of ended jobs still alive");
        assertTrue(threadsAfter <= threadsBefore + 2, "threads grew from " + threadsBefore + " to " + threadsAfter + ": " + names());
        assertTrue(heapAfter - heapBefore < 48L << 20, "heap after GC grew from " + (heapBefore >> 20) + " MB to " + (heapAfter >> 20) + " MB");
        for (String o : List.of("clean", "abort", "fatal", "deadlock", "script-ok", "script-throw", "script-timeout", "script-deadlock", "session")) {
            assertTrue(outcomes.getOrDefault(o, 0) > 0 || JOBS < 40, "no job ended as " + o + ": " + outcomes);
        }
    }

    /** Runs job number {@code i}; returns how it ended. */
    private static String oneJob(int i) throws Exception {
        return switch (i % 20) {
            case 0, 1, 2, 3, 4, 5 -> runtimeJob(i, "clean");
            case 6, 7 -> runtimeJob(i, "abort");
            case 8, 9 -> runtimeJob(i, "fatal");
            case 10 -> runtimeJob(i, "deadlock");
            case 11, 12, 13 -> script("""
                    const r = MPI.Comm_rank(MPI.COMM_WORLD), b = mem.alloc(8);
                    MPI.Sendrecv(b, 1, MPI.INT, (r + 1) % 2, 0, b, 1, MPI.INT, (r + 1) % 2, 0, MPI.COMM_WORLD);
                    MPI.Barrier(MPI.COMM_WORLD);""", 0, 0, "script-ok");
            case 14, 15 -> script("""
                    if (MPI.Comm_rank(MPI.COMM_WORLD) == 1) throw new Error('boom');
                    MPI.Barrier(MPI.COMM_WORLD);""", 0, 1, "script-throw");
            case 16 -> script("if (MPI.Comm_rank(MPI.COMM_WORLD) == 0) while (true) {}\nMPI.Barrier(MPI.COMM_WORLD);", 0.05,
                    ScriptRunner.EXIT_TIMEOUT, "script-timeout");
            case 17 -> i % 40 == 17 ? script("MPI.Recv(mem.alloc(4), 1, MPI.INT, MPI.ANY_SOURCE, 0, MPI.COMM_WORLD);", 0, 1, "script-deadlock")
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
            assertEquals(!how.equals("clean"), aborted, how + ": " + job.abortReason());
            if (aborted) assertTrue(job.abortReason() != null, how);
            return how;
        }
    }

    private static Object call(Rank r, String name, Object... args) {
        Catalogue c = Catalogue.get();
        Object[] out = Invoker.invoke(r, c, c.call(name), args);
        return out.length == 0 ? null : out[0];
    }

    private static String script(String code, double timeout, int expected, String how) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = new ScriptRunner(2, List.of(), timeout, Sandbox.STRICT, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Job.Options.defaults()).run("churn.js", code);
        assertEquals(expected, status, how + ": " + err.toString(StandardCharsets.UTF_8));
        return how;
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
