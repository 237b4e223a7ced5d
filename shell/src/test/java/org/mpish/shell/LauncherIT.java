package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The launcher's non-interactive modes and exit statuses, through the real ./mpish. */
class LauncherIT {
    @Test
    void commandModePrintsOutputsAndSucceeds() throws Exception {
        Launcher.Result r = Launcher.run(null, "-n", "3", "-c", "MPI_Comm_rank MPI_COMM_WORLD; @* MPI_Comm_size MPI_COMM_WORLD");
        assertEquals(0, r.status(), r.toString());
        assertEquals("rank = 0\n[0] size = 3\n[1] size = 3\n[2] size = 3\n", r.out());
        assertEquals("", r.err());
    }

    @Test
    void typoIsAOneLineUsageErrorAndTheRestStillRuns() throws Exception {
        Launcher.Result r = Launcher.run(null, "-c", "MPI_Comm_rnak MPI_COMM_WORLD; MPI_Comm_size MPI_COMM_WORLD");
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().startsWith("unknown command 'MPI_Comm_rnak'; did you mean MPI_Comm_rank"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertEquals("size = 4\n", r.out());
    }

    @Test
    void standardInputIsReadAsCommands() throws Exception {
        Launcher.Result r = Launcher.run("rank 2\nMPI_Comm_rank MPI_COMM_WORLD\nbogus\n", "-n", "3");
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.out().contains("rank = 2"), r.out());
    }

    @Test
    void fatalErrorAbortsTheJobNotTheShell() throws Exception {
        Launcher.Result r = Launcher.run(null, "-n", "2", "-c", "MPI_Comm_rank MPI_COMM_NULL; MPI_Comm_rank MPI_COMM_WORLD");
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("MPI_ERR_COMM") || r.out().contains("MPI_ERR_COMM"), r.toString());
        assertTrue(r.out().contains("rank = 0"), "a new job ran the next command\n" + r);
    }

    @Test
    void scriptErrorsNameTheRankAndLocation() throws Exception {
        Launcher.Result r = Launcher.run("if (MPI.Comm_rank(MPI.COMM_WORLD) == 1) throw new Error('boom');\n", "run", "-n", "2", "-");
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("rank 1: <stdin>:1:"), r.err());
        assertTrue(r.err().contains("boom"), r.err());
    }

    @Test
    void abortExitsWithItsCode() throws Exception {
        Launcher.Result r = Launcher.run("if (MPI.Comm_rank(MPI.COMM_WORLD) == 0) MPI.Abort(MPI.COMM_WORLD, 7); MPI.Barrier(MPI.COMM_WORLD);\n", "run", "-n", "3", "-");
        assertEquals(7, r.status(), r.toString());
        assertTrue(r.err().contains("MPI_Abort(MPI_COMM_WORLD, 7) called by rank 0"), r.err());
    }

    /**
     * --help prints a usage on standard output naming every option and form of mpish(1)'s SYNOPSIS; --version the
     * version of the build (the project's pom.xml); an unknown option is a usage error (exit 2) saying which.
     */
    @Test
    void helpAndVersion() throws Exception {
        Launcher.Result r = Launcher.run(null, "--help");
        assertEquals(0, r.status(), r.toString());
        assertEquals("", r.err(), r.toString());
        assertTrue(r.out().startsWith("Usage: mpish "), r.toString());
        List<String> synopsis = synopsisWords();
        assertTrue(synopsis.containsAll(List.of("-n", "-m", "-c", "--no-color", "run", "man", "--help", "--version")), synopsis.toString());
        for (String w : synopsis) {
            assertTrue(Pattern.compile("(^|[\\s\\[,])" + Pattern.quote(w) + "\\b").matcher(r.out()).find(),
                    "--help does not mention " + w + " (in mpish(1)'s SYNOPSIS):\n" + r.out());
        }
        assertEquals(r.out(), Launcher.run(null, "-h").out(), "-h is --help");

        r = Launcher.run(null, "--version");
        assertEquals(0, r.status(), r.toString());
        assertEquals("", r.err(), r.toString());
        assertEquals("mpish " + projectVersion() + "\n", r.out());

        r = Launcher.run(null, "--bogus-option");
        assertEquals(2, r.status(), r.toString());
        assertEquals("", r.out(), r.toString());
        assertTrue(r.err().contains("--bogus-option"), "the error names the option:\n" + r);
    }

    /** The options and subcommands of the first form ("mpish [...]"), the subcommand names and --help / --version of mpish(1)'s SYNOPSIS. */
    private static List<String> synopsisWords() throws IOException {
        String page = Files.readString(Repo.root().resolve("man/man1/mpish.1"));
        String syn = page.substring(page.indexOf(".SH SYNOPSIS"), page.indexOf(".SH DESCRIPTION"));
        List<String> words = new ArrayList<>();
        String[] forms = syn.split("\n\\.br\n");
        Matcher opt = Pattern.compile("\\\\-(\\\\-)?([a-z][a-z\\\\-]*)").matcher(forms[0] + "\n" + forms[forms.length - 1]);
        while (opt.find()) words.add((opt.group(1) != null ? "--" : "-") + opt.group(2).replace("\\-", "-"));
        Matcher sub = Pattern.compile("^\\.B mpish (\\w+)", Pattern.MULTILINE).matcher(syn);
        while (sub.find()) words.add(sub.group(1));
        return words;
    }

    private static String projectVersion() throws IOException {
        Matcher v = Pattern.compile("<artifactId>mpish-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Repo.root().resolve("pom.xml")));
        assertTrue(v.find(), "version in pom.xml");
        return v.group(1);
    }

    /** Resource limits (issue 9): the cap on ranks is a usage error (exit 2) of one line, in the shell and in `run`. */
    @Test
    void moreRanksThanTheCapIsAOneLineUsageError() throws Exception {
        Launcher.Result r = Launcher.run(null, "-n", "5000", "-c", "MPI_Comm_size MPI_COMM_WORLD");
        assertEquals(2, r.status(), r.toString());
        assertEquals("mpish: -n must be between 1 and 1024 (the most ranks a job can have), not 5000\n", r.err(), r.toString());
        r = Launcher.run("print(1)\n", "run", "-n", "1025", "-");
        assertEquals(2, r.status(), r.toString());
        assertEquals("mpish run: -n must be between 1 and 1024 (the most ranks a job can have), not 1025\n", r.err(), r.toString());
        assertEquals("", r.out());
    }

    /** The memory limit of each rank: mpish run --memory / -m and the shell's -m, with K/M/G; a bad value is exit 2. */
    @Test
    void theMemoryLimitIsSettable() throws Exception {
        String probe = "try { mem.alloc(3 << 20); print('allocated'); } catch (e) { print(e.name + ': ' + e.message); }\n";
        Launcher.Result r = Launcher.run(probe, "run", "-n", "1", "--memory", "2M", "-");
        assertEquals(0, r.status(), r.toString());
        assertEquals("RangeError: mem: rank 0 memory limit of 2097152 bytes exceeded (asked for 3145728, 0 in use)\n", r.out(), r.toString());
        r = Launcher.run(probe, "run", "-n", "1", "-m", "4M", "-");
        assertEquals("allocated\n", r.out(), r.toString());
        r = Launcher.run(null, "-m", "1K", "-n", "1", "-c", "js mem.alloc(2048)");
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("memory limit of 1024 bytes exceeded"), r.toString());
        r = Launcher.run(null, "run", "--memory", "lots", "x.js");
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("'lots' is not a number of bytes"), r.toString());
    }
}
