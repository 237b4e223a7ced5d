package org.mpish.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.catalog.ArgError;
import org.mpish.runtime.catalog.CallHandle;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * A call bound once ({@link Catalogue#bind}) is the same choke point as {@code Invoker}: its argument checks, the
 * int form's count check, error handlers, the initialised check and tracing all apply to it.
 */
class CallHandleTest {
    private static final Catalogue CAT = Catalogue.get();
    private static final CallHandle PUT = CAT.bind("MPI_Put"), FLUSH = CAT.bind("MPI_Win_flush");

    @Test
    void eachCallHasOneHandleWithItsOwnInvokingCode() {
        assertSame(PUT, CAT.bind("mpi_put"), "bound once, the same handle for any spelling");
        assertSame(PUT, CAT.bind(CAT.call("MPI_Put")));
        assertEquals("MPI_Put", PUT.call().name());
        assertTrue(PUT.getClass().isHidden(), "a copy of the invoker for this call");
        assertNotSame(PUT.getClass(), FLUSH.getClass(), "two calls, two copies (one call site each for the JIT)");
        assertEquals(null, CAT.bind("MPI_No_such_call"));
    }

    @Test
    void aBoundPutLandsAndIsCheckedTracedAndRoutedToTheWindowsHandler() {
        try (TestJob t = new TestJob(2)) {
            long[] base = new long[2];
            Object[] win = new Object[2];
            t.spmd(r -> {
                Object[] o = TestJob.call(r, "MPI_Win_allocate", 64L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                base[r.id()] = (Long) o[0];
                win[r.id()] = o[1];
                TestJob.call(r, "MPI_Win_set_errhandler", win[r.id()], "MPI_ERRORS_RETURN");
            });
            long origin = t.on(0, () -> {
                Rank r = r0(t);
                long o = r.memory().alloc(8);
                r.memory().segment(o, 8).set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 0x5eed_cafeL);
                TestJob.call(r, "MPI_Win_lock_all", 0, win[0]);
                // no one traces: the handle's short path
                PUT.invoke(r, o, 8, "MPI_BYTE", 1, 16L, 8, "MPI_BYTE", win[0]);
                FLUSH.invoke(r, 1, win[0]);
                checks(r, o, win[0]);
                return o;
            });
            List<Event> events = t.record();
            t.on(0, () -> {
                Rank r = r0(t);
                // traced: the full path, the same checks, and a begin and an end for each call
                PUT.invoke(r, origin, 8, "MPI_BYTE", 1, 24L, 8, "MPI_BYTE", win[0]);
                checks(r, origin, win[0]);
                TestJob.call(r, "MPI_Win_unlock_all", win[0]);
                return null;
            });
            long traced = events.stream().filter(e -> e.rank() == 0 && e.family().equals("call") && e.text().equals("MPI_Put")).count();
            assertEquals(2 * 3, traced, "begin and end of each of the three MPI_Put that got past the count check: " + events);
            t.spmd(r -> TestJob.call(r, "MPI_Barrier", "MPI_COMM_WORLD"));
            assertEquals(0x5eed_cafeL, t.rank(1).memory().segment(base[1] + 16, 8).get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            assertEquals(0x5eed_cafeL, t.rank(1).memory().segment(base[1] + 24, 8).get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            t.spmd(r -> TestJob.call(r, "MPI_Win_free", win[r.id()]));
        }
    }

    @Test
    void aBoundCallAfterFinalizeIsAnError() {
        try (TestJob t = new TestJob(1)) {
            CallHandle rank = CAT.bind("MPI_Comm_rank");
            t.on(0, () -> {
                Rank r = r0(t);
                TestJob.returnErrors(r);
                assertEquals(0, rank.invoke(r, "MPI_COMM_WORLD")[0]);
                TestJob.call(r, "MPI_Finalize");
                // MPI-4.1 section 11.2.2: after MPI_Finalize only the calls listed there may be made
                MpiException e = assertThrows(MpiException.class, () -> rank.invoke(r, "MPI_COMM_WORLD"));
                assertTrue(e.getMessage().contains("after MPI_Finalize"), e.getMessage());
                return null;
            });
        }
    }

    /** What a bound MPI_Put refuses, as any catalogued call would. */
    private static void checks(Rank r, long origin, Object win) {
        // the argument count is checked before anything runs
        ArgError count = assertThrows(ArgError.class, () -> PUT.invoke(r, origin, 8, "MPI_BYTE", 1, 16L, 8, "MPI_BYTE"));
        assertTrue(count.getMessage().startsWith("MPI_Put takes 8 arguments"), count.getMessage());
        // MPI-4.1 section 2.5.8: a count beyond an int is for MPI_Put_c; the int form reports MPI_ERR_COUNT
        MpiException big = assertThrows(MpiException.class,
                () -> PUT.invoke(r, origin, 1L << 31, "MPI_BYTE", 1, 16L, 8, "MPI_BYTE", win));
        assertEquals(ErrorClass.MPI_ERR_COUNT, big.errorClass(), big.getMessage());
        // a target rank outside the window's group is MPI_ERR_RANK, returned by the window's handler
        MpiException rank = assertThrows(MpiException.class, () -> PUT.invoke(r, origin, 8, "MPI_BYTE", 5, 16L, 8, "MPI_BYTE", win));
        assertEquals(ErrorClass.MPI_ERR_RANK, rank.errorClass(), rank.getMessage());
    }

    private static Rank r0(TestJob t) { return t.rank(0); }
}
