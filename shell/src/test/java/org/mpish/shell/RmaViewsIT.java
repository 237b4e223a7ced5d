package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The shell's RMA views through the real ./mpish: epochs per rank, a window's memory, rma trace events. */
class RmaViewsIT {
    @Test
    void epochsWinmemAndTraceShowWhatAPutDid() throws Exception {
        String session = String.join("\n",
                "@* MPI_Win_allocate_shared 8 4 MPI_INFO_NULL MPI_COMM_WORLD",
                "@0 js mem.write(0x10000, MPI.INT, [42])",
                "@* MPI_Win_fence 0 win0",
                "trace on rma",
                "@0 MPI_Put 0x10000 1 MPI_INT 1 1 1 MPI_INT win0",
                "@0 epochs win0",
                "@* MPI_Win_fence 0 win0",
                "@1 winmem win0",
                "@0 epochs") + "\n";
        Launcher.Result r = Launcher.run(session, "-n", "2");
        assertEquals(0, r.status(), r.toString());
        String out = r.out();
        assertTrue(out.contains("trace [0] rma put: MPI_Put: 4 bytes, rank 1 disp 1 on win0"), out);
        assertTrue(out.contains("    pending    1 operation until the next synchronization (rank 1: 1)"), out);
        assertTrue(out.contains("rma completed: 1 operation to all targets on win0 complete at origin and target (MPI_Win_fence)"), out);
        assertTrue(out.contains("rank 1  win0  8 bytes at 0x10008, disp_unit 4\n  000000010008  00 00 00 00 2a 00 00 00"), out);
        assertTrue(out.endsWith("rank 0  win0  (shared, 8 bytes, disp_unit 4, 2 ranks)\n    access     fence epoch (tentative: no operation yet)\n"
                + "    exposure   fence epoch\n    locked by  nobody\n    pending    no operation awaits completion\n"), out);
    }

    @Test
    void epochsShowsLocksWhileARankWaitsForOne() throws Exception {
        String session = String.join("\n",
                "@* MPI_Win_create_dynamic MPI_INFO_NULL MPI_COMM_WORLD",
                "@1 MPI_Win_lock MPI_LOCK_EXCLUSIVE 0 0 win0",
                "@2 MPI_Win_lock MPI_LOCK_SHARED 0 0 win0",
                "@0 epochs",
                "@1 epochs",
                "@1 MPI_Win_unlock 0 win0") + "\n";
        Launcher.Result r = Launcher.run(session, "-n", "3");
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("rank 0  win0  (dynamic, 0 bytes, disp_unit 1, 3 ranks)"), r.out());
        assertTrue(r.out().contains("    locked by  rank 1 (exclusive)"), r.out());
        assertTrue(r.out().contains("    access     lock epoch: rank 0 exclusive"), r.out());
        assertTrue(r.out().contains("waiting for a shared lock on rank 0, held by rank 1 (exclusive)"), r.out());
        assertTrue(r.out().contains("[2] MPI_Win_lock returned"), r.out());
    }
}
