package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;

/**
 * Feeds random and mutated command lines to the shell's command layer: 40,000 in the default run (to
 * keep CI inside its budget), {@code -Dfuzz.lines=N} for more. None may throw out of the session or hang it, and every
 * rejected line gets exactly one line of error. Seeded: a failure names the seed and the line, so it can be replayed
 * ({@code -Dfuzz.seed=S}).
 */
class CommandFuzzTest {
    private static final long SEED = Long.getLong("fuzz.seed", 20261121L);
    private static final int LINES = Integer.getInteger("fuzz.lines", 40_000);

    @Test
    void randomAndMutatedLinesNeverCrashOrHangAndErrorsAreOneLine() throws Exception {
        Random rnd = new Random(SEED);
        List<String> words = vocabulary();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Printer printer = new Printer(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false);
        ExecutorService exec = Executors.newSingleThreadExecutor();
        int rejected = 0;
        try (Session s = new Session(3, printer, false)) {
            s.setDetachMillis(0);
            for (int i = 0; i < LINES; i++) {
                if (i % 2000 == 1999) s.newJob(3); // blocked ranks pile up: start afresh now and then
                String line = generate(rnd, words);
                err.reset();
                out.reset();
                Future<Boolean> f = exec.submit(() -> s.execute(line));
                boolean ok;
                try {
                    ok = f.get(20, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new AssertionError(where(SEED, i, line) + " threw " + e.getCause(), e.getCause());
                } catch (java.util.concurrent.TimeoutException e) {
                    fail(where(SEED, i, line) + " hung the shell");
                    return;
                }
                if (!ok) {
                    rejected++;
                    String e = err.toString(StandardCharsets.UTF_8);
                    // lines "[r] ..." report calls of earlier lines that were still running; the rest belong to this line
                    List<String> own = e.lines().filter(l -> !l.matches("^\\[\\d+\\] .*")).toList();
                    int commands = LineParser.splitCommands(line).size();
                    // one line per rejected command, or per rank ("[r] ...") when it ran on several
                    if (e.isBlank() || own.size() > commands || e.lines().anyMatch(l -> l.isBlank() || l.startsWith("\tat ") || l.contains("Exception in"))) {
                        fail(where(SEED, i, line) + " (" + commands + " commands) was rejected with "
                                + own.size() + " error lines:\n" + e);
                    }
                    assertTrue(!e.contains("Exception") || e.contains("MPI_ERR"), where(SEED, i, line) + " stack-trace-like error:\n" + e);
                }
                if (s.exitRequested()) fail(where(SEED, i, line) + " ended the session");
            }
        } finally {
            exec.shutdownNow();
        }
        assertTrue(rejected > LINES / 10, "the generator should produce plenty of bad lines, got " + rejected);
    }

    private static List<String> vocabulary() {
        List<String> w = new ArrayList<>();
        for (Call c : Catalogue.get().calls()) {
            // calls that can legitimately end or block the job forever are kept out of the vocabulary
            if (!c.name().equals("MPI_Abort") && !c.name().equals("MPI_Finalize")) w.add(c.name());
        }
        for (Constant c : Catalogue.get().constants()) w.add(c.name());
        w.addAll(List.of("help", "rank", "ranks", "handles", "attrs", "keyvals", "mem", "trace", "js", "comm0", "win0", "kv0",
                "info0", "type0", "req0", "@1", "@*", "@0,2", "@9", "@", "0", "-1", "1", "2", "42", "0x10000", "99999999999999999999",
                "\"str\"", "'x'", "[1, 2]", "[", "]", "(", ")", "{", "}", "`1+1`", "`throw 1`", "(a)=>a", "function(){}", "=", "x=1",
                "comm=", ";", "\\", "é", "\t", "\u0000"));
        return w;
    }

    private static String generate(Random rnd, List<String> words) {
        int kind = rnd.nextInt(10);
        if (kind == 0) {
            StringBuilder sb = new StringBuilder();
            int n = rnd.nextInt(40);
            for (int i = 0; i < n; i++) sb.append((char) (32 + rnd.nextInt(95)));
            return sb.toString();
        }
        StringBuilder sb = new StringBuilder();
        int n = 1 + rnd.nextInt(6);
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append(' ');
            String w = words.get(rnd.nextInt(words.size()));
            if (rnd.nextInt(8) == 0 && !w.isEmpty()) {
                int at = rnd.nextInt(w.length());
                w = switch (rnd.nextInt(3)) {
                    case 0 -> w.substring(0, at) + w.substring(at + 1);
                    case 1 -> w.substring(0, at) + (char) (33 + rnd.nextInt(94)) + w.substring(at);
                    default -> w.toLowerCase();
                };
            }
            if (rnd.nextInt(10) == 0) w = words.get(rnd.nextInt(words.size())).replaceAll("^(MPI|LAPI)_.*", "p") + "=" + w;
            sb.append(w);
        }
        String line = sb.toString();
        // no deliberate exits, and js stays away from infinite loops by construction
        return line.replaceAll("(?i)\\b(exit|quit)\\b", "help").replaceAll("(?i)\\b(record|save|transcript|source|run)\\b", "ranks");
    }

    /** How every failure starts: enough to replay it ({@code -Dfuzz.seed=S}, then line number i of that seed's sequence). */
    static String where(long seed, int i, String line) {
        return "seed " + seed + " (-Dfuzz.seed=" + seed + "), line " + i + ": '" + line + "'";
    }

    /** A failure can be replayed from its message alone: it names the seed and the line, and a seed gives the same lines again. */
    @Test
    void aFailureNamesItsSeedAndTheSeedReplaysTheSameLines() {
        List<String> words = vocabulary();
        long seed = 987654321L;
        List<String> first = new ArrayList<>(), again = new ArrayList<>(), other = new ArrayList<>();
        Random a = new Random(seed), b = new Random(seed), c = new Random(seed + 1);
        for (int i = 0; i < 500; i++) {
            first.add(generate(a, words));
            again.add(generate(b, words));
            other.add(generate(c, words));
        }
        for (int i = 0; i < first.size(); i++) {
            assertEquals(first.get(i), again.get(i), "line " + i + ": the same seed must give the same lines, or a reported seed replays nothing");
        }
        assertTrue(!first.equals(other), "another seed gives other lines");
        String msg = where(seed, 321, first.get(321));
        assertTrue(msg.contains("-Dfuzz.seed=987654321") && msg.contains("line 321") && msg.contains("'" + first.get(321) + "'"), msg);
    }
}
