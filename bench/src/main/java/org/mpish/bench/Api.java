package org.mpish.bench;

import java.util.Arrays;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Invoker;

/**
 * The calls the benchmarks make, each looked up in the catalogue once and invoked through {@link Invoker} with a
 * fresh argument array, exactly as a script's binding does: the benchmarks measure the path users take, with its
 * argument checks, the initialised check, error handlers and tracing.
 */
final class Api {
    private Api() {}

    static final Catalogue CAT = Catalogue.get();
    private static final Call SEND = CAT.call("MPI_Send"), BSEND = CAT.call("MPI_Bsend"), RECV = CAT.call("MPI_Recv"),
            ISEND = CAT.call("MPI_Isend"), IRECV = CAT.call("MPI_Irecv"), WAITALL = CAT.call("MPI_Waitall"),
            BUFFER_ATTACH = CAT.call("MPI_Buffer_attach"), BUFFER_DETACH = CAT.call("MPI_Buffer_detach");

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

    /** A call looked up once, for hot loops. */
    static Call lookup(String name) {
        Call c = CAT.call(name);
        if (c == null) throw new IllegalArgumentException("no call " + name);
        return c;
    }

    static Object[] invoke(Rank r, Call c, Object... args) { return Invoker.invokeInPlace(r, CAT, c, args); }

    static void send(Rank r, long buf, int count, Object type, int dest, int tag, Object comm) {
        Invoker.invokeInPlace(r, CAT, SEND, new Object[] {buf, count, type, dest, tag, comm});
    }

    static void bsend(Rank r, long buf, int count, Object type, int dest, int tag, Object comm) {
        Invoker.invokeInPlace(r, CAT, BSEND, new Object[] {buf, count, type, dest, tag, comm});
    }

    static void recv(Rank r, long buf, int count, Object type, int source, int tag, Object comm) {
        Invoker.invokeInPlace(r, CAT, RECV, new Object[] {buf, count, type, source, tag, comm});
    }

    static Object isend(Rank r, long buf, int count, Object type, int dest, int tag, Object comm) {
        return Invoker.invokeInPlace(r, CAT, ISEND, new Object[] {buf, count, type, dest, tag, comm})[0];
    }

    static Object irecv(Rank r, long buf, int count, Object type, int source, int tag, Object comm) {
        return Invoker.invokeInPlace(r, CAT, IRECV, new Object[] {buf, count, type, source, tag, comm})[0];
    }

    static void waitAll(Rank r, Object[] requests) {
        Invoker.invokeInPlace(r, CAT, WAITALL, new Object[] {requests.length, Arrays.asList(requests)});
    }

    static void bufferAttach(Rank r, long buf, int size) {
        Invoker.invokeInPlace(r, CAT, BUFFER_ATTACH, new Object[] {buf, size});
    }

    /** MPI_Buffer_detach: {buffer address, size}. */
    static Object[] bufferDetach(Rank r) { return Invoker.invokeInPlace(r, CAT, BUFFER_DETACH, new Object[] {}); }
}
