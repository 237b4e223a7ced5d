package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Point-to-point deadlocks through the real launcher: `mpish run` aborts with the roll-call, the shell reports it. */
class P2pLauncherIT {
    private static Launcher.Result script(int n, String js) throws Exception {
        return Launcher.run(js, "run", "-n", Integer.toString(n), "--timeout", "60", "-");
    }

    @Test
    void recvWithNoSendAbortsTheScriptWithTheRollCall() throws Exception {
        Launcher.Result r = script(2, "const b = mem.alloc(4);\nif (MPI.Comm_rank(MPI.COMM_WORLD) === 0) MPI.Recv(b, 1, MPI.INT, 1, 5, MPI.COMM_WORLD);\n");
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("mpish: job aborted: deadlock: every rank is waiting and none can proceed"), r.err());
        assertTrue(r.err().contains("rank 0: in MPI_Recv: a message from rank 1 with tag 5 on MPI_COMM_WORLD"), r.err());
        assertTrue(r.err().contains("rank 1: in MPI_Finalize"), r.err());
    }

    @Test
    void detachWithAnUnreceivedBsendAbortsWithTheRollCall() throws Exception {
        Launcher.Result r = script(4, """
                const b = mem.alloc(4);
                if (MPI.Comm_rank(MPI.COMM_WORLD) === 1) {
                  MPI.Buffer_attach(mem.alloc(600), 600);
                  MPI.Bsend(b, 1, MPI.INT, 0, 1, MPI.COMM_WORLD);
                  MPI.Bsend(b, 1, MPI.INT, 3, 2, MPI.COMM_WORLD);
                  MPI.Buffer_detach();
                }
                """);
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("rank 1: in MPI_Buffer_detach: 2 buffered messages to ranks {0,3} not yet received (tags 1, 2 on MPI_COMM_WORLD)"), r.err());
    }

    @Test
    void mismatchedTagsAbortWithTheRollCallNamingTheQueuedMessage() throws Exception {
        Launcher.Result r = script(2, """
                const b = mem.alloc(4);
                if (MPI.Comm_rank(MPI.COMM_WORLD) === 0) MPI.Send(b, 1, MPI.INT, 1, 5, MPI.COMM_WORLD);
                else MPI.Recv(b, 1, MPI.INT, 0, 6, MPI.COMM_WORLD);
                """);
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("rank 1: in MPI_Recv: a message from rank 0 with tag 6 on MPI_COMM_WORLD"
                + " (1 message that does not match is queued: from rank 0 with tag 5 (4 bytes))"), r.err());
    }

    @Test
    void theShellPrintsTheRollCallAndFailsAtTheEndOfInput() throws Exception {
        Launcher.Result r = Launcher.run(null, "-n", "2", "-c",
                "@* js mem.alloc(8)\n@0 MPI_Recv 0x10000 1 MPI_INT 1 0 MPI_COMM_WORLD\n@1 MPI_Ssend 0x10000 1 MPI_INT 0 3 MPI_COMM_WORLD\nranks");
        assertEquals(1, r.status(), r.toString());
        String all = r.out() + r.err();
        assertTrue(all.contains("rank 0: in MPI_Recv: a message from rank 1 with tag 0 on MPI_COMM_WORLD (1 message that does not match is queued: from rank 1 with tag 3 (4 bytes))"), all);
        assertTrue(all.contains("rank 1: in MPI_Ssend: rank 0 to receive a 4-byte message with tag 3"), all);
    }

    @Test
    void eagerLimitOptionMakesSmallSendsWait() throws Exception {
        Launcher.Result r = Launcher.run("const b = mem.alloc(4);\nMPI.Send(b, 1, MPI.INT, 1 - MPI.Comm_rank(MPI.COMM_WORLD), 0, MPI.COMM_WORLD);\n",
                "run", "-n", "2", "--eager-limit", "0", "-");
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("larger than the eager limit of 0 bytes, so the send waits for the matching receive"), r.err());
    }
}
