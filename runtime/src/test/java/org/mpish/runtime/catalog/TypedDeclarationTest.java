package org.mpish.runtime.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.rma.Win;

/**
 * A typed body ({@link Catalogue.CallBuilder#typed}) must fit its declaration, or the catalogue is not built; one
 * that fits serves the Object[] way and the typed entry, and the int form and the _c form of a large-count call
 * share it with their own entry types.
 */
class TypedDeclarationTest {
    interface OnWin { void run(Rank r, int rank, Win win); }
    interface WrongOrder { void run(Rank r, Win win, int rank); }
    interface Counted { Object run(Rank r, long count, Handle anything); }
    interface Narrow { void run(Rank r, int count); }

    private static Catalogue one(CallFamily f) { return Catalogue.build(List.of(f)); }

    @Test
    void aBodyThatDoesNotFitItsParametersFailsTheDeclaration() {
        IllegalStateException order = assertThrows(IllegalStateException.class, () -> one(b -> b.call("MPI_Test_order", "test", "t")
                .in("rank", PType.INT).in("win", PType.WIN).typed(WrongOrder.class, (r, w, k) -> { })));
        assertTrue(order.getMessage().startsWith("MPI_Test_order: input rank is int, the typed body takes class"), order.getMessage());
        IllegalStateException arity = assertThrows(IllegalStateException.class, () -> one(b -> b.call("MPI_Test_arity", "test", "t")
                .in("win", PType.WIN).typed(OnWin.class, (r, k, w) -> { })));
        assertTrue(arity.getMessage().contains("takes 2 inputs, the call declares 1"), arity.getMessage());
        // an output declared, none returned
        IllegalStateException out = assertThrows(IllegalStateException.class, () -> one(b -> b.call("MPI_Test_out", "test", "t")
                .in("rank", PType.INT).in("win", PType.WIN).out("flag", PType.BOOL).typed(OnWin.class, (r, k, w) -> { })));
        assertEquals("MPI_Test_out: declares outputs, but the typed body returns nothing", out.getMessage());
        // the _c form widens the count to MPI_Count: a body taking an int cannot serve it
        IllegalStateException narrow = assertThrows(IllegalStateException.class, () -> one(b -> b.call("MPI_Test_narrow", "test", "t")
                .in("count", PType.COUNT_INT).typed(Narrow.class, (r, n) -> { })));
        assertTrue(narrow.getMessage().startsWith("MPI_Test_narrow_c: input count is long"), narrow.getMessage());
        // a value (not a handle) cannot be taken as a live handle class
        IllegalStateException value = assertThrows(IllegalStateException.class, () -> one(b -> b.call("MPI_Test_value", "test", "t")
                .in("rank", PType.INT).in("win", PType.VALUE).typed(OnWin.class, (r, k, w) -> { })));
        assertTrue(value.getMessage().contains("is a value"), value.getMessage());
    }

    @Test
    void theIntFormAndTheLargeCountFormShareOneBody() throws Throwable {
        List<Object> seen = new ArrayList<>();
        Catalogue cat = one(b -> b.call("MPI_Test_count", "test", "t").in("count", PType.COUNT_INT).in("h", PType.INFO).out("n", PType.COUNT)
                .typed(Counted.class, (r, n, h) -> {
                    seen.add(n);
                    return n + 1;
                }));
        assertEquals(MethodType.methodType(Object.class, Rank.class, int.class, Object.class), cat.bind("MPI_Test_count").typed().type());
        assertEquals(MethodType.methodType(Object.class, Rank.class, long.class, Object.class), cat.bind("MPI_Test_count_c").typed().type());
        // the Object[] way reads the inputs from Args into the same body
        Args a = new Args(cat.call("MPI_Test_count_c"), new Object[] {1L << 40, Handle.nullOf(org.mpish.runtime.mpi.HandleKind.INFO)});
        assertEquals((1L << 40) + 1, cat.call("MPI_Test_count_c").impl().invoke(null, a));
        assertEquals((1L << 40) + 1, cat.call("MPI_Test_count_c").body().invoke(null, a), "what the call's invoker runs");
        assertEquals(List.of(1L << 40, 1L << 40), seen);
    }

    @Test
    void eachTypedBodysObjectWayRunsInAClassOfItsOwn() {
        // The Object[] way reaches the body through a composed method handle. Kept in a field the JIT cannot
        // take as a constant, that handle is called out of line, and the Args, the caller's argument array and
        // the boxed result of every call escape (the flush of a put + flush allocated 48 bytes more per call).
        // In a class of its own the handle is a static final constant, compiled into the call's invoker.
        Catalogue cat = Catalogue.get();
        CallImpl put = cat.call("MPI_Put").body(), flush = cat.call("MPI_Win_flush").body();
        assertTrue(put.getClass().isHidden(), put.getClass().getName());
        assertTrue(flush.getClass().isHidden(), flush.getClass().getName());
        assertNotSame(put.getClass(), flush.getClass(), "two bodies, two classes (a constant handle each)");
        assertSame(put, cat.call("MPI_Put").body(), "made once");
        assertSame(put, cat.call("MPI_Put_c").body(), "the int form and the _c form share the body and its Object[] way");
    }
}
