package org.mpish.shell;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.mpish.runtime.Job;
import org.mpish.runtime.ffm.Implementations;
import org.mpish.shell.script.RankOutput;
import org.mpish.shell.script.Sandbox;
import org.mpish.shell.script.ScriptRunner;

/**
 * {@code mpish compare [-n N] SCRIPT}: runs the script in-process and on every installed MPI, and shows, rank by
 * rank, where their outputs differ (the first difference with the lines before it, then one summary line). A
 * script declares output that legitimately differs with header lines
 * {@code // mpish-compare: differs /REGEX/ why}: the text each REGEX matches is not compared. Exit 0 when every
 * engine agrees, 1 when one differs, 2 for a usage error.
 */
final class Compare {
    private Compare() {}

    /** One engine's run: its lines by rank and its exit status. */
    record Outcome(String engine, Map<Integer, List<String>> lines, int status) {}

    private static final Pattern DIFFERS = Pattern.compile("^//\\s*mpish-compare:\\s*differs\\s+/(.*)/\\s*(.*)$");
    private static final Pattern RANKS_HEADER = Pattern.compile("^//\\s*mpish:.*-n\\s+(\\d+)");
    private static final Pattern LABEL = Pattern.compile("^\\[(\\d+)\\] (.*)$", Pattern.DOTALL);

    static int run(Integer ranks, double timeout, String script, PrintStream out, PrintStream err) {
        String code;
        try {
            code = Files.readString(Path.of(script));
        } catch (IOException e) {
            err.println("mpish compare: cannot read " + script + ": " + e.getMessage());
            return 2;
        }
        List<Pattern> differs = new ArrayList<>();
        int n = ranks == null ? 2 : ranks; // as the scripts test runs them unless a header says otherwise
        for (String line : code.lines().toList()) {
            Matcher m = DIFFERS.matcher(line);
            if (m.matches()) {
                try {
                    differs.add(Pattern.compile(m.group(1)));
                } catch (PatternSyntaxException e) {
                    err.println("mpish compare: " + script + ": bad pattern in '" + line.strip() + "': " + e.getDescription());
                    return 2;
                }
            }
            Matcher r = RANKS_HEADER.matcher(line);
            if (ranks == null && r.find()) n = Integer.parseInt(r.group(1));
        }
        double limit = timeout > 0 ? timeout : 120;
        List<Outcome> runs = new ArrayList<>();
        runs.add(inProcess(n, limit, script, code));
        List<String> missing = new ArrayList<>();
        for (String impl : Implementations.ALL) {
            if (!Implementations.installed(impl)) {
                missing.add(impl);
                continue;
            }
            runs.add(onMpi(impl, n, limit, script));
        }
        if (runs.size() == 1) {
            err.println("mpish compare: no MPI is installed to compare with: " + Implementations.missing("openmpi") + "; "
                    + Implementations.missing("mpich"));
            return 2;
        }
        String name = Path.of(script).getFileName().toString();
        Outcome base = runs.get(0);
        List<String> verdicts = new ArrayList<>();
        boolean agree = true;
        for (Outcome o : runs.subList(1, runs.size())) {
            String d = firstDifference(base, o, differs, out);
            if (d != null) {
                agree = false;
                verdicts.add(o.engine + " differs (" + d + ")");
            } else {
                verdicts.add(o.engine + " agrees");
            }
        }
        String skipped = missing.isEmpty() ? "" : "; not installed: " + String.join(", ", missing);
        out.println("compare: " + name + " on " + n + " rank" + (n == 1 ? "" : "s") + ": " + String.join(", ", verdicts)
                + " with in-process" + (differs.isEmpty() ? "" : " (" + differs.size() + " declared difference" + (differs.size() == 1 ? "" : "s") + ")")
                + skipped);
        return agree ? 0 : 1;
    }

