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
 * time), the next jobs are made, one per core, and the last run's job is closed. Each job serves exactly one run.
 * When {@link ReuseGate} lets the script through, contexts are kept ({@link KeptContext}): their built-ins are
 * frozen once, when they are made, and after a run each one's guard removes the run's globals and resets what a run
 * can still change; one whose reset succeeds serves a later run (with fresh globals for its new rank), one whose
 * reset fails, or that was closed by an abort, is closed and a new context is made in its place. So nothing a script
 * does (globals, built-ins, memory) reaches a later run. All of it, the threads included, ends with
 * {@link #close}.
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
    /** Contexts that passed their check after a run, ready for another (guarded by this). */
    private final ArrayDeque<KeptContext> kept = new ArrayDeque<>();
    /** How many contexts were made, and how many times a kept one served another run (guarded by this). */
    private long made, reused;
    /** The script the runs run (null: any), and what the gate read in it (null: contexts are not kept). */
    private final String code;
    private final ReuseGate.Scan scan;
    /** Why contexts are not kept (guarded by this); null while they are, or may be. */
    private String refusal;
    /**
     * How many jobs are made with fresh contexts, by default, before contexts are kept (see {@link #keeping}): a
     * kept context costs about forty fresh ones to make, and there are up to (workers + 2) x ranks of them, so an
     * exploration shorter than this gains nothing from them.
     */
    public static final int FRESH_JOBS = 150;
    private final int freshJobs;
    private int jobsMade; // guarded by this
    /** -Dmpish.keepContexts=false: never keep contexts (to compare). */
    private static final boolean KEEP_OFF = "false".equals(System.getProperty("mpish.keepContexts"));

    /** Jobs with a fresh context per rank per run (for any script). */
    public WarmJobs(int ranks, List<String> args, Sandbox sandbox, Job.Options options) {
        this(ranks, args, sandbox, options, null);
    }

    /**
     * Jobs for runs of {@code code} only: when {@link ReuseGate} lets the script through, its contexts are kept
     * across runs (built-ins frozen, globals put back after each run); else, or with host classes allowed (a script
     * could then reach anything), each run gets fresh contexts.
     */
    public WarmJobs(int ranks, List<String> args, Sandbox sandbox, Job.Options options, String code) {
        this(ranks, args, sandbox, options, code, FRESH_JOBS);
    }

    /** As above, keeping contexts only after {@code freshJobs} jobs with fresh ones (a caller that knows many runs follow). */
    public WarmJobs(int ranks, List<String> args, Sandbox sandbox, Job.Options options, String code, int freshJobs) {
        this.freshJobs = freshJobs;
        this.ranks = ranks;
        this.args = List.copyOf(args);
        this.sandbox = sandbox;
        this.options = options;
        this.code = code;
        ReuseGate.Scan scan = null;
        if (code != null && !KEEP_OFF) {
            scan = sandbox.hostClasses() ? new ReuseGate.Scan("host classes are allowed", java.util.Set.of()) : ReuseGate.scan(code);
        }
        this.scan = scan;
        if (scan == null) refusal = code == null ? "no script given" : "switched off";
        else if (scan.refused() != null) refusal = scan.refused();
        for (int i = 0; i < WORKERS; i++) {
            workers[i] = Thread.ofPlatform().daemon(true).name("mpish-warm-jobs-" + i).unstarted(this::work);
            workers[i].start();
        }
    }

    /** Whether jobs from here suit a run of {@code code} (kept contexts serve only the script the gate read). */
    boolean fitsCode(String code) { return this.code == null || this.code.equals(code); }

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
        for (;;) {
            KeptContext k;
            synchronized (this) {
                k = kept.poll();
            }
            if (k == null) break;
            k.close();
        }
    }

    private Ready make() {
        Target target = new Target();
        RankOutput output = new RankOutput(new PrintStream(target, false, StandardCharsets.UTF_8), false, ranks);
        Job job = Catalogue.get().newJob(ranks, options);
        JsRank[] contexts = new JsRank[ranks];
        synchronized (this) {
            jobsMade++;
        }
        try {
            for (int i = 0; i < ranks; i++) {
                KeptContext k;
                synchronized (this) {
                    k = refusal != null ? null : kept.poll();
                    if (k != null) reused++;
                    else made++;
                }
                if (k == null && keeping()) k = keptContext();
                if (k == null) {
                    contexts[i] = new JsRank(job.rank(i), Catalogue.get(), output, args, sandbox);
                    continue;
                }
                try {
                    contexts[i] = new JsRank(job.rank(i), k, Catalogue.get(), output, args, sandbox);
                } catch (RuntimeException e) {
                    k.close();
                    throw e;
                }
            }
        } catch (RuntimeException e) {
            dispose(new Ready(job, contexts, output, target));
            throw e;
        }
        return new Ready(job, contexts, output, target);
    }

    /**
     * Whether this job's contexts may be kept ones: once the gate let the script through and enough runs have
     * gone by. Making a kept context (freezing every built-in) costs about as much as forty fresh contexts, so a
     * short exploration never pays it; a long one (hundreds of schedules) gains about a millisecond per rank per run.
     */
    private synchronized boolean keeping() { return refusal == null && jobsMade > freshJobs; }

    /** A new kept context, or null (and contexts are not kept from now on) when the script fails the gate's last check. */
    private KeptContext keptContext() {
        KeptContext k;
        try {
            k = new KeptContext(sandbox, scan.wrappable());
        } catch (RuntimeException e) {
            synchronized (this) {
                refusal = "a kept context could not be made: " + e.getMessage();
            }
            return null;
        }
        String why = scan.refusal(k.methodNames());
        if (why == null) return k;
        k.close();
        synchronized (this) {
            refusal = why;
        }
        return null;
    }

    /** Why this script's contexts are not kept across runs, or null when they are. */
    public synchronized String refusal() { return refusal; }

    /** Closes a job; its contexts that pass their check are kept for later runs, the others closed. */
    private void dispose(Ready r) {
        r.job.close();
        for (JsRank js : r.contexts) {
            if (js == null) continue;
            KeptContext k = js.kept();
            boolean keep;
            synchronized (this) {
                keep = k != null && !closed && kept.size() < (WORKERS + 2) * ranks;
            }
            if (keep && k.reset()) {
                synchronized (this) {
                    if (!closed) {
                        kept.add(k);
                        continue;
                    }
                }
            }
            js.cancel();
        }
    }

    /** How many contexts were made so far, and how many times a kept one served another run: {made, reused}. */
    public synchronized long[] contextCounts() { return new long[] {made, reused}; }

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
