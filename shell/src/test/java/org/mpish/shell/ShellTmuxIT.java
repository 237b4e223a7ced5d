package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/** The interactive shell through the real launcher in tmux: typing, completion, blocking calls, Ctrl-C, Ctrl-D. */
@EnabledIf("org.mpish.shell.Tmux#available")
class ShellTmuxIT {
    private static final String PROMPT = "^mpish\\[\\d\\]>";

    private static String env(Path hist) { return "MPISH_HISTFILE=" + hist + " TERM=xterm-256color NO_COLOR=1"; }

    @Test
    void typeACallCompleteANameAndSeeTheResult() throws Exception {
        Path hist = Files.createTempFile("mpish-hist", "");
        try (Tmux t = new Tmux(env(hist), "-n 3")) {
            t.waitFor(PROMPT + " ?$", 60);
            t.type("MPI_Comm_ra");
            t.send("Tab");
            t.waitFor(PROMPT + " MPI_Comm_rank", 10);
            t.type("MPI_COMM_WO");
            t.send("Tab");
            t.waitFor("MPI_Comm_rank MPI_COMM_WORLD", 10);
            t.send("Enter");
            t.waitFor("^rank = 0$", 10);
            t.type("@2 MPI_Comm_rank MPI_COMM_WORLD");
            t.send("Enter");
            t.waitFor("^rank = 2$", 10);
            t.type("MPI_Comm_rnak");
            t.send("Enter");
            t.waitFor("unknown command 'MPI_Comm_rnak'; did you mean MPI_Comm_rank", 10);
            t.send("C-d");
            t.waitFor("EXITED rc=2", 20);
        }
        assertTrue(Files.readString(hist).contains("MPI_Comm_rank MPI_COMM_WORLD"), "history saved per line");
    }

    @Test
    void aBlockedCallLeavesThePromptUsableAndItsResultAppearsLater() throws Exception {
        Path hist = Files.createTempFile("mpish-hist", "");
        try (Tmux t = new Tmux(env(hist), "-n 2")) {
            t.waitFor(PROMPT + " ?$", 60);
            t.type("@1 MPI_Barrier MPI_COMM_WORLD");
            t.send("Enter");
            t.waitFor("\\[1\\] MPI_Barrier is waiting", 10);
            t.type("ranks");
            t.send("Enter");
            String s = t.waitFor("^1 +waiting +MPI_Barrier", 10);
            assertTrue(s.contains("rank 0 to join"), s);
            t.type("MPI_Barrier MPI_COMM_WORLD");
            t.send("Enter");
            t.waitFor("\\[1\\] MPI_Barrier returned", 10);
            // Ctrl-C on a half-typed line clears it and never exits
            t.type("MPI_Comm_size MPI_COMM_WORLD");
            t.send("C-c");
            // JLine erases the abandoned line and prompts again
            t.waitFor("(?s)returned\\s*\\n" + PROMPT + " ?\\n" + PROMPT + " ?\\s*\\z", 10);
            t.type("MPI_Comm_rank MPI_COMM_WORLD");
            t.send("Enter");
            String after = t.waitFor("^rank = 0$", 10);
            assertFalse(after.contains("size ="), after);
            t.send("C-d");
            t.waitFor("EXITED rc=0", 20);
        }
    }

    /** Faults (issue 9): Ctrl-C ends a script run by `run` that loops for ever, and JavaScript that loops in `js`; the shell goes on. */
    @Test
    void ctrlCEndsARunawayScriptAndARunawayJsAndTheShellGoesOn() throws Exception {
        Path hist = Files.createTempFile("mpish-hist", "");
        Path loop = Files.createTempFile("mpish-loop", ".js");
        Files.writeString(loop, "const r = MPI.Comm_rank(MPI.COMM_WORLD);\nprint(r == 1 ? 'spinning' : 'waiting');\nif (r == 1) while (true) {}\n"
                + "MPI.Barrier(MPI.COMM_WORLD);\n");
        try (Tmux t = new Tmux(env(hist), "-n 2")) {
            t.waitFor(PROMPT + " ?$", 60);
            t.type("run " + loop + " -n 3");
            t.send("Enter");
            t.waitFor("spinning", 30);
            Thread.sleep(500);
            t.send("C-c");
            String s = t.waitFor("ended with status 130", 15);
            assertTrue(s.contains("job aborted: interrupted (Ctrl-C)"), s);
            assertTrue(s.contains("rank 1: running"), s);
            t.waitFor(PROMPT + " ?$", 10);
            t.type("js while (true) {}");
            t.send("Enter");
            Thread.sleep(1000);
            t.send("C-c");
            t.waitFor("js: .*interrupted", 15);
            t.type("MPI_Comm_rank MPI_COMM_WORLD");
            t.send("Enter");
            t.waitFor("^rank = 0$", 15);
            t.send("C-d");
            t.waitFor("EXITED rc=1", 20);
        }
    }
}
