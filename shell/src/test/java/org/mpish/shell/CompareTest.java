package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** mpish compare's reading of two runs: the first difference of each rank, in context, and declared differences. */
class CompareTest {
    private static Compare.Outcome run(String engine, int status, Map<Integer, List<String>> lines) {
        return new Compare.Outcome(engine, lines, status);
    }

    @Test
    void theFirstDifferingLineOfEachRankIsShownWithTheLinesBeforeIt() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        String d = Compare.firstDifference(
                run("in-process", 0, Map.of(0, List.of("a", "b", "c", "d"), 1, List.of("x"))),
                run("mpich", 0, Map.of(0, List.of("a", "b", "C", "d"), 1, List.of("x", "extra"))),
                List.of(), new PrintStream(buf, true, StandardCharsets.UTF_8));
        assertEquals("rank 0 line 3, rank 1 line 2", d);
        String out = buf.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("rank 0, line 3:\n    a\n    b\n  in-process: c\n  mpich: C\n"), out);
        assertTrue(out.contains("rank 1, line 2:\n    x\n  in-process: (no more lines)\n  mpich: extra\n"), out);
    }

    @Test
    void aDeclaredDifferenceIsNotComparedButAnExitStatusIs() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
        List<Pattern> declared = List.of(Pattern.compile("took [0-9.]+ s"));
        assertNull(Compare.firstDifference(run("in-process", 0, Map.of(0, List.of("took 0.5 s"))),
                run("openmpi", 0, Map.of(0, List.of("took 1.25 s"))), declared, ps));
        assertEquals("rank 0 line 1", Compare.firstDifference(run("in-process", 0, Map.of(0, List.of("took 0.5 s"))),
                run("openmpi", 0, Map.of(0, List.of("took 1.25 s"))), List.of(), ps));
        assertEquals("exit status", Compare.firstDifference(run("in-process", 0, Map.of()), run("openmpi", 124, Map.of()), declared, ps));
    }
}
