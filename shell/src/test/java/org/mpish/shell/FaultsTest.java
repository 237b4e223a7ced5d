package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;
import org.mpish.shell.script.Sandbox;
import org.mpish.shell.script.ScriptRunner;

/**
 * Faults (issue 9): a script that goes wrong on one rank ends the job with a report naming that rank and the
 * cause, never a hang, a lost error or a JVM stack trace; no thread of the job is left; and the next job runs.
 * In-process through {@link ScriptRunner}, as `mpish run` runs scripts ({@code LauncherIT} covers the launcher).
 */
@Timeout(60)
class FaultsTest {
    record Result(int status, String out, String err) {
        @Override public String toString() { return "status " + status + "\n--- stdout\n" + out + "--- stderr\n" + err; }
    }

    private static Result run(int n, double timeout, String code) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = new ScriptRunner(n, List.of(), timeout, Sandbox.STRICT, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Job.Options.defaults()).run("faults.js", code);
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** After every fault: no rank thread or watchdog left, no Java stack trace printed, and a new job works. */
    @AfterEach
    void nothingLeftAndTheNextJobRuns() throws InterruptedException {
        long end = System.nanoTime() + 5_000_000_000L;
        while (!jobThreads().isEmpty() && System.nanoTime() < end) Thread.sleep(20);
        assertEquals(List.of(), jobThreads(), "threads of the ended job");
        Result next = run(3, 10, "MPI.Barrier(MPI.COMM_WORLD); print(MPI.Comm_rank(MPI.COMM_WORLD));");
        assertEquals(0, next.status(), next.toString());
        assertEquals(3, next.out().lines().count(), next.toString());
    }

