package org.mpish.shell.explore;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Job;
import org.mpish.runtime.explore.Decision;
import org.mpish.shell.script.Sandbox;

/**
 * {@code mpish explore [-n N] [--sync] [--max-schedules K] [--timeout S] [-o FILE] [--same-output] script.js [-- args]}
 * and {@code mpish run --schedule FILE script.js}. Exit status of explore: 0 complete and nothing found, 1 a
 * problem found, 3 stopped at the budget without finding one, 2 bad usage.
 */
public final class ExploreCommand {
    public static final int EXIT_FOUND = 1, EXIT_USAGE = 2, EXIT_BUDGET = 3;
    static final String USAGE = "usage: mpish explore [-n N] [--nodes K] [--sync] [--max-schedules K] [--timeout S] [-o FILE] [--same-output] "
            + "[--allow-io] [--allow-env] [--allow-host-classes] SCRIPT [-- ARGS...]";

    private ExploreCommand() {}

    /** Whether a {@code run} command line asks for a schedule (then {@link #replay} handles it). */
    public static boolean hasSchedule(String[] args) {
        for (String a : args) {
            if (a.equals("--")) return false;
            if (a.equals("--schedule") || a.startsWith("--schedule=")) return true;
        }
        return false;
    }

    /** Options common to explore and run --schedule. */
    private static final class Opts {
        Integer ranks;
        /** --nodes K: the simulated nodes the ranks are placed on (null: one, or the schedule file's). */
        Integer nodes;
        boolean sync, sameOutput, io, env, host;
        int maxSchedules = 1000;
        /** Benchmarking: explore this many times in this JVM and print the rate (schedules per second) of the last half. */
        int repeat = 0;
        double timeout = 30;
        String out, schedule, script;
        List<String> args = new ArrayList<>();
    }

    private static final class Usage extends Exception {
        Usage(String m) { super(m); }
    }

