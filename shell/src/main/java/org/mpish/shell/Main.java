package org.mpish.shell;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The mpish launcher. Exit status: 0 ok, 1 a command or script failed, 2 a usage error, 124 a script timed
 * out, and the code given to MPI_Abort when a script aborts.
 */
@Command(name = "mpish", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "An interactive shell and scripting host for exploring MPI and IBM LAPI semantics.",
        subcommands = {Main.RunCommand.class, Main.ManCommand.class})
public final class Main implements Callable<Integer> {
    public static final String VERSION = Launcher.VERSION;

    @Option(names = {"-n", "--ranks"}, paramLabel = "N", description = "number of ranks in the job (default ${DEFAULT-VALUE})")
    int ranks = 4;

    @Option(names = "-c", paramLabel = "COMMANDS", description = "run these commands (separated by ';' or newlines) and exit")
    String commands;

    @Option(names = "--no-color", description = "no colour, even on a terminal (NO_COLOR does the same)")
    boolean noColor;

    @Option(names = "--eager-limit", paramLabel = "BYTES",
            description = "standard sends up to BYTES complete without waiting for the receive (default 65536; MPISH_EAGER_LIMIT)")
    Long eagerLimit;

    @Option(names = {"-m", "--memory"}, paramLabel = "BYTES", converter = Bytes.class,
            description = "memory limit of each rank, in bytes or with K, M or G (default 1G)")
    long memory = 1L << 30;

    @Option(names = "--memory-cap", paramLabel = "BYTES", converter = Bytes.class,
            description = "end a job whose ranks hold more than BYTES in all (Java heap and mem.alloc; default 2G or half"
                    + " the Java heap; MPISH_MEMORY_CAP)")
    Long memoryCap;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "a file of shell commands to run instead of reading the terminal")
    Path file;

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the launcher with these arguments and streams; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("mpish: " + ex.getMessage());
            err.println("usage: mpish [-n N] [-c COMMANDS] [FILE] | mpish run [-n N] SCRIPT | mpish --help");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, p) -> {
            err.println("mpish: " + ex);
            return 1;
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() throws IOException {
        MemoryCapOption.apply(memoryCap);
        return Launcher.shell(ranks, commands, noColor, eagerLimit, file, memory);
    }

    @Command(name = "run", mixinStandardHelpOptions = true,
            description = "Run a JavaScript file SPMD: every rank evaluates it in its own context.")
    static final class RunCommand implements Callable<Integer> {
        @Option(names = {"-n", "--ranks"}, paramLabel = "N", description = "number of ranks (default ${DEFAULT-VALUE})")
        int ranks = 4;

        @Option(names = "--timeout", paramLabel = "SECONDS", description = "abort the job after this long (exit status 124)")
        double timeout;

        @Option(names = "--allow-io", description = "let scripts read and write files (load, readFile, writeFile)")
        boolean allowIo;

        @Option(names = "--allow-env", description = "let scripts read the environment (getenv)")
        boolean allowEnv;

        @Option(names = "--allow-host-classes",
                description = "let scripts use Java classes (Java.type): everything Java can do, processes and sockets included")
        boolean allowHost;

        @Option(names = {"-m", "--memory"}, paramLabel = "BYTES", converter = Bytes.class,
                description = "memory limit of each rank, in bytes or with K, M or G (default 1G)")
        long memory = 1L << 30;

        @Option(names = "--eager-limit", paramLabel = "BYTES",
                description = "standard sends up to BYTES complete without waiting for the receive (default 65536; MPISH_EAGER_LIMIT)")
        Long eagerLimit;

        @Option(names = "--memory-cap", paramLabel = "BYTES", converter = Bytes.class,
                description = "end a job whose ranks hold more than BYTES in all (Java heap and mem.alloc; default 2G or half"
                        + " the Java heap; MPISH_MEMORY_CAP)")
        Long memoryCap;

        @Parameters(index = "0", paramLabel = "SCRIPT", description = "the script; '-' reads standard input")
        String script;

        @Parameters(index = "1..*", paramLabel = "ARGS", description = "arguments, visible to the script as `args`")
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() {
            MemoryCapOption.apply(memoryCap);
            return Launcher.run(ranks, timeout, allowIo, allowEnv, allowHost, memory, eagerLimit, script, args);
        }
    }

    @Command(name = "man", mixinStandardHelpOptions = true,
            description = "man(1): show manual pages (mpish's own, then the system's; paged on a terminal), or search them. "
                    + "Exit status 16 when a page is not found.")
    static final class ManCommand implements Callable<Integer> {
        @Option(names = {"-k", "--apropos"}, description = "search page names and summaries for the word (apropos)")
        boolean apropos;

        @Option(names = {"-f", "--whatis"}, description = "show the one-line summary of the named pages (whatis)")
        boolean whatis;

        @Option(names = {"-l", "--local-file"}, description = "the arguments are page files, not names")
        boolean local;

        @Option(names = {"-a", "--all"}, description = "show every matching page in turn, not only the first")
        boolean all;

        @Option(names = {"-w", "--where", "--path"}, description = "print the file of each page instead of showing it")
        boolean where;

        @Option(names = {"-M", "--manpath"}, paramLabel = "PATH", description = "search only these manual folders (separated by ':')")
        String manpath;

        @Option(names = "--lint", description = "check page files and print mandoc-style messages")
        boolean lint;

        @Parameters(arity = "1..*", paramLabel = "[SECTION] NAME|FILE")
        List<String> words = new ArrayList<>();

        @Override
        public Integer call() throws IOException {
            List<String> args = new ArrayList<>();
            if (apropos) args.add("-k");
            if (whatis) args.add("-f");
            if (local) args.add("-l");
            if (all) args.add("-a");
            if (where) args.add("-w");
            if (lint) args.add("--lint");
            if (manpath != null) args.add("--manpath=" + manpath);
            args.add("--");
            args.addAll(words);
            return Launcher.man(args);
        }
    }

    /** A number of bytes: 65536, 64K, 16M, 1G (powers of 1024); more than 0. */
    static final class Bytes implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String v) {
            String t = v.trim().toUpperCase(java.util.Locale.ROOT);
            int shift = t.endsWith("K") ? 10 : t.endsWith("M") ? 20 : t.endsWith("G") ? 30 : 0;
            if (shift > 0) t = t.substring(0, t.length() - 1);
            long n;
            try {
                n = Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + v + "' is not a number of bytes (such as 65536, 64K, 16M or 1G)");
            }
            if (n <= 0 || n > (Long.MAX_VALUE >> shift)) {
                throw new CommandLine.TypeConversionException("'" + v + "' is not a number of bytes above 0");
            }
            return n << shift;
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override public String[] getVersion() { return new String[] {"mpish " + VERSION}; }
    }
}
