package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.BeforeAll;

/** The interactive shell through the real launcher in tmux: typing, completion, blocking calls, Ctrl-C, Ctrl-D. */
class ShellTmuxIT {
    private static final String PROMPT = "^mpish\\[\\d\\]>";

    /** Skipped without tmux, except in CI, where that fails (see {@link Tools}). */
    @BeforeAll
    static void needsTmux() { Tools.require("tmux"); }

    /** Types a line and presses Enter. */
    private static void enter(Tmux t, String line) throws Exception {
        t.type(line);
        t.send("Enter");
    }

    /** Ctrl-D once the prompt is back (a Ctrl-D typed while a command runs is lost); the launcher exits with {@code rc} ("" for any). */
    private static void exitWithCtrlD(Tmux t, String rc) throws Exception {
        t.waitFor("(?s)\\n" + PROMPT + " ?\\s*\\z", 20);
        t.send("C-d");
        t.waitFor("EXITED rc=" + rc, 20);
    }

    /** The section headings on a screen: lines of capitals at the left margin. */
    private static java.util.Set<String> headings(String screen) {
        return screen.lines().filter(l -> l.matches("[A-Z][A-Z ]+")).collect(java.util.stream.Collectors.toSet());
    }

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
            enter(t, "@2 MPI_Comm_rank MPI_COMM_WORLD");
            t.waitFor("^rank = 2$", 10);
            // the trace shows each callback as it fires
            enter(t, "@* MPI_Comm_create_keyval MPI_COMM_DUP_FN MPI_COMM_NULL_DELETE_FN 7");
            t.waitFor("^\\[2\\] comm_keyval = kv0$", 10);
            enter(t, "MPI_Comm_set_attr MPI_COMM_WORLD kv0 42");
            enter(t, "trace on attr");
            t.waitFor("^tracing attr$", 10);
            enter(t, "@* MPI_Comm_dup MPI_COMM_WORLD");
            t.waitFor("trace \\[0\\] attr copy: MPI_COMM_DUP_FN\\(MPI_COMM_WORLD, kv0, extra=7, in=42\\) -> 42", 10);
            t.waitFor("^\\[2\\] newcomm = comm0$", 10);
            enter(t, "MPI_Comm_rnak");
            t.waitFor("unknown command 'MPI_Comm_rnak'; did you mean MPI_Comm_rank", 10);
            exitWithCtrlD(t, "2");
        }
        assertTrue(Files.readString(hist).contains("MPI_Comm_rank MPI_COMM_WORLD"), "history saved per line");
    }

    @Test
    void aBlockedCallLeavesThePromptUsableAndItsResultAppearsLater() throws Exception {
        Path hist = Files.createTempFile("mpish-hist", "");
        try (Tmux t = new Tmux(env(hist), "-n 2")) {
            t.waitFor(PROMPT + " ?$", 60);
            enter(t, "@1 MPI_Barrier MPI_COMM_WORLD");
            t.waitFor("\\[1\\] MPI_Barrier is waiting", 10);
            enter(t, "ranks");
            String s = t.waitFor("^1 +waiting +MPI_Barrier", 10);
            assertTrue(s.contains("rank 0 to join"), s);
            enter(t, "MPI_Barrier MPI_COMM_WORLD");
            t.waitFor("\\[1\\] MPI_Barrier returned", 10);
            // Ctrl-C on a half-typed line clears it and never exits
            t.type("MPI_Comm_size MPI_COMM_WORLD");
            t.waitFor(PROMPT + " MPI_Comm_size MPI_COMM_WORLD\\s*\\z", 10);
            t.send("C-c");
            // the last prompt is empty again (JLine may or may not leave the abandoned text above it)
            t.waitFor("(?s)\\n" + PROMPT + " ?\\s*\\z", 10);
            enter(t, "MPI_Comm_rank MPI_COMM_WORLD");
            String after = t.waitFor("^rank = 0$", 10);
            assertFalse(after.contains("size ="), after);
            exitWithCtrlD(t, "0");
        }
    }

    @Test
    void aCollectiveOnEveryRankAndAnOutstandingNonblockingOne() throws Exception { // issue 14: MPI-4.1 6.9, 6.12
        Path hist = Files.createTempFile("mpish-hist", "");
        try (Tmux t = new Tmux(env(hist), "-n 3")) {
            t.waitFor(PROMPT + " ?$", 60);
            enter(t, "@* js globalThis.a = mem.alloc(4); globalThis.b = mem.alloc(4); mem.write(a, MPI.INT, [MPI.Comm_rank(MPI.COMM_WORLD) + 1])");
            t.waitFor("^\\[2\\] null$", 20);
            enter(t, "@* MPI_Allreduce `a` `b` 1 MPI_INT MPI_PROD MPI_COMM_WORLD");
            enter(t, "@* js mem.read(b, MPI.INT, 1)");
            t.waitFor("^\\[0\\] \\[6\\]$", 20);
            t.waitFor("^\\[1\\] \\[6\\]$", 10);
            t.waitFor("^\\[2\\] \\[6\\]$", 10);
            // rank 0 starts a nonblocking reduction alone: the request view says whom it waits for
            enter(t, "@0 MPI_Iallreduce `a` `b` 1 MPI_INT MPI_MAX MPI_COMM_WORLD");
            t.waitFor("^request = req0$", 10);
            enter(t, "requests");
            t.waitFor("MPI_Iallreduce on MPI_COMM_WORLD: ranks 1 and 2 have not called it", 10);
            enter(t, "@1 MPI_Iallreduce `a` `b` 1 MPI_INT MPI_MAX MPI_COMM_WORLD");
            enter(t, "@2 MPI_Iallreduce `a` `b` 1 MPI_INT MPI_MAX MPI_COMM_WORLD");
            enter(t, "@* MPI_Wait req0");
            enter(t, "@* js mem.read(b, MPI.INT, 1)");
            t.waitFor("^\\[1\\] \\[3\\]$", 20);
            t.waitFor("^\\[0\\] \\[3\\]$", 10);
            exitWithCtrlD(t, "0");
        }
    }

    @Test
    void historyIsKeptAcrossRestartsAndUpSearchesByPrefix() throws Exception {
        Path hist = Files.createTempFile("mpish-hist", "");
        try (Tmux t = new Tmux(env(hist), "-n 2")) {
            t.waitFor(PROMPT + " ?$", 60);
            enter(t, "MPI_Comm_size MPI_COMM_WORLD");
            t.waitFor("^size = 2$", 10);
            enter(t, "help MPI_Barrier");
            t.waitFor("script: MPI.Barrier", 10);
            exitWithCtrlD(t, "0");
        }
        try (Tmux t = new Tmux(env(hist), "-n 3")) {
            t.waitFor(PROMPT + " ?$", 60);
            t.type("MPI_Comm_s");
            t.send("Up");
            t.waitFor(PROMPT + " MPI_Comm_size MPI_COMM_WORLD", 10);
            t.send("Enter");
            t.waitFor("^size = 3$", 10);
            exitWithCtrlD(t, "0");
        }
    }

    @Test
    void ctrlCStopsARunawayCommandAndTheDeadlockRollCallAppearsByItself() throws Exception {
        Path hist = Files.createTempFile("mpish-hist", "");
        try (Tmux t = new Tmux(env(hist), "-n 2")) {
            t.waitFor(PROMPT + " ?$", 60);
            enter(t, "js let spins = 0; for (;;) { spins++ }");
            Thread.sleep(1500);
            t.send("C-c");
            t.waitFor("js: .*(interrupted|Interrupted)|context was reset", 90);
            t.waitFor(PROMPT + " ?$", 10);
            enter(t, "@* MPI_Recv `mem.alloc(8)` 1 MPI_INT `1 - MPI.Comm_rank(MPI.COMM_WORLD)` 5 MPI_COMM_WORLD");
            String s = t.waitFor("deadlock: every rank is waiting and none can proceed", 20);
            t.waitFor("rank 0: in MPI_Recv: a message from rank 1 with tag 5", 5);
            t.waitFor("rank 1: in MPI_Recv: a message from rank 0 with tag 5", 5);
            enter(t, "ranks");
            t.waitFor("^1 +waiting +MPI_Recv", 10);
            exitWithCtrlD(t, "");
        }
    }

    @Test
    void aSessionRecordedAtTheTerminalReplaysWithTheSameOutput() throws Exception {
        Path hist = Files.createTempFile("mpish-hist", "");
        Path rec = Files.createTempFile("mpish-rec", ".js");
        try (Tmux t = new Tmux(env(hist), "-n 2")) {
            t.waitFor(PROMPT + " ?$", 60);
            enter(t, "record " + rec);
            t.waitFor("^recording to ", 10);
            enter(t, "@* MPI_Comm_dup MPI_COMM_WORLD");
            t.waitFor("^\\[1\\] newcomm = comm0$", 10);
            enter(t, "@* MPI_Comm_compare comm0 MPI_COMM_WORLD");
            t.waitFor("^\\[1\\] result = 1$", 10);
            enter(t, "@1 js print('sum', 20 + 22)");
            t.waitFor("^\\[1\\] sum 42$", 10);
            enter(t, "record off");
            exitWithCtrlD(t, "0");
        }
        Launcher.Result replay = Launcher.run(null, "run", "-n", "2", rec.toString());
        assertTrue(replay.status() == 0, replay.toString());
        String out = replay.out();
        for (String expected : new String[] {"newcomm = comm0", "result = 1", "sum 42"}) {
            assertTrue(out.contains(expected), "replay lacks '" + expected + "':\n" + out);
        }
    }

    @Test
    void manPagesArePagedOnTheTerminal() throws Exception {
        Path hist = Files.createTempFile("mpish-hist", "");
        try (Tmux t = new Tmux(env(hist), "-n 1")) {
            t.waitFor(PROMPT + " ?$", 60);
            t.type("man MPI_Win_lo");
            t.send("Tab");
            t.waitFor(PROMPT + " man MPI_Win_lock", 10);
            t.send("Enter");
            String first = t.waitFor("^MPI_WIN_LOCK\\(3\\) +mpish manual +MPI_WIN_LOCK\\(3\\)", 40);
            assertFalse(first.contains("SEE ALSO"), "the first screen is only the start of the page:\n" + first);
            t.send("Space");
            // the next screen: the title line has left the top and a section heading the first screen did not show is there
            java.util.Set<String> seen = headings(first);
            t.waitUntil(s -> !s.startsWith("MPI_WIN_LOCK(3)") && headings(s).stream().anyMatch(h -> !seen.contains(h)),
                    "the page's next screen (headings seen so far: " + seen + ")", 10);
            t.send("q");
            t.waitFor(PROMPT + " ?$", 10);
            enter(t, "whatis MPI_Win_lock");
            t.waitFor("^MPI_Win_lock\\(3\\) - ", 10);
            exitWithCtrlD(t, "0");
        }
        try (Tmux t = new Tmux(env(hist), "man 7 mpish")) {
            t.waitFor("^MPISH\\(7\\) +mpish manual", 60);
            t.send("q");
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
            enter(t, "run " + loop + " -n 3");
            t.waitFor("spinning", 30);
            Thread.sleep(500);
            t.send("C-c");
            String s = t.waitFor("ended with status 130", 15);
            assertTrue(s.contains("job aborted: interrupted (Ctrl-C)"), s);
            assertTrue(s.contains("rank 1: running"), s);
            t.waitFor(PROMPT + " ?$", 10);
            enter(t, "js while (true) {}");
            Thread.sleep(1000);
            t.send("C-c");
            t.waitFor("js: .*interrupted", 15);
            enter(t, "MPI_Comm_rank MPI_COMM_WORLD");
            t.waitFor("^rank = 0$", 15);
            exitWithCtrlD(t, "1");
        }
    }

    /** Issue 19, item 13: in a js command, Tab completes the members of MPI. (and lists them with their synopses). */
    @Test
    void tabCompletesScriptMembersInAJsCommand() throws Exception {
        Path hist = Files.createTempFile("mpish-hist", "");
        try (Tmux t = new Tmux(env(hist), "-n 2")) {
            t.waitFor(PROMPT + " ?$", 60);
            t.type("js print(MPI.Comm_ra");
            t.send("Tab");
            t.waitFor(PROMPT + " js print\\(MPI\\.Comm_rank", 10);
            t.type("(MPI.COMM_WORLD))");
            t.send("Enter");
            t.waitFor("^\\[0\\] 0$", 30);
            t.waitFor("(?s)\\n" + PROMPT + " ?\\s*\\z", 20);
            t.type("js MPI.Comm_s");
            t.send("Tab");
            t.send("Tab");
            // int MPI_Comm_size(MPI_Comm comm, int *size): the script form takes comm and returns size
            t.waitFor("MPI\\.Comm_size +\\(size = MPI\\.Comm_size\\(comm\\)\\)", 10);
            t.send("C-c");
            exitWithCtrlD(t, "0");
        }
    }
}
