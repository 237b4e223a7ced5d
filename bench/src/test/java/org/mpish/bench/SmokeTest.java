package org.mpish.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs the benchmark suite in its seconds-long smoke mode (no fork, one short iteration each): every benchmark
 * runs and checks its result, and every figure comes out. Asserts no timing.
 *
 * <p>The figures expected are those of {@code bench/reference.tsv} (the table of Open MPI's and MPICH's numbers
 * on this machine that the figures are compared with), in its units, not the suite's own list: a figure the
 * suite forgets, renames or reports in another unit fails here. The script and start-up rows of that table
 * ({@code py.*}, {@code startup.*}) and the exploration rate ({@code explore.*}) come from bench/run, not from JMH.
 */
@Timeout(180)
class SmokeTest {
    /** Figures the suite reports beyond the reference table (more ranks, the end-to-end stream rate), with their units. */
    private static final Map<String, String> EXTRA = Map.ofEntries(
            Map.entry("pt2pt.self_send_recv_8B", "us"),
            Map.entry("probe.flag_pingpong.half_rtt", "us"),
            Map.entry("pt2pt.send_recv.lat_8B.pairs_4ranks", "us"),
            Map.entry("pt2pt.send_recv.lat_8B.pairs_16ranks", "us"),
            Map.entry("bsend.stream_1000x64B.end_to_end_rate", "Mmsg/s"),
            Map.entry("rma.fetch_and_op_sum_long.contended_4ranks", "us"),
            Map.entry("rma.fetch_and_op_sum_long.contended_16ranks", "us"),
            Map.entry("lapi.rmw_fetch_add.contended_4tasks", "us"),
            Map.entry("lapi.rmw_fetch_add.contended_16tasks", "us"),
            Map.entry("attr.comm_set_attr_replace_1000attrs", "ns"),
            Map.entry("rma.put_8B_flush.object_path", "us"),
            Map.entry("rma.put_8B_flush.engine_reference", "us"));

    @Test
    void everyBenchmarkRunsChecksItsResultAndGivesItsFigures() throws Exception {
        // JMH holds one machine-wide lock file; a smoke check must not fail because a real run is going on
        System.setProperty("jmh.ignoreLock", "true");
        List<String> lines = Suite.run("smoke", null, Path.of("target/jmh-smoke.log"));
        Map<String, String> got = new TreeMap<>();
        for (String l : lines) {
            String[] f = l.split(" ");
            assertEquals(4, f.length, l);
            assertEquals("RESULT", f[0]);
            double v = Double.parseDouble(f[2]);
            assertTrue(v > 0 && Double.isFinite(v), l);
            assertEquals(null, got.put(f[1], f[3]), "figure reported twice: " + f[1]);
        }
        Map<String, String> expected = new TreeMap<>(reference());
        expected.putAll(EXTRA);
        Map<String, String> plain = new TreeMap<>(got);
        // a ".cpu" figure is the same measure from the working rank's CPU time, beside its figure and in its unit
        got.forEach((m, unit) -> {
            if (m.endsWith(".cpu")) {
                String base = m.substring(0, m.length() - 4);
                assertEquals(expected.get(base), unit, "unit of " + m);
                plain.remove(m);
            }
        });
        assertEquals(expected, plain, "figures (metric -> unit) against bench/reference.tsv");
    }

    /** The JMH rows of bench/reference.tsv: metric -> unit. */
    private static Map<String, String> reference() throws Exception {
        Path tsv = Path.of("reference.tsv");
        if (!Files.exists(tsv)) tsv = Path.of("bench/reference.tsv");
        Map<String, String> m = new TreeMap<>();
        for (String l : Files.readAllLines(tsv)) {
            if (l.startsWith("#") || l.isBlank()) continue;
            String[] f = l.split("\t");
            // measured by bench/run through the launcher (scripts, start-up, mpish explore --repeat, the scale rows; the
            // native engine's ffm.* rows, bench/run --mpi), not by JMH
            if (f[0].startsWith("py.") || f[0].startsWith("startup.") || f[0].startsWith("explore.") || f[0].startsWith("scale.")
                    || f[0].startsWith("ffm.")) continue;
            m.put(f[0], f[1]);
        }
        assertTrue(m.size() >= 20, "reference rows read from " + tsv.toAbsolutePath() + ": " + m);
        return m;
    }
}
