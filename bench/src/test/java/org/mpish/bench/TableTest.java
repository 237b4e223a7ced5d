package org.mpish.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The table bench/run prints: each row's target verdict, the mpi4py figure of the same run, the note column. */
class TableTest {
    private static Map<String, Table.Ref> refs() {
        Map<String, Table.Ref> m = new LinkedHashMap<>();
        m.put("py.rma_put_8B_flush.lat.interp", new Table.Ref("py.rma_put_8B_flush.lat.interp", "us", true, "0.576", "-", "-", "0.3", ""));
        m.put("py.lapi_put_8B_waitcntr.lat.interp", new Table.Ref("py.lapi_put_8B_waitcntr.lat.interp", "us", true, "0.576", "-", "-", "0.3", ""));
        m.put("pt2pt.bw_1MiB", new Table.Ref("pt2pt.bw_1MiB", "GB/s", false, "11.1", "10.6", "46.8", "30", ""));
        m.put("pt2pt.send_recv.lat_4KiB", new Table.Ref("pt2pt.send_recv.lat_4KiB", "us", true, "2.74", "0.749", "-", "-", ""));
        m.put("lapi.am_roundtrip.lat", new Table.Ref("lapi.am_roundtrip.lat", "us", true, "-", "-", "0.053", "0.3", ""));
        return m;
    }

    /** The cells of the row for {@code metric}: metric, unit, mpish, Open MPI, MPICH, mpi4py, floor, target, ratio, verdict, note. */
    private static List<String> row(String table, String metric) {
        for (String line : table.split("\n")) {
            if (line.startsWith("| " + metric + " |")) {
                String[] f = line.substring(1, line.length() - 1).split("\\|", -1);
                return Arrays.stream(f).map(String::trim).toList();
            }
        }
        throw new AssertionError("no row " + metric + " in\n" + table);
    }

    @Test
    void aScriptRowMeetsItsTargetOnlyAtOrBelowMpi4pyInTheSameRun() {
        Map<String, Double> r = new LinkedHashMap<>();
        r.put("py.rma_put_8B_flush.lat.interp", 0.25);          // under the 0.3 target, above mpi4py's 0.2
        r.put("mpi4py.py.rma_put_8B_flush.lat", 0.2);
        String t = Table.render(refs(), r, Map.of(), Map.of(), null);
        assertEquals("0.200", row(t, "py.rma_put_8B_flush.lat.interp").get(5));
        assertEquals("not met", row(t, "py.rma_put_8B_flush.lat.interp").get(9));
        r.put("mpi4py.py.rma_put_8B_flush.lat", 0.28);
        t = Table.render(refs(), r, Map.of(), Map.of(), null);
        assertEquals("met", row(t, "py.rma_put_8B_flush.lat.interp").get(9));
        // LAPI has no mpi4py: its Put + Waitcntr is held to mpi4py's Put + flush
        r.put("py.lapi_put_8B_waitcntr.lat.interp", 0.29);
        t = Table.render(refs(), r, Map.of(), Map.of(), null);
        assertEquals("0.280", row(t, "py.lapi_put_8B_waitcntr.lat.interp").get(5));
        assertEquals("not met", row(t, "py.lapi_put_8B_waitcntr.lat.interp").get(9));
        // the mpi4py figure is shown beside its script row, not as a row of its own
        assertTrue(t.lines().noneMatch(l -> l.startsWith("| mpi4py.")), t);
    }

    @Test
    void everyRowSaysWhetherItMetItsTarget() {
        Map<String, Double> r = new LinkedHashMap<>();
        r.put("pt2pt.bw_1MiB", 29.9);                           // higher is better: 29.9 < 30
        r.put("pt2pt.send_recv.lat_4KiB", 3.0);
        String t = Table.render(refs(), r, Map.of(), Map.of(), null);
        assertEquals("not met", row(t, "pt2pt.bw_1MiB").get(9));
        assertEquals("no target", row(t, "pt2pt.send_recv.lat_4KiB").get(9));
        assertEquals("not measured", row(t, "lapi.am_roundtrip.lat").get(9));
        // a figure the reference does not list (a .cpu companion, a floor probe) is shown, without a target
        r.put("script.floor.js_call.interp", 1.5);
        List<String> extra = row(Table.render(refs(), r, Map.of(), Map.of(), null), "script.floor.js_call.interp");
        assertEquals("1.50", extra.get(2));
        assertEquals("no target", extra.get(9));
        r.put("pt2pt.bw_1MiB", 30.0);
        assertEquals("met", row(Table.render(refs(), r, Map.of(), Map.of(), null), "pt2pt.bw_1MiB").get(9));
    }

    @Test
    void whatBoundsARowIsInItsNoteColumn() {
        Map<String, Double> r = Map.of("lapi.am_roundtrip.lat", 12.0);
        String t = Table.render(refs(), r, Map.of(), Map.of("lapi.am_roundtrip.lat", "handler on the target's thread"), null);
        assertEquals("handler on the target's thread", row(t, "lapi.am_roundtrip.lat").get(10));
    }

    @Test
    void withoutMpi4pyTheTableSaysItIsNotInstalled(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results.txt");
        Files.writeString(results, "RESULT py.rma_put_8B_flush.lat.interp 5.0 us\nMPI4PY missing: /usr/bin/python3 cannot import mpi4py\n");
        String t = Table.render(refs(), Table.readResults(results), Map.of(), Map.of(), Table.mpi4pyMissing(results));
        assertEquals("not installed", row(t, "py.rma_put_8B_flush.lat.interp").get(5));
        assertEquals("not installed", row(t, "mpi4py").get(5));
        assertEquals("/usr/bin/python3 cannot import mpi4py", row(t, "mpi4py").get(10));
        assertEquals("not installed", row(t, "py.lapi_put_8B_waitcntr.lat.interp").get(5));
    }

    @Test
    void notesAreReadFromTheirFile(@TempDir Path dir) throws Exception {
        Path notes = dir.resolve("notes.tsv");
        Files.writeString(notes, "# comment\nrma.put_bw_1MiB\tmemcpy bound: 14 GB/s single thread\n");
        assertEquals(Map.of("rma.put_bw_1MiB", "memcpy bound: 14 GB/s single thread"), Table.readNotes(notes));
    }
}
