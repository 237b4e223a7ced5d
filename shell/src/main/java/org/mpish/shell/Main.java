package org.mpish.shell;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.mpish.runtime.catalog.CallIndex;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.shell.explore.ExploreCommand;

/**
 * The launcher's command line: the four commands and their options, declared once ({@link Cli}), parsed once,
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
    static final Cli.Option<Integer> NODES = Cli.Option.value(null, "--nodes", "K",
            "place the ranks on K simulated nodes, in blocks of consecutive ranks (default 1)", Main::wholeNumber);
    static final Cli.Option<String> COMMANDS = Cli.Option.value("-c", null, "COMMANDS",
            "run these commands (separated by ';' or newlines) and exit", t -> t);
    static final Cli.Option<Boolean> NO_COLOR = Cli.Option.flag(null, "--no-color",
            "no colour, even on a terminal (NO_COLOR does the same)");
    static final Cli.Option<Long> EAGER_LIMIT = Cli.Option.value(null, "--eager-limit", "BYTES",
            "standard sends up to BYTES complete without waiting for the receive (default 65536; MPISH_EAGER_LIMIT)",
            Main::longNumber);
    static final Cli.Option<Long> MEMORY = Cli.Option.value("-m", "--memory", "BYTES",
            "memory limit of each rank, in bytes or with K, M or G (default 1G)", Main::bytes);
    static final Cli.Option<Long> MEMORY_CAP = Cli.Option.value(null, "--memory-cap", "BYTES",
            "end a job whose ranks hold more than BYTES in all (Java heap and mem.alloc; default 2G or half the Java heap;"
                    + " MPISH_MEMORY_CAP)", Main::bytes);
    static final Cli.Option<Boolean> LIST_CALLS = Cli.Option.flag(null, "--list-calls",
            "list every call (C name, family, declaring source file) and exit; with FILE, only the calls whose name or"
                    + " family contains that text");
    static final Cli.Operand FILE = new Cli.Operand("FILE", "a file of shell commands to run instead of reading the terminal", 0, 1);

    static final Cli.Option<Double> TIMEOUT = Cli.Option.value(null, "--timeout", "SECONDS",
            "abort the job after this long (exit status 124)", Main::seconds);
    static final Cli.Option<Boolean> ALLOW_IO = Cli.Option.flag(null, "--allow-io",
            "let scripts read and write files (load, readFile, writeFile)");
    static final Cli.Option<Boolean> ALLOW_ENV = Cli.Option.flag(null, "--allow-env", "let scripts read the environment (getenv)");
    static final Cli.Option<Boolean> ALLOW_HOST = Cli.Option.flag(null, "--allow-host-classes",
            "let scripts use Java classes (Java.type): everything Java can do, processes and sockets included");
    static final Cli.Option<String> SCHEDULE = Cli.Option.value(null, "--schedule", "FILE",
            "replay the schedule mpish explore -o wrote (the other options then are -n and --timeout)", t -> t);
    static final Cli.Option<String> MPI = Cli.Option.value(null, "--mpi", "IMPL",
            "run on a real MPI (openmpi or mpich): N processes started by its mpirun/mpiexec; words after a '--' that"
                    + " follows SCRIPT go to that launcher", t -> t);
    static final Cli.Option<String> SHELL_MPI = Cli.Option.value(null, "--mpi", "IMPL",
            "not yet: the shell runs on the in-process runtime only (scripts: mpish run --mpi)", t -> t);
    static final Cli.Operand SCRIPT = new Cli.Operand("SCRIPT", "the script; '-' reads standard input", 1, 1);
    static final Cli.Operand ARGS = new Cli.Operand("ARGS", "arguments, visible to the script as `args` (everything after SCRIPT)", 0, -1);

    static final Cli.Option<Boolean> APROPOS = Cli.Option.flag("-k", "--apropos", "search page names and summaries for the word (apropos)");
    static final Cli.Option<Boolean> WHATIS = Cli.Option.flag("-f", "--whatis", "show the one-line summary of the named pages (whatis)");
    static final Cli.Option<Boolean> LOCAL = Cli.Option.flag("-l", "--local-file", "the arguments are page files, not names");
    static final Cli.Option<Boolean> ALL = Cli.Option.flag("-a", "--all", "show every matching page in turn, not only the first");
    static final Cli.Option<Boolean> WHERE = Cli.Option.flag("-w", "--where", "print the file of each page instead of showing it");
    static final Cli.Option<Boolean> WHERE_PATH = Cli.Option.flag(null, "--path", "the same as --where");
    static final Cli.Option<String> MANPATH = Cli.Option.value("-M", "--manpath", "PATH",
            "search only these manual folders (separated by ':')", t -> t);
    static final Cli.Option<Boolean> LINT = Cli.Option.flag(null, "--lint", "check page files and print mandoc-style messages");
    static final Cli.Operand PAGE = new Cli.Operand("[SECTION] NAME|FILE",
            "the pages, optionally after a section (3 MPI_Send), or files with -l and --lint", 1, -1);

    // explore reads its own command line (org.mpish.shell.explore.ExploreCommand); declared here for --help
    static final Cli.Option<Boolean> SYNC = Cli.Option.flag(null, "--sync", "standard sends wait for their receive (no eager sends)");
    static final Cli.Option<Long> MAX_SCHEDULES = Cli.Option.value(null, "--max-schedules", "K",
            "try at most K schedules (default 1000; exit status 3 when stopped there)", Main::longNumber);
    static final Cli.Option<Double> RUN_TIMEOUT = Cli.Option.value(null, "--timeout", "SECONDS",
            "give up on one schedule after this long (default 30)", Main::seconds);
    static final Cli.Option<String> OUTPUT = Cli.Option.value("-o", "--output", "FILE",
            "write the schedule of the first problem found to FILE, for mpish run --schedule", t -> t);
    static final Cli.Option<Boolean> SAME_OUTPUT = Cli.Option.flag(null, "--same-output",
            "also count it a problem when a schedule prints something else than the first one");

    static final Cli.Command RUN = new Cli.Command("run",
            "Run a JavaScript file SPMD: every rank evaluates it in its own context.",
            List.of(RANKS, NODES, TIMEOUT, ALLOW_IO, ALLOW_ENV, ALLOW_HOST, MEMORY, EAGER_LIMIT, MEMORY_CAP, SCHEDULE, MPI, HELP, VERSION_FLAG),
            List.of(SCRIPT, ARGS), true, List.of());
    static final Cli.Command EXPLORE = new Cli.Command("explore",
            "Run a script under many schedules (message matchings and orders) looking for deadlocks, errors and"
                    + " differing output. Exit status 0 none found, 1 found, 3 stopped at --max-schedules.",
            List.of(RANKS, NODES, SYNC, MAX_SCHEDULES, RUN_TIMEOUT, OUTPUT, SAME_OUTPUT, ALLOW_IO, ALLOW_ENV, ALLOW_HOST, HELP),
            List.of(SCRIPT, ARGS), true, List.of());
    static final Cli.Command COMPARE = new Cli.Command("compare",
            "Run a script in-process and on every installed MPI (Open MPI, MPICH) and show, rank by rank, where their"
                    + " outputs differ. Exit status 0 when all agree, 1 when one differs.",
            List.of(RANKS, TIMEOUT, HELP), List.of(SCRIPT), true, List.of());
    static final Cli.Command MAN = new Cli.Command("man",
            "man(1): show manual pages (mpish's own, then the system's; paged on a terminal), or search them. "
                    + "Exit status 16 when a page is not found.",
            List.of(APROPOS, WHATIS, LOCAL, ALL, WHERE, WHERE_PATH, MANPATH, LINT, HELP, VERSION_FLAG), List.of(PAGE), false, List.of());
    static final Cli.Command SHELL = new Cli.Command("mpish",
            "An interactive shell and scripting host for exploring MPI and IBM LAPI semantics.",
            List.of(RANKS, NODES, COMMANDS, NO_COLOR, EAGER_LIMIT, MEMORY, MEMORY_CAP, LIST_CALLS, SHELL_MPI, HELP, VERSION_FLAG),
            List.of(FILE), false, List.of(RUN, EXPLORE, COMPARE, MAN));

    // ---- running it ------------------------------------------------------------------------------

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** mpish --list-calls [FILTER]: the catalogue's index, one call per line; exit status 1 when nothing matches. */
    static int listCalls(String filter, PrintStream out, PrintStream err) {
        List<String> lines = CallIndex.listing(Catalogue.get(), filter);
        if (lines.isEmpty()) {
            err.println("mpish: no call's name or family contains '" + filter + "'");
            return 1;
        }
        for (String l : lines) out.println(l);
        return 0;
    }

    /** Runs the launcher with these arguments; help, version and usage errors go to these streams. Returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        // explore and run --schedule read their own command lines (their messages and checks are theirs)
        if (args.length >= 5 && args[0].equals(NativeLaunch.PROCESS)) { // one rank of mpish run --mpi (NativeLaunch)
            NativeLaunch.Flags f = NativeLaunch.Flags.parse(args[3]);
            return org.mpish.shell.script.NativeRankRunner.run(args[1], args[4], List.of(args).subList(5, args.length),
                    new org.mpish.shell.script.Sandbox(f.io(), f.env(), f.host()), Long.parseLong(args[2]), f.stdin(), f.cap(), out, err);
        }
        boolean helpOnly = args.length == 2 && (args[1].equals("-h") || args[1].equals("--help"));
        if (args.length > 0 && args[0].equals("explore")) {
            if (helpOnly) {
                out.print(Cli.help(EXPLORE));
                return 0;
            }
            return ExploreCommand.explore(args, out, err);
        }
        if (args.length > 0 && args[0].equals("run") && !helpOnly && ExploreCommand.hasSchedule(args)) {
            return ExploreCommand.replay(args, out, err);
        }
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
        if (p.has(LIST_CALLS)) return listCalls(p.word(FILE), out, err);
        try {
            if (p.command == RUN && p.has(MPI)) {
                Long cap = p.get(MEMORY_CAP, null);
                MemoryCapOption.apply(cap); // says so when the heap cannot hold it; each rank process gets what is left
                return NativeLaunch.run(p.get(MPI, null), p.get(RANKS, 4), p.get(TIMEOUT, 0.0), p.has(ALLOW_IO), p.has(ALLOW_ENV),
                        p.has(ALLOW_HOST), p.get(MEMORY, Launcher.DEFAULT_MEMORY), cap == null ? null : MemoryCap.cap(),
                        p.word(SCRIPT), p.words(ARGS), out, err);
            }
            if (p.command == RUN) {
                MemoryCapOption.apply(p.get(MEMORY_CAP, null));
                return Launcher.run(p.get(RANKS, 4), p.get(TIMEOUT, 0.0), p.has(ALLOW_IO), p.has(ALLOW_ENV), p.has(ALLOW_HOST),
                        p.get(MEMORY, Launcher.DEFAULT_MEMORY), p.get(EAGER_LIMIT, null), p.word(SCRIPT), p.words(ARGS), p.get(NODES, 1));
            }
            if (p.command == COMPARE) {
                return Compare.run(p.has(RANKS) ? p.get(RANKS, 4) : null, p.get(TIMEOUT, 0.0), p.word(SCRIPT), out, err);
            }
            if (p.command == MAN) {
                List<String> man = new ArrayList<>();
                if (p.has(APROPOS)) man.add("-k");
                if (p.has(WHATIS)) man.add("-f");
                if (p.has(LOCAL)) man.add("-l");
                if (p.has(ALL)) man.add("-a");
                if (p.has(WHERE) || p.has(WHERE_PATH)) man.add("-w");
                if (p.has(LINT)) man.add("--lint");
                if (p.has(MANPATH)) man.add("--manpath=" + p.get(MANPATH, null));
                man.add("--");
                man.addAll(p.words(PAGE));
                return Launcher.man(man);
            }
            if (p.has(SHELL_MPI)) {
                err.println("mpish: the shell cannot drive a real MPI yet (see mpish(1), Real MPI); run a script on one"
                        + " with mpish run --mpi " + p.get(SHELL_MPI, null) + " -n N SCRIPT");
                return 2;
            }
            MemoryCapOption.apply(p.get(MEMORY_CAP, null));
            String file = p.word(FILE);
            return Launcher.shell(p.get(RANKS, 4), p.get(COMMANDS, null), p.has(NO_COLOR), p.get(EAGER_LIMIT, null),
                    file == null ? null : Path.of(file), p.get(MEMORY, Launcher.DEFAULT_MEMORY), p.get(NODES, 1));
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
