package org.mpish.shell.script;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.SourceSection;
import org.mpish.runtime.Job;
import org.mpish.runtime.CallError;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Invoker;
import org.mpish.runtime.inspect.ProcessSnapshot;

/**
 * {@code mpish run}: every rank evaluates the script in its own context on its own thread (SPMD). Exit status
 * 0 when every rank ended without an uncaught error; the MPI_Abort code after MPI_Abort; 1 after an uncaught
 * error, a fatal MPI error or a deadlock; 124 after --timeout. A report names each failing rank.
 */
public final class ScriptRunner {
    public static final int EXIT_TIMEOUT = 124;
    /** The exit status after an interrupt (Ctrl-C), as a shell reports SIGINT. */
    public static final int EXIT_INTERRUPTED = 130;

    private final int ranks;
    private final List<String> args;
    private final double timeoutSeconds;
    private final Sandbox sandbox;
    private final PrintStream out;
    private final PrintStream err;
    private final Job.Options options;
    private volatile Job running;
    /** Prepares each job before its ranks start (explore puts it under a scheduler); null for none. */
    private java.util.function.Consumer<Job> setup;
    /** The job of the last run, kept for a caller that looks at how it ended. */
    private volatile Job last;
    private volatile boolean interruptRequested;
    /** Jobs and contexts made ahead (explore's many runs of one script); null: each run makes its own. */
    private WarmJobs warm;
    /** Label every line with its rank, even when one rank prints ({@code mpish compare} reads lines by rank). */
    private boolean labelAll;

    public ScriptRunner(int ranks, List<String> args, double timeoutSeconds, Sandbox sandbox, PrintStream out,
                        PrintStream err, Job.Options options) {
        this.ranks = ranks;
        this.args = args;
        this.timeoutSeconds = timeoutSeconds;
        this.sandbox = sandbox;
        this.out = out;
        this.err = err;
        this.options = options;
    }

    /** Has {@code s} prepare each job before its ranks start (explore: a controlled schedule). */
    public ScriptRunner withJobSetup(java.util.function.Consumer<Job> s) {
        this.setup = s;
        return this;
    }

    /** Takes each run's job and contexts from {@code w} (made ahead, for these same settings) instead of making them. */
    public ScriptRunner withWarmJobs(WarmJobs w) {
        if (w != null && !w.fits(ranks, args, sandbox, options.withAbortOnDeadlock(true))) {
            throw new IllegalArgumentException("warm jobs made for other settings");
        }
        this.warm = w;
        return this;
    }

    /** Has every line labelled with its rank ("[2] text"), as {@code mpish compare} reads them. */
    public ScriptRunner labelEveryLine() {
        this.labelAll = true;
        return this;
    }

    /** The job of the last {@link #run} (ended), or null. */
    public Job lastJob() { return last; }

    /** Runs {@code code} (named {@code fileName} in messages) and returns the exit status. */
    public int run(String fileName, String code) {
        Source source = Source.newBuilder("js", code, fileName).buildLiteral();
        if (warm != null && !warm.fitsCode(code)) throw new IllegalArgumentException("warm jobs made for another script");
        WarmJobs.Ready ready = warm == null ? null : warm.take();
        if (ready != null) ready.printTo(out);
        RankOutput output = ready != null ? ready.output : new RankOutput(out, labelAll, ranks);
        Map<Integer, String> failures = new TreeMap<>();
        // a rank publishes its context here, then checks for an abort; an abort is set, then cancels what is here:
        // so a context made while the job is being aborted is cancelled by one side or the other
        AtomicReferenceArray<JsRank> contexts = ready != null ? new AtomicReferenceArray<>(ready.contexts) : new AtomicReferenceArray<>(ranks);
        Job job = ready != null ? ready.job : Catalogue.get().newJob(ranks, options.withAbortOnDeadlock(true));
        try {
            running = job;
            org.mpish.shell.MemoryCap.watch(job);
            last = job;
            if (setup != null) setup.accept(job);
            if (interruptRequested) interrupt(); // Ctrl-C came before the job existed
            job.onAbort(a -> {
                cancelAll(contexts);
            });
            CompletableFuture<?>[] futures = new CompletableFuture<?>[ranks];
            for (Rank r : job.ranks()) {
                futures[r.id()] = r.submit(() -> {
                    runRank(r, source, output, contexts, failures);
                    return null;
                });
            }
            try {
                CompletableFuture<Void> all = CompletableFuture.allOf(futures);
                if (timeoutSeconds > 0) all.get((long) (timeoutSeconds * 1000), TimeUnit.MILLISECONDS);
                else all.get();
            } catch (TimeoutException e) {
                String roll = job.rollCall().replaceFirst("^deadlock: every rank is waiting and none can proceed", "state at the timeout:");
                job.abort(new Job.Abort(EXIT_TIMEOUT, "timeout: the job ran longer than " + fmt(timeoutSeconds) + " s\n" + roll,
                        Job.Abort.Kind.TIMEOUT, -1));
                waitQuietly(futures);
            } catch (InterruptedException e) {
                interrupt();
                waitQuietly(futures);
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // failures were recorded per rank
            }
            output.flush();
            Job.Abort abort = job.abortReason();
            synchronized (failures) {
                for (Map.Entry<Integer, String> f : failures.entrySet()) err.println("mpish: rank " + f.getKey() + ": " + f.getValue());
            }
            if (abort != null && abort.kind() != Job.Abort.Kind.SCRIPT_ERROR) {
                err.println("mpish: job aborted: " + abort.message());
                return abort.exitCode();
            }
            return failures.isEmpty() ? 0 : 1;
        } finally {
            running = null;
            if (ready != null) {
                warm.recycle(ready); // closed on the warm jobs' thread
            } else {
                job.close();
                cancelAll(contexts);
            }
        }
    }

