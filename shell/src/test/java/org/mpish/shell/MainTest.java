package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The launcher's one command-line model (issue 13, item 3): what mpish(1) documents is what is parsed, in every
 * mode, and --help is written from the same declarations. (The old second parser for the usual command lines
 * took `--memory 0`, which the documented rule refuses.)
 */
@Timeout(30)
class MainTest {
    private static Cli.Parsed parse(String... args) throws Cli.UsageError {
        return Cli.parse(Main.SHELL, args, Main.HELP, Main.VERSION_FLAG);
    }

    private record Outcome(int status, String out, String err) {}

    /** Main.run for command lines that end before a shell or a script starts (help, version, usage errors). */
    private static Outcome launch(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theMemoryLimitIsReadInEveryMode() throws Exception {
        assertEquals(1024L, parse("-m", "1K", "-c", "MPI_Comm_rank MPI_COMM_WORLD").get(Main.MEMORY, null));
        assertEquals(1024L, parse("-c", "x", "--memory", "1k").get(Main.MEMORY, null));
        assertEquals(4L << 20, parse("run", "-m", "4M", "s.js").get(Main.MEMORY, null));
        assertEquals(2L << 30, parse("run", "--memory=2G", "-").get(Main.MEMORY, null));
        assertFalse(parse("run", "s.js").has(Main.MEMORY));
    }

    @Test
    void everySpellingOfAnOptionWithAValue() throws Exception {
        for (String[] a : List.of(new String[] {"-n", "3"}, new String[] {"-n3"}, new String[] {"-n=3"},
                new String[] {"--ranks", "3"}, new String[] {"--ranks=3"})) {
            assertEquals(3, parse(a).get(Main.RANKS, 4), String.join(" ", a));
        }
        assertEquals(4, parse().get(Main.RANKS, 4));
    }

    @Test
    void whatFollowsTheScriptIsTheScripts() throws Exception {
        Cli.Parsed p = parse("run", "-n", "2", "--allow-io", "s.js", "-n", "5", "--bogus", "x");
        assertSame(Main.RUN, p.command);
        assertEquals(2, p.get(Main.RANKS, 4));
        assertTrue(p.has(Main.ALLOW_IO));
        assertEquals("s.js", p.word(Main.SCRIPT));
        assertEquals(List.of("-n", "5", "--bogus", "x"), p.words(Main.ARGS));
        // "--" ends the options: a script whose name starts with '-'
        assertEquals("-odd.js", parse("run", "--", "-odd.js").word(Main.SCRIPT));
        assertEquals("-", parse("run", "-").word(Main.SCRIPT));
    }

    @Test
    void manTakesClusteredFlagsAndASection() throws Exception {
        Cli.Parsed p = parse("man", "-fk", "send");
        assertSame(Main.MAN, p.command);
        assertTrue(p.has(Main.APROPOS) && p.has(Main.WHATIS));
        assertEquals(List.of("3", "MPI_Send"), parse("man", "3", "MPI_Send").words(Main.PAGE));
    }

    @Test
    void usageErrorsAreOneLineAndStatusTwo() {
        String[][] bad = {
            {"--bogus"},                          // unknown option
            {"-n", "2", "-n", "3"},               // given twice (under two spellings too)
            {"-n", "2", "--ranks", "3"},
            {"-c"},                               // value missing
            {"-n", "x"},                          // not a number
            {"run"},                              // SCRIPT missing
            {"run", "--memory", "lots", "x.js"},
            {"run", "--memory", "0", "x.js"},     // a limit must be above 0
            {"run", "--timeout", "-1", "x.js"},
            {"--no-color=yes"},                   // a flag takes no value
            {"a", "b"},                           // one FILE at most
            {"-n", "2", "run", "x.js"},           // run comes first
            {"man"},
        };
        for (String[] a : bad) {
            Outcome o = launch(a);
            assertEquals(2, o.status(), String.join(" ", a) + "\n" + o);
            List<String> lines = o.err().lines().toList();
            assertEquals(2, lines.size(), o.err());
            assertTrue(lines.get(1).startsWith("usage: mpish"), o.err());
            assertEquals("", o.out());
        }
        assertTrue(launch("run", "--memory", "lots", "x.js").err()
                .startsWith("mpish run: --memory: 'lots' is not a number of bytes"));
        assertTrue(launch("--bogus").err().startsWith("mpish: unknown option '--bogus'"));
        assertTrue(launch("-n", "2", "--ranks", "3").err().startsWith("mpish: --ranks is given twice"));
        assertThrows(Cli.UsageError.class, () -> parse("-fk"));
    }

    @Test
    void helpIsWrittenFromTheModel() {
        for (Cli.Command c : List.of(Main.SHELL, Main.RUN, Main.MAN)) {
            String[] args = c == Main.SHELL ? new String[] {"--help"} : new String[] {c.name(), "-h"};
            Outcome o = launch(args);
            assertEquals(0, o.status(), o.toString());
            assertTrue(o.out().startsWith("Usage: " + c.path() + " "), o.out());
            for (Cli.Option<?> opt : c.options()) {
                assertTrue(o.out().contains(opt.signature()), c.path() + " --help lacks " + opt.signature() + "\n" + o.out());
                assertTrue(o.out().contains(opt.help.substring(0, 12)), o.out());
            }
            for (Cli.Operand op : c.operands()) assertTrue(o.out().contains(op.label()), o.out());
            for (String line : o.out().lines().toList()) assertTrue(line.length() <= 80, "too wide: " + line);
        }
        String top = launch("--help").out();
        assertTrue(top.contains("\n  run ") && top.contains("\n  man "), top);
        Outcome v = launch("--version");
        assertEquals("mpish " + Main.VERSION + "\n", v.out());
        assertEquals(0, launch("run", "--version").status());
    }

    /**
     * mpish --list-calls [FILTER]: one line per call from the catalogue (C name, family, declaring file). The two
     * passive-target lock calls are the ones MPI-4.1 section 12.5.3 names MPI_Win_lock and MPI_Win_lock_all; a
     * declaring file is checked by reading it.
     */
    @Test
    void listCallsGivesEachCallsNameFamilyAndFile() throws Exception {
        Outcome lock = launch("--list-calls", "WIN_LOCK");
        assertEquals(0, lock.status(), lock.toString());
        List<String> lines = lock.out().lines().toList();
        assertEquals(List.of("MPI_Win_lock", "MPI_Win_lock_all"), lines.stream().map(l -> l.split(" +")[0]).toList(), lock.out());
        for (String l : lines) {
            String[] w = l.split(" +");
            assertEquals("MPI", w[1], l);
            java.nio.file.Path file = Repo.root().resolve(w[w.length - 1]);
            assertTrue(java.nio.file.Files.readString(file).contains("\"" + w[0] + "\""), file + " does not declare " + w[0]);
        }
        // a name built from a pattern ("MPI_" + k + "_create_keyval") is listed by its exact C name all the same
        Outcome all = launch("--list-calls");
        assertEquals(0, all.status());
        List<String> names = all.out().lines().map(l -> l.split(" +")[0]).toList();
        for (String n : List.of("MPI_Send", "MPI_Recv", "MPI_Comm_create_keyval", "MPI_Type_create_keyval", "MPI_Win_create_keyval",
                "LAPI_Xfer", "LAPI_Init")) {
            assertTrue(names.contains(n), n + " is not listed");
        }
        assertEquals(names.stream().sorted().distinct().toList(), names, "sorted by name, each once");
        assertTrue(all.out().lines().allMatch(l -> l.split(" +").length >= 3 && l.endsWith(".java")), all.out());
        // a family: every listed line is of it
        Outcome fam = launch("--list-calls", "topologies");
        assertTrue(fam.out().lines().count() > 0 && fam.out().lines().allMatch(l -> l.contains(" MPI topologies ")), fam.out());
        Outcome none = launch("--list-calls", "MPI_Nothing_like_this");
        assertEquals(1, none.status());
        assertEquals("", none.out());
        assertEquals("mpish: no call's name or family contains 'MPI_Nothing_like_this'\n", none.err());
    }
}
