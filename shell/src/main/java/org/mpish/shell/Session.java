package org.mpish.shell;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.mpish.runtime.Event;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.shell.script.JsRank;
import org.mpish.shell.script.RankOutput;
import org.mpish.shell.script.Sandbox;

/**
 * A shell session: the current job and default rank, one JavaScript context per rank (made on first use),
 * trace settings, and calls still running on blocked ranks. Every line goes through {@link #execute}.
 */
public final class Session implements AutoCloseable {
    /** How long a call may block before the shell stops waiting for it and shows the prompt again. */
    private long detachMillis = 150;

    private final Catalogue catalogue = Catalogue.get();
    private final Printer printer;
    private final boolean interactive;
    private final Map<String, Builtin> builtins = new LinkedHashMap<>();
    private final List<CompletableFuture<?>> pending = new CopyOnWriteArrayList<>();
    private final Map<Integer, JsRank> contexts = new ConcurrentHashMap<>();
    private final RankOutput rankOutput;
    private Job job;
    private int size;
    private int defaultRank;
    private Set<String> traceFamilies = Set.of();
    private Runnable traceOff;
    private int errors;
    private int usageErrors;
    private boolean exitRequested;
    private volatile boolean interruptRequested;
    /** The script `run` is running in its own job, for Ctrl-C. */
    private volatile org.mpish.shell.script.ScriptRunner runningScript;
    private Recorder recorder;
    private final List<String> inputHistory = new ArrayList<>();
    private final List<Event> traceBuffer = java.util.Collections.synchronizedList(new ArrayList<>());
    private static final int TRACE_BUFFER_LIMIT = 1_000_000;
    private int exitCode;
    private Job.Options jobOptions = Job.Options.defaults();

    public Session(int size, Printer printer, boolean interactive) {
        this.size = size;
        this.printer = printer;
        this.interactive = interactive;
        this.rankOutput = new RankOutput(printer.out(), true);
        for (Builtin b : Builtins.all()) builtins.put(b.name(), b);
    }

    public Printer printer() { return printer; }

    /** Shows long text a page at a time on a real terminal. */
    public interface Pager {
        void page(String text);
        int width();
    }

    private Pager pager;

    /** The pager, or null when output is not a terminal (then text is printed as it is). */
    public Pager pager() { return pager; }
    public void setPager(Pager p) { pager = p; }

    /** The options of the jobs this session starts from now on (mpish -m: the memory limit of each rank). */
    public void setJobOptions(Job.Options o) { jobOptions = o; }
    public Job.Options jobOptions() { return jobOptions; }

    /** How long to wait for a blocked call before giving the prompt back (tests use 0). */
    public void setDetachMillis(long ms) { detachMillis = ms; }
    public Catalogue catalogue() { return catalogue; }
    public boolean interactive() { return interactive; }
    public Map<String, Builtin> builtins() { return builtins; }
    public int defaultRank() { return defaultRank; }
    public int size() { return size; }

    public void setDefaultRank(int r) {
        if (r < 0 || r >= size) throw new IllegalArgumentException("ranks run from 0 to " + (size - 1));
        defaultRank = r;
    }

    /** The running job, starting a new one if there is none or the last one was aborted. */
    public Job job() {
        if (job == null || job.abortReason() != null || job.isOver()) {
            boolean replacing = job != null;
            if (job != null) closeJob();
            job = Catalogue.get().newJob(size, jobOptions);
            Job j = job;
            j.onAbort(a -> { if (a.kind() != Job.Abort.Kind.CLOSED) printer.asyncError("job aborted: " + a.message()
                    + (interactive ? "\n(your next command starts a new job of " + j.size() + " ranks)" : "")); });
            j.onDeadlock(report -> printer.asyncError(report));
            if (!traceFamilies.isEmpty()) setTrace(traceFamilies);
            if (replacing && interactive) printer.println(printer.dim("started a new job of " + size + " ranks"));
        }
        return job;
    }

