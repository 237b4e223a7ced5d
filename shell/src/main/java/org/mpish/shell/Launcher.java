package org.mpish.shell;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.mpish.runtime.Job;
import org.mpish.shell.repl.Repl;
import org.mpish.shell.script.Sandbox;
import org.mpish.shell.script.ScriptRunner;

/**
 * What the launcher does once its arguments are known: the shell ({@code mpish [-n N] [-c COMMANDS] [FILE]}) and
 * {@code mpish run}. {@link #main} reads the usual command lines itself and leaves everything else (help,
 * version, usage errors, unusual spellings) to picocli ({@link Main}): picocli is old bytecode the JDK's
 * ahead-of-time cache cannot keep, and building its model costs about a third of a start-up.
 */
public final class Launcher {
    public static final String VERSION = "0.1.0";

    private Launcher() {}

    public static void main(String[] args) {
        MemoryCapOption.checkEnvironment();
        Integer status = fast(args);
        if (status == null) Main.main(args);
        else System.exit(status);
    }

    // ---- the usual command lines, read without picocli ------------------------------------------------

    /** The exit status of running {@code args} if they are a plain shell or run command line, else null. */
    static Integer fast(String[] args) {
        try {
            if (args.length > 0 && args[0].equals("explore")) return org.mpish.shell.explore.ExploreCommand.explore(args, System.out, System.err);
            if (args.length > 0 && args[0].equals("run") && org.mpish.shell.explore.ExploreCommand.hasSchedule(args)) {
                return org.mpish.shell.explore.ExploreCommand.replay(args, System.out, System.err);
            }
            if (args.length > 0 && args[0].equals("run")) return fastRun(args);
            return fastShell(args);
        } catch (IOException e) {
            return null;
        }
    }

