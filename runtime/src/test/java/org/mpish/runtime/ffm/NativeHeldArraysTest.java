package org.mpish.runtime.ffm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The array arguments of a nonblocking collective must not change until the operation completes (MPI-4.1 section
 * 6.12, "Nonblocking Collective Operations"): the native engine keeps its copies of them with the request and
 * frees them when MPI_Wait completes it. Two real processes under each implementation's launcher
 * ({@link HeldArraysMain}); the received values follow from MPI_Alltoallv's definition.
 */
class NativeHeldArraysTest {
    @TempDir Path cache;

    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void ialltoallvKeepsItsCountsUntilWaitCompletesIt(String impl) throws Exception {
        NativeAbiTest.require(impl);
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (var c : org.mpish.runtime.catalog.Catalogue.get().constants()) if (c.api().equals("MPI")) names.add(c.name());
        Probe.abi(impl, cache, names); // probed here once: the two processes then read the cache, not race to build it
        List<String> cmd = new ArrayList<>(List.of(Implementations.launcher(impl)));
        if (impl.equals("openmpi")) cmd.addAll(List.of("--allow-run-as-root", "--oversubscribe"));
        String jvm = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = Path.of("target", "classes").toAbsolutePath() + File.pathSeparator + Path.of("target", "test-classes").toAbsolutePath();
        cmd.addAll(List.of("-n", "2", jvm, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "--enable-native-access=ALL-UNNAMED",
                "-cp", cp, HeldArraysMain.class.getName(), impl, cache.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("UCX_ERROR_SIGNALS", ""); // as mpish run --mpi: the JVM's own SIGSEGV is not a crash
        pb.environment().put("OMPI_MCA_opal_signal", "");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        List<String> lines = out.lines().filter(l -> l.startsWith("rank ")).sorted().toList();
        assertEquals(List.of(
                "rank 0 started 1 alive true waited 0 alive false received [0, 100] request null true",
                "rank 1 started 1 alive true waited 0 alive false received [1, 2, 101, 102] request null true"), lines, out);
    }
}