    /**
     * Ctrl-C: ends the running job (if any) with a report of what every rank was doing; {@link #run} then returns
     * {@link #EXIT_INTERRUPTED}. Safe from any thread, at any time.
     */
    public void interrupt() {
        interruptRequested = true;
        Job job = running;
        if (job == null) return;
        String roll = job.rollCall().replaceFirst("^deadlock: every rank is waiting and none can proceed", "state at the interrupt:");
        job.abort(new Job.Abort(EXIT_INTERRUPTED, "interrupted (Ctrl-C)\n" + roll, Job.Abort.Kind.INTERRUPTED, -1));
    }

    private void runRank(Rank r, Source source, RankOutput output, AtomicReferenceArray<JsRank> contexts, Map<Integer, String> failures) {
        Job job = r.job();
        JsRank js = null;
        try {
            js = contexts.get(r.id());
            if (js == null) {
                js = new JsRank(r, Catalogue.get(), output, args, sandbox);
                contexts.set(r.id(), js);
            }
            r.checkAbort(); // aborted while this context was being made: the abort may not have seen it
            if (job.controller() != null) job.controller().begin(r);
            js.eval(source);
            r.progress();
            if (ProcessSnapshot.of(r).running()) {
                Invoker.invoke(r, Catalogue.get(), Catalogue.get().call("MPI_Finalize"), new Object[0]);
            }
        } catch (PolyglotException e) {
            if (job.abortReason() == null || (!e.isCancelled() && !(e.isHostException() && e.asHostException() instanceof JobAbortedException))) {
                fail(r, failures, describe(e));
            }
        } catch (JobAbortedException e) {
            // reported once, from the job's abort reason
        } catch (CallError e) {
            fail(r, failures, e.getMessage());
        } catch (RuntimeException e) {
            // a context closed under it by an abort (IllegalStateException) is the abort, already reported
            if (job.abortReason() == null) fail(r, failures, "internal error: " + e);
        } finally {
            r.markFinished();
            try {
                // stay a progress point (LAPI handlers, RMA targets) until every rank is done
                r.await(job::allFinished, () -> "script finished; waiting for the other ranks");
            } catch (JobAbortedException ignored) {
                // the job ended
            }
            if (job.controller() != null) job.controller().exit(r);
        }
    }

    private static void fail(Rank r, Map<Integer, String> failures, String message) {
        synchronized (failures) {
            failures.put(r.id(), message);
        }
        r.job().abort(new Job.Abort(1, "rank " + r.id() + " failed: " + message, Job.Abort.Kind.SCRIPT_ERROR, r.id()));
    }

    /** "ring.js:12:5: MPIError: MPI_Send: MPI_ERR_RANK: ..." */
    public static String describe(PolyglotException e) {
        StringBuilder sb = new StringBuilder();
        SourceSection s = e.getSourceLocation();
        if (s == null || s.getSource().isInternal()) {
            // an error made by mpish's own JavaScript (MPIError, LAPIError): the first frame of the user's code
            s = null;
            for (PolyglotException.StackFrame f : e.getPolyglotStackTrace()) {
                if (f.isGuestFrame() && f.getSourceLocation() != null && !f.getSourceLocation().getSource().isInternal()) {
                    s = f.getSourceLocation();
                    break;
                }
            }
        }
        if (s != null) sb.append(s.getSource().getName()).append(':').append(s.getStartLine()).append(':').append(s.getStartColumn()).append(": ");
        String m = e.getMessage();
        if (m == null) m = e.toString();
        if (e.isResourceExhausted()) m = "out of memory: the script filled the Java heap (" + m + ")";
        if (e.isSyntaxError()) {
            // Graal repeats the source line with a caret under it: keep the first line only
            m = m.lines().findFirst().orElse(m);
            if (!m.startsWith("SyntaxError")) m = "SyntaxError: " + m;
        }
        sb.append(m);
        return sb.toString();
    }

    private static void cancelAll(AtomicReferenceArray<JsRank> contexts) {
        for (int i = 0; i < contexts.length(); i++) {
            JsRank js = contexts.get(i);
            if (js != null) cancel(js);
        }
    }

    private static void cancel(JsRank js) {
        try {
            js.close();
        } catch (RuntimeException ignored) {
            // already closed or closing
        }
    }

    private static void waitQuietly(CompletableFuture<?>[] futures) {
        try {
            CompletableFuture.allOf(futures).get(5, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // threads are daemons; the job is closed next
        }
    }

    private static String fmt(double s) { return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s); }
}
