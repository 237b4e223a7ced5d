package org.mpish.shell;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The launcher's command line: the three commands and their options, declared once ({@link Cli}), parsed once,
 * and handed to {@link Launcher}. Exit status: 0 ok, 1 a command or script failed, 2 a usage error, 124 a script
 * timed out, and the code given to MPI_Abort when a script aborts.
 *
 * <p>Hand-written rather than picocli: picocli builds its model by reflection over annotations at every start
 * (about a third of a start-up, and old bytecode the JDK's ahead-of-time cache cannot keep), and the launcher
 * used to read the usual command lines with a second parser to avoid that; this model costs next to nothing.
 */
public final class Main {
    public static final String VERSION = Launcher.VERSION;

    private Main() {}

    // ---- the model -------------------------------------------------------------------------------

    static final Cli.Option<Boolean> HELP = Cli.Option.flag("-h", "--help", "show this help and exit");
    static final Cli.Option<Boolean> VERSION_FLAG = Cli.Option.flag("-V", "--version", "show the version and exit");

    static final Cli.Option<Integer> RANKS = Cli.Option.value("-n", "--ranks", "N", "number of ranks in the job (default 4)",
            Main::wholeNumber);
    static final Cli.Option<String> COMMANDS = Cli.Option.value("-c", null, "COMMANDS",
            "run these commands (separated by ';' or newlines) and exit", t -> t);
    static final Cli.Option<Boolean> NO_COLOR = Cli.Option.flag(null, "--no-color",
            "no colour, even on a terminal (NO_COLOR does the same)");
    static final Cli.Option<Long> EAGER_LIMIT = Cli.Option.value(null, "--eager-limit", "BYTES",
            "standard sends up to BYTES complete without waiting for the receive (default 65536; MPISH_EAGER_LIMIT)",
            Main::longNumber);
    static final Cli.Option<Long> MEMORY = Cli.Option.value("-m", "--memory", "BYTES",
            "memory limit of each rank, in bytes or with K, M or G (default 1G)", Main::bytes);
    static final Cli.Operand FILE = new Cli.Operand("FILE", "a file of shell commands to run instead of reading the terminal", 0, 1);

    static final Cli.Option<Double> TIMEOUT = Cli.Option.value(null, "--timeout", "SECONDS",
            "abort the job after this long (exit status 124)", Main::seconds);
    static final Cli.Option<Boolean> ALLOW_IO = Cli.Option.flag(null, "--allow-io",
            "let scripts read and write files (load, readFile, writeFile)");
    static final Cli.Option<Boolean> ALLOW_ENV = Cli.Option.flag(null, "--allow-env", "let scripts read the environment (getenv)");
    static final Cli.Option<Boolean> ALLOW_HOST = Cli.Option.flag(null, "--allow-host-classes",
            "let scripts use Java classes (Java.type): everything Java can do, processes and sockets included");
    static final Cli.Operand SCRIPT = new Cli.Operand("SCRIPT", "the script; '-' reads standard input", 1, 1);
    static final Cli.Operand ARGS = new Cli.Operand("ARGS", "arguments, visible to the script as `args` (everything after SCRIPT)", 0, -1);

    static final Cli.Option<Boolean> APROPOS = Cli.Option.flag("-k", null, "search names and summaries for the word (apropos)");
    static final Cli.Option<Boolean> WHATIS = Cli.Option.flag("-f", null, "show the one-line summary (whatis)");
    static final Cli.Operand PAGE = new Cli.Operand("[SECTION] NAME", "the page, optionally with its section (3 MPI_Send)", 1, 2);

    static final Cli.Command RUN = new Cli.Command("run",
            "Run a JavaScript file SPMD: every rank evaluates it in its own context.",
            List.of(RANKS, TIMEOUT, ALLOW_IO, ALLOW_ENV, ALLOW_HOST, MEMORY, EAGER_LIMIT, HELP, VERSION_FLAG),
            List.of(SCRIPT, ARGS), true, List.of());
    static final Cli.Command MAN = new Cli.Command("man",
            "Show a manual page (paged on a terminal, plain text otherwise), or search the manual.",
            List.of(APROPOS, WHATIS, HELP, VERSION_FLAG), List.of(PAGE), false, List.of());
    static final Cli.Command SHELL = new Cli.Command("mpish",
            "An interactive shell and scripting host for exploring MPI and IBM LAPI semantics.",
            List.of(RANKS, COMMANDS, NO_COLOR, EAGER_LIMIT, MEMORY, HELP, VERSION_FLAG),
            List.of(FILE), false, List.of(RUN, MAN));

    // ---- running it ------------------------------------------------------------------------------

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the launcher with these arguments; help, version and usage errors go to these streams. Returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Cli.Parsed p;
        try {
            p = Cli.parse(SHELL, args, HELP, VERSION_FLAG);
        } catch (Cli.UsageError e) {
            err.println(e.command.path() + ": " + e.getMessage());
            err.println("usage: " + e.command.shortUsage() + " (" + e.command.path() + " --help lists the options)");
            return 2;
        }
        if (p.has(HELP)) {
            out.print(Cli.help(p.command));
            return 0;
        }
        if (p.has(VERSION_FLAG)) {
            out.println("mpish " + VERSION);
            return 0;
        }
        try {
            if (p.command == RUN) {
                return Launcher.run(p.get(RANKS, 4), p.get(TIMEOUT, 0.0), p.has(ALLOW_IO), p.has(ALLOW_ENV), p.has(ALLOW_HOST),
                        p.get(MEMORY, Launcher.DEFAULT_MEMORY), p.get(EAGER_LIMIT, null), p.word(SCRIPT), p.words(ARGS));
            }
            if (p.command == MAN) {
                StringBuilder line = new StringBuilder(p.has(APROPOS) ? "apropos" : p.has(WHATIS) ? "whatis" : "man");
                for (String w : p.words(PAGE)) line.append(' ').append(w);
                return Launcher.man(line.toString());
            }
            String file = p.word(FILE);
            return Launcher.shell(p.get(RANKS, 4), p.get(COMMANDS, null), p.has(NO_COLOR), p.get(EAGER_LIMIT, null),
                    file == null ? null : Path.of(file), p.get(MEMORY, Launcher.DEFAULT_MEMORY));
        } catch (IOException e) {
            err.println("mpish: " + e.getMessage());
            return 1;
        }
    }

    // ---- converters --------------------------------------------------------------------------------

    static int wholeNumber(String t) {
        try {
            return Integer.parseInt(t.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + t + "' is not a whole number");
        }
    }

    static long longNumber(String t) {
        try {
            return Long.parseLong(t.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + t + "' is not a whole number");
        }
    }

    static double seconds(String t) {
        try {
            double d = Double.parseDouble(t.trim());
            if (d >= 0 && !Double.isInfinite(d)) return d;
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("'" + t + "' is not a number of seconds (0 or more)");
    }

    /** A number of bytes: 65536, 64K, 16M, 1G (powers of 1024); more than 0. */
    static long bytes(String v) {
        String t = v.trim().toUpperCase(Locale.ROOT);
        int shift = t.endsWith("K") ? 10 : t.endsWith("M") ? 20 : t.endsWith("G") ? 30 : 0;
        if (shift > 0) t = t.substring(0, t.length() - 1);
        long n;
        try {
            n = Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + v + "' is not a number of bytes (such as 65536, 64K, 16M or 1G)");
        }
        if (n <= 0 || n > (Long.MAX_VALUE >> shift)) throw new IllegalArgumentException("'" + v + "' is not a number of bytes above 0");
        return n << shift;
    }
}
