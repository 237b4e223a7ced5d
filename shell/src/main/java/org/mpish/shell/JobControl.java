package org.mpish.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.shell.script.JsRank;
import org.mpish.shell.script.RankOutput;
import org.mpish.shell.script.Sandbox;

/**
 * The session's job and what lives and dies with it: its size and the default rank, the options new jobs start
 * with, one JavaScript context per rank (made on first use), and the trace following it. A job that aborted or
 * ended is replaced by a new one when the next command needs it.
 */
final class JobControl {
    private final Catalogue catalogue;
    private final Printer printer;
    private final boolean interactive;
    private final Tracing tracing;
    private final RankOutput rankOutput;
    private final Map<Integer, JsRank> contexts = new ConcurrentHashMap<>();
    private final List<Runnable> onClose = new ArrayList<>();
    private Job.Options options = Job.Options.defaults();
    private Job job;
    private int size;
    private int defaultRank;

    JobControl(int size, Catalogue catalogue, Printer printer, boolean interactive, Tracing tracing) {
        this.size = size;
        this.catalogue = catalogue;
        this.printer = printer;
        this.interactive = interactive;
        this.tracing = tracing;
        this.rankOutput = new RankOutput(printer.out(), true);
    }

    Catalogue catalogue() { return catalogue; }
    int size() { return size; }
    int defaultRank() { return defaultRank; }

    void setDefaultRank(int r) {
        if (r < 0 || r >= size) throw new IllegalArgumentException("ranks run from 0 to " + (size - 1));
        defaultRank = r;
    }

    /** The options of the jobs started from now on (mpish -m: the memory limit of each rank). */
    void setOptions(Job.Options o) { options = o; }
    Job.Options options() { return options; }

    /** Runs whenever a job is closed (calls still pending on it are forgotten). */
    void onClose(Runnable r) { onClose.add(r); }

    /** The running job, starting a new one if there is none or the last one was aborted. */
    Job job() {
        if (job == null || job.abortReason() != null || job.isOver()) {
            boolean replacing = job != null;
            if (job != null) close();
            job = catalogue.newJob(size, options);
            MemoryCap.watch(job);
            Job j = job;
            j.onAbort(a -> { if (a.kind() != Job.Abort.Kind.CLOSED) printer.asyncError("job aborted: " + a.message()
                    + (interactive ? "\n(your next command starts a new job of " + j.size() + " ranks)" : "")); });
            j.onDeadlock(printer::asyncError);
            // over the memory cap: stop the JavaScript running on the ranks now, so its objects can go (item 18)
            j.onAbort(a -> { if (a.kind() == Job.Abort.Kind.MEMORY) for (JsRank js : contexts.values()) js.cancel(); });
            tracing.attach(j);
            if (replacing && interactive) printer.println(printer.dim("started a new job of " + size + " ranks"));
        }
        return job;
    }

    /** The job if one is running, without starting one. */
    Job current() { return job; }

    /** Replaces the job by a new one of {@code n} ranks. */
    void newJob(int n) {
        if (n < 1 || n > Job.MAX_RANKS) throw new IllegalArgumentException("a job has 1 to " + Job.MAX_RANKS + " ranks");
        if (options.nodes() > n) {
            throw new IllegalArgumentException("this shell places ranks on " + options.nodes() + " nodes (--nodes), so a job needs at least "
                    + options.nodes() + " ranks");
        }
        close();
        size = n;
        defaultRank = Math.min(defaultRank, n - 1);
        job();
    }

    /** Makes {@code j}, started elsewhere, the session's job (its size becomes the session's). */
    void adopt(Job j) {
        close();
        job = j;
        size = j.size();
        defaultRank = Math.min(defaultRank, size - 1);
        tracing.attach(j);
    }

    /** Ends the job, its JavaScript contexts and its trace. */
    void close() {
        tracing.detach();
        for (JsRank js : contexts.values()) {
            try { js.close(); } catch (RuntimeException ignored) { /* closing anyway */ }
        }
        contexts.clear();
        for (Runnable r : onClose) r.run();
        if (job != null) {
            job.close();
        }
        job = null;
    }

    /** The JavaScript context of a rank, made on first use; call on that rank's thread only. */
    JsRank js(Rank r) {
        return contexts.computeIfAbsent(r.id(), id -> new JsRank(r, catalogue, rankOutput, List.of(), Sandbox.STRICT));
    }

    /** The rank's JavaScript context if it has one (any thread: to interrupt it). */
    JsRank jsIfMade(int rank) { return contexts.get(rank); }

    /** Drops the rank's context if it is still {@code js} (it was cancelled): the next use makes a fresh one. */
    boolean forget(int rank, JsRank js) { return contexts.remove(rank, js); }
}