    /** The job if one is running, without starting one. */
    public Job currentJob() { return job; }

    /** Replaces the job by a new one of {@code n} ranks. */
    public void newJob(int n) {
        if (n < 1 || n > Job.MAX_RANKS) throw new IllegalArgumentException("a job has 1 to " + Job.MAX_RANKS + " ranks");
        closeJob();
        size = n;
        defaultRank = Math.min(defaultRank, n - 1);
        job();
    }

    private void closeJob() {
        if (traceOff != null) { traceOff.run(); traceOff = null; }
        for (JsRank js : contexts.values()) {
            try { js.close(); } catch (RuntimeException ignored) { /* closing anyway */ }
        }
        contexts.clear();
        pending.clear();
        if (job != null) {
            MpiProcess.release(job);
            job.close();
        }
        job = null;
    }

    /** The JavaScript context of a rank; call on that rank's thread only. */
    public JsRank js(Rank r) {
        return contexts.computeIfAbsent(r.id(), id -> new JsRank(r, catalogue, rankOutput, List.of(), Sandbox.STRICT));
    }

    // ---- executing lines -------------------------------------------------------------------------

    /** Executes one line (possibly several commands separated by ';'); false when any of them failed. */
    public boolean execute(String text) {
        if (!text.isBlank()) inputHistory.add(text);
        boolean ok = true;
        for (String cmd : LineParser.splitCommands(text)) {
            if (exitRequested) break;
            String t = cmd.strip();
            if (t.isEmpty() || t.startsWith("#")) continue;
            ok &= executeOne(t);
        }
        return ok;
    }

