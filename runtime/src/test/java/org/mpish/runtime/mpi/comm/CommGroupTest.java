package org.mpish.runtime.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiConst;

/** Communicators, groups, intercommunicators and broadcast. */
@Timeout(30)
class CommGroupTest {
    private static final Handle COMM_NULL = Handle.nullOf(HandleKind.COMM);

    @Test
    void dupSplitCreateCompareAndFree() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int me = r.id();
                Object dup = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                assertEquals(MpiConst.CONGRUENT, call1(r, "MPI_Comm_compare", dup, "MPI_COMM_WORLD"));
                assertEquals(MpiConst.IDENT, call1(r, "MPI_Comm_compare", dup, dup));
                // split: two colors, key reverses the order
                Object half = call1(r, "MPI_Comm_split", "MPI_COMM_WORLD", me % 2, -me);
                assertEquals(2, call1(r, "MPI_Comm_size", half));
                assertEquals(me < 2 ? 1 : 0, call1(r, "MPI_Comm_rank", half));
                Object none = call1(r, "MPI_Comm_split", "MPI_COMM_WORLD", me == 0 ? MpiConst.UNDEFINED : 1, 0);
                assertSame(me == 0 ? COMM_NULL : none, none);
                Object reversed = call1(r, "MPI_Comm_split", "MPI_COMM_WORLD", 0, -me);
                assertEquals(MpiConst.SIMILAR, call1(r, "MPI_Comm_compare", reversed, "MPI_COMM_WORLD"));
                assertEquals(MpiConst.UNEQUAL, call1(r, "MPI_Comm_compare", half, "MPI_COMM_WORLD"));
                // create from a group of ranks 3 and 1, in that order
                Object wg = call1(r, "MPI_Comm_group", "MPI_COMM_WORLD");
                Object g = call1(r, "MPI_Group_incl", wg, 2, List.of(3, 1));
                Object made = call1(r, "MPI_Comm_create", "MPI_COMM_WORLD", g);
                if (me == 3 || me == 1) assertEquals(me == 3 ? 0 : 1, call1(r, "MPI_Comm_rank", made));
                else assertSame(COMM_NULL, made);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Comm_split", "MPI_COMM_WORLD", -5, 0));
                // names
                assertEquals("MPI_COMM_WORLD", call(r, "MPI_Comm_get_name", "MPI_COMM_WORLD")[0]);
                assertEquals("", call(r, "MPI_Comm_get_name", dup)[0]);
                call(r, "MPI_Comm_set_name", dup, "x".repeat(200));
                assertEquals(127, call(r, "MPI_Comm_get_name", dup)[1]);
                // free
                assertSame(COMM_NULL, call1(r, "MPI_Comm_free", dup));
                expectError(ErrorClass.MPI_ERR_COMM, () -> call(r, "MPI_Comm_rank", dup));
                expectError(ErrorClass.MPI_ERR_COMM, () -> call(r, "MPI_Comm_free", "MPI_COMM_WORLD"));
                assertEquals(false, call1(r, "MPI_Comm_test_inter", "MPI_COMM_WORLD"));
            });
        }
    }

    @Test
    void groupOperations() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object w = call1(r, "MPI_Comm_group", "MPI_COMM_WORLD");
                assertEquals(4, call1(r, "MPI_Group_size", w));
                assertEquals(r.id(), call1(r, "MPI_Group_rank", w));
                Object a = call1(r, "MPI_Group_incl", w, 3, List.of(2, 0, 1));
                Object b = call1(r, "MPI_Group_excl", w, 2, List.of(0, 3));
                assertArrayEquals(new int[] {2, 0, 1}, ((Group) a).members());
                assertArrayEquals(new int[] {1, 2}, ((Group) b).members());
                assertArrayEquals(new int[] {2, 0, 1}, ((Group) call1(r, "MPI_Group_union", a, b)).members());
                assertArrayEquals(new int[] {2, 0, 1, 3}, ((Group) call1(r, "MPI_Group_union", a, w)).members());
                assertArrayEquals(new int[] {2, 1}, ((Group) call1(r, "MPI_Group_intersection", a, b)).members());
                assertArrayEquals(new int[] {0}, ((Group) call1(r, "MPI_Group_difference", a, b)).members());
                assertSame(Group.EMPTY, call1(r, "MPI_Group_difference", b, a));
                assertArrayEquals(new int[] {1, MpiConst.UNDEFINED, MpiConst.PROC_NULL},
                        (int[]) call1(r, "MPI_Group_translate_ranks", a, 3, List.of(0, 1, MpiConst.PROC_NULL), b));
                assertEquals(MpiConst.SIMILAR, call1(r, "MPI_Group_compare", call1(r, "MPI_Group_incl", w, 4, List.of(3, 2, 1, 0)), w));
                assertEquals(MpiConst.IDENT, call1(r, "MPI_Group_compare", call1(r, "MPI_Group_incl", w, 4, List.of(0, 1, 2, 3)), w));
                assertEquals(MpiConst.UNEQUAL, call1(r, "MPI_Group_compare", a, w));
                assertEquals(r.id() == 3 ? MpiConst.UNDEFINED : ((Group) a).rankOf(r.id()), call1(r, "MPI_Group_rank", a));
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Group_incl", w, 2, List.of(1, 1)));
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Group_excl", w, 1, List.of(4)));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Group_incl", w, 3, List.of(1)));
                assertSame(Handle.nullOf(HandleKind.GROUP), call1(r, "MPI_Group_free", a));
                expectError(ErrorClass.MPI_ERR_GROUP, () -> call(r, "MPI_Group_size", a));
                assertSame(Handle.nullOf(HandleKind.GROUP), call1(r, "MPI_Group_free", "MPI_GROUP_EMPTY")); // allowed, as in MPICH
                assertEquals(0, call1(r, "MPI_Group_size", "MPI_GROUP_EMPTY"));
            });
        }
    }

    /**
     * MPI-4.1 section 7.3.2, MPI_Group_range_incl / range_excl: triplets (first, last, stride), stride may be negative
     * but not 0, every rank valid and named once. The expected groups are those Open MPI 4 and MPICH 4 built for the
     * same triplets on 6 processes (/tmp test program run with mpirun.openmpi and mpiexec.mpich); both refused every
     * error case below (Open MPI with MPI_ERR_RANK, MPICH with MPI_ERR_ARG; mpish says ARG for a bad triplet, RANK for
     * a bad or repeated rank, as for MPI_Group_incl).
     */
    @Test
    void groupRanges() {
        try (TestJob t = new TestJob(6)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object w = call1(r, "MPI_Comm_group", "MPI_COMM_WORLD");
                List<Integer> two = List.of(4, 0, -2, 1, 3, 2);
                assertArrayEquals(new int[] {4, 2, 0, 1, 3}, ((Group) call1(r, "MPI_Group_range_incl", w, 2, two)).members());
                assertArrayEquals(new int[] {5}, ((Group) call1(r, "MPI_Group_range_excl", w, 2, two)).members());
                assertArrayEquals(new int[] {0, 3}, ((Group) call1(r, "MPI_Group_range_incl", w, 1, List.of(0, 5, 3))).members());
                assertArrayEquals(new int[] {4, 2, 0}, ((Group) call1(r, "MPI_Group_range_incl", w, 1, two)).members());
                assertSame(Group.EMPTY, call1(r, "MPI_Group_range_incl", w, 0, List.of()));
                assertSame(Group.EMPTY, call1(r, "MPI_Group_range_excl", w, 1, List.of(0, 5, 1)));
                Object sub = call1(r, "MPI_Group_range_incl", w, 1, List.of(5, 1, -2)); // world 5, 3, 1
                assertArrayEquals(new int[] {3}, ((Group) call1(r, "MPI_Group_range_incl", sub, 1, List.of(1, 1, 7))).members());
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Group_range_incl", w, 1, List.of(0, 3, 0)));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Group_range_excl", w, 1, List.of(0, 3, 0)));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Group_range_incl", w, 1, List.of(3, 0, 1)));
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Group_range_incl", w, 2, List.of(0, 2, 1, 2, 3, 1)));
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Group_range_excl", w, 2, List.of(0, 2, 1, 2, 3, 1)));
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Group_range_incl", w, 1, List.of(0, 6, 1)));
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Group_range_incl", w, 1, List.of(-1, 2, 1)));
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Group_range_incl", sub, 1, List.of(0, 3, 1)));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Group_range_incl", w, -1, List.of(0, 3, 1)));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Group_range_incl", w, 2, List.of(0, 3, 1)));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Group_range_incl", w, 1, List.of(0, 3)));
            });
        }
    }

    /**
     * MPI-4.1 section 7.4.2, MPI_Comm_create_group: collective over the group only (rank 0 and 2 never call it while
     * 3 and 1 build and use their communicator); the group's order gives the new ranks; a tag tells apart calls
     * with the same group. Checked against Open MPI 4 and MPICH 4 (a C program on 4 processes): group {3, 1} gives
     * world 3 rank 0, world 1 rank 1, size 2, a broadcast from its rank 0 delivers 3; a caller outside the group and
     * MPI_GROUP_EMPTY give MPI_COMM_NULL with success; tag -1 is MPI_ERR_TAG.
     */
    @Test
    void createGroupInvolvesOnlyTheGroup() {
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int me = r.id();
                Object w = call1(r, "MPI_Comm_group", "MPI_COMM_WORLD");
                Object g = call1(r, "MPI_Group_incl", w, 2, List.of(3, 1));
                if (me == 3 || me == 1) {
                    Object a = call1(r, "MPI_Comm_create_group", "MPI_COMM_WORLD", g, 7);
                    Object b = call1(r, "MPI_Comm_create_group", "MPI_COMM_WORLD", g, 8);
                    assertEquals(me == 3 ? 0 : 1, call1(r, "MPI_Comm_rank", a));
                    assertEquals(2, call1(r, "MPI_Comm_size", a));
                    assertEquals(MpiConst.CONGRUENT, call1(r, "MPI_Comm_compare", a, b));
                    long buf = r.memory().alloc(4);
                    r.memory().writeInt(buf, me);
                    call(r, "MPI_Bcast", buf, 1, "MPI_INT", 0, a);
                    assertEquals(3, r.memory().readInt(buf));
                    // the two tags made two communicators: a message on b is not received on a
                    if (me == 3) {
                        r.memory().writeInt(buf, 50);
                        call(r, "MPI_Send", buf, 1, "MPI_INT", 1, 0, b);
                        r.memory().writeInt(buf, 40);
                        call(r, "MPI_Send", buf, 1, "MPI_INT", 1, 0, a);
                    } else {
                        call(r, "MPI_Recv", buf, 1, "MPI_INT", 0, 0, a);
                        assertEquals(40, r.memory().readInt(buf));
                        call(r, "MPI_Recv", buf, 1, "MPI_INT", 0, 0, b);
                        assertEquals(50, r.memory().readInt(buf));
                    }
                    call(r, "MPI_Comm_free", a);
                    call(r, "MPI_Comm_free", b);
                }
                if (me == 0) {
                    assertSame(COMM_NULL, call1(r, "MPI_Comm_create_group", "MPI_COMM_WORLD", g, 7));
                    assertSame(COMM_NULL, call1(r, "MPI_Comm_create_group", "MPI_COMM_WORLD", "MPI_GROUP_EMPTY", 0));
                    Object self = call1(r, "MPI_Comm_group", "MPI_COMM_SELF");
                    expectError(ErrorClass.MPI_ERR_TAG, () -> call(r, "MPI_Comm_create_group", "MPI_COMM_WORLD", self, -1));
                    Object alone = call1(r, "MPI_Comm_create_group", "MPI_COMM_WORLD", self, 0);
                    assertEquals(1, call1(r, "MPI_Comm_size", alone));
                    // a member of the group outside comm: comm is MPI_COMM_SELF, the group {3, 1}
                    expectError(ErrorClass.MPI_ERR_GROUP, () -> call(r, "MPI_Comm_create_group", "MPI_COMM_SELF", g, 0));
                }
            });
        }
    }

    @Test
    void intercommunicatorsCreateMergeAndBroadcast() {
        try (TestJob t = new TestJob(5)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int me = r.id();
                int color = me < 2 ? 0 : 1; // groups {0,1} and {2,3,4}
                Object local = call1(r, "MPI_Comm_split", "MPI_COMM_WORLD", color, 0);
                Object inter = call1(r, "MPI_Intercomm_create", local, 0, "MPI_COMM_WORLD", color == 0 ? 2 : 0, 99);
                assertEquals(true, call1(r, "MPI_Comm_test_inter", inter));
                assertEquals(color == 0 ? 2 : 3, call1(r, "MPI_Comm_size", inter));
                assertEquals(color == 0 ? 3 : 2, call1(r, "MPI_Comm_remote_size", inter));
                Group remote = (Group) call1(r, "MPI_Comm_remote_group", inter);
                assertArrayEquals(color == 0 ? new int[] {2, 3, 4} : new int[] {0, 1}, remote.members());
                expectError(ErrorClass.MPI_ERR_COMM, () -> call(r, "MPI_Comm_remote_size", "MPI_COMM_WORLD"));
                // merge: the bigger group says high = false, so it comes first
                Object merged = call1(r, "MPI_Intercomm_merge", inter, color == 0);
                assertEquals(5, call1(r, "MPI_Comm_size", merged));
                assertEquals(color == 1 ? me - 2 : me + 3, call1(r, "MPI_Comm_rank", merged));
                // broadcast over the intercommunicator: rank 1 of group {0,1} is the root
                long buf = r.memory().alloc(12);
                if (me == 1) r.memory().write(buf, new byte[] {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0});
                int root = color == 1 ? 1 : me == 1 ? MpiConst.ROOT : MpiConst.PROC_NULL;
                call(r, "MPI_Bcast", buf, 3, "MPI_INT", root, inter);
                if (color == 1) assertEquals(3, r.memory().readInt(buf + 8));
                else if (me == 0) assertEquals(0, r.memory().readInt(buf + 8));
                // and over the merged intracommunicator from its rank 4 (world rank 1)
                if (me == 1) r.memory().writeInt(buf, 77);
                call(r, "MPI_Bcast", buf, 1, "MPI_INT", 4, merged);
                assertEquals(77, r.memory().readInt(buf));
                // an intercommunicator split keeps only colors present on both sides
                Object sub = call1(r, "MPI_Comm_split", inter, me % 2, 0);
                assertEquals(true, call1(r, "MPI_Comm_test_inter", sub));
                assertEquals(me % 2 == 0 ? (color == 0 ? 2 : 1) : 1, call1(r, "MPI_Comm_remote_size", sub)); // {0}|{2,4} and {1}|{3}
                Object dupInter = call1(r, "MPI_Comm_dup", inter);
                assertEquals(MpiConst.CONGRUENT, call1(r, "MPI_Comm_compare", dupInter, inter));
            });
        }
    }

    @Test
    void bcastChecksItsArguments() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = r.memory().alloc(8);
                expectError(ErrorClass.MPI_ERR_ROOT, () -> call(r, "MPI_Bcast", buf, 1, "MPI_INT", 2, "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_COUNT, () -> call(r, "MPI_Bcast", buf, -1, "MPI_INT", 0, "MPI_COMM_WORLD"));
                Object raw = call1(r, "MPI_Type_contiguous", 2, "MPI_INT");
                expectError(ErrorClass.MPI_ERR_TYPE, () -> call(r, "MPI_Bcast", buf, 1, raw, 0, "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_BUFFER, () -> call(r, "MPI_Bcast", buf, 3, "MPI_INT", 0, "MPI_COMM_SELF"));
                // the root sends more than a receiver has room for
                if (r.id() == 0) r.memory().writeLong(buf, 0x0102030405060708L);
                if (r.id() == 0) call(r, "MPI_Bcast", buf, 2, "MPI_INT", 0, "MPI_COMM_WORLD");
                else expectError(ErrorClass.MPI_ERR_TRUNCATE, () -> call(r, "MPI_Bcast", buf, 1, "MPI_INT", 0, "MPI_COMM_WORLD"));
            });
        }
    }
}
