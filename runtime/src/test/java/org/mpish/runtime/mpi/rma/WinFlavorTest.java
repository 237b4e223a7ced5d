package org.mpish.runtime.mpi.rma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_BASE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_DISP;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_INFO_VALUE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RMA_ATTACH;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RMA_FLAVOR;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RMA_RANGE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_SIZE;
import static org.mpish.runtime.mpi.rma.RmaFixture.alloc;
import static org.mpish.runtime.mpi.rma.RmaFixture.create;
import static org.mpish.runtime.mpi.rma.RmaFixture.fails;
import static org.mpish.runtime.mpi.rma.RmaFixture.ok;
import static org.mpish.runtime.mpi.rma.RmaFixture.read;
import static org.mpish.runtime.mpi.rma.RmaFixture.write;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.comm.Group;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.info.Info;
import org.mpish.runtime.mpi.comm.Comm;

/** Shared-memory and dynamic windows, Win_get_group and the info hints (R4-R8, R11-R16). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WinFlavorTest {
    static Win win(Object[] out) { return (Win) out[1]; }

    @Test
    void sharedWindowSegmentsFollowEachOtherAndAreLoadStoreReachable() { // R4, R5
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int me = r.id();
                long size = me == 1 ? 0 : 8L * (me + 1);
                Object[] out = TestJob.call(r, "MPI_Win_allocate_shared", size, 8, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                long base = (Long) out[0];
                Win w = win(out);
                w.setErrhandler(Errhandler.ERRORS_RETURN);
                assertEquals(Win.FLAVOR_SHARED, w.flavor());
                if (size > 0) write(r, base, "MPI_LONG", 100 + me);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                Object[] q0 = TestJob.call(r, "MPI_Win_shared_query", w, 0);
                Object[] q2 = TestJob.call(r, "MPI_Win_shared_query", w, 2);
                assertEquals(8L, q0[0]);
                assertEquals(8, q0[1]);
                assertEquals(24L, q2[0]);
                assertEquals((Long) q0[2] + 8, (Long) q2[2], "segments are contiguous in rank order (rank 1 has 0 bytes)");
                assertEquals(100, read(r, (Long) q0[2], "MPI_LONG", 1)[0], "rank 0's store seen through this rank's address");
                assertEquals(102, read(r, (Long) q2[2], "MPI_LONG", 1)[0]);
                if (me == 1) {
                    Object[] qn = TestJob.call(r, "MPI_Win_shared_query", w, "MPI_PROC_NULL");
                    assertEquals(q0[2], qn[2], "MPI_PROC_NULL selects the lowest rank with memory");
                    write(r, (Long) q2[2] + 8, "MPI_LONG", 555); // a direct store into rank 2's part
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (me == 2) assertEquals(555, read(r, base + 8, "MPI_LONG", 1)[0]);
                // RMA works on shared windows too, and lands in the same memory
                ok(r, "MPI_Win_fence", 0, w);
                if (me == 1) ok(r, "MPI_Accumulate", alloc(r, "MPI_LONG", 5), 1, "MPI_LONG", 0, 0L, 1, "MPI_LONG", "MPI_SUM", w);
                ok(r, "MPI_Win_fence", RmaModes.MODE_NOSUCCEED, w);
                assertEquals(105, read(r, (Long) q0[2], "MPI_LONG", 1)[0]);
                assertThrows(MemoryFault.class, () -> r.memory().free(base), "shared memory is not free()d by the user");
                WinLifecycle.freed(w);
                assertThrows(MemoryFault.class, () -> r.memory().segment((Long) q0[2], 8), "unmapped after MPI_Win_free");
            });
        }
    }

    @Test
    void noncontigSharedSegmentsStartOnCacheLines() { // R4: alloc_shared_noncontig
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = WinFlavorCalls.allocateShared(r, Comm.world(MpiProcess.of(r)), 3, 1, Map.of("alloc_shared_noncontig", "true"));
                Object[] q0 = WinFlavorCalls.sharedQuery(w, 0), q1 = WinFlavorCalls.sharedQuery(w, 1);
                assertEquals(64, (Long) q1[2] - (Long) q0[2]);
                assertEquals("true", RmaWindow.of(w).hints(r.id()).get("alloc_shared_noncontig"));
            });
        }
    }

    @Test
    void sharedQueryOnOtherFlavors() { // R5: dynamic -> MPI_ERR_RMA_FLAVOR; create: only the own part is reachable
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 4);
                Object[] mine = TestJob.call(r, "MPI_Win_shared_query", w, r.id());
                assertArrayEquals(new Object[] {16L, 4, w.base()}, mine);
                Object[] other = TestJob.call(r, "MPI_Win_shared_query", w, 1 - r.id());
                assertArrayEquals(new Object[] {0L, 4, 0L}, other);
                Win d = (Win) TestJob.call1(r, "MPI_Win_create_dynamic", "MPI_INFO_NULL", "MPI_COMM_WORLD");
                d.setErrhandler(Errhandler.ERRORS_RETURN);
                fails(MPI_ERR_RMA_FLAVOR, r, "MPI_Win_shared_query", d, 0);
                fails(MPI_ERR_RMA_FLAVOR, r, "MPI_Win_attach", w, w.base(), 4L);
                fails(MPI_ERR_RMA_FLAVOR, r, "MPI_Win_detach", w, w.base());
            });
        }
    }

    @Test
    void dynamicWindowsTakeAbsoluteAddressesOfAttachedRegions() { // R6, R7, R8, R20
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Win w = (Win) TestJob.call1(r, "MPI_Win_create_dynamic", "MPI_INFO_NULL", "MPI_COMM_WORLD");
                w.setErrhandler(Errhandler.ERRORS_RETURN);
                assertEquals(0L, w.base());
                assertEquals(0L, w.size());
                assertEquals(1, w.dispUnit());
                long a = r.memory().alloc(32), b = r.memory().alloc(16);
                ok(r, "MPI_Win_attach", w, a, 32L);
                ok(r, "MPI_Win_attach", w, b, 16L);
                fails(MPI_ERR_RMA_ATTACH, r, "MPI_Win_attach", w, a + 8, 8L);          // overlaps
                fails(MPI_ERR_RMA_ATTACH, r, "MPI_Win_attach", w, 0x10L, 8L);          // not allocated memory
                fails(MPI_ERR_SIZE, r, "MPI_Win_attach", w, a, -1L);
                ok(r, "MPI_Win_attach", w, a + 100, 0L);                               // size 0: recorded, covers nothing
                // exchange addresses (what MPI_Get_address + a send would do)
                long[] addrs = (long[]) exchange(r, new long[] {a, b});
                long[] peer = addrs;
                ok(r, "MPI_Win_fence", 0, w);
                ok(r, "MPI_Put", alloc(r, "MPI_INT", 7, 8), 2, "MPI_INT", 1 - r.id(), peer[0] + 4, 2, "MPI_INT", w);
                fails(MPI_ERR_RMA_RANGE, r, "MPI_Put", alloc(r, "MPI_INT", 1, 2), 2, "MPI_INT", 1 - r.id(), peer[0] + 28, 2, "MPI_INT", w);
                fails(MPI_ERR_RMA_RANGE, r, "MPI_Put", alloc(r, "MPI_INT", 1), 1, "MPI_INT", 1 - r.id(), -8L, 1, "MPI_INT", w); // R6: negative is legal, just not attached
                ok(r, "MPI_Win_fence", 0, w);
                assertArrayEquals(new long[] {0, 7, 8, 0}, read(r, a, "MPI_INT", 4));
                ok(r, "MPI_Win_detach", w, a);
                ok(r, "MPI_Win_detach", w, a + 100);
                fails(MPI_ERR_BASE, r, "MPI_Win_detach", w, a);                        // R8: not attached any more
                fails(MPI_ERR_BASE, r, "MPI_Win_detach", w, b + 4);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                fails(MPI_ERR_RMA_RANGE, r, "MPI_Get", a, 1, "MPI_INT", 1 - r.id(), peer[0], 1, "MPI_INT", w); // detached memory
                ok(r, "MPI_Get", a, 1, "MPI_INT", 1 - r.id(), peer[1], 1, "MPI_INT", w);
                ok(r, "MPI_Win_fence", RmaModes.MODE_NOSUCCEED, w);
            });
        }
    }

    /** Swaps a value with the other rank of a two-rank job (test plumbing, standing in for a send / receive). */
    private static Object exchange(org.mpish.runtime.Rank r, Object mine) {
        Object[] all = Comm.world(MpiProcess.of(r)).exchange(mine, "exchange");
        return all[1 - r.id()];
    }

    @Test
    void winGetGroupGivesANewGroupOfTheWindowsProcesses() { // R11
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                Win w = create(r, 8, 8);
                Group g = (Group) TestJob.call1(r, "MPI_Win_get_group", w);
                assertArrayEquals(new int[] {0, 1, 2}, g.members());
                Group g2 = (Group) TestJob.call1(r, "MPI_Win_get_group", w);
                assertNotEquals(g.name(), g2.name(), "each call hands back a new group");
            });
        }
    }

    @Test
    void infoHintsAreReportedAtDefaultsAndChangedCollectively() { // R14, R15, R16
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 8, 8, Map.of("accumulate_ordering", "none", "frobnicate", "yes"));
                Info used = (Info) TestJob.call1(r, "MPI_Win_get_info", w);
                Map<String, String> e = used.entries();
                assertEquals("none", e.get("accumulate_ordering"));
                assertEquals("false", e.get("no_locks"));
                assertEquals("same_op_no_op", e.get("accumulate_ops"));
                assertEquals(7, e.size(), "every supported hint, and nothing unknown: " + e);
                Info set = new Info(Map.of("no_locks", "true", "alloc_shared_noncontig", "true"));
                MpiProcess.of(r).handles().add(set);
                ok(r, "MPI_Win_set_info", w, set);
                Map<String, String> after = ((Info) TestJob.call1(r, "MPI_Win_get_info", w)).entries();
                assertEquals("true", after.get("no_locks"));
                assertEquals("false", after.get("alloc_shared_noncontig"), "a creation-time hint keeps its value");
                assertEquals("none", after.get("accumulate_ordering"), "keys not named keep their value");
                Info bad = MpiProcess.of(r).handles().add(new Info(Map.of("accumulate_ordering", "rar,sideways")));
                fails(MPI_ERR_INFO_VALUE, r, "MPI_Win_set_info", w, bad);
                assertTrue(RmaWindow.of(w).hints(r.id()).noLocks());
            });
        }
    }

    @Test
    void brokenSameSizePromisesAndBadSizesAreRefused() { // R15, R59
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                fails(MPI_ERR_SIZE, r, "MPI_Win_allocate_shared", -1L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                fails(MPI_ERR_DISP, r, "MPI_Win_allocate_shared", 8L, 0, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                Info same = MpiProcess.of(r).handles().add(new Info(Map.of("same_size", "true")));
                fails(MPI_ERR_SIZE, r, "MPI_Win_allocate_shared", 8L + r.id(), 1, same, "MPI_COMM_WORLD");
            });
        }
    }
}