    private static List<String> jobThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("rank-") || n.startsWith("mpish-watchdog-") || n.startsWith("mpish-interrupt")).toList();
    }

    private static void noStackTrace(Result r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception in thread") || r.err().contains("java.lang."), r.toString());
    }

    @Test
    void aRankThatThrowsInTheMiddleOfACollective() {
        Result r = run(4, 10, """
                const me = MPI.Comm_rank(MPI.COMM_WORLD);
                MPI.Barrier(MPI.COMM_WORLD);
                if (me == 2) throw new Error('boom on the way to the second barrier');
                MPI.Barrier(MPI.COMM_WORLD);
                """);
        assertEquals(1, r.status(), r.toString());
        assertEquals("mpish: rank 2: faults.js:3:20: Error: boom on the way to the second barrier\n", r.err(), r.toString());
    }

    @Test
    void aRankWhoseScriptEndsWhileAnotherWaitsForIt() {
        Result r = run(3, 10, """
                const me = MPI.Comm_rank(MPI.COMM_WORLD), b = mem.alloc(4);
                if (me == 0) MPI.Recv(b, 1, MPI.INT, 1, 0, MPI.COMM_WORLD);
                """);
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("deadlock"), r.toString());
        assertTrue(r.err().contains("rank 0: in MPI_Recv: a message from rank 1 with tag 0 on MPI_COMM_WORLD"), r.toString());
        noStackTrace(r);
    }

    @Test
    void aRankWhoseScriptEndsWhileTheOthersAreInABarrier() {
        // its implicit MPI_Finalize must not pass for the others' MPI_Barrier
        Result r = run(3, 10, "if (MPI.Comm_rank(MPI.COMM_WORLD) != 1) MPI.Barrier(MPI.COMM_WORLD);\n");
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("collective calls do not match on MPI_COMM_WORLD: MPI_Barrier by ranks 0, 2; MPI_Finalize by rank 1"),
                r.toString());
        noStackTrace(r);
    }

    @Test
    void mpiAbortFromOneRank() {
        Result r = run(4, 10, "if (MPI.Comm_rank(MPI.COMM_WORLD) == 3) MPI.Abort(MPI.COMM_WORLD, 9);\nMPI.Barrier(MPI.COMM_WORLD);\n");
        assertEquals(9, r.status(), r.toString());
        assertEquals("mpish: job aborted: MPI_Abort(MPI_COMM_WORLD, 9) called by rank 3\n", r.err(), r.toString());
    }

    @Test
    void anInfiniteLoopEndsAtTheTimeout() {
        Result r = run(3, 0.5, "if (MPI.Comm_rank(MPI.COMM_WORLD) == 1) while (true) {}\nMPI.Barrier(MPI.COMM_WORLD);\n");
        assertEquals(ScriptRunner.EXIT_TIMEOUT, r.status(), r.toString());
        assertTrue(r.err().contains("timeout: the job ran longer than 0.5 s"), r.toString());
        assertTrue(r.err().contains("rank 1: running"), r.toString());
        assertTrue(r.err().contains("rank 0: in MPI_Barrier"), r.toString());
        noStackTrace(r);
    }

    @Test
    void anInfiniteLoopEndsAtAnInterrupt() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ScriptRunner runner = new ScriptRunner(2, List.of(), 0, Sandbox.STRICT, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8), Job.Options.defaults());
        CompletableFuture<Integer> f = CompletableFuture.supplyAsync(() -> runner.run("loop.js", "while (true) {}"));
        Thread.sleep(500);
        runner.interrupt(); // what Ctrl-C does in the shell
        assertEquals(ScriptRunner.EXIT_INTERRUPTED, f.get(10, java.util.concurrent.TimeUnit.SECONDS), err.toString());
        assertTrue(err.toString().contains("job aborted: interrupted (Ctrl-C)"), err.toString());
        assertTrue(err.toString().contains("rank 0: running"), err.toString());
    }

    @Test
    void anErrorHandlerThatThrows() {
        Result r = run(2, 10, """
                MPI.Comm_set_errhandler(MPI.COMM_WORLD, MPI.Comm_create_errhandler((comm, code) => { throw new Error('handler exploded'); }));
                if (MPI.Comm_rank(MPI.COMM_WORLD) == 1) MPI.Send(mem.alloc(4), 1, MPI.INT, 5, 0, MPI.COMM_WORLD);
                MPI.Barrier(MPI.COMM_WORLD);
                """);
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().startsWith("mpish: rank 1: faults.js:2:"), r.toString());
        assertTrue(r.err().contains("MPI_ERR_RANK"), r.toString());
        assertTrue(r.err().contains("the error handler eh0 failed: threw Error: handler exploded"), r.toString());
    }

    @Test
    void aDeleteCallbackThatThrows() {
        Result r = run(2, 10, """
                const kv = MPI.Comm_create_keyval(MPI.COMM_NULL_COPY_FN, () => { throw new Error('delete exploded'); }, null);
                const c = MPI.Comm_dup(MPI.COMM_WORLD);
                MPI.Comm_set_attr(c, kv, 1);
                MPI.Comm_free(c);
                """);
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("MPI_Comm_free: MPI_ERR_OTHER: delete callback"), r.toString());
        assertTrue(r.err().contains("failed: threw Error: delete exploded [rank"), r.toString());
    }

    @Test
    void aLapiHandlerThatThrows() {
        Result r = run(2, 10, """
                const h = LAPI.Init(), me = LAPI.Qenv(h, LAPI.TASK_ID), buf = mem.alloc(8), c = mem.alloc(8);
                const tab = LAPI.Address_init(h, (hndl, uhdr, uhdr_len, info) => { throw new Error('header handler exploded'); });
                if (me == 0) { LAPI.Amsend(h, 1, tab[1], null, 0, buf, 8, null, null, c); LAPI.Waitcntr(h, c, 1); }
                LAPI.Gfence(h);
                """);
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("LAPI asynchronous error on rank 1"), r.toString());
        assertTrue(r.err().contains("header handler exploded"), r.toString());
    }

    @Test
    void aDeadlock() {
        Result r = run(3, 10, "MPI.Recv(mem.alloc(4), 1, MPI.INT, MPI.ANY_SOURCE, 7, MPI.COMM_WORLD);\n");
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().startsWith("mpish: job aborted: deadlock: every rank is waiting and none can proceed\n"), r.toString());
        for (int i = 0; i < 3; i++) {
            assertTrue(r.err().contains("rank " + i + ": in MPI_Recv: a message from any rank with tag 7 on MPI_COMM_WORLD"), r.toString());
        }
    }
}