    private static Integer fastShell(String[] args) throws IOException {
        int ranks = 4;
        String commands = null;
        boolean noColor = false;
        Long eager = null;
        Path file = null;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            // picocli refuses an option given twice (and knows the aliases): leave that case to it
            if (a.startsWith("-") && !seen.add(a.equals("--ranks") ? "-n" : a)) return null;
            switch (a) {
                case "-n", "--ranks" -> {
                    Integer n = i + 1 < args.length ? integer(args[++i]) : null;
                    if (n == null) return null;
                    ranks = n;
                }
                case "-c" -> {
                    if (i + 1 >= args.length) return null;
                    commands = args[++i];
                }
                case "--no-color" -> noColor = true;
                case "--eager-limit" -> {
                    Long l = i + 1 < args.length ? longValue(args[++i]) : null;
                    if (l == null) return null;
                    eager = l;
                }
                default -> {
                    if (a.startsWith("-") || file != null || a.equals("run") || a.equals("man")) return null;
                    file = Path.of(a);
                }
            }
        }
        return shell(ranks, commands, noColor, eager, file, 1L << 30);
    }

    private static Integer fastRun(String[] args) {
        int ranks = 4;
        double timeout = 0;
        boolean io = false, env = false, host = false;
        long memory = 1L << 30;
        Long eager = null;
        int i = 1;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (; i < args.length && args[i].startsWith("-") && !args[i].equals("-"); i++) {
            String a = args[i];
            if (!seen.add(a.equals("--ranks") ? "-n" : a)) return null;
            switch (a) {
                case "-n", "--ranks" -> {
                    Integer n = i + 1 < args.length ? integer(args[++i]) : null;
                    if (n == null) return null;
                    ranks = n;
                }
                case "--timeout" -> {
                    Double d = i + 1 < args.length ? doubleValue(args[++i]) : null;
                    if (d == null) return null;
                    timeout = d;
                }
                case "--allow-io" -> io = true;
                case "--allow-env" -> env = true;
                case "--allow-host-classes" -> host = true;
                case "--memory" -> {
                    Long l = i + 1 < args.length ? longValue(args[++i]) : null;
                    if (l == null) return null;
                    memory = l;
                }
                case "--eager-limit" -> {
                    Long l = i + 1 < args.length ? longValue(args[++i]) : null;
                    if (l == null) return null;
                    eager = l;
                }
                default -> { return null; }
            }
        }
        if (i >= args.length) return null;
        String script = args[i++];
        List<String> rest = new ArrayList<>();
        for (; i < args.length; i++) {
            if (args[i].startsWith("-")) return null; // picocli would read it as an option (or "--")
            rest.add(args[i]);
        }
        return run(ranks, timeout, io, env, host, memory, eager, script, rest);
    }

    private static Integer integer(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Long longValue(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Double doubleValue(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ---- the commands ------------------------------------------------------------------------------

    static boolean colorWanted(boolean noColorFlag, boolean terminal) {
        String nc = System.getenv("NO_COLOR");
        if (noColorFlag || (nc != null && !nc.isEmpty())) return false;
        String term = System.getenv("TERM");
        return terminal && term != null && !term.equals("dumb");
    }

    static boolean stdinIsTerminal() {
        java.io.Console c = System.console();
        return c != null && c.isTerminal();
    }

    /** Makes new jobs start with this eager limit (see org.mpish.runtime.mpi.p2p.P2p.defaultEagerLimit). */
    static boolean setEagerLimit(Long bytes, String who) {
        if (bytes == null) return true;
        if (bytes < 0) {
            System.err.println(who + ": --eager-limit must be 0 or more bytes");
            return false;
        }
        System.setProperty("mpish.eagerLimit", Long.toString(bytes));
        return true;
    }

    /** The shell: commands from -c, a file, standard input, or the terminal (the REPL). */
    static int shell(int ranks, String commands, boolean noColor, Long eagerLimit, Path file, long memory) throws IOException {
        if (ranks < 1 || ranks > Job.MAX_RANKS) {
            System.err.println("mpish: -n must be between 1 and " + Job.MAX_RANKS + " (the most ranks a job can have), not " + ranks);
            return 2;
        }
        if (!setEagerLimit(eagerLimit, "mpish")) return 2;
        if (commands != null || file != null || !stdinIsTerminal()) {
            Printer printer = new Printer(System.out, System.err, false);
            try (Session session = new Session(ranks, printer, false)) {
                session.setJobOptions(Job.Options.defaults().withMemoryLimit(memory));
                if (commands != null) {
                    for (String l : commands.split("\n")) {
                        if (session.exitRequested()) break;
                        session.execute(l);
                    }
                } else {
                    BufferedReader in = file != null ? Files.newBufferedReader(file)
                            : new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                    String l;
                    while (!session.exitRequested() && (l = in.readLine()) != null) session.execute(l);
                }
                session.drain(5);
                return session.exitStatus();
            }
        }
        try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            Printer printer = new Printer(new PrintStream(terminal.output(), true, StandardCharsets.UTF_8),
                    new PrintStream(terminal.output(), true, StandardCharsets.UTF_8), colorWanted(noColor, true));
            try (Session session = new Session(ranks, printer, true)) {
                session.setJobOptions(Job.Options.defaults().withMemoryLimit(memory));
                return new Repl(terminal, session).run();
            }
        }
    }

    /** {@code mpish man ...}: man(1) with its exit codes; pages are paged on a terminal, plain text otherwise. */
    static int man(List<String> args) throws IOException {
        if (!stdinIsTerminal() || System.console() == null || !System.console().isTerminal()) {
            ManCommands.Io io = new ManCommands.Io(t -> { System.out.print(t); System.out.flush(); }, System.out::println,
                    System.err::println, ManCommands.width(0), org.mpish.shell.man.Style.PLAIN);
            return ManCommands.man(args, io);
        }
        try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            PrintStream ps = new PrintStream(terminal.output(), true, StandardCharsets.UTF_8);
            Session.Pager pager = Repl.pager(terminal);
            ManCommands.Io io = new ManCommands.Io(pager::page, ps::println, ps::println, ManCommands.width(pager.width()),
                    colorWanted(false, true) ? org.mpish.shell.man.Style.ANSI : org.mpish.shell.man.Style.PLAIN);
            return ManCommands.man(args, io);
        }
    }

    /** {@code mpish run}: every rank evaluates the script in its own context. */
    static int run(int ranks, double timeout, boolean allowIo, boolean allowEnv, boolean allowHost, long memory,
                   Long eagerLimit, String script, List<String> args) {
        if (ranks < 1 || ranks > Job.MAX_RANKS) {
            System.err.println("mpish run: -n must be between 1 and " + Job.MAX_RANKS + " (the most ranks a job can have), not " + ranks);
            return 2;
        }
        if (!setEagerLimit(eagerLimit, "mpish run")) return 2;
        // the JavaScript engine and the call catalogue take a while to build: both at once, on the two cores
        Thread.ofPlatform().daemon(true).name("mpish-engine").start(org.mpish.shell.script.JsEngine::get);
        org.mpish.runtime.catalog.Catalogue.get();
        String code;
        String name;
        try {
            if (script.equals("-")) {
                code = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
                name = "<stdin>";
            } else {
                code = Files.readString(Path.of(script));
                name = Path.of(script).getFileName().toString();
            }
        } catch (IOException e) {
            System.err.println("mpish run: cannot read " + script + ": " + e.getMessage());
            return 2;
        }
        List<String> a = new ArrayList<>(args);
        if (!a.isEmpty() && a.get(0).equals("--")) a.remove(0);
        return new ScriptRunner(ranks, a, timeout, new Sandbox(allowIo, allowEnv, allowHost), System.out, System.err,
                Job.Options.defaults().withMemoryLimit(memory)).run(name, code);
    }
}
