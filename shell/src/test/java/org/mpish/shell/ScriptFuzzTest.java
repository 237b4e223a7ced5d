package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Param;
import org.mpish.shell.script.Sandbox;
import org.mpish.shell.script.ScriptRunner;

/**
 * The JavaScript-level fuzz (issue 19 item 19): jobs of 2 ranks run random sequences of calls over the whole
 * catalogue with random and wrong arguments (wrong types, freed handles and memory, huge and negative numbers,
 * cyclic and deeply nested objects, functions that throw), through {@link ScriptRunner} as {@code mpish run} runs
 * scripts. Nothing may reach the user but an MPIError, a LAPIError, a TypeError or RangeError of one line, the
 * one-line report of a failed rank, or a deadlock report: no Java exception, no stack trace, no hang.
 *
 * <p>It runs for {@code -Dmpish.jsfuzz.seconds} (default 20, for CI); {@code -Dmpish.jsfuzz.seconds=1800} is the
 * 30-minute run. {@code -Dmpish.jsfuzz.seed=S} replays from seed S; every finding names its seed.
 */
@Timeout(3600)
class ScriptFuzzTest {
    private static final long SECONDS = Long.getLong("mpish.jsfuzz.seconds", 20);
    private static final long SEED = Long.getLong("mpish.jsfuzz.seed", 19L);
    private static final int BUDGET = Integer.getInteger("mpish.jsfuzz.calls", 250);
    /** What must never be shown: a Java exception, a stack trace, an internal error. */
    private static final Pattern JAVA = Pattern.compile("\\tat |java\\.|Exception|internal error|StackOverflow");
    private static final Pattern FINDINGS = Pattern.compile("^(?:\\[\\d+\\] )?FUZZ rank (\\d+) calls (\\d+) findings (.*) ms \\d+$", Pattern.MULTILINE);

    private static String driver() throws IOException {
        StringBuilder calls = new StringBuilder("[");
        for (Call c : Catalogue.get().calls()) {
            if (calls.length() > 1) calls.append(',');
            calls.append("{api:'").append(c.api()).append("',name:'").append(c.scriptName()).append("',params:[");
            boolean first = true;
            for (Param p : c.inputs()) {
                if (!first) calls.append(',');
                first = false;
                calls.append("{kind:'").append(p.type().kind()).append("'}");
            }
            calls.append("]}");
        }
        calls.append(']');
        try (InputStream in = ScriptFuzzTest.class.getResourceAsStream("/jsfuzz/driver.js")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("__CALLS__", calls).replace("__BUDGET__",
                    Integer.toString(BUDGET)).replace("__VERBOSE__", Boolean.toString(Boolean.getBoolean("mpish.jsfuzz.verbose")));
        }
    }

    @Test
    void randomCallsOverTheWholeCatalogueOnlyEverGiveMpiOrLapiErrorsOrOneLineMessages() throws IOException {
        String driver = driver();
        List<String> findings = new ArrayList<>();
        long end = System.nanoTime() + SECONDS * 1_000_000_000L;
        long jobs = 0, calls = 0;
        for (long seed = SEED; System.nanoTime() < end && findings.size() < 20; seed++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
            int status = new ScriptRunner(2, List.of(), 60, Sandbox.STRICT, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), Job.Options.defaults())
                    .run("fuzz.js", driver.replace("__SEED__", Long.toString(seed)));
            jobs++;
            if (Boolean.getBoolean("mpish.jsfuzz.verbose")) System.out.println("seed " + seed + " status " + status + "\n" + out + err);
            String o = out.toString(StandardCharsets.UTF_8), e = err.toString(StandardCharsets.UTF_8);
            if (status == ScriptRunner.EXIT_TIMEOUT) findings.add("seed " + seed + ": a hang (no deadlock report within 60 s)\n" + e);
            Matcher m = FINDINGS.matcher(o);
            while (m.find()) {
                calls += Long.parseLong(m.group(2));
                if (!m.group(3).equals("[]")) findings.add("seed " + seed + ", rank " + m.group(1) + ": " + m.group(3));
            }
            for (String line : e.lines().toList()) {
                boolean rollCall = line.startsWith("  rank ") || line.startsWith("state at") || line.startsWith("deadlock");
                boolean oneLine = line.startsWith("mpish: rank ") || line.startsWith("mpish: job aborted: ");
                if (JAVA.matcher(line).find() || !(rollCall || oneLine)) findings.add("seed " + seed + ": shown to the user: " + line);
            }
        }
        System.out.printf("jsfuzz: %d jobs, %d calls in %d s (seeds %d..)%n", jobs, calls, SECONDS, SEED);
        if (!findings.isEmpty()) fail(findings.size() + " findings:\n" + String.join("\n", findings));
    }
}
