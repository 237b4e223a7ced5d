package org.mpish.runtime.mpi.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Event;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;

/**
 * Partitioned point-to-point communication, MPI-4.1 chapter 4: MPI_Psend_init / MPI_Precv_init matched in
 * initialization order (4.2.2), partitions marked ready in any order (4.2.3), MPI_Parrived (4.2.4), completion
 * with the request calls, and the erroneous uses the chapter names.
 */
@Timeout(120)
class PartitionedTest {
    static final int PARTS = 4, PER = 2;

    private static void barrier(Rank r) { call(r, "MPI_Barrier", "MPI_COMM_WORLD"); }

    private static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, out);
        return out;
    }

    private static void permute(int[] p, boolean[] used, int k, List<int[]> out) {
        if (k == p.length) { out.add(p.clone()); return; }
        for (int i = 0; i < p.length; i++) {
            if (used[i]) continue;
            used[i] = true;
            p[k] = i;
            permute(p, used, k + 1, out);
            used[i] = false;
        }
    }

    @Test
    void partitionsArriveInEveryOrderTheyAreMarkedAndParrivedSeesExactlyThose() {
        List<int[]> orders = permutations(PARTS);
        assertEquals(24, orders.size());
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Memory m = r.memory();
                long buf = m.alloc(PARTS * PER * 4L);
                Object req = r.id() == 0
                        ? call1(r, "MPI_Psend_init", buf, PARTS, (long) PER, "MPI_INT", 1, 9, "MPI_COMM_WORLD", "MPI_INFO_NULL")
                        : call1(r, "MPI_Precv_init", buf, PARTS, (long) PER, "MPI_INT", 0, 9, "MPI_COMM_WORLD", "MPI_INFO_NULL");
                for (int round = 0; round < orders.size(); round++) {
                    int[] order = orders.get(round);
                    for (int i = 0; i < PARTS * PER; i++) m.writeInt(buf + 4L * i, r.id() == 0 ? 1000 * round + i : -1);
                    call(r, "MPI_Start", req);
                    barrier(r); // the receiver has started this round
                    boolean[] marked = new boolean[PARTS];
                    for (int k = 0; k < PARTS; k++) {
                        if (r.id() == 0) call(r, "MPI_Pready", order[k], req);
                        marked[order[k]] = true;
                        barrier(r);
                        if (r.id() == 1) {
                            for (int j = 0; j < PARTS; j++) {
                                assertEquals(marked[j], call1(r, "MPI_Parrived", req, j), "round " + round + " after " + (k + 1) + " marks, partition " + j);
                                // an arrived partition holds the sender's data already
                                if (marked[j]) assertEquals(1000 * round + j * PER, m.readInt(buf + 4L * j * PER));
                            }
                        }
                        barrier(r);
                    }
                    call(r, "MPI_Wait", req);
                    if (r.id() == 1) for (int i = 0; i < PARTS * PER; i++) assertEquals(1000 * round + i, m.readInt(buf + 4L * i));
                }
                call(r, "MPI_Request_free", req);
            }, 100);
        }
    }

    @Test
    void partitionsMarkedBeforeTheReceiverStartsMoveWhenItStarts() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Memory m = r.memory();
                long buf = m.alloc(32);
                for (int i = 0; i < 8; i++) m.writeInt(buf + 4L * i, r.id() == 0 ? 50 + i : 0);
                if (r.id() == 0) {
                    Object q = call1(r, "MPI_Psend_init", buf, 4, 2L, "MPI_INT", 1, 0, "MPI_COMM_WORLD", "MPI_INFO_NULL");
                    call(r, "MPI_Start", q);
                    call(r, "MPI_Pready_range", 0, 3, q);
                    barrier(r);
                    call(r, "MPI_Wait", q);
                } else {
                    barrier(r); // every partition is ready before this side even exists
                    Object q = call1(r, "MPI_Precv_init", buf, 4, 2L, "MPI_INT", 0, 0, "MPI_COMM_WORLD", "MPI_INFO_NULL");
                    call(r, "MPI_Start", q);
                    Object[] st = call(r, "MPI_Wait", q);
                    for (int i = 0; i < 8; i++) assertEquals(50 + i, m.readInt(buf + 4L * i));
                    org.mpish.runtime.mpi.Status s = (org.mpish.runtime.mpi.Status) st[1];
                    assertEquals(0, s.source());
                    assertEquals(0, s.tag());
                    assertEquals(32, s.bytes());
                }
            });
        }
    }

    @Test
    void sidesMayCutTheMessageDifferentlyAndAReceivePartitionArrivesWithAllItsBytes() {
        // 4.2: the partitionings may differ if the data is the same: 4 x 2 ints sent, 2 x 4 ints received
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Memory m = r.memory();
                long buf = m.alloc(32);
                for (int i = 0; i < 8; i++) m.writeInt(buf + 4L * i, r.id() == 0 ? 7 * i : 0);
                Object q = r.id() == 0
                        ? call1(r, "MPI_Psend_init", buf, 4, 2L, "MPI_INT", 1, 3, "MPI_COMM_WORLD", "MPI_INFO_NULL")
                        : call1(r, "MPI_Precv_init", buf, 2, 4L, "MPI_INT", 0, 3, "MPI_COMM_WORLD", "MPI_INFO_NULL");
                call(r, "MPI_Start", q);
                barrier(r);
                if (r.id() == 0) call(r, "MPI_Pready_list", 2, List.of(0L, 3L), q);
                barrier(r);
                if (r.id() == 1) {
                    assertEquals(false, call1(r, "MPI_Parrived", q, 0)); // needs sender partitions 0 and 1
                    assertEquals(false, call1(r, "MPI_Parrived", q, 1)); // needs 2 and 3
                }
                barrier(r);
                if (r.id() == 0) call(r, "MPI_Pready", 1, q);
                barrier(r);
                if (r.id() == 1) {
                    assertEquals(true, call1(r, "MPI_Parrived", q, 0));
                    assertEquals(false, call1(r, "MPI_Parrived", q, 1));
                }
                barrier(r);
                if (r.id() == 0) call(r, "MPI_Pready", 2, q);
                call(r, "MPI_Wait", q);
                if (r.id() == 1) for (int i = 0; i < 8; i++) assertEquals(7 * i, m.readInt(buf + 4L * i));
            });
        }
    }

    @Test
    void erroneousUsesAreErrorsNamingThePartitionOrRequest() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = r.memory().alloc(64);
                if (r.id() == 0) {
                    Object q = call1(r, "MPI_Psend_init", buf, 4, 2L, "MPI_INT", 1, 1, "MPI_COMM_WORLD", "MPI_INFO_NULL");
                    var e = expectError(ErrorClass.MPI_ERR_REQUEST, () -> call(r, "MPI_Pready", 0, q)); // before MPI_Start
                    assertTrue(e.getMessage().contains("MPI_Start"), e.getMessage());
                    call(r, "MPI_Start", q);
                    call(r, "MPI_Pready", 0, q);
                    e = expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Pready", 0, q)); // twice in one round
                    assertTrue(e.getMessage().contains("partition 0") && e.getMessage().contains("already"), e.getMessage());
                    e = expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Pready", 4, q));
                    assertTrue(e.getMessage().contains("partition 4 is out of range"), e.getMessage());
                    expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Pready_range", 2, 1, q));
                    expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Pready_list", 2, List.of(2L, 2L), q));
                    expectError(ErrorClass.MPI_ERR_REQUEST, () -> call(r, "MPI_Parrived", q, 0)); // not a receive
                    call(r, "MPI_Pready_range", 1, 3, q);
                    call(r, "MPI_Wait", q);
                    // wildcards and MPI_PROC_NULL are not for partitioned communication
                    expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Psend_init", buf, 1, 1L, "MPI_INT", -1, 0, "MPI_COMM_WORLD", "MPI_INFO_NULL"));
                    expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Psend_init", buf, 0, 1L, "MPI_INT", 1, 0, "MPI_COMM_WORLD", "MPI_INFO_NULL"));
                    // the second side of a pair that does not describe the same amount of data
                    call1(r, "MPI_Psend_init", buf, 2, 2L, "MPI_INT", 1, 2, "MPI_COMM_WORLD", "MPI_INFO_NULL");
                    barrier(r);
                } else {
                    Object q = call1(r, "MPI_Precv_init", buf, 4, 2L, "MPI_INT", 0, 1, "MPI_COMM_WORLD", "MPI_INFO_NULL");
                    call(r, "MPI_Start", q);
                    var e = expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Parrived", q, 9));
                    assertTrue(e.getMessage().contains("partition 9"), e.getMessage());
                    call(r, "MPI_Wait", q);
                    expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Precv_init", buf, 1, 1L, "MPI_INT", -2, 0, "MPI_COMM_WORLD", "MPI_INFO_NULL"));
                    expectError(ErrorClass.MPI_ERR_TAG, () -> call(r, "MPI_Precv_init", buf, 1, 1L, "MPI_INT", 0, -1, "MPI_COMM_WORLD", "MPI_INFO_NULL"));
                    barrier(r);
                    expectError(ErrorClass.MPI_ERR_TRUNCATE, () -> call(r, "MPI_Precv_init", buf, 2, 1L, "MPI_INT", 0, 2, "MPI_COMM_WORLD", "MPI_INFO_NULL"));
                }
            });
        }
    }

    @Test
    void theTraceShowsPartitionsMarkedAndArriving() {
        try (TestJob t = new TestJob(2)) {
            List<Event> events = t.record();
            t.spmd(r -> {
                long buf = r.memory().alloc(16);
                Object q = r.id() == 0
                        ? call1(r, "MPI_Psend_init", buf, 2, 2L, "MPI_INT", 1, 0, "MPI_COMM_WORLD", "MPI_INFO_NULL")
                        : call1(r, "MPI_Precv_init", buf, 2, 2L, "MPI_INT", 0, 0, "MPI_COMM_WORLD", "MPI_INFO_NULL");
                call(r, "MPI_Start", q);
                barrier(r);
                if (r.id() == 0) {
                    call(r, "MPI_Pready", 1, q);
                    call(r, "MPI_Pready", 0, q);
                }
                call(r, "MPI_Wait", q);
            });
            List<String> part = events.stream().filter(e -> e.family().equals("part")).map(e -> e.rank() + " " + e.kind() + " " + e.text()).toList();
            assertEquals(4, part.size(), part.toString());
            assertTrue(part.get(0).startsWith("0 ready") && part.get(0).contains("[1]"), part.toString());
            assertTrue(part.get(1).startsWith("1 arrived") && part.get(1).contains("[1]"), part.toString());
            assertTrue(part.get(2).startsWith("0 ready") && part.get(2).contains("[0]"), part.toString());
            assertTrue(part.get(3).startsWith("1 arrived") && part.get(3).contains("[0]"), part.toString());
        }
    }
}
