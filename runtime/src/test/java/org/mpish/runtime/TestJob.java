package org.mpish.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Invoker;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * Test helper: a job whose ranks run test code on their own threads, calling MPI and LAPI through the
 * catalogue exactly as the shell and scripts do.
 *
 * <pre>
 * try (TestJob t = new TestJob(4)) {
 *     t.spmd(r -> {
 *         TestJob.returnErrors(r);                       // MPI_ERRORS_RETURN on WORLD and SELF
 *         Object comm = TestJob.call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
 *         ...
 *     });
 * }
 * </pre>
 */
public final class TestJob implements AutoCloseable {
    public final Job job;

    public TestJob(int n) { this(n, Job.Options.defaults().withAbortOnDeadlock(true)); }

    public TestJob(int n, Job.Options options) { job = org.mpish.runtime.catalog.Catalogue.get().newJob(n, options); }

    public Rank rank(int i) { return job.rank(i); }

    /** Runs {@code body} on every rank at once and waits; rethrows the first failure (assertion errors included). */
    public void spmd(Consumer<Rank> body) { spmd(body, 20); }

    public void spmd(Consumer<Rank> body, int timeoutSeconds) {
        List<CompletableFuture<Object>> fs = new ArrayList<>();
        for (Rank r : job.ranks()) fs.add(r.submit(() -> { body.accept(r); return null; }));
        waitAll(fs, timeoutSeconds);
    }

    /** Runs {@code body} on one rank and returns its result. */
    public <T> T on(int rank, Callable<T> body) {
        CompletableFuture<T> f = job.rank(rank).submit(body);
        try {
            return f.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        } catch (Exception e) {
            throw new AssertionError("rank " + rank + " did not finish: " + job.rollCall(), e);
        }
    }

    private void waitAll(List<? extends CompletableFuture<?>> fs, int timeoutSeconds) {
        try {
            CompletableFuture.allOf(fs.toArray(CompletableFuture[]::new)).get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        } catch (Exception e) {
            throw new AssertionError("ranks did not finish in " + timeoutSeconds + " s:\n" + job.rollCall(), e);
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof Error e) throw e;
        if (t instanceof RuntimeException re) return re;
        return new RuntimeException(t);
    }

    /** Calls a catalogued call on rank {@code r} (its own thread) with raw arguments; returns its outputs. */
    public static Object[] call(Rank r, String name, Object... args) {
        Catalogue cat = Catalogue.get();
        if (cat.call(name) == null) throw new IllegalArgumentException("no call " + name);
        return Invoker.invoke(r, cat, cat.call(name), args);
    }

    /** The single output of a call (or null for none). */
    public static Object call1(Rank r, String name, Object... args) {
        Object[] o = call(r, name, args);
        return o.length == 0 ? null : o[0];
    }

    /** Makes errors on MPI_COMM_WORLD and MPI_COMM_SELF return (throw MpiException) instead of aborting. */
    public static void returnErrors(Rank r) {
        MpiProcess p = MpiProcess.of(r);
        Comm.world(p).setErrhandler(Errhandler.ERRORS_RETURN);
        Comm.self(p).setErrhandler(Errhandler.ERRORS_RETURN);
    }

    /** Records events of the job (for asserting what fired when). */
    public List<Event> record() {
        List<Event> events = java.util.Collections.synchronizedList(new ArrayList<>());
        job.onEvent(events::add);
        return events;
    }

    @Override public void close() { job.close(); }

    /** Convenience for tests that want a side effect per rank in a lambda. */
    public static Consumer<Rank> each(Consumer<Rank> c) { return c; }
}