    /** Prints the first difference of each rank between the two runs; returns a short description or null if they agree. */
    static String firstDifference(Outcome a, Outcome b, List<Pattern> differs, PrintStream out) {
        List<String> found = new ArrayList<>();
        java.util.TreeSet<Integer> ranks = new java.util.TreeSet<>(a.lines.keySet());
        ranks.addAll(b.lines.keySet());
        for (int r : ranks) {
            List<String> x = a.lines.getOrDefault(r, List.of()), y = b.lines.getOrDefault(r, List.of());
            int n = Math.max(x.size(), y.size());
            for (int i = 0; i < n; i++) {
                String u = i < x.size() ? mask(x.get(i), differs) : null, v = i < y.size() ? mask(y.get(i), differs) : null;
                if (u != null && u.equals(v)) continue;
                out.println("rank " + r + ", line " + (i + 1) + ":");
                for (int j = Math.max(0, i - 2); j < i; j++) out.println("    " + x.get(j));
                out.println("  " + a.engine + ": " + (i < x.size() ? x.get(i) : "(no more lines)"));
                out.println("  " + b.engine + ": " + (i < y.size() ? y.get(i) : "(no more lines)"));
                found.add("rank " + r + " line " + (i + 1));
                break;
            }
        }
        if (a.status != b.status) {
            out.println("exit status: " + a.engine + " " + a.status + ", " + b.engine + " " + b.status);
            found.add("exit status");
        }
        return found.isEmpty() ? null : String.join(", ", found);
    }

    private static String mask(String line, List<Pattern> differs) {
        for (Pattern p : differs) line = p.matcher(line).replaceAll("\u2026");
        return line;
    }

    private static Outcome inProcess(int n, double timeout, String script, String code) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(), errBuf = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(buf, true, StandardCharsets.UTF_8); PrintStream e = new PrintStream(errBuf, true, StandardCharsets.UTF_8)) {
            status = new ScriptRunner(n, List.of(), timeout, Sandbox.STRICT, o, e, Job.Options.defaults()).labelEveryLine()
                    .run(Path.of(script).getFileName().toString(), code);
        }
        Map<Integer, List<String>> lines = new TreeMap<>();
        for (String l : buf.toString(StandardCharsets.UTF_8).lines().toList()) {
            Matcher m = LABEL.matcher(l);
            if (m.matches()) lines.computeIfAbsent(Integer.parseInt(m.group(1)), k -> new ArrayList<>()).add(m.group(2));
            else lines.computeIfAbsent(-1, k -> new ArrayList<>()).add(l);
        }
        return new Outcome("in-process", lines, status);
    }

    private static Outcome onMpi(String impl, int n, double timeout, String script) {
        List<String> cmd = new ArrayList<>(NativeLaunch.command(impl, n, List.of()));
        cmd.addAll(NativeLaunch.javaCommand(impl));
        cmd.addAll(List.of(NativeLaunch.PROCESS, impl, Long.toString(Launcher.DEFAULT_MEMORY), "-", Path.of(script).toAbsolutePath().toString()));
        Map<Integer, List<String>> lines = new TreeMap<>();
        int status;
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
            NativeLaunch.quietSignals(pb.environment());
            Process p = pb.start();
            Thread t = Thread.ofPlatform().daemon(true).start(() -> {
                try (var r = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    String l;
                    while ((l = r.readLine()) != null) {
                        int rank = RankOutput.tagOf(l);
                        String text = rank >= 0 ? RankOutput.untag(l) : l;
                        synchronized (lines) {
                            lines.computeIfAbsent(rank, k -> new ArrayList<>()).add(text);
                        }
                    }
                } catch (IOException ignored) {
                    // ended
                }
            });
            if (!p.waitFor((long) (timeout * 1000), TimeUnit.MILLISECONDS)) {
                NativeLaunch.killAll(p);
                status = ScriptRunner.EXIT_TIMEOUT;
            } else {
                status = p.exitValue();
            }
            t.join(2000);
        } catch (IOException e) {
            lines.computeIfAbsent(-1, k -> new ArrayList<>()).add("cannot start " + cmd.get(0) + ": " + e.getMessage());
            status = 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status = ScriptRunner.EXIT_INTERRUPTED;
        }
        synchronized (lines) {
            return new Outcome(impl, lines, status);
        }
    }
}
