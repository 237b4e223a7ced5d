package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** `record FILE` in the shell, then `mpish run` of FILE: the replay prints the same values. */
class RecordReplayIT {
    @Test
    void aRecordedSessionReplaysWithTheSameResults() throws Exception {
        Path rec = Files.createTempFile("mpish-rec", ".js");
        String session = String.join("\n",
                "record " + rec,
                "@* MPI_Comm_rank MPI_COMM_WORLD",
                "@* MPI_Comm_create_keyval MPI_COMM_DUP_FN (c,k,v,e)=>{print('deleted',v)} 0",
                "@* MPI_Comm_set_attr MPI_COMM_WORLD kv0 42",
                "@* MPI_Comm_dup MPI_COMM_WORLD",
                "@* MPI_Comm_get_attr comm0 kv0",
                "@1 MPI_Comm_free comm0",
                "@0 js print('only on', MPI.Comm_rank(MPI.COMM_WORLD))",
                "record off");
        Launcher.Result shell = Launcher.run(null, "-n", "2", "-c", session);
        assertEquals(0, shell.status(), shell.toString());
        Launcher.Result replay = Launcher.run(null, "run", "-n", "2", rec.toString());
        assertEquals(0, replay.status(), replay.toString() + "\n--- recorded\n" + Files.readString(rec));
        // Each rank prints the same lines in the same order, repeats included; only the interleaving of the ranks may
        // differ. The shell prints the result of a command run on one rank without its prefix: "@1 MPI_Comm_free" is
        // rank 1's. The replayed script ends with MPI_Finalize on every rank, which deletes the attribute still on
        // MPI_COMM_WORLD (semantics A33, as MPICH does), so its delete callback prints once more on each rank; the
        // shell's session ends its job without that.
        Map<Integer, List<String>> expected = byRank(shell.out(), 1);
        expected.values().forEach(lines -> lines.add("deleted 42"));
        assertEquals(List.of(0, 1), List.copyOf(expected.keySet()), shell.out());
        assertEquals(expected, byRank(replay.out(), -1), "shell:\n" + shell.out() + "\nreplay:\n" + replay.out());
    }

    /** Each rank's lines without their "[r] " prefix, in order; unprefixed lines are rank {@code unprefixed}'s. */
    private static Map<Integer, List<String>> byRank(String out, int unprefixed) {
        Map<Integer, List<String>> by = new TreeMap<>();
        Pattern p = Pattern.compile("\\[(\\d+)\\] (.*)");
        for (String l : out.lines().toList()) {
            if (l.startsWith("recording to")) continue;
            Matcher m = p.matcher(l);
            int r = m.matches() ? Integer.parseInt(m.group(1)) : unprefixed;
            by.computeIfAbsent(r, k -> new ArrayList<>()).add(m.matches() ? m.group(2) : l);
        }
        return by;
    }

    @Test
    void recordWithoutAFileIsAUsageError() throws Exception {
        Launcher.Result r = Launcher.run(null, "-c", "record");
        assertEquals(2, r.status(), r.toString());
        assertEquals(List.of("record: usage: record FILE | record off"), r.err().lines().toList());
    }
}
