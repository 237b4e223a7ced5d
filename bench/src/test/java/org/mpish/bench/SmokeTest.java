package org.mpish.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs the benchmark suite in its seconds-long smoke mode (no fork, one short iteration each): every benchmark
 * runs and checks its result, and every figure comes out. Asserts no timing.
 */
@Timeout(180)
class SmokeTest {
    @Test
    void everyBenchmarkRunsChecksItsResultAndGivesItsFigures() throws Exception {
        // JMH holds one machine-wide lock file; a smoke check must not fail because a real run is going on
        System.setProperty("jmh.ignoreLock", "true");
        List<String> lines = Suite.run("smoke", null, Path.of("target/jmh-smoke.log"));
        Set<String> metrics = new TreeSet<>();
        for (String l : lines) {
            String[] f = l.split(" ");
            assertEquals(4, f.length, l);
            assertEquals("RESULT", f[0]);
            double v = Double.parseDouble(f[2]);
            assertTrue(v > 0 && Double.isFinite(v), l);
            metrics.add(f[1]);
        }
        Set<String> missing = new TreeSet<>(Suite.metrics());
        missing.removeAll(metrics);
        assertTrue(missing.isEmpty(), "figures missing: " + missing);
    }
}
