package org.mpish.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.catalog.ArgError;
import org.mpish.runtime.catalog.CallHandle;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;
import org.mpish.runtime.catalog.Engine;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.err.ErrhandlerFn;

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

    // ---- the typed entry (CallHandle.typed): the same guarantees with no argument array -------------------------

    private static final MethodHandle PUT_T = PUT.typed(), FLUSH_T = FLUSH.typed(), GET_ATTR_T = CAT.bind("MPI_Comm_get_attr").typed();

    @Test
    void theTypedEntryTakesTheInputsAsTheDeclarationTypesThem() {
        // MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype, int target_rank, MPI_Aint target_disp,
        //         int target_count, MPI_Datatype, MPI_Win): MPI-4.1 section 12.3.1; MPI_Put_c takes MPI_Count counts
        assertEquals(MethodType.methodType(void.class, Rank.class, long.class, int.class, Object.class, int.class, long.class,
                int.class, Object.class, Object.class), PUT_T.type());
        assertEquals(MethodType.methodType(void.class, Rank.class, long.class, long.class, Object.class, int.class, long.class,
                long.class, Object.class, Object.class), CAT.bind("MPI_Put_c").typed().type());
        assertEquals(MethodType.methodType(void.class, Rank.class, int.class, Object.class), FLUSH_T.type());
        // two outputs (attribute_val, flag) come as an array, in declaration order
        assertEquals(MethodType.methodType(Object[].class, Rank.class, Object.class, Object.class), GET_ATTR_T.type());
        assertEquals(null, CAT.bind("MPI_Comm_rank").typed(), "a call declared without a typed body has no typed entry");
    }

    /** Two ranks with a window each (MPI_ERRORS_RETURN on WORLD and SELF), rank 0 inside MPI_Win_lock_all. */
    private static Object[] windows(TestJob t, long[] base) {
        Object[] win = new Object[2];
        t.spmd(r -> {
            TestJob.returnErrors(r);
            Object[] o = TestJob.call(r, "MPI_Win_allocate", 64L, 1, "MPI_INFO_NULL", "MPI_COMM_WORLD");
            base[r.id()] = (Long) o[0];
            win[r.id()] = o[1];
            // a window's own handler is MPI_ERRORS_ARE_FATAL until set (MPI-4.1 section 9.3)
            TestJob.call(r, "MPI_Win_set_errhandler", win[r.id()], "MPI_ERRORS_RETURN");
        });
        t.on(0, () -> TestJob.call(t.rank(0), "MPI_Win_lock_all", 0, win[0]));
        return win;
    }

    private static long target(TestJob t, long[] base, int disp) {
        t.spmd(r -> TestJob.call(r, "MPI_Barrier", "MPI_COMM_WORLD"));
        return t.rank(1).memory().segment(base[1] + disp, 8).get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
    }

    private static Object constant(Rank r, String name) { return CAT.constant(name).value().apply(r); }

    private static void put(Rank r, long o, int n, Object type, int target, long disp, Object win) throws Throwable {
        PUT_T.invokeExact(r, o, n, type, target, disp, n, type, win);
    }

    @Test
    void aTypedPutLandsAndChecksItsArgumentsWithTheDocumentedClasses() throws Throwable {
        try (TestJob t = new TestJob(2)) {
            long[] base = new long[2];
            Object[] win = windows(t, base);
            on0(t, r -> {
                long o = r.memory().alloc(8);
                r.memory().segment(o, 8).set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 0xfeed_beefL);
                Object bytes = constant(r, "MPI_BYTE");
                put(r, o, 8, bytes, 1, 8L, win[0]);
                FLUSH_T.invokeExact(r, 1, win[0]);
                // MPI-4.1 section 12.2: errors of an RMA call are raised on the window (here MPI_ERRORS_RETURN, as on WORLD)
                assertEquals(ErrorClass.MPI_ERR_RANK, classOf(() -> put(r, o, 8, bytes, 2, 8L, win[0])), "target rank beyond the group");
                assertEquals(ErrorClass.MPI_ERR_TYPE, classOf(() -> put(r, o, 8, constant(r, "MPI_DATATYPE_NULL"), 1, 8L, win[0])));
                assertEquals(ErrorClass.MPI_ERR_WIN, classOf(() -> put(r, o, 8, bytes, 1, 8L, constant(r, "MPI_WIN_NULL"))));
                // a handle of another kind where a window belongs: the window's class, as on the Object[] way
                assertEquals(ErrorClass.MPI_ERR_WIN, classOf(() -> { FLUSH_T.invokeExact(r, 1, constant(r, "MPI_COMM_WORLD")); }));
                // a name, as the shell passes it, is looked up (the Object[] way converts it), and the put lands
                PUT_T.invokeExact(r, o, 8, (Object) "MPI_BYTE", 1, 24L, 8, (Object) "MPI_BYTE", win[0]);
                FLUSH_T.invokeExact(r, 1, win[0]);
                ArgError e = assertThrows(ArgError.class, () -> put(r, o, 8, "MPI_NO_SUCH_TYPE", 1, 8L, win[0]));
                assertTrue(e.getMessage().startsWith("origin_datatype: "), e.getMessage());
            });
            assertEquals(0xfeed_beefL, target(t, base, 8));
            assertEquals(0xfeed_beefL, target(t, base, 24));
        }
    }

    @Test
    void aTypedRputAndRgetReturnTheirRequests() throws Throwable {
        // MPI-4.1 section 12.3.5: MPI_Rput and MPI_Rget return a request whose completion (MPI_Wait) is local
        // completion: the origin buffer may be reused after an Rput, and holds the data after an Rget
        MethodHandle rput = CAT.bind("MPI_Rput").typed(), rget = CAT.bind("MPI_Rget").typed(), wait = CAT.bind("MPI_Wait").typed();
        assertEquals(MethodType.methodType(Object.class, Rank.class, long.class, int.class, Object.class, int.class, long.class,
                int.class, Object.class, Object.class), rput.type());
        try (TestJob t = new TestJob(2)) {
            long[] base = new long[2];
            Object[] win = windows(t, base);
            on0(t, r -> {
                long o = r.memory().alloc(16);
                r.memory().segment(o, 8).set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 0x7e57_0b0eL);
                Object bytes = constant(r, "MPI_BYTE");
                Object q = (Object) rput.invokeExact(r, o, 8, bytes, 1, 32L, 8, bytes, win[0]);
                assertEquals(org.mpish.runtime.mpi.HandleKind.REQUEST, ((Handle) q).kind());
                Object[] done = (Object[]) wait.invokeExact(r, q);
                assertTrue(((Handle) done[0]).isNull(), "MPI_Wait sets the request to MPI_REQUEST_NULL");
                TestJob.call(r, "MPI_Win_flush", 1, win[0]);
                q = (Object) rget.invokeExact(r, o + 8, 8, bytes, 1, 32L, 8, bytes, win[0]);
                done = (Object[]) wait.invokeExact(r, q);
                assertEquals(0x7e57_0b0eL, r.memory().segment(o + 8, 8).get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
                // the request-based calls check their arguments as MPI_Put does: a null datatype is MPI_ERR_TYPE
                Object nullType = constant(r, "MPI_DATATYPE_NULL");
                assertEquals(ErrorClass.MPI_ERR_TYPE, classOf(() -> { Object x = (Object) rput.invokeExact(r, o, 8, nullType, 1, 32L, 8, bytes, win[0]); }));
            });
            assertEquals(0x7e57_0b0eL, target(t, base, 32));
        }
    }

    private interface Typed { void run() throws Throwable; }

    private interface Body { void run(Rank r) throws Throwable; }

    /** Runs {@code body} on rank 0 (invokeExact throws Throwable). */
    private static void on0(TestJob t, Body body) {
        t.on(0, () -> {
            try {
                body.run(t.rank(0));
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
            return null;
        });
    }

    private static int classOf(Typed call) {
        MpiException e = assertThrows(MpiException.class, call::run);
        return e.errorClass();
    }

    @Test
    void aTypedCallsErrorGoesToItsWindowsHandlerOnceWhileTheCallIsCurrent() throws Throwable {
        try (TestJob t = new TestJob(2)) {
            long[] base = new long[2];
            Object[] win = windows(t, base);
            List<String> seen = new ArrayList<>();
            on0(t, r -> {
                ErrhandlerFn fn = new ErrhandlerFn() {
                    @Override public void handle(Handle object, int code) {
                        seen.add(object.name() + " " + MpiProcess(r).errorClassOf(code) + " in " + r.currentCallNumber());
                    }
                    @Override public String describe() { return "counting handler"; }
                };
                Object eh = TestJob.call(r, "MPI_Win_create_errhandler", fn)[0];
                TestJob.call(r, "MPI_Win_set_errhandler", win[0], eh);
                int before = r.currentCallNumber();
                long o = r.memory().alloc(8);
                // the handler returns, so the call returns the error (MPI-4.1 section 9.3)
                assertEquals(ErrorClass.MPI_ERR_RANK, classOf(() -> put(r, o, 8, constant(r, "MPI_BYTE"), 5, 0L, win[0])));
                assertEquals(List.of(((Handle) win[0]).name() + " " + ErrorClass.MPI_ERR_RANK + " in " + t.job.callNumber("MPI_Put")), seen,
                        "the window's handler, once, while MPI_Put is the rank's current call");
                assertEquals(before, r.currentCallNumber(), "the previous call number is back");
            });
        }
    }

    private static org.mpish.runtime.mpi.MpiProcess MpiProcess(Rank r) { return org.mpish.runtime.mpi.MpiProcess.of(r); }

    @Test
    void aTypedCallAfterFinalizeIsAnError() {
        try (TestJob t = new TestJob(1)) {
            on0(t, r -> {
                TestJob.returnErrors(r);
                TestJob.call(r, "MPI_Finalize");
                MpiException e = assertThrows(MpiException.class, () -> { FLUSH_T.invokeExact(r, 0, constant(r, "MPI_WIN_NULL")); });
                assertTrue(e.getMessage().contains("MPI_Win_flush called after MPI_Finalize"), e.getMessage());
            });
        }
    }

    @Test
    void aTypedCallIsTracedSeenByTheExplorersControllerAndRunByANativeEngine() throws Throwable {
        try (TestJob t = new TestJob(2)) {
            long[] base = new long[2];
            Object[] win = windows(t, base);
            // an explored schedule: the controller hears of the call before it runs (a polling loop must let the others move)
            int[] called = new int[1];
            t.job.control(new Controller() {
                @Override public void begin(Rank r) {}
                @Override public void await(Rank r, BooleanSupplier done) { while (!done.getAsBoolean()) Thread.onSpinWait(); }
                @Override public void called(Rank r) { called[0]++; }
                @Override public void exit(Rank r) {}
            });
            on0(t, r -> { FLUSH_T.invokeExact(r, 1, win[0]); });
            t.job.control(null);
            assertEquals(1, called[0], "the controller heard of the one MPI_Win_flush");

            // a native engine gets the call by its C name with the arguments as given
            List<Object> got = new ArrayList<>();
            t.job.runOn(new Engine() {
                @Override public Object[] invoke(Rank rank, Call call, Object[] raw) {
                    got.add(call.name());
                    got.addAll(List.of(raw));
                    return new Object[0];
                }
                @Override public Object constant(Rank rank, Constant c) { return null; }
            });
            on0(t, r -> { FLUSH_T.invokeExact(r, 1, win[0]); });
            t.job.runOn(null);
            assertEquals(List.of("MPI_Win_flush", 1, win[0]), got);

            // traced: a begin and an end
            List<Event> events = t.record();
            on0(t, r -> {
                long o = r.memory().alloc(8);
                put(r, o, 8, constant(r, "MPI_BYTE"), 1, 0L, win[0]);
                assertThrows(MpiException.class, () -> put(r, o, 8, constant(r, "MPI_BYTE"), 7, 0L, win[0]));
            });
            List<String> traced = events.stream().filter(e -> e.rank() == 0 && e.family().equals("call") && e.text().equals("MPI_Put"))
                    .map(Event::kind).toList();
            assertEquals(List.of("begin", "end", "begin", "end"), traced, events.toString());
        }
    }

    @Test
    void aTypedGetAttrReturnsTheValueAndTheFlag() throws Throwable {
        try (TestJob t = new TestJob(1)) {
            on0(t, r -> {
                Object world = constant(r, "MPI_COMM_WORLD");
                Object key = TestJob.call(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", 0L)[0];
                // MPI-4.1 section 7.7.2: no value stored yet, flag false
                Object[] none = (Object[]) GET_ATTR_T.invokeExact(r, world, key);
                assertEquals(false, none[1]);
                TestJob.call(r, "MPI_Comm_set_attr", world, key, 42L);
                Object[] some = (Object[]) GET_ATTR_T.invokeExact(r, world, key);
                assertEquals(List.of(42L, true), List.of(some));
            });
        }
    }
}
