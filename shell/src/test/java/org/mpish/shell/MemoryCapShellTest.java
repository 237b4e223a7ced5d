package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;
import org.mpish.shell.script.Sandbox;
import org.mpish.shell.script.ScriptRunner;

/**
 * A script that allocates without bound (issue 19 item 18): its job ends at the memory cap with one line naming
 * the rank and the cap, as `mpish run` and in the shell, where the shell keeps running with its history.
 */
@Timeout(120)
class MemoryCapShellTest {
    /** The issue's loop, with typed arrays so that it fills the heap quickly even in the interpreter. */
    private static final String GROW = "const a = []; for (;;) a.push(new Float64Array(1 << 20));";

    @AfterEach
    void defaultCapAgain() { MemoryCap.set(MemoryCap.defaultCap()); }

    private static long capAboveNow(long extraMiB) {
        for (int i = 0; i < 3; i++) System.gc();
        long cap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() + (extraMiB << 20);
        MemoryCap.set(cap);
        return cap;
    }

    private static List<String> lines(ByteArrayOutputStream b) {
        return b.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void aScriptThatAllocatesWithoutBoundEndsAtTheCap() {
        long cap = capAboveNow(300);
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        long t0 = System.nanoTime();
        int status = new ScriptRunner(2, List.of(), 0, Sandbox.STRICT, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Job.Options.defaults()).run("grow.js",
                "if (MPI.Comm_rank(MPI.COMM_WORLD) === 1) { " + GROW + " }");
        double s = (System.nanoTime() - t0) / 1e9;
        assertEquals(1, status, err.toString(StandardCharsets.UTF_8));
        assertEquals(List.of("mpish: job aborted: rank 1 went over the job's memory cap of " + MemoryCap.bytes(cap)),
                lines(err).stream().map(l -> l.replaceFirst(" \\(.*", "")).toList());
        assertTrue(s < 60, s + " s");
    }

    @Test
    void inTheShellTheJobEndsAndTheShellKeepsItsHistory() {
        long cap = capAboveNow(300);
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        Printer p = new Printer(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false);
        try (Session s = new Session(2, p, false)) {
            assertTrue(s.execute("js let kept = 41"), lines(err).toString());
            assertFalse(s.execute("@1 js " + GROW));
            List<String> capLines = lines(err).stream().filter(l -> l.contains("memory cap")).toList();
            assertEquals(1, capLines.size(), lines(err).toString());
            assertTrue(capLines.get(0).contains("rank 1 went over the job's memory cap of " + MemoryCap.bytes(cap)), capLines.get(0));
            assertFalse(err.toString(StandardCharsets.UTF_8).contains("\tat "), "a Java stack trace: " + err);
            assertFalse(err.toString(StandardCharsets.UTF_8).contains("cancelled"), "more than the one line: " + err);
            out.reset();
            assertTrue(s.execute("@1 js 6 * 7"), lines(err).toString());   // a new job, the shell is fine
            assertTrue(out.toString(StandardCharsets.UTF_8).contains("42"), out.toString(StandardCharsets.UTF_8));
            assertEquals(List.of("js let kept = 41", "@1 js " + GROW, "@1 js 6 * 7"), s.inputHistory());
        }
    }
}
