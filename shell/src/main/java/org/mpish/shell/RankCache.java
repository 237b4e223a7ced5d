package org.mpish.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The ahead-of-time class cache of the rank processes of {@code mpish run --mpi} and {@code mpish compare}. The
 * launcher's own cache ({@code ./mpish} trains one per build on an in-process script) holds the JavaScript engine and
 * the catalogue but none of the native engine: a rank process loaded about 400 classes outside it (the FFM linker's,
 * the method-handle forms its downcalls spin). So a rank gets a cache of its own, trained once per build and
 * implementation by one rank process run on its own (an MPI singleton, no launcher: Open MPI's mpirun puts the
 * working directory on a Java program's class path, which a cache cannot be written with), beside the launcher's
 * cache and named after it, so that a rebuild (a new launcher cache) trains a new one.
 *
 * <p>Only when the launcher itself runs with a cache: a JVM started without one (the tests, {@code MPISH_AOT=0},
 * {@code MPISH_JIT=1}) starts its ranks as it was started.
 */
final class RankCache {
    private RankCache() {}

    private static final String USE = "-XX:AOTCache=";

    /** A typical script's first steps: the calls a rank makes at start-up, and a collective. */
    private static final String TRAINING = "const r = MPI.Comm_rank(MPI.COMM_WORLD);\nMPI.Barrier(MPI.COMM_WORLD);\nprint(r);\n";

    /**
     * The JVM options of a rank process of implementation {@code impl}: {@code jvmArgs} (this JVM's) with the
     * launcher's cache replaced by the ranks' one, trained first if there is none yet (a few seconds, once per
     * build). When training fails the ranks use the launcher's cache, as before.
     */
    static List<String> options(String java, List<String> jvmArgs, String classPath, String impl) {
        int at = -1;
        for (int i = 0; i < jvmArgs.size(); i++) if (jvmArgs.get(i).startsWith(USE)) at = i;
        if (at < 0) return jvmArgs;
        Path launcherCache = Path.of(jvmArgs.get(at).substring(USE.length()));
        Path dir = launcherCache.toAbsolutePath().getParent();
        if (dir == null) return jvmArgs;
        Path rankCache = dir.resolve("rank-" + impl + "-" + launcherCache.getFileName());
        if (!Files.isRegularFile(rankCache) && !train(java, jvmArgs, at, classPath, impl, dir, rankCache)) return jvmArgs;
        List<String> out = new ArrayList<>(jvmArgs);
        out.set(at, USE + rankCache);
        return out;
    }

    private static boolean train(String java, List<String> jvmArgs, int at, String classPath, String impl, Path dir, Path rankCache) {
        // an older build's caches of this implementation: never used again
        try (var old = Files.newDirectoryStream(dir, "rank-" + impl + "-*.aot")) {
            for (Path p : old) Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // left behind: harmless
        }
        Path tmp = dir.resolve(rankCache.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        Path script = dir.resolve("train-rank-" + ProcessHandle.current().pid() + ".js");
        Process p = null;
        try {
            Files.writeString(script, TRAINING);
            List<String> cmd = new ArrayList<>();
            cmd.add(java);
            for (int i = 0; i < jvmArgs.size(); i++) if (i != at) cmd.add(jvmArgs.get(i));
            cmd.add("-XX:AOTCacheOutput=" + tmp);
            cmd.addAll(List.of("-cp", classPath, Launcher.class.getName(), NativeLaunch.PROCESS, impl,
                    Long.toString(Launcher.DEFAULT_MEMORY), "-", script.toString()));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            NativeLaunch.quietSignals(pb.environment());
            // a singleton Open MPI refuses root unless told (mpirun is told with --allow-run-as-root)
            pb.environment().put("OMPI_ALLOW_RUN_AS_ROOT", "1");
            pb.environment().put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
            p = pb.start();
            if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.isRegularFile(tmp)) return false;
            Files.move(tmp, rankCache, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            if (p != null && p.isAlive()) NativeLaunch.killAll(p); // a singleton Open MPI has a helper process of its own
            try {
                Files.deleteIfExists(tmp);
                Files.deleteIfExists(script);
                Files.deleteIfExists(Path.of(tmp + ".config"));
            } catch (IOException ignored) {
                // temporary files in the cache directory
            }
        }
    }
}
