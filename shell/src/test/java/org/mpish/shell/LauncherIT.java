package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void helpAndVersion() throws Exception {
        assertEquals(0, Launcher.run(null, "--version").status());
        Launcher.Result r = Launcher.run(null, "--bogus-option");
        assertEquals(2, r.status(), r.toString());
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
