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
 * The entry point ({@code ./mpish} starts this class) and what the launcher does once {@link Main} has read its
 * command line: the shell ({@code mpish [-n N] [-c COMMANDS] [FILE]}), {@code mpish run} and {@code mpish man}.
 */
public final class Launcher {
    public static final String VERSION = "0.1.0";
    /** The memory limit of each rank unless -m says otherwise. */
    static final long DEFAULT_MEMORY = 1L << 30;

    private Launcher() {}

    public static void main(String[] args) {
        MemoryCapOption.checkEnvironment();
        System.exit(Main.run(args, System.out, System.err));
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

    /** Makes new jobs start with this eager limit (see JobSettings and the runtime's default eager limit). */
    static boolean setEagerLimit(Long bytes, String who) {
        if (bytes == null) return true;
        if (bytes < 0) {
            System.err.println(who + ": --eager-limit must be 0 or more bytes");
            return false;
        }
        System.setProperty("mpish.eagerLimit", Long.toString(bytes));
        return true;
    }

    /** --nodes K: every node holds at least one rank. */
    static boolean nodesFit(int nodes, int ranks, String who) {
        if (nodes >= 1 && nodes <= ranks) return true;
        System.err.println(who + ": --nodes must be between 1 and the number of ranks (" + ranks + "), not " + nodes);
        return false;
    }

    /** The shell: commands from -c, a file, standard input, or the terminal (the REPL). */
    static int shell(int ranks, String commands, boolean noColor, Long eagerLimit, Path file, long memory, int nodes) throws IOException {
        if (ranks < 1 || ranks > Job.MAX_RANKS) {
            System.err.println("mpish: -n must be between 1 and " + Job.MAX_RANKS + " (the most ranks a job can have), not " + ranks);
            return 2;
        }
        if (!nodesFit(nodes, ranks, "mpish")) return 2;
        if (!setEagerLimit(eagerLimit, "mpish")) return 2;
        if (commands != null || file != null || !stdinIsTerminal()) {
            Printer printer = new Printer(System.out, System.err, false);
            try (Session session = new Session(ranks, printer, false)) {
                session.setJobOptions(Job.Options.defaults().withMemoryLimit(memory).withNodes(nodes));
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
                session.setJobOptions(Job.Options.defaults().withMemoryLimit(memory).withNodes(nodes));
                return new Repl(terminal, session).run();
            }
        }
    }

    /** {@code mpish man ...}: man(1) with its exit codes; pages are paged on a terminal, plain text otherwise. */
    static int man(List<String> args) throws IOException {
        if (!stdinIsTerminal() || System.console() == null || !System.console().isTerminal()) {
            // pages as bytes in UTF-8 (what -T utf8 asks for; ASCII pages are the same bytes either way)
            PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
            ManCommands.Io io = new ManCommands.Io(t -> { out.print(t); out.flush(); }, System.out::println,
                    System.err::println, ManCommands.width(0), org.mpish.shell.man.Style.PLAIN);
            return ManCommands.man(args, io);
        }
        try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            PrintStream ps = new PrintStream(terminal.output(), true, StandardCharsets.UTF_8);
            Session.Pager pager = Repl.pager(terminal);
            ManCommands.Io io = new ManCommands.Io(pager::page, ps::println, ps::println, ManCommands.width(pager.width()),
                    colorWanted(false, true) ? org.mpish.shell.man.Style.ANSI : org.mpish.shell.man.Style.PLAIN,
                    ManCommands.device(true));
            return ManCommands.man(args, io);
        }
    }

    /** {@code mpish run}: every rank evaluates the script in its own context. */
    static int run(int ranks, double timeout, boolean allowIo, boolean allowEnv, boolean allowHost, long memory,
                   Long eagerLimit, String script, List<String> args, int nodes) {
        if (ranks < 1 || ranks > Job.MAX_RANKS) {
            System.err.println("mpish run: -n must be between 1 and " + Job.MAX_RANKS + " (the most ranks a job can have), not " + ranks);
            return 2;
        }
        if (!nodesFit(nodes, ranks, "mpish run")) return 2;
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
                Job.Options.defaults().withMemoryLimit(memory).withNodes(nodes)).run(name, code);
    }
}
