package org.mpish.shell;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.mpish.runtime.ffm.Implementations;
import org.mpish.shell.script.RankOutput;
import org.mpish.shell.script.ScriptRunner;

/**
 * {@code mpish run --mpi IMPL -n N SCRIPT [ARGS] [-- LAUNCHER ARGS]}: starts N processes with the implementation's
 * own launcher (mpirun, mpiexec), each one rank running the script on the native engine, and labels their output
 * by rank as {@code mpish run} does. {@code --timeout} ends the whole launch: the launcher, then anything of it still
 * alive (no orphans).
 */
final class NativeLaunch {
    /** The hidden first argument that makes a launcher process one rank of a native launch. */
    static final String PROCESS = "--mpi-process";

    private NativeLaunch() {}

    /**
     * What a rank process is told beside the script, as one word of comma-separated flags ending in "-" (the
     * hidden argument after the memory size): the sandbox's allowances, "stdin" when the script came from
     * standard input (its name is then {@code <stdin>}, as in-process), "cap=BYTES" for --memory-cap.
     */
    record Flags(boolean io, boolean env, boolean host, boolean stdin, Long cap) {
        String word() {
            return (io ? "io," : "") + (env ? "env," : "") + (host ? "host," : "") + (stdin ? "stdin," : "")
                    + (cap != null ? "cap=" + cap + "," : "") + "-";
        }

        static Flags parse(String word) {
            boolean io = false, env = false, host = false, stdin = false;
            Long cap = null;
            for (String f : word.split(",")) {
                switch (f) {
                    case "io" -> io = true;
                    case "env" -> env = true;
                    case "host" -> host = true;
                    case "stdin" -> stdin = true;
                    default -> { if (f.startsWith("cap=")) cap = Long.parseLong(f.substring(4)); }
                }
            }
            return new Flags(io, env, host, stdin, cap);
        }
    }

