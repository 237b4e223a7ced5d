package org.mpish.runtime.mpi.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * MPI_Intercomm_create_from_groups (MPI-4.1 section 7.6.2) from session groups and from world groups, and the
 * process sets mpish adds per simulated node (11.3.2 lets an implementation name more than mpi://WORLD and
 * mpi://SELF). Expected values of the intercommunicator come from the same program run under MPICH 4.0.2
 * (`mpiexec.mpich -n 4`): groups {0,2} and {1,3}, leaders world ranks 2 and 1; every process got its partner's
 * value over the intercommunicator, and MPI_Intercomm_merge (high = odd) ranked the processes 0,2,1,3 as 0,1,2,3.
 */
@Timeout(60)
class SessionGroupsTest {
    private static Object session(Rank r) { return call1(r, "MPI_Session_init", "MPI_INFO_NULL", "MPI_ERRORS_RETURN"); }

    /** Groups {0,2} and {1,3} of {@code world}, each process's own first. */
    private static Object[] evenOdd(Rank r, Object world) {
        Object even = call1(r, "MPI_Group_incl", world, 2, List.of(0, 2));
        Object odd = call1(r, "MPI_Group_incl", world, 2, List.of(1, 3));
        return r.id() % 2 == 0 ? new Object[] {even, odd} : new Object[] {odd, even};
    }

    /** What the MPICH run printed: partner's value over the intercommunicator and the merged rank. */
    private static void checkEvenOdd(Rank r, Object ic) {
        assertEquals(true, call1(r, "MPI_Comm_test_inter", ic));
        assertEquals(2, call1(r, "MPI_Comm_size", ic));
        assertEquals(2, call1(r, "MPI_Comm_remote_size", ic));
        int lrank = (Integer) call1(r, "MPI_Comm_rank", ic);
        assertEquals(r.id() / 2, lrank);
        Memory m = r.memory();
        long out = m.alloc(4), in = m.alloc(4);
        m.writeInt(out, r.id() * 10);
        call(r, "MPI_Sendrecv", out, 1, "MPI_INT", lrank, 0, in, 1, "MPI_INT", lrank, 0, ic);
        int[] partner = {10, 0, 30, 20};
        assertEquals(partner[r.id()], m.readInt(in));
        Object merged = call1(r, "MPI_Intercomm_merge", ic, r.id() % 2 == 1);
        int[] mergedRank = {0, 2, 1, 3};
        assertEquals(mergedRank[r.id()], call1(r, "MPI_Comm_rank", merged));
    }

    @Test
    void anIntercommunicatorFromTwoSessionGroupsCarriesMessagesBetweenThem() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                Object s = session(r);
                Object[] g = evenOdd(r, call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD"));
                int ll = r.id() % 2 == 1 ? 0 : 1, rl = r.id() % 2 == 1 ? 1 : 0; // leaders: world ranks 2 and 1
                Object ic = call1(r, "MPI_Intercomm_create_from_groups", g[0], ll, g[1], rl, "org.mpish.test", "MPI_INFO_NULL",
                        "MPI_ERRORS_RETURN");
                checkEvenOdd(r, ic);
                call(r, "MPI_Session_finalize", s);
            });
        }
    }

    @Test
    void worldGroupsWorkTooAndTheSameTagTwiceGivesTwoIntercommunicators() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                Object[] g = evenOdd(r, call1(r, "MPI_Comm_group", "MPI_COMM_WORLD"));
                int ll = r.id() % 2 == 1 ? 0 : 1, rl = r.id() % 2 == 1 ? 1 : 0;
                Object a = call1(r, "MPI_Intercomm_create_from_groups", g[0], ll, g[1], rl, "t", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                Object b = call1(r, "MPI_Intercomm_create_from_groups", g[0], ll, g[1], rl, "t", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                assertEquals(1, call1(r, "MPI_Comm_compare", a, b), "MPI_CONGRUENT (1 in MPICH and Open MPI): same groups, another context");
                checkEvenOdd(r, b);
                checkEvenOdd(r, a);
                // the errhandler argument is the new communicator's (7.6.2)
                assertEquals("MPI_ERRORS_RETURN", call1(r, "MPI_Comm_get_errhandler", a).toString());
            });
        }
    }

    @Test
    void badGroupsAndLeadersAreRefused() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object s = session(r);
                Object world = call1(r, "MPI_Group_from_session_pset", s, "mpi://WORLD");
                Object[] g = evenOdd(r, world);
                String[] no = {"MPI_INFO_NULL", "MPI_ERRORS_RETURN"};
                // the groups must be disjoint (MPICH 4.0.2 refuses this too, with MPI_ERR_COMM)
                MpiException e = expectError(ErrorClass.MPI_ERR_GROUP,
                        () -> call(r, "MPI_Intercomm_create_from_groups", world, 0, world, 0, "x", no[0], no[1]));
                assertTrue(e.getMessage().contains("in both local_group and remote_group"), e.getMessage());
                // the caller's own group is the local one
                expectError(ErrorClass.MPI_ERR_GROUP, () -> call(r, "MPI_Intercomm_create_from_groups", g[1], 0, g[0], 0, "x", no[0], no[1]));
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Intercomm_create_from_groups", g[0], 2, g[1], 0, "x", no[0], no[1]));
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Intercomm_create_from_groups", g[0], 0, g[1], -1, "x", no[0], no[1]));
                expectError(ErrorClass.MPI_ERR_GROUP,
                        () -> call(r, "MPI_Intercomm_create_from_groups", g[0], 0, "MPI_GROUP_EMPTY", 0, "x", no[0], no[1]));
            });
        }
    }

    @Test
    void eachSimulatedNodeIsAProcessSetAfterWorldAndSelf() {
        // 5 ranks on 2 nodes: node 0 holds ranks 0-2, node 1 ranks 3-4 (Job.nodeOf: mpirun's by-slot mapping)
        try (TestJob t = new TestJob(5, Job.Options.defaults().withAbortOnDeadlock(true).withNodes(2))) {
            t.spmd(r -> {
                Object s = session(r);
                assertEquals(4, call1(r, "MPI_Session_get_num_psets", s, "MPI_INFO_NULL"));
                assertArrayEquals(new Object[] {15, "mpish://node/0"}, call(r, "MPI_Session_get_nth_pset", s, "MPI_INFO_NULL", 2, 64));
                assertArrayEquals(new Object[] {15, "mpish://node/1"}, call(r, "MPI_Session_get_nth_pset", s, "MPI_INFO_NULL", 3, 64));
                Object i0 = call1(r, "MPI_Session_get_pset_info", s, "mpish://node/0");
                assertEquals("3", call(r, "MPI_Info_get_string", i0, "mpi_size", 8)[1]);
                Object i1 = call1(r, "MPI_Session_get_pset_info", s, "mpish://node/1");
                assertEquals("2", call(r, "MPI_Info_get_string", i1, "mpi_size", 8)[1]);
                String mine = "mpish://node/" + (r.id() < 3 ? 0 : 1);
                Object g = call1(r, "MPI_Group_from_session_pset", s, mine);
                Object c = call1(r, "MPI_Comm_create_from_group", g, "per-node", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                // an intercommunicator between the two nodes, from the psets alone: the world model never starts (11.3)
                Object other = call1(r, "MPI_Group_from_session_pset", s, "mpish://node/" + (r.id() < 3 ? 1 : 0));
                Object ic = call1(r, "MPI_Intercomm_create_from_groups", g, 0, other, 0, "nodes", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
                assertEquals(false, call1(r, "MPI_Initialized"));
                assertEquals(r.id() < 3 ? 2 : 3, call1(r, "MPI_Comm_remote_size", ic));
                assertEquals(r.id() < 3 ? 3 : 2, call1(r, "MPI_Comm_size", c));
                assertEquals(r.id() < 3 ? r.id() : r.id() - 3, call1(r, "MPI_Comm_rank", c));
                // the same ranks as MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) gives on the node
                Object shared = call1(r, "MPI_Comm_split_type", "MPI_COMM_WORLD", "MPI_COMM_TYPE_SHARED", 0, "MPI_INFO_NULL");
                assertEquals(1, call1(r, "MPI_Comm_compare", c, shared), "MPI_CONGRUENT");
                call(r, "MPI_Comm_free", ic);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Group_from_session_pset", s, "mpish://node/2"));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Group_from_session_pset", s, "mpish://node/01"));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Session_get_nth_pset", s, "MPI_INFO_NULL", 4, 64));
            });
        }
    }
}
