package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
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
        // the same lines, up to the rank prefixes and the interleaving of ranks
        assertEquals(values(shell.out()), values(replay.out()), "shell:\n" + shell.out() + "\nreplay:\n" + replay.out());
        assertTrue(replay.out().contains("deleted 42"), replay.out());
    }

    private static TreeSet<String> values(String out) {
        TreeSet<String> s = new TreeSet<>();
        for (String l : out.lines().toList()) {
            if (l.startsWith("recording to")) continue;
            s.add(l.replaceFirst("^\\[\\d+\\] ", "").strip());
        }
        return s;
    }

    @Test
    void recordWithoutAFileIsAUsageError() throws Exception {
        Launcher.Result r = Launcher.run(null, "-c", "record");
        assertEquals(2, r.status(), r.toString());
        assertEquals(List.of("record: usage: record FILE | record off"), r.err().lines().toList());
    }
}
