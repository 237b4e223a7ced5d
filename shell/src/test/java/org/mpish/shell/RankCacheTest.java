package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which class cache the rank processes of mpish run --mpi are started with (RankCache): none when the launcher has
 * none, the ranks' own when it exists, the launcher's when the ranks' cannot be trained. The training itself (an MPI
 * singleton writing the cache) is exercised by every ./mpish run --mpi after a build; bench/README.md has its figures.
 */
class RankCacheTest {
    @TempDir Path dir;

    @Test
    void aLauncherWithoutCacheStartsItsRanksAsItWasStarted() {
        List<String> args = List.of("-XX:+UseSerialGC", "-Dmpish.root=/x");
        assertEquals(args, RankCache.options("/bin/false", args, "cp", "openmpi"));
    }

    @Test
    void theRanksOwnCacheReplacesTheLaunchers() throws Exception {
        Path launcher = dir.resolve("run-1-2-.aot"), ranks = dir.resolve("rank-mpich-run-1-2-.aot");
        Files.writeString(launcher, "x");
        Files.writeString(ranks, "y");
        List<String> args = List.of("-XX:AOTCache=" + launcher, "-Xlog:aot=off", "-XX:TieredStopAtLevel=1");
        assertEquals(List.of("-XX:AOTCache=" + ranks, "-Xlog:aot=off", "-XX:TieredStopAtLevel=1"),
                RankCache.options("/bin/false", args, "cp", "mpich"));
    }

    @Test
    void whenTrainingFailsTheRanksKeepTheLaunchersCacheAndNothingIsLeftBehind() throws Exception {
        Path launcher = dir.resolve("run-1-2-.aot"), stale = dir.resolve("rank-openmpi-run-0-0-.aot");
        Files.writeString(launcher, "x");
        Files.writeString(stale, "an older build's");
        List<String> args = List.of("-XX:AOTCache=" + launcher);
        assertEquals(args, RankCache.options("/bin/false", args, "cp", "openmpi")); // /bin/false: a training that fails
        assertFalse(Files.exists(stale), "an older build's rank cache is removed");
        try (var left = Files.list(dir)) {
            assertEquals(List.of(launcher), left.toList(), "only the launcher's cache remains");
        }
    }
}
