package org.mpish.bench;

import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.CallHandle;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Invoker;

/**
 * The calls the benchmarks make, each bound once ({@link Catalogue#bind}: the handle a script's binding keeps too)
 * and invoked with a fresh argument array, exactly as a script's binding does: the benchmarks measure the path users
 * take, with its argument checks, the initialised check, error handlers and tracing.
 */
final class Api {
    private Api() {}

    static final Catalogue CAT = Catalogue.get();
    private static final CallHandle WAITALL = lookup("MPI_Waitall"), BUFFER_ATTACH = lookup("MPI_Buffer_attach"),
            BUFFER_DETACH = lookup("MPI_Buffer_detach");
    /** The point-to-point calls' typed entries (see {@link #typed}). */
    private static final MethodHandle SEND = typed("MPI_Send"), BSEND = typed("MPI_Bsend"), RECV = typed("MPI_Recv"),
            ISEND = typed("MPI_Isend"), IRECV = typed("MPI_Irecv");

    /** A predefined name's value on rank {@code r} (MPI_COMM_WORLD, MPI_BYTE, MPI_SUM, ...), as a script sees it. */
    static Object constant(Rank r, String name) { return CAT.constant(name).value().apply(r); }

    /** An integer constant that is the same on every rank (MPI_BSEND_OVERHEAD, ...). */
    static int intConstant(String name) { return ((Number) CAT.constant(name).value().apply(null)).intValue(); }

    /** Any catalogued call by its C name (set-up, and calls made once). */
    static Object[] call(Rank r, String name, Object... args) { return Invoker.invokeInPlace(r, CAT, CAT.call(name), args); }

    static Object call1(Rank r, String name, Object... args) {
        Object[] o = call(r, name, args);
        return o.length == 0 ? null : o[0];
    }

    /** A call bound once, for hot loops. */
    static CallHandle lookup(String name) {
        CallHandle c = CAT.bind(name);
        if (c == null) throw new IllegalArgumentException("no call " + name);
        return c;
    }

    static Object[] invoke(Rank r, CallHandle c, Object... args) { return c.invoke(r, args); }

    /**
     * A call's typed entry ({@link CallHandle#typed}): its inputs as the declaration types them (int, long, a
     * handle as Object), no argument array, the same checks as {@link CallHandle#invoke}. Kept in a static final
     * field and called with invokeExact, the whole call compiles into the benchmark loop.
     */
    static MethodHandle typed(String name) {
        MethodHandle m = lookup(name).typed();
        if (m == null) throw new IllegalArgumentException(name + " is declared without a typed body");
        return m;
    }

    /** What a typed call threw, to rethrow unchecked (invokeExact is declared to throw Throwable). */
    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException e) return e;
        if (t instanceof Error e) throw e;
        return new IllegalStateException(t);
    }

    static void send(Rank r, long buf, int count, Object type, int dest, int tag, Object comm) {
        try {
            SEND.invokeExact(r, buf, count, type, dest, tag, comm);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void bsend(Rank r, long buf, int count, Object type, int dest, int tag, Object comm) {
        try {
            BSEND.invokeExact(r, buf, count, type, dest, tag, comm);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void recv(Rank r, long buf, int count, Object type, int source, int tag, Object comm) {
        try {
            Object status = RECV.invokeExact(r, buf, count, type, source, tag, comm);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static Object isend(Rank r, long buf, int count, Object type, int dest, int tag, Object comm) {
        try {
            return (Object) ISEND.invokeExact(r, buf, count, type, dest, tag, comm);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static Object irecv(Rank r, long buf, int count, Object type, int source, int tag, Object comm) {
        try {
            return (Object) IRECV.invokeExact(r, buf, count, type, source, tag, comm);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void waitAll(Rank r, Object[] requests) {
        WAITALL.invoke(r, new Object[] {requests.length, Arrays.asList(requests)});
    }

    static void bufferAttach(Rank r, long buf, int size) {
        BUFFER_ATTACH.invoke(r, new Object[] {buf, size});
    }

    /** MPI_Buffer_detach: {buffer address, size}. */
    static Object[] bufferDetach(Rank r) { return BUFFER_DETACH.invoke(r, new Object[] {}); }
}
