package org.mpish.runtime.lapi;

import java.util.concurrent.Callable;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;

/** A job whose tasks have all called LAPI_Init (handle 0), driven one call at a time from the test. */
final class Fixture implements AutoCloseable {
    final TestJob t;

    Fixture(int n) {
        t = new TestJob(n);
        // LAPI 2 handles (lib_vers L2_LIB), as LAPI_Nopoll_wait needs (L23)
        t.spmd(r -> L.init(r, L.m("lib_vers", (long) LapiConst.L2_LIB)));
    }

    Rank r(int i) { return t.rank(i); }

    <T> T on(int rank, Callable<T> body) { return t.on(rank, body); }

    void run(int rank, Runnable body) { t.on(rank, () -> { body.run(); return null; }); }

    /** The LAPI code of running {@code body} on {@code rank}, or 0. */
    int code(int rank, Runnable body) { return t.on(rank, () -> L.code(body)); }

    long alloc(int rank, int bytes) { return r(rank).memory().alloc(bytes); }

    /** Runs the dispatcher of handle 0 on {@code rank} (handlers queued there run now). */
    void probe(int rank) { run(rank, () -> L.call(r(rank), "LAPI_Probe", 0L)); }

    long cntr(int rank, long addr) { return L.value(r(rank), addr); }

    @Override public void close() { t.close(); }
}
