package org.mpish.runtime.mpi.rma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_BUFFER;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_DISP;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_OP;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RANK;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RMA_RANGE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RMA_SYNC;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TYPE;
import static org.mpish.runtime.mpi.rma.RmaFixture.alloc;
import static org.mpish.runtime.mpi.rma.RmaFixture.create;
import static org.mpish.runtime.mpi.rma.RmaFixture.fails;
import static org.mpish.runtime.mpi.rma.RmaFixture.ok;
import static org.mpish.runtime.mpi.rma.RmaFixture.read;
import static org.mpish.runtime.mpi.rma.RmaFixture.readD;
import static org.mpish.runtime.mpi.rma.RmaFixture.write;
import static org.mpish.runtime.mpi.rma.RmaFixture.writeD;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Event;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.MpiConst;

/**
 * The passive-target fast paths (8-byte Fetch_and_op / Compare_and_swap, word-sized Put / Get): inside
 * MPI_Win_lock_all or MPI_Win_lock they give what the checked path gives, fall back to it for everything they do
 * not take (other ops, unaligned elements, buffers not used yet, tracing), and every error is still raised with
 * its class (R18, R20, R25, R26, R31, R33, R42).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RmaFastPathTest {

    @Test
    void fetchAndOpGivesTheCheckedPathsResultsForEveryKindOfOp() { // R25
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 64, 8);
                write(r, w.base(), "MPI_LONG", 40, 7, -5, 0, 3);
                writeD(r, w.base() + 24, 1.5);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    ok(r, "MPI_Win_lock_all", 0, w);
                    long two = alloc(r, "MPI_LONG", 2), res = r.memory().alloc(8);
                    for (int i = 0; i < 3; i++) ok(r, "MPI_Fetch_and_op", two, res, "MPI_LONG", 1, 0L, "MPI_SUM", w);
                    assertEquals(44, read(r, res, "MPI_LONG", 1)[0]);
                    ok(r, "MPI_Fetch_and_op", 0L, res, "MPI_LONG", 1, 0L, "MPI_NO_OP", w); // NULL origin with NO_OP
                    assertEquals(46, read(r, res, "MPI_LONG", 1)[0]);
                    ok(r, "MPI_Fetch_and_op", two, res, "MPI_LONG", 1, 1L, "MPI_REPLACE", w);
                    assertEquals(7, read(r, res, "MPI_LONG", 1)[0]);
                    ok(r, "MPI_Fetch_and_op", alloc(r, "MPI_LONG", 9), res, "MPI_LONG", 1, 2L, "MPI_MAX", w); // a CAS loop
                    assertEquals(-5, read(r, res, "MPI_LONG", 1)[0]);
                    ok(r, "MPI_Fetch_and_op", alloc(r, "MPI_LONG", -1), res, "MPI_UNSIGNED_LONG", 1, 4L, "MPI_SUM", w);
                    assertEquals(3, read(r, res, "MPI_UNSIGNED_LONG", 1)[0]);
                    long half = r.memory().alloc(8);
                    writeD(r, half, 0.25);
                    ok(r, "MPI_Fetch_and_op", half, res, "MPI_DOUBLE", 1, 3L, "MPI_SUM", w); // floating point: not an add
                    assertEquals(1.5, readD(r, res, 1)[0]);
                    fails(MPI_ERR_OP, r, "MPI_Fetch_and_op", half, res, "MPI_DOUBLE", 1, 3L, "MPI_BAND", w);
                    ok(r, "MPI_Win_unlock_all", w);
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 1) {
                    assertEquals(List.of(46L, 2L, 9L), List.of(read(r, w.base(), "MPI_LONG", 3)[0], read(r, w.base(), "MPI_LONG", 3)[1],
                            read(r, w.base(), "MPI_LONG", 3)[2]));
                    assertEquals(1.75, readD(r, w.base() + 24, 1)[0]);
                    assertEquals(2, read(r, w.base() + 32, "MPI_LONG", 1)[0]); // 3 + (2^64 - 1), wrapped
                }
            });
        }
    }

    @Test
    void unalignedEightByteElementsAndFreshBuffersTakeTheCheckedPath() { // R25, R26, R50
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 64, 1);
                write(r, w.base() + 4, "MPI_LONG", 100);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    ok(r, "MPI_Win_lock_all", 0, w);
                    // every buffer below is used for the first time: not among the recently used blocks
                    long res = r.memory().alloc(8);
                    ok(r, "MPI_Fetch_and_op", alloc(r, "MPI_LONG", 5), res, "MPI_LONG", 1, 4L, "MPI_SUM", w); // byte 4: unaligned
                    assertEquals(100, read(r, res, "MPI_LONG", 1)[0]);
                    ok(r, "MPI_Compare_and_swap", alloc(r, "MPI_LONG", 1), alloc(r, "MPI_LONG", 105), res, "MPI_LONG", 1, 4L, w);
                    assertEquals(105, read(r, res, "MPI_LONG", 1)[0]);
                    ok(r, "MPI_Compare_and_swap", alloc(r, "MPI_LONG", 2), alloc(r, "MPI_LONG", 105), res, "MPI_LONG", 1, 4L, w);
                    assertEquals(1, read(r, res, "MPI_LONG", 1)[0], "no swap: 1 != 105");
                    ok(r, "MPI_Win_unlock_all", w);
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 1) assertEquals(1, read(r, w.base() + 4, "MPI_LONG", 1)[0]);
            });
        }
    }

    @Test
    void errorsInsideAPassiveEpochStillHaveTheirClassesAndChangeNothing() { // R18, R20, R25, R26, R31, R33
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 16, 8);
                write(r, w.base(), "MPI_LONG", 11, 22);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    long one = alloc(r, "MPI_LONG", 1), res = alloc(r, "MPI_LONG", 0), cmp = alloc(r, "MPI_LONG", 22);
                    fails(MPI_ERR_RMA_SYNC, r, "MPI_Fetch_and_op", one, res, "MPI_LONG", 1, 0L, "MPI_SUM", w); // no epoch yet
                    ok(r, "MPI_Win_lock_all", 0, w);
                    ok(r, "MPI_Fetch_and_op", one, res, "MPI_LONG", 1, 0L, "MPI_SUM", w); // the buffers are now recent
                    ok(r, "MPI_Compare_and_swap", one, cmp, res, "MPI_LONG", 1, 1L, w);
                    fails(MPI_ERR_RMA_RANGE, r, "MPI_Fetch_and_op", one, res, "MPI_LONG", 1, 2L, "MPI_SUM", w);
                    fails(MPI_ERR_RMA_RANGE, r, "MPI_Compare_and_swap", one, cmp, res, "MPI_LONG", 1, 2L, w);
                    fails(MPI_ERR_DISP, r, "MPI_Fetch_and_op", one, res, "MPI_LONG", 1, -1L, "MPI_SUM", w);
                    fails(MPI_ERR_RANK, r, "MPI_Fetch_and_op", one, res, "MPI_LONG", 2, 0L, "MPI_SUM", w);
                    fails(MPI_ERR_RANK, r, "MPI_Compare_and_swap", one, cmp, res, "MPI_LONG", -7, 0L, w);
                    ok(r, "MPI_Fetch_and_op", one, res, "MPI_LONG", MpiConst.PROC_NULL, 0L, "MPI_SUM", w); // R31
                    fails(MPI_ERR_BUFFER, r, "MPI_Fetch_and_op", one + 4, res, "MPI_LONG", 1, 0L, "MPI_SUM", w); // runs past its block
                    fails(MPI_ERR_BUFFER, r, "MPI_Fetch_and_op", one, 0x7000_0000L, "MPI_LONG", 1, 0L, "MPI_SUM", w);
                    fails(MPI_ERR_BUFFER, r, "MPI_Compare_and_swap", one, cmp + 1, res, "MPI_LONG", 1, 0L, w);
                    fails(MPI_ERR_TYPE, r, "MPI_Compare_and_swap", one, cmp, res, "MPI_DOUBLE", 1, 0L, w);
                    Datatype two = RmaFixture.type(r, "MPI_LONG").contiguous(1);
                    two.commit();
                    fails(MPI_ERR_TYPE, r, "MPI_Fetch_and_op", one, res, two, 1, 0L, "MPI_SUM", w); // predefined only
                    ok(r, "MPI_Win_unlock_all", w);
                    fails(MPI_ERR_RMA_SYNC, r, "MPI_Compare_and_swap", one, cmp, res, "MPI_LONG", 1, 0L, w);
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 1) assertEquals(List.of(12L, 1L), List.of(read(r, w.base(), "MPI_LONG", 2)[0], read(r, w.base(), "MPI_LONG", 2)[1]));
            });
        }
    }

    @Test
    void aLockOnOneTargetCoversOnlyThatTarget() { // R42, R46
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                Win w = create(r, 16, 8);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    long one = alloc(r, "MPI_LONG", 1), res = r.memory().alloc(8);
                    ok(r, "MPI_Win_lock", RmaModes.LOCK_SHARED, 1, 0, w);
                    for (int i = 0; i < 3; i++) ok(r, "MPI_Fetch_and_op", one, res, "MPI_LONG", 1, 0L, "MPI_SUM", w);
                    ok(r, "MPI_Put", one, 1, "MPI_LONG", 1, 1L, 1, "MPI_LONG", w);
                    assertEquals(4, RmaWindow.of(w).epochs(0).pending(1));
                    ok(r, "MPI_Win_flush", 1, w);
                    assertEquals(0, RmaWindow.of(w).epochs(0).pending(1));
                    fails(MPI_ERR_RMA_SYNC, r, "MPI_Fetch_and_op", one, res, "MPI_LONG", 2, 0L, "MPI_SUM", w);
                    fails(MPI_ERR_RMA_SYNC, r, "MPI_Put", one, 1, "MPI_LONG", 2, 0L, 1, "MPI_LONG", w);
                    fails(MPI_ERR_RMA_SYNC, r, "MPI_Win_flush", 2, w);
                    ok(r, "MPI_Win_unlock", 1, w);
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 1) assertEquals(List.of(3L, 1L), List.of(read(r, w.base(), "MPI_LONG", 2)[0], read(r, w.base(), "MPI_LONG", 2)[1]));
            });
        }
    }

    @Test
    void wordSizedPutAndGetInsideLockAll() { // R17, R19, R20
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Win w = create(r, 32, 1);
                write(r, w.base(), "MPI_LONG", 0x1122334455667788L, 0, 0, 0);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    ok(r, "MPI_Win_lock_all", 0, w);
                    long src = alloc(r, "MPI_LONG", 42, 43), dst = r.memory().alloc(16);
                    for (int i = 0; i < 2; i++) {
                        ok(r, "MPI_Put", src, 8, "MPI_BYTE", 1, 8L, 8, "MPI_BYTE", w);
                        ok(r, "MPI_Put", src + 8, 1, "MPI_INT", 1, 20L, 1, "MPI_INT", w);
                        ok(r, "MPI_Get", dst, 1, "MPI_LONG", 1, 0L, 1, "MPI_LONG", w);
                        ok(r, "MPI_Get", dst + 8, 4, "MPI_BYTE", 1, 4L, 4, "MPI_BYTE", w);
                    }
                    assertEquals(0x1122334455667788L, read(r, dst, "MPI_LONG", 1)[0]);
                    assertEquals(0x11223344L, read(r, dst + 8, "MPI_INT", 1)[0]);
                    fails(MPI_ERR_RMA_RANGE, r, "MPI_Put", src, 8, "MPI_BYTE", 1, 28L, 8, "MPI_BYTE", w);
                    fails(ErrorClass.MPI_ERR_TRUNCATE, r, "MPI_Put", src, 8, "MPI_BYTE", 1, 0L, 4, "MPI_BYTE", w);
                    fails(MPI_ERR_TYPE, r, "MPI_Put", src, 2, "MPI_INT", 1, 0L, 1, "MPI_LONG", w); // R19
                    fails(MPI_ERR_BUFFER, r, "MPI_Get", dst + 12, 8, "MPI_BYTE", 1, 0L, 8, "MPI_BYTE", w);
                    ok(r, "MPI_Win_unlock_all", w);
                }
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 1) {
                    assertEquals(42, read(r, w.base() + 8, "MPI_LONG", 1)[0]);
                    assertEquals(43, read(r, w.base() + 20, "MPI_INT", 1)[0]);
                }
            });
        }
    }

    @Test
    void operationsAreTracedWhileATraceListens() { // the fast paths leave tracing to the checked path
        try (TestJob t = new TestJob(2)) {
            List<Event> events = t.record();
            t.spmd(r -> {
                Win w = create(r, 16, 8);
                ok(r, "MPI_Barrier", "MPI_COMM_WORLD");
                if (r.id() == 0) {
                    ok(r, "MPI_Win_lock_all", 0, w);
                    long one = alloc(r, "MPI_LONG", 1), res = r.memory().alloc(8);
                    for (int i = 0; i < 2; i++) {
                        ok(r, "MPI_Fetch_and_op", one, res, "MPI_LONG", 1, 0L, "MPI_SUM", w);
                        ok(r, "MPI_Compare_and_swap", one, res, res, "MPI_LONG", 1, 1L, w);
                        ok(r, "MPI_Put", one, 1, "MPI_LONG", 1, 1L, 1, "MPI_LONG", w);
                    }
                    ok(r, "MPI_Win_unlock_all", w);
                }
            });
            List<String> kinds;
            synchronized (events) {
                kinds = events.stream().filter(e -> e.family().equals("rma")).map(Event::kind).toList();
            }
            assertEquals(2, kinds.stream().filter("fetch_and_op"::equals).count(), kinds.toString());
            assertEquals(2, kinds.stream().filter("compare_and_swap"::equals).count(), kinds.toString());
            assertEquals(2, kinds.stream().filter("put"::equals).count(), kinds.toString());
            assertTrue(kinds.contains("completed"), kinds.toString());
        }
    }
}
