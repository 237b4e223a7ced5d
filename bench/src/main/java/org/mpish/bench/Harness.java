package org.mpish.bench;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Catalogue;

/**
 * A job of N ranks for benchmarks: work runs on the ranks' own threads ({@link #spmd}), as it does under the
 * shell and scripts; the JMH thread only hands out batches and waits (parked) for them. Errors return
 * (MPI_ERRORS_RETURN) so a failed check surfaces as an exception instead of an abort.
 */
final class Harness implements AutoCloseable {
    final Job job;
    final int n;

    Harness(int n) {
        this.n = n;
        this.job = Catalogue.get().newJob(n, Job.Options.defaults());
        spmd(r -> {
            Api.call(r, "MPI_Init", 0L, 0L);
            Api.call(r, "MPI_Comm_set_errhandler", "MPI_COMM_WORLD", "MPI_ERRORS_RETURN");
            Api.call(r, "MPI_Comm_set_errhandler", "MPI_COMM_SELF", "MPI_ERRORS_RETURN");
        });
    }

    Rank rank(int i) { return job.rank(i); }

    /** Runs {@code body} on every rank at once and waits for all; rethrows the first failure. */
    void spmd(Consumer<Rank> body) {
        CompletableFuture<?>[] fs = new CompletableFuture<?>[n];
        for (int i = 0; i < n; i++) {
            Rank r = job.rank(i);
            fs[i] = r.submit(() -> { body.accept(r); return null; });
        }
        waitAll(fs);
    }

    /** Runs {@code body} on one rank and waits. */
    void on(int rank, Consumer<Rank> body) {
        Rank r = job.rank(rank);
        waitAll(new CompletableFuture<?>[] {r.submit(() -> { body.accept(r); return null; })});
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    /**
     * Runs {@code body} on one rank and returns the CPU time that rank's thread spent in it. On a loaded machine
     * a thread gets only part of a core, so wall time per operation overstates the cost; CPU time does not.
     */
    long onCpu(int rank, Consumer<Rank> body) {
        long[] cpu = new long[1];
        on(rank, r -> {
            long c0 = THREADS.getCurrentThreadCpuTime();
            body.accept(r);
            cpu[0] = THREADS.getCurrentThreadCpuTime() - c0;
        });
        return cpu[0];
    }

    private void waitAll(CompletableFuture<?>[] fs) {
        // a rank that fails ends the job, so the others stop waiting for it
        for (CompletableFuture<?> f : fs) {
            f.whenComplete((v, t) -> {
                if (t != null) job.abort(new Job.Abort(1, "a rank failed: " + t, Job.Abort.Kind.FATAL_ERROR, -1));
            });
        }
        try {
            CompletableFuture.allOf(fs).get(300, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable t = e.getCause();
            for (CompletableFuture<?> f : fs) {
                // report the first real failure, not the aborts it caused
                try {
                    f.getNow(null);
                } catch (Exception x) {
                    if (!(x.getCause() instanceof org.mpish.runtime.JobAbortedException)) t = x.getCause();
                }
            }
            if (t instanceof RuntimeException re) throw re;
            if (t instanceof Error er) throw er;
            throw new IllegalStateException(t);
        } catch (Exception e) {
            throw new IllegalStateException("ranks did not finish:\n" + job.rollCall(), e);
        }
    }

    static Object world(Rank r) { return Api.constant(r, "MPI_COMM_WORLD"); }

    static Object type(Rank r, String name) { return Api.constant(r, name); }

    /**
     * {@code n} new communicator keyvals set on {@code comm} (key i holds i), copied by MPI_COMM_DUP_FN and deleted by
     * a callback that counts its calls in {@code deletes[0]}: the attributes of the attribute benchmarks.
     */
    static Object[] countedAttributes(Rank r, Object comm, int n, long[] deletes) {
        Callback counting = new Callback() {
            @Override public Object call(Object... args) { deletes[0]++; return UNDEFINED; }
            @Override public String describe() { return "counting"; }
        };
        Object[] ks = new Object[n];
        for (int i = 0; i < n; i++) {
            ks[i] = Api.call1(r, "MPI_Comm_create_keyval", "MPI_COMM_DUP_FN", counting, 0L);
            Api.call(r, "MPI_Comm_set_attr", comm, ks[i], (long) i);
        }
        return ks;
    }

    static void check(boolean ok, String what) {
        if (!ok) throw new IllegalStateException("benchmark result wrong: " + what);
    }

    @Override
    public void close() { job.close(); }
}
