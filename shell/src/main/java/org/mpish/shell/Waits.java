package org.mpish.shell;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;
import org.mpish.shell.script.JsRank;
import org.mpish.shell.script.ScriptRunner;

/**
 * Waiting for commands running on rank threads, and Ctrl-C. A command that blocks for longer than a moment is
 * left running (the prompt comes back and its result is printed when it arrives); Ctrl-C stops waiting and stops
 * the rank's JavaScript; at the end of batch input the shell waits a while for calls still pending.
 */
final class Waits {
    private final JobControl jobs;
    private final Printer printer;
    private final Outcomes outcomes;
    private final List<CompletableFuture<?>> pending = new CopyOnWriteArrayList<>();
    /** How long a call may block before the shell stops waiting for it and shows the prompt again. */
    private long detachMillis = 150;
    private volatile boolean interruptRequested;
    /** The script `run` is running in its own job, for Ctrl-C. */
    private volatile ScriptRunner runningScript;

    Waits(JobControl jobs, Printer printer, Outcomes outcomes) {
        this.jobs = jobs;
        this.printer = printer;
        this.outcomes = outcomes;
        jobs.onClose(pending::clear);
    }

    /** How long to wait for a blocked call before giving the prompt back (tests use 0). */
    void setDetachMillis(long ms) { detachMillis = ms; }

    /**
     * Waits for {@code f} running on {@code rank}; if the rank blocks for longer than a moment, stops waiting
     * and arranges for {@code onDone} to print the result when it arrives. Returns the result, or null when
     * detached.
     */
    <T> T await(Rank rank, CompletableFuture<T> f, String what, Consumer<Object> onDone) throws ExecutionException {
        long blockedSince = 0;
        long interruptedAt = 0;
        long lastInterruptSent = 0;
        interruptRequested = false;
        while (true) {
            try {
                return f.get(10, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                long now0 = System.nanoTime();
                if (interruptRequested && interruptedAt == 0) interruptedAt = now0;
                // keep asking while the command runs: the context may still be starting, or the first
                // request may land between two evaluations
                if (interruptedAt != 0 && rank.status() == Rank.Status.RUNNING && now0 - lastInterruptSent > 1_000_000_000L) {
                    JsRank js = jobs.jsIfMade(rank.id());
                    if (js != null) {
                        lastInterruptSent = now0;
                        js.interruptAsync(() -> {
                            if (jobs.forget(rank.id(), js)) {
                                printer.asyncError("[" + rank.id() + "] JavaScript did not stop in time; the rank's context was reset");
                            }
                        });
                    }
                }
                boolean giveUp = interruptedAt != 0 && (rank.status() == Rank.Status.WAITING
                        || now0 - interruptedAt > 10_000_000_000L);
                if (rank.status() == Rank.Status.WAITING || giveUp) {
                    long now = System.nanoTime();
                    if (blockedSince == 0) blockedSince = now;
                    if (giveUp || now - blockedSince > detachMillis * 1_000_000) {
                        String desc = rank.waitDescription();
                        printer.println(printer.dim("[" + rank.id() + "] " + what
                                + (desc != null ? " is waiting: " + desc : interruptedAt != 0 ? " is still running" : " is waiting")
                                + " (the result will be shown when it arrives)"));
                        pending.add(f);
                        f.whenComplete((v, ex) -> {
                            pending.remove(f);
                            onDone.accept(ex != null ? unwrap(ex) : v);
                        });
                        return null;
                    }
                } else blockedSince = 0;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ExecutionException(new JobAbortedException(new Job.Abort(130, "interrupted", Job.Abort.Kind.CLOSED, -1)));
            }
        }
    }

    /** The exception a command failed with, out of the future's wrappers. */
    static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** Waits (at most {@code seconds}) for calls still running on blocked ranks, for the end of batch input. */
    void drain(double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (!pending.isEmpty() && System.nanoTime() < end) {
            Job j = jobs.current();
            if (j == null || j.abortReason() != null) break;
            if (j.lastDeadlockReport() != null && allBlocked(j)) {
                outcomes.countError();
                break;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        Job job = jobs.current();
        if (!pending.isEmpty() && job != null && job.abortReason() == null) {
            if (job.lastDeadlockReport() == null) printer.error(job.rollCall().replaceFirst("^deadlock: every rank is waiting and none can proceed",
                    "calls still waiting when the input ended:"));
            outcomes.countError();
        }
    }

    private static boolean allBlocked(Job j) {
        for (Rank r : j.ranks()) if (r.status() == Rank.Status.RUNNING) return false;
        return true;
    }

    /** Ctrl-C while a command runs: stop waiting for it (its result still arrives later) and stop its JavaScript. */
    void interrupt() {
        interruptRequested = true;
        ScriptRunner s = runningScript;
        if (s != null) s.interrupt();
    }

    /** Runs a script in its own job; Ctrl-C ({@link #interrupt}) ends that job. Returns the script's exit status. */
    int runScript(ScriptRunner runner, String name, String code) {
        runningScript = runner;
        try {
            return runner.run(name, code);
        } finally {
            runningScript = null;
        }
    }
}
