package org.mpish.shell.script;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;
import org.mpish.runtime.catalog.Invoker;
import org.mpish.runtime.ffm.NativeEngine;
import org.mpish.runtime.ffm.NativeLib;
import org.mpish.runtime.CallError;

/**
 * One process of {@code mpish run --mpi}: one MPI rank of a real MPI library, running the script in one JavaScript
 * context with the usual globals, its calls on the native engine. Lines it prints are tagged with its rank for the
 * launcher ({@link RankOutput#tagged}); a failure is reported on standard error naming the rank, then MPI_Abort
 * ends the whole launch (no process waits forever for a rank that is gone).
 */
public final class NativeRankRunner {
    private NativeRankRunner() {}

    /** The rank the MPI launcher gave this process (before MPI_Init: Open MPI's and Hydra's variables). */
    public static int worldRankFromEnvironment() {
        for (String v : new String[] {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"}) {
            String s = System.getenv(v);
            if (s != null) {
                try {
                    return Integer.parseInt(s.trim());
                } catch (NumberFormatException ignored) {
                    // the next one
                }
            }
        }
        return 0;
    }

    /** Where the probe's results are kept: the project's .cache/mpi (./mpish sets mpish.root), else ~/.cache/mpish. */
    public static Path cacheDir() {
        String root = System.getProperty("mpish.root");
        if (root != null) return Path.of(root, ".cache", "mpi");
        return Path.of(System.getProperty("user.home"), ".cache", "mpish", "mpi");
    }

    /** The MPI constants the catalogue declares: what the probe asks the implementation for. */
    public static Set<String> constantNames(Catalogue cat) {
        Set<String> names = new LinkedHashSet<>();
        for (Constant c : cat.constants()) if (c.api().equals("MPI")) names.add(c.name());
        return names;
    }

    /**
     * The memory cap, as in-process: the rank over it ends the launch with one line naming it (its MPI rank, not the
     * rank 0 of this process's one-rank job) and the cap. The rank's thread may be inside a blocking call of the
     * library, so the watcher's thread aborts the launch itself.
     */
    private static void watchMemory(Job job, NativeEngine engine, int world, PrintStream out, PrintStream err) {
        job.onAbort(a -> {
            if (a.kind() != Job.Abort.Kind.MEMORY) return;
            out.flush();
            err.println("mpish: job aborted: " + a.message().replaceFirst("^rank 0 ", "rank " + world + " "));
            err.flush();
            // MPI_Abort ends every process; before MPI_Init (or after MPI_Finalize) it may not be called, and this
            // process's exit is what the launcher sees and acts on
            if (engine.needsFinalize()) engine.abort(1);
            Runtime.getRuntime().halt(1);
        });
        org.mpish.shell.MemoryCap.watch(job);
    }

    /**
     * Runs {@code script} as this process's rank; returns the exit status (after MPI_Abort it does not return).
     * {@code fromStdin}: the script came from standard input (its name is {@code <stdin>}, as in-process);
     * {@code cap}: mpish run --memory-cap, the cap of this process's rank (null: the default).
     */
    public static int run(String impl, String script, List<String> args, Sandbox sandbox, long memory, boolean fromStdin, Long cap,
                          PrintStream out, PrintStream err) {
        int world = worldRankFromEnvironment();
        Phases ph = Phases.start(world, err);
        String code;
        try {
            code = Files.readString(Path.of(script), StandardCharsets.UTF_8);
        } catch (IOException e) {
            err.println("mpish: rank " + world + ": cannot read " + script + ": " + e.getMessage());
            return 2;
        }
        Catalogue cat = Catalogue.get();
        ph.mark("catalogue");
        NativeLib lib;
        try {
            lib = NativeLib.load(impl, cacheDir(), constantNames(cat));
        } catch (IOException | RuntimeException e) {
            err.println("mpish: rank " + world + ": " + e.getMessage());
            return 1;
        }
        ph.mark("abi");
        NativeEngine engine = new NativeEngine(lib, cat, world);
        ph.mark("engine");
        Source source = Source.newBuilder("js", code, fromStdin ? "<stdin>" : Path.of(script).getFileName().toString()).buildLiteral();
        if (cap != null) org.mpish.shell.MemoryCap.set(cap);
        RankOutput output = RankOutput.tagged(out, world);
        String[] failure = new String[1];
        try (Job job = cat.newJob(1, Job.Options.defaults().withMemoryLimit(memory))) {
            job.runOn(engine);
            Rank r = job.rank(0);
            watchMemory(job, engine, world, out, err);
            r.submit(() -> {
                try (JsRank js = new JsRank(r, cat, output, args, sandbox)) {
                    ph.mark("context");
                    js.eval(source);
                    ph.mark("script");
                    if (engine.needsFinalize()) Invoker.invoke(r, cat, cat.call("MPI_Finalize"), new Object[0]);
                    ph.mark("finalize");
                } catch (PolyglotException e) {
                    failure[0] = e.isHostException() && e.asHostException() instanceof NativeEngine.NativeFatal f
                            ? f.getMessage() : ScriptRunner.describe(e);
                } catch (NativeEngine.NativeFatal | CallError e) {
                    failure[0] = e.getMessage();
                } catch (RuntimeException e) {
                    failure[0] = "internal error: " + e;
                }
                if (failure[0] != null) {
                    out.flush();
                    err.println("mpish: rank " + world + ": " + failure[0]);
                    err.flush();
                    engine.abort(1); // ends every process of the launch
                }
                return null;
            }).get();
        } catch (Exception e) {
            err.println("mpish: rank " + world + ": internal error: " + e);
            return 1;
        }
        out.flush();
        return failure[0] == null ? 0 : 1;
    }
}
