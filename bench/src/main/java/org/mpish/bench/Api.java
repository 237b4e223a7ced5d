package org.mpish.bench;

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
    private static final CallHandle SEND = lookup("MPI_Send"), BSEND = lookup("MPI_Bsend"), RECV = lookup("MPI_Recv"),
            ISEND = lookup("MPI_Isend"), IRECV = lookup("MPI_Irecv"), WAITALL = lookup("MPI_Waitall"),
            BUFFER_ATTACH = lookup("MPI_Buffer_attach"), BUFFER_DETACH = lookup("MPI_Buffer_detach");

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

    static void send(Rank r, long buf, int count, Object type, int dest, int tag, Object comm) {
        SEND.invoke(r, new Object[] {buf, count, type, dest, tag, comm});
    }

    static void bsend(Rank r, long buf, int count, Object type, int dest, int tag, Object comm) {
        BSEND.invoke(r, new Object[] {buf, count, type, dest, tag, comm});
    }

    static void recv(Rank r, long buf, int count, Object type, int source, int tag, Object comm) {
        RECV.invoke(r, new Object[] {buf, count, type, source, tag, comm});
    }

    static Object isend(Rank r, long buf, int count, Object type, int dest, int tag, Object comm) {
        return ISEND.invoke(r, new Object[] {buf, count, type, dest, tag, comm})[0];
    }

    static Object irecv(Rank r, long buf, int count, Object type, int source, int tag, Object comm) {
        return IRECV.invoke(r, new Object[] {buf, count, type, source, tag, comm})[0];
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
