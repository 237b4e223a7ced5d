package org.mpish.runtime.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiException;

/**
 * Simulated nodes, MPI_Comm_split_type (MPI-4.1 7.4.2), MPI_Get_processor_name (9.1) and shared windows across
 * nodes (12.2.3). The placement is what `mpirun --host a:3,b:3,c:2,d:2 --display-map` (Open MPI 4.1.4) printed
 * for 10 processes on this machine: ranks 0-2 on a, 3-5 on b, 6-7 on c, 8-9 on d.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NodesTest {
    static TestJob onNodes(int n, int k) {
        return new TestJob(n, Job.Options.defaults().withAbortOnDeadlock(true).withNodes(k));
    }

    static MpiException fails(int errorClass, Rank r, String call, Object... args) {
        MpiException e = assertThrows(MpiException.class, () -> TestJob.call(r, call, args), call + " should fail");
        assertEquals(ErrorClass.name(errorClass), ErrorClass.name(e.errorClass()), e.getMessage());
        return e;
    }

    @Test
    void ranksArePlacedInBlocksAsMpirunMapsBySlot() {
        try (TestJob t = onNodes(10, 4)) {
            int[] got = new int[10];
            for (int i = 0; i < 10; i++) got[i] = t.job.nodeOf(i);
            assertArrayEquals(new int[] {0, 0, 0, 1, 1, 1, 2, 2, 3, 3}, got);
        }
        try (TestJob t = onNodes(8, 2)) {
            int[] got = new int[8];
            for (int i = 0; i < 8; i++) got[i] = t.job.nodeOf(i);
            assertArrayEquals(new int[] {0, 0, 0, 0, 1, 1, 1, 1}, got);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> onNodes(2, 3));
        assertTrue(e.getMessage().contains("1 to 2 nodes"), e.getMessage());
    }

    @Test
    void splitTypeSharedGroupsTheRanksOfEachNodeOrderedByKey() { // 7.4.2
        try (TestJob t = onNodes(8, 2)) {
            t.spmd(r -> {
                int me = r.id();
                Comm node = (Comm) TestJob.call1(r, "MPI_Comm_split_type", "MPI_COMM_WORLD", "MPI_COMM_TYPE_SHARED", 0, "MPI_INFO_NULL");
                assertEquals(4, node.size());
                assertEquals(me % 4, node.rank(), "key 0 everywhere: the old order");
                Comm rev = (Comm) TestJob.call1(r, "MPI_Comm_split_type", "MPI_COMM_WORLD", "MPI_COMM_TYPE_SHARED", -me, "MPI_INFO_NULL");
                assertEquals(3 - me % 4, rev.rank(), "a larger key, a lower rank");
                Object[] name = TestJob.call(r, "MPI_Get_processor_name");
                assertEquals(me < 4 ? "node0" : "node1", name[0]);
                assertEquals(5, name[1]);
                Handle none = (Handle) TestJob.call1(r, "MPI_Comm_split_type", "MPI_COMM_WORLD",
                        me == 2 ? MpiConst.UNDEFINED : 1, 0, "MPI_INFO_NULL");
                if (me == 2) assertEquals("MPI_COMM_NULL", none.name());
                else assertEquals(me < 4 ? 3 : 4, ((Comm) none).size(), "rank 2 left node0's communicator");
            });
        }
    }

    @Test
    void hardwareGuidedKnowsSharedMemoryAndUnguidedGivesAStrictSubset() { // 7.4.2
        try (TestJob t = onNodes(6, 2)) {
            t.spmd(r -> {
                Handle info = (Handle) TestJob.call1(r, "MPI_Info_create");
                TestJob.call(r, "MPI_Info_set", info, "mpi_hw_resource_type", "mpi_shared_memory");
                Comm guided = (Comm) TestJob.call1(r, "MPI_Comm_split_type", "MPI_COMM_WORLD", "MPI_COMM_TYPE_HW_GUIDED", 0, info);
                assertEquals(3, guided.size());
                TestJob.call(r, "MPI_Info_set", info, "mpi_hw_resource_type", "L7Cache");
                Handle unknown = (Handle) TestJob.call1(r, "MPI_Comm_split_type", "MPI_COMM_WORLD", "MPI_COMM_TYPE_HW_GUIDED", 0, info);
                assertEquals("MPI_COMM_NULL", unknown.name(), "a resource type mpish does not know");
                Handle noKey = (Handle) TestJob.call1(r, "MPI_Comm_split_type", "MPI_COMM_WORLD", "MPI_COMM_TYPE_HW_GUIDED", 0, "MPI_INFO_NULL");
                assertEquals("MPI_COMM_NULL", noKey.name());
                Comm unguided = (Comm) TestJob.call1(r, "MPI_Comm_split_type", "MPI_COMM_WORLD", "MPI_COMM_TYPE_HW_UNGUIDED", 0, "MPI_INFO_NULL");
                assertEquals(3, unguided.size(), "the node is a strict subset of the world");
                Handle below = (Handle) TestJob.call1(r, "MPI_Comm_split_type", unguided, "MPI_COMM_TYPE_HW_UNGUIDED", 0, "MPI_INFO_NULL");
                assertEquals("MPI_COMM_NULL", below.name(), "nothing smaller than a node");
                TestJob.returnErrors(r);
                fails(ErrorClass.MPI_ERR_ARG, r, "MPI_Comm_split_type", "MPI_COMM_WORLD", 77, 0, "MPI_INFO_NULL");
            });
        }
    }

    @Test
    void sharedWindowsStopAtTheNode() { // 12.2.3
        try (TestJob t = onNodes(4, 2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                MpiException e = fails(ErrorClass.MPI_ERR_RMA_SHARED, r, "MPI_Win_allocate_shared", 8L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                assertTrue(e.getMessage().contains("node"), e.getMessage());
                Comm node = (Comm) TestJob.call1(r, "MPI_Comm_split_type", "MPI_COMM_WORLD", "MPI_COMM_TYPE_SHARED", 0, "MPI_INFO_NULL");
                Object[] w = TestJob.call(r, "MPI_Win_allocate_shared", 8L, 1, "MPI_INFO_NULL", node);
                TestJob.call(r, "MPI_Win_free", w[1]);
            });
        }
        try (TestJob t = new TestJob(2)) { // one node: the whole world shares memory
            t.spmd(r -> TestJob.call(r, "MPI_Win_free", TestJob.call(r, "MPI_Win_allocate_shared", 8L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD")[1]));
        }
    }
}