    private static Opts parse(String[] argv, boolean explore) throws Usage {
        Opts o = new Opts();
        String who = explore ? "mpish explore" : "mpish run";
        int i = 1;
        for (; i < argv.length; i++) {
            String a = argv[i];
            if (!a.startsWith("-") || a.equals("-")) break;
            if (a.equals("--")) break;
            String v = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                v = a.substring(eq + 1);
                a = a.substring(0, eq);
            }
            switch (a) {
                case "-n", "--ranks" -> o.ranks = (int) number(who, a, v != null ? v : value(argv, ++i, who, a), 1, Job.MAX_RANKS);
                case "--nodes" -> o.nodes = (int) number(who, a, v != null ? v : value(argv, ++i, who, a), 1, Job.MAX_RANKS);
                case "--timeout" -> o.timeout = seconds(who, v != null ? v : value(argv, ++i, who, a));
                case "--allow-io" -> o.io = true;
                case "--allow-env" -> o.env = true;
                case "--allow-host-classes" -> o.host = true;
                case "--sync" -> { if (explore) o.sync = true; else throw new Usage(who + ": --sync is explore's; a schedule file says whether it was made with it"); }
                case "--same-output" -> { if (explore) o.sameOutput = true; else throw unknown(who, a); }
                case "--repeat" -> {
                    if (!explore) throw unknown(who, a);
                    o.repeat = (int) number(who, a, v != null ? v : value(argv, ++i, who, a), 1, 1_000_000);
                }
                case "--max-schedules" -> {
                    if (!explore) throw unknown(who, a);
                    o.maxSchedules = (int) number(who, a, v != null ? v : value(argv, ++i, who, a), 1, 10_000_000);
                }
                case "-o", "--output" -> {
                    if (!explore) throw unknown(who, a);
                    o.out = v != null ? v : value(argv, ++i, who, a);
                }
                case "--schedule" -> {
                    if (explore) throw unknown(who, a);
                    o.schedule = v != null ? v : value(argv, ++i, who, a);
                }
                default -> throw unknown(who, a);
            }
        }
        if (i < argv.length && argv[i].equals("--")) throw new Usage(who + ": the script comes before \"--\" and its arguments");
        if (i >= argv.length) throw new Usage(who + ": which script? " + (explore ? USAGE : "usage: mpish run [-n N] [--timeout S] --schedule FILE SCRIPT [-- ARGS...]"));
        o.script = argv[i++];
        if (i < argv.length && argv[i].equals("--")) i++;
        for (; i < argv.length; i++) o.args.add(argv[i]);
        return o;
    }

    private static Usage unknown(String who, String a) { return new Usage(who + ": unknown option " + a); }

    private static String value(String[] argv, int i, String who, String opt) throws Usage {
        if (i >= argv.length) throw new Usage(who + ": " + opt + " needs a value");
        return argv[i];
    }

    private static long number(String who, String opt, String v, long min, long max) throws Usage {
        try {
            long l = Long.parseLong(v);
            if (l >= min && l <= max) return l;
        } catch (NumberFormatException e) {
            // said below
        }
        throw new Usage(who + ": " + opt + " must be a whole number from " + min + " to " + max + ", not " + v);
    }

    private static double seconds(String who, String v) throws Usage {
        try {
            double d = Double.parseDouble(v);
            if (d > 0 && d < 1e6) return d;
        } catch (NumberFormatException e) {
            // said below
        }
        throw new Usage(who + ": --timeout must be a number of seconds above 0, not " + v);
    }

    private static String read(String who, String path) throws Usage {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException | RuntimeException e) {
            throw new Usage(who + ": cannot read " + path + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
        }
    }

    // ---- explore -------------------------------------------------------------------------------

    /** {@code mpish explore ...}: returns the exit status. */
    public static int explore(String[] argv, PrintStream out, PrintStream err) {
        Opts o;
        String code;
        try {
            o = parse(argv, true);
            code = read("mpish explore", o.script);
        } catch (Usage u) {
            err.println(u.getMessage());
            return EXIT_USAGE;
        }
        int ranks = o.ranks != null ? o.ranks : 4, nodes = o.nodes != null ? o.nodes : 1;
        if (nodes > ranks) {
            err.println("mpish explore: --nodes must be between 1 and the number of ranks (" + ranks + "), not " + nodes);
            return EXIT_USAGE;
        }
        String name = Path.of(o.script).getFileName().toString();
        ScheduledRun.Setup setup = new ScheduledRun.Setup(name, code, ranks, nodes, o.args, o.sync, o.timeout, new Sandbox(o.io, o.env, o.host));
        if (o.repeat > 0) return bench(setup, o, out);
        ScheduleExplorer.Result r = new ScheduleExplorer(setup, o.maxSchedules, o.sameOutput).explore();
        out.print(report(name, ranks, nodes, o, r));
        if (!r.problems().isEmpty() && o.out != null) {
            ScheduleExplorer.Problem p = r.problems().get(0);
            try {
                Files.writeString(Path.of(o.out), ScheduleFile.write(name, code, ranks, nodes, o.sync, p.decisions()), StandardCharsets.UTF_8);
                out.println("the schedule of problem 1 is in " + o.out + "; replay it with: mpish run -n " + ranks + " --schedule " + o.out + " " + o.script);
            } catch (IOException | RuntimeException e) {
                err.println("mpish explore: cannot write " + o.out + ": " + e.getMessage());
                return EXIT_USAGE;
            }
        }
        out.flush();
        return !r.problems().isEmpty() ? EXIT_FOUND : r.complete() ? 0 : EXIT_BUDGET;
    }

    /** {@code --repeat R}: R explorations in this JVM; the first half warms up, the second is timed. */
    private static int bench(ScheduledRun.Setup setup, Opts o, PrintStream out) {
        int warm = o.repeat / 2;
        long schedules = 0, start = 0, cpu0 = 0;
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        ScheduleExplorer.Result last = null;
        long[] contexts;
        String refusal;
        // many explorations follow: contexts are kept early, while the first half warms up
        try (var jobs = ScheduledRun.warm(setup, 16)) {
            for (int i = 0; i < o.repeat; i++) {
                if (i == warm) {
                    start = System.nanoTime();
                    cpu0 = os.getProcessCpuTime();
                    schedules = 0;
                }
                last = new ScheduleExplorer(setup, o.maxSchedules, o.sameOutput, jobs).explore();
                schedules += last.runs();
            }
            contexts = jobs.contextCounts();
            refusal = jobs.refusal();
        }
        double secs = (System.nanoTime() - start) / 1e9, cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
        out.printf("RESULT explore.schedules_per_s %.1f schedules/s (%d schedules in %.2f s, %d explorations after %d to warm up; "
                + "load average %.1f; rank contexts made %d, reused %d%s)%n", schedules / secs, schedules, secs, o.repeat - warm, warm,
                os.getSystemLoadAverage(), contexts[0], contexts[1], refusal == null ? "" : "; not kept: the script " + refusal);
        out.printf("RESULT explore.cpu_ms_per_schedule %.2f ms (process CPU time over the same schedules)%n", cpu * 1000 / schedules);
        out.printf("RESULT explore.schedules_per_exploration %d schedules (complete: %s, pruned: %d by order, %d impossible, %d duplicates)%n",
                last.runs(), last.complete(), last.prunedByOrder(), last.impossible(), last.duplicates());
        return 0;
    }

    static String report(String name, int ranks, int nodes, Opts o, ScheduleExplorer.Result r) {
        StringBuilder sb = new StringBuilder();
        sb.append("mpish explore: ").append(name).append(" on ").append(ranks).append(ranks == 1 ? " rank" : " ranks")
                .append(nodes > 1 ? " on " + nodes + " nodes" : "")
                .append(o.sync ? ", no buffering (--sync)" : "").append('\n');
        sb.append("  ").append(plural(r.runs(), "schedule")).append(" run; pruned: ")
                .append(plural(r.prunedByOrder(), "sender")).append(" that sent only after the receive, ")
                .append(plural(r.impossible(), "alternative")).append(" that could not happen, ")
                .append(plural(r.duplicates(), "duplicate")).append('\n');
        sb.append("  ").append(r.complete() ? "exploration complete: every schedule was run"
                : "exploration stopped at --max-schedules " + o.maxSchedules + "; schedules remain").append('\n');
        if (r.problems().isEmpty()) {
            sb.append(r.complete() ? "no problem in any schedule\n" : "no problem in the schedules run\n");
            return sb.toString();
        }
        sb.append(plural(r.problems().size(), "problem")).append(" found (one per cause, shortest schedule first)\n");
        int i = 1;
        for (ScheduleExplorer.Problem p : r.problems()) {
            sb.append("\nproblem ").append(i++).append(": ").append(p.what()).append(", in schedule ").append(p.schedule()).append('\n');
            List<Decision> ds = p.decisions().stream().filter(Decision::branching).toList();
            if (ds.isEmpty()) {
                sb.append("  no choice leads there: it happens in every schedule\n");
            } else {
                sb.append("  the choices that lead there:\n");
                for (Decision d : ds) sb.append("    ").append(d.words()).append('\n');
            }
            sb.append("  what happened:\n");
            for (String l : p.detail().lines().toList()) sb.append("    ").append(l).append('\n');
        }
        return sb.toString();
    }

    private static String plural(int n, String what) { return n + " " + what + (n == 1 ? "" : "s"); }

    // ---- run --schedule ------------------------------------------------------------------------

    /** {@code mpish run ... --schedule FILE script}: replays the schedule; returns the script's exit status. */
    public static int replay(String[] argv, PrintStream out, PrintStream err) {
        try {
            Opts o = parse(argv, false);
            if (o.schedule == null) throw new Usage("mpish run: --schedule needs a file");
            Replay r = load("mpish run", o.schedule, o.script, o.ranks, o.nodes, o.args, o.timeout, new Sandbox(o.io, o.env, o.host));
            return ScheduledRun.run(r.setup(), r.plan(), out, err).exit();
        } catch (Usage u) {
            err.println(u.getMessage());
            return EXIT_USAGE;
        }
    }

    /** A saved schedule checked against its script: how to run that script, and the decisions to take. */
    public record Replay(ScheduledRun.Setup setup, ScheduleFile file) {
        public org.mpish.runtime.explore.Plan plan() { return file.plan(); }
    }

    /**
     * Reads {@code schedule} and {@code script} for {@code trace replay} in the shell; a bad file, or a schedule of
     * another script or rank count, is an IllegalArgumentException with a one-line message.
     */
    public static Replay loadForShell(String schedule, String script, List<String> args) {
        try {
            return load("trace replay", schedule, script, null, null, args, 0, Sandbox.STRICT);
        } catch (Usage u) {
            throw new IllegalArgumentException(u.getMessage().replaceFirst("^trace replay: ", "")); // the shell names the command
        }
    }

    private static Replay load(String who, String schedule, String script, Integer ranks, Integer nodes, List<String> args,
                               double timeout, Sandbox sandbox) throws Usage {
        ScheduleFile f;
        try {
            f = ScheduleFile.parse(read(who, schedule), schedule);
        } catch (ScheduleFile.Invalid e) {
            throw new Usage(who + ": " + e.getMessage());
        }
        String code = read(who, script);
        String name = Path.of(script).getFileName().toString();
        if (!f.digest().equals(ScheduleFile.digest(code))) {
            throw new Usage(who + ": " + schedule + " is a schedule of " + f.script()
                    + (f.script().equals(name) ? " as it was when explored; this " + name + " is different" : ", not of " + name));
        }
        if (ranks != null && ranks != f.ranks()) {
            throw new Usage(who + ": " + schedule + " is a schedule for " + f.ranks() + " ranks, not " + ranks + " (-n)");
        }
        if (nodes != null && nodes != f.nodes()) { // the placement decides what Comm_split_type and the processor name give
            throw new Usage(who + ": " + schedule + " is a schedule for " + f.nodes() + (f.nodes() == 1 ? " node" : " nodes")
                    + ", not " + nodes + " (--nodes)");
        }
        return new Replay(new ScheduledRun.Setup(name, code, f.ranks(), f.nodes(), args, f.sync(), timeout, sandbox), f);
    }
}
