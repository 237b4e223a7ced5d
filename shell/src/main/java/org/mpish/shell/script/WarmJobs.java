package org.mpish.shell.script;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import org.mpish.runtime.Job;
import org.mpish.runtime.catalog.Catalogue;

/**
 * Jobs with their ranks' contexts made ahead, on threads of their own, for a caller that runs one script many
 * times with the same settings ({@code mpish explore}). While one run goes on (the explorer runs one rank at a
 * time, and making the contexts costs several times what running a small script does), the next jobs and their
 * fresh contexts are built, one per core, and the last run's job and contexts are closed. Each job and each context serves exactly one run: nothing a script does (globals,
 * changed built-ins, memory) can reach a later run. All of it, the thread included, ends with {@link #close}.
 */
public final class WarmJobs implements AutoCloseable {
    /** How many threads make jobs, and so how many jobs are kept ready (each holds its rank threads and contexts). */
    private static final int WORKERS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));

    /** A job not run yet, a fresh context per rank, and where its output goes (set by the run that takes it). */
    public static final class Ready {
        final Job job;
        final JsRank[] contexts;
        final RankOutput output;
        private final Target target;

        private Ready(Job job, JsRank[] contexts, RankOutput output, Target target) {
            this.job = job;
            this.contexts = contexts;
            this.output = output;
            this.target = target;
        }

        /** Sends this job's script output to {@code out}. */
        void printTo(PrintStream out) { target.to = out; }
    }

    /** The stream a ready job's output and contexts were made with, pointed at the run's own stream when taken. */
    private static final class Target extends OutputStream {
        volatile OutputStream to = OutputStream.nullOutputStream();
        @Override public void write(int b) throws IOException { to.write(b); }
        @Override public void write(byte[] b, int off, int len) throws IOException { to.write(b, off, len); }
        @Override public void flush() throws IOException { to.flush(); }
    }

    private final int ranks;
    private final List<String> args;
    private final Sandbox sandbox;
    private final Job.Options options;
    private final ArrayDeque<Ready> ready = new ArrayDeque<>();
    private final ArrayDeque<Ready> used = new ArrayDeque<>();
    private final Thread[] workers = new Thread[WORKERS];
    /** Jobs being made now (counted with the ready ones against {@link #WORKERS}). */
    private int making;
    private boolean closed;
    /** Set when making a job failed: the runs then make their own, as without this. */
    private boolean broken;

    public WarmJobs(int ranks, List<String> args, Sandbox sandbox, Job.Options options) {
        this.ranks = ranks;
        this.args = List.copyOf(args);
        this.sandbox = sandbox;
        this.options = options;
        for (int i = 0; i < WORKERS; i++) {
            workers[i] = Thread.ofPlatform().daemon(true).name("mpish-warm-jobs-" + i).unstarted(this::work);
            workers[i].start();
        }
    }

    /** Whether jobs from here suit a run with these settings. */
    boolean fits(int ranks, List<String> args, Sandbox sandbox, Job.Options options) {
        return ranks == this.ranks && args.equals(this.args) && sandbox.equals(this.sandbox) && options.equals(this.options);
    }

    /** The next ready job (waiting for it if need be), or null when none can be made here. */
    Ready take() {
        synchronized (this) {
            while (ready.isEmpty()) {
                if (broken || closed) return null;
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            }
            Ready r = ready.poll();
            notifyAll();
            return r;
        }
    }

    /** A job whose run is over: closed, with its contexts, on a worker thread. */
    void recycle(Ready r) {
        synchronized (this) {
            if (!closed) {
                used.add(r);
                notifyAll();
                return;
            }
        }
        dispose(r);
    }

    private void work() {
        for (;;) {
            Ready done;
            synchronized (this) {
                while (!closed && used.isEmpty() && (broken || ready.size() + making >= WORKERS)) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        closed = true;
                    }
                }
                done = used.poll();
                if (done == null && closed) break;
                if (done == null) making++;
            }
            if (done != null) {
                dispose(done);
                continue;
            }
            Ready r;
            try {
                r = make();
            } catch (RuntimeException e) {
                synchronized (this) {
                    making--;
                    broken = true;
                    notifyAll();
                }
                continue;
            }
            synchronized (this) {
                making--;
                if (!closed) {
                    ready.add(r);
                    notifyAll();
                    continue;
                }
            }
            dispose(r);
        }
        for (;;) {
            Ready r;
            synchronized (this) {
                r = used.isEmpty() ? ready.poll() : used.poll();
            }
            if (r == null) break;
            dispose(r);
        }
    }

    private Ready make() {
        Target target = new Target();
        RankOutput output = new RankOutput(new PrintStream(target, false, StandardCharsets.UTF_8), false, ranks);
        Job job = Catalogue.get().newJob(ranks, options);
        JsRank[] contexts = new JsRank[ranks];
        try {
            for (int i = 0; i < ranks; i++) contexts[i] = new JsRank(job.rank(i), Catalogue.get(), output, args, sandbox);
        } catch (RuntimeException e) {
            dispose(new Ready(job, contexts, output, target));
            throw e;
        }
        return new Ready(job, contexts, output, target);
    }

    private static void dispose(Ready r) {
        r.job.close();
        for (JsRank js : r.contexts) if (js != null) js.cancel();
    }

    /** Ends the workers after they have closed every job they hold; returns when they have. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        boolean interrupted = false;
        for (Thread w : workers) {
            for (;;) {
                try {
                    w.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