    private boolean executeOne(String text) {
        LineParser.Line line;
        try {
            line = LineParser.parse(text);
        } catch (LineParser.ParseError e) {
            return usage("column " + e.column() + ": " + e.getMessage());
        }
        String word = line.command();
        Builtin b = builtins.get(word.toLowerCase(Locale.ROOT));
        if (b != null) {
            boolean ok;
            try {
                ok = b.run(this, line);
            } catch (IllegalArgumentException e) {
                return usage(word + ": " + e.getMessage());
            }
            if (!ok) errors++;
            return ok;
        }
        Call call = catalogue.call(word);
        if (call == null) return usage(unknownCommand(word));
        List<Integer> ranks;
        try {
            ranks = Targets.parse(line.target(), job().size(), defaultRank);
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        return CallCommand.run(this, call, line, ranks);
    }

    private String unknownCommand(String word) {
        List<String> near = new ArrayList<>();
        String w = word.toLowerCase(Locale.ROOT);
        for (Call c : catalogue.calls()) {
            String n = c.name().toLowerCase(Locale.ROOT);
            if (n.contains(w) || Fuzzy.distance(n, w) <= 2) near.add(c.name());
        }
        for (String n : builtins.keySet()) if (Fuzzy.distance(n, w) <= 1) near.add(n);
        String hint = near.isEmpty() ? "type 'help' for the list" : "did you mean " + String.join(", ", near.subList(0, Math.min(4, near.size()))) + "?";
        return "unknown command '" + word + "'; " + hint;
    }

    /** Records a usage error (a line that could not be understood) and prints it. */
    public boolean usage(String message) {
        usageErrors++;
        printer.error(message);
        return false;
    }

    /** Records a failed command and prints why. */
    public boolean failure(String message) {
        errors++;
        printer.error(message);
        return false;
    }

    /**
     * Waits for {@code f} running on {@code rank}; if the rank blocks for longer than a moment, stops waiting
     * and arranges for {@code onDone} to print the result when it arrives. Returns the result, or null when
     * detached.
     */
    public <T> T await(Rank rank, CompletableFuture<T> f, String what, java.util.function.Consumer<Object> onDone)
            throws ExecutionException {
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
                    JsRank js = contexts.get(rank.id());
                    if (js != null) {
                        lastInterruptSent = now0;
                        js.interruptAsync(() -> {
                            if (contexts.remove(rank.id(), js)) {
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

    static Throwable unwrap(Throwable t) {
        while ((t instanceof java.util.concurrent.CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** Waits (at most {@code seconds}) for calls still running on blocked ranks, for the end of batch input. */
    public void drain(double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (!pending.isEmpty() && System.nanoTime() < end) {
            Job j = job;
            if (j == null || j.abortReason() != null) break;
            if (j.lastDeadlockReport() != null && allPendingBlocked(j)) {
                errors++;
                break;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        if (!pending.isEmpty() && job != null && job.abortReason() == null) {
            if (job.lastDeadlockReport() == null) printer.error(job.rollCall().replaceFirst("^deadlock: every rank is waiting and none can proceed",
                    "calls still waiting when the input ended:"));
            errors++;
        }
    }

    private boolean allPendingBlocked(Job j) {
        for (Rank r : j.ranks()) if (r.status() == Rank.Status.RUNNING) return false;
        return true;
    }

    public void countError() { errors++; }

    /** Ctrl-C while a command runs: stop waiting for it (its result still arrives later) and stop its JavaScript. */
    public void interrupt() {
        interruptRequested = true;
        org.mpish.shell.script.ScriptRunner s = runningScript;
        if (s != null) s.interrupt();
    }

    /** Runs a script in its own job; Ctrl-C ({@link #interrupt}) ends that job. Returns the script's exit status. */
    public int runScript(org.mpish.shell.script.ScriptRunner runner, String name, String code) {
        runningScript = runner;
        try {
            return runner.run(name, code);
        } finally {
            runningScript = null;
        }
    }

    /** 0 when every command succeeded, 2 when the last failure was a usage error only, 1 otherwise. */
    public int exitStatus() {
        if (exitRequested) return exitCode;
        if (errors > 0) return 1;
        return usageErrors > 0 ? 2 : 0;
    }

    public void requestExit(int code) {
        exitRequested = true;
        exitCode = code;
    }

    public boolean exitRequested() { return exitRequested; }

    // ---- trace -------------------------------------------------------------------------------

    public Set<String> traceFamilies() { return traceFamilies; }

    /** Prints events of these families as they happen (empty: trace off; "all": every family). */
    public void setTrace(Set<String> families) {
        if (traceOff != null) { traceOff.run(); traceOff = null; }
        traceFamilies = Set.copyOf(families);
        if (families.isEmpty() || job == null) return;
        traceOff = job.onEvent(this::showEvent);
    }

    private void showEvent(Event e) {
        if (!traceFamilies.contains("all") && !traceFamilies.contains(e.family()) && !e.family().equals("call")) return;
        if (traceBuffer.size() < TRACE_BUFFER_LIMIT) traceBuffer.add(e);
        if (e.family().equals("call")) return; // call spans go to `trace save`, not the screen
        printer.async(printer.dim("trace [" + e.rank() + "] " + e.family() + " " + e.kind() + ": ") + e.text());
    }

    /** The events seen since tracing was turned on, for `trace save`. */
    public List<Event> tracedEvents() {
        synchronized (traceBuffer) {
            return new ArrayList<>(traceBuffer);
        }
    }

    public void clearTrace() { traceBuffer.clear(); }

    public List<String> inputHistory() { return List.copyOf(inputHistory); }

    // ---- record ----------------------------------------------------------------------------------

    void startRecording(java.nio.file.Path file) throws java.io.IOException {
        stopRecording();
        recorder = new Recorder(file, size, catalogue);
    }

    void stopRecording() {
        if (recorder == null) return;
        try {
            recorder.close();
        } catch (java.io.IOException e) {
            printer.error("record: " + e.getMessage());
        }
        recorder = null;
    }

    Recorder recorder() { return recorder; }

    @Override
    public void close() {
        stopRecording();
        closeJob();
    }
}