    static int run(String impl, int ranks, double timeout, boolean allowIo, boolean allowEnv, boolean allowHost, long memory,
                   Long memoryCap, String script, List<String> words, PrintStream out, PrintStream err) {
        if (!Implementations.known(impl)) {
            err.println("mpish run: --mpi must be one of " + String.join(", ", Implementations.ALL) + ", not '" + impl + "'");
            return 2;
        }
        if (!Implementations.installed(impl)) {
            err.println("mpish run: " + Implementations.missing(impl));
            return 2;
        }
        if (ranks < 1) {
            err.println("mpish run: -n must be 1 or more, not " + ranks);
            return 2;
        }
        boolean stdin = script.equals("-");
        if (!stdin && !Files.isRegularFile(Path.of(script))) {
            err.println("mpish run: cannot read " + script);
            return 2;
        }
        Path copy = null;
        if (stdin) { // every process reads the script: standard input is copied to a file they all open
            try {
                copy = Files.createTempFile("mpish-stdin-", ".js");
                Files.write(copy, System.in.readAllBytes());
            } catch (IOException e) {
                err.println("mpish run: cannot keep the script from standard input: " + e.getMessage());
                return 2;
            }
            script = copy.toString();
        }
        try {
            return launch(impl, ranks, timeout, new Flags(allowIo, allowEnv, allowHost, stdin, memoryCap), memory, script, words, out, err);
        } finally {
            if (copy != null) {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException ignored) {
                    // a file in the temporary directory
                }
            }
        }
    }

    private static int launch(String impl, int ranks, double timeout, Flags flags, long memory, String script, List<String> words,
                              PrintStream out, PrintStream err) {
        List<String> scriptArgs = new ArrayList<>(), launcherArgs = new ArrayList<>();
        int dash = words.indexOf("--");
        scriptArgs.addAll(dash < 0 ? words : words.subList(0, dash));
        if (dash >= 0) launcherArgs.addAll(words.subList(dash + 1, words.size()));
        List<String> cmd = new ArrayList<>(command(impl, ranks, launcherArgs));
        cmd.addAll(javaCommand(impl));
        cmd.add(PROCESS);
        cmd.add(impl);
        cmd.add(Long.toString(memory));
        cmd.add(flags.word());
        cmd.add(Path.of(script).toAbsolutePath().toString());
        cmd.addAll(scriptArgs);
        return start(cmd, ranks, timeout, out, err);
    }

    /** The launcher's command line: as root Open MPI needs to be told it may run, and beyond 2 ranks here, to oversubscribe. */
    static List<String> command(String impl, int ranks, List<String> extra) {
        List<String> c = new ArrayList<>();
        c.add(Implementations.launcher(impl));
        if (impl.equals("openmpi")) {
            if ("root".equals(System.getProperty("user.name"))) c.add("--allow-run-as-root");
            c.add("--oversubscribe");
        }
        c.addAll(extra);
        c.add("-n");
        c.add(Integer.toString(ranks));
        return c;
    }

    /**
     * This JVM's own command, for the rank processes of {@code impl} the launcher starts (the same options, class
     * path and main class), with the ranks' own class cache ({@link RankCache}) in place of the launcher's.
     */
    static List<String> javaCommand(String impl) {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> options = new ArrayList<>();
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!a.startsWith("-XX:AOTCacheOutput")) options.add(a);
        }
        String classPath = System.getProperty("java.class.path");
        List<String> c = new ArrayList<>();
        c.add(java);
        c.addAll(RankCache.options(java, options, classPath, impl));
        c.add("-cp");
        c.add(classPath);
        c.add(Launcher.class.getName());
        return c;
    }

    /**
     * The JVM handles SIGSEGV itself (null checks, safepoints); an MPI that installs its own handler for it turns
     * those into crashes. MPICH's UCX does (seen: a segfault report in a JMH run), Open MPI may (opal_signal): both off.
     */
    static void quietSignals(java.util.Map<String, String> env) {
        env.put("UCX_ERROR_SIGNALS", "");
        env.put("OMPI_MCA_opal_signal", "");
    }

    private static int start(List<String> cmd, int ranks, double timeout, PrintStream out, PrintStream err) {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.INHERIT); // read already when it held the script
        quietSignals(pb.environment());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            err.println("mpish run: cannot start " + cmd.get(0) + ": " + e.getMessage());
            return 1;
        }
        RankOutput output = new RankOutput(out, false, ranks);
        Thread o = pump(p.getInputStream(), line -> {
            int r = RankOutput.tagOf(line);
            if (r >= 0) output.line(r, RankOutput.untag(line));
            else synchronized (output) { out.println(line); }
        });
        Thread e = pump(p.getErrorStream(), line -> {
            synchronized (err) { err.println(line); }
        });
        int status;
        try {
            boolean done = timeout > 0 ? p.waitFor((long) (timeout * 1000), TimeUnit.MILLISECONDS) : p.waitFor() >= 0;
            if (!done) {
                killAll(p);
                o.join(2000);
                e.join(2000);
                output.flush();
                err.println("mpish: job aborted: timeout: the job ran longer than " + seconds(timeout) + " s (every process of the launch was ended)");
                return ScriptRunner.EXIT_TIMEOUT;
            }
            status = p.exitValue();
            o.join();
            e.join();
        } catch (InterruptedException x) {
            killAll(p);
            Thread.currentThread().interrupt();
            return ScriptRunner.EXIT_INTERRUPTED;
        }
        output.flush();
        return status;
    }

    /** Ends the launcher and every process under it: politely, then by force after two seconds. */
    static void killAll(Process p) {
        List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
        p.destroy();
        for (ProcessHandle h : all) h.destroy();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        all.add(p.toHandle());
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception stillAlive) {
                h.destroyForcibly();
            }
        }
        // anything the launcher started meanwhile
        for (ProcessHandle h : p.descendants().toList()) h.destroyForcibly();
    }

    private static Thread pump(InputStream in, java.util.function.Consumer<String> sink) {
        Thread t = Thread.ofPlatform().daemon(true).name("mpish-launch-output").start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String l;
                while ((l = r.readLine()) != null) sink.accept(l);
            } catch (IOException ignored) {
                // the launcher ended
            }
        });
        return t;
    }

    private static String seconds(double s) { return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s); }
}
