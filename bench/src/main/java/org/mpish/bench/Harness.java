package org.mpish.bench;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Invoker;
import org.mpish.runtime.mpi.attr.AttrCalls;
import org.mpish.runtime.mpi.attr.Attributes;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.attr.DeleteFn;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.attr.Keyval;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Predefined;

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
            MpiProcess p = MpiProcess.of(r);
            p.markInitialized();
            p.world().setErrhandler(Errhandler.ERRORS_RETURN);
            p.self().setErrhandler(Errhandler.ERRORS_RETURN);
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

    /** A catalogued call on rank {@code r}'s thread, as the shell makes it (setup, and the LAPI calls). */
    static Object[] call(Rank r, String name, Object... args) {
        Catalogue cat = Catalogue.get();
        return Invoker.invoke(r, cat, cat.call(name), args);
    }

    static Object call1(Rank r, String name, Object... args) {
        Object[] o = call(r, name, args);
        return o.length == 0 ? null : o[0];
    }

    static Comm world(Rank r) { return MpiProcess.of(r).world(); }

    static Datatype type(Rank r, String name) { return Predefined.datatype(MpiProcess.of(r), name); }

    /**
     * {@code n} new communicator keyvals set on {@code comm} (key i holds i), copied by MPI_COMM_DUP_FN and deleted by
     * a callback that counts its calls in {@code deletes[0]}: the attributes of the attribute benchmarks.
     */
    static Keyval[] countedAttributes(MpiProcess p, Comm comm, int n, long[] deletes) {
        DeleteFn counting = new DeleteFn() {
            @Override public void delete(Handle o, Keyval k, Object v, Object extra) { deletes[0]++; }
            @Override public String describe() { return "counting"; }
        };
        Keyval[] ks = new Keyval[n];
        for (int i = 0; i < n; i++) {
            ks[i] = Attributes.createKeyval(p, HandleKind.COMM,
                    AttrCalls.COMM_DUP_FN, counting, null, false);
            Attributes.set(p, comm, ks[i], (long) i);
        }
        return ks;
    }

    static void check(boolean ok, String what) {
        if (!ok) throw new IllegalStateException("benchmark result wrong: " + what);
    }

    @Override
    public void close() { job.close(); }
}
