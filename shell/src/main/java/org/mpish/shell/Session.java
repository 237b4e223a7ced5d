package org.mpish.shell;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.mpish.runtime.Event;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.shell.script.JsRank;

/**
 * A shell session. Every line goes through {@link #execute}, which dispatches each command to a builtin or to
 * {@link CallCommand}. The state lives in parts below this class, which builtins reach through it:
 * {@link JobControl} (the job, its size and default rank, the JavaScript contexts), {@link Waits} (commands
 * still running on blocked ranks, Ctrl-C), {@link Tracing}, {@link Recording} and {@link Outcomes} (the exit
 * status). {@link CallCommand} is given those parts, not the session.
 */
public final class Session implements AutoCloseable {
    private final Catalogue catalogue = Catalogue.get();
    private final Printer printer;
    private final boolean interactive;
    private final Map<String, Builtin> builtins = new LinkedHashMap<>();
    private final List<String> inputHistory = new ArrayList<>();
    private final Outcomes outcomes;
    private final Tracing tracing;
    private final Recording recording;
    private final JobControl jobs;
    private final Waits waits;
    private final CallCommand calls;

    public Session(int size, Printer printer, boolean interactive) {
        this.printer = printer;
        this.interactive = interactive;
        this.outcomes = new Outcomes(printer);
        this.tracing = new Tracing(printer);
        this.recording = new Recording(printer, catalogue);
        this.jobs = new JobControl(size, catalogue, printer, interactive, tracing);
        this.waits = new Waits(jobs, printer, outcomes);
        this.calls = new CallCommand(jobs, waits, recording, outcomes, printer);
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

    public Catalogue catalogue() { return catalogue; }
    public boolean interactive() { return interactive; }
    public Map<String, Builtin> builtins() { return builtins; }
    public List<String> inputHistory() { return List.copyOf(inputHistory); }

    // ---- the job (JobControl) --------------------------------------------------------------------

    /** The options of the jobs this session starts from now on (mpish -m: the memory limit of each rank). */
    public void setJobOptions(Job.Options o) { jobs.setOptions(o); }
    public Job.Options jobOptions() { return jobs.options(); }
    public int defaultRank() { return jobs.defaultRank(); }
    public int size() { return jobs.size(); }
    public void setDefaultRank(int r) { jobs.setDefaultRank(r); }
    /** The running job, starting a new one if there is none or the last one was aborted. */
    public Job job() { return jobs.job(); }
    /** The job if one is running, without starting one. */
    public Job currentJob() { return jobs.current(); }
    /** Replaces the job by a new one of {@code n} ranks. */
    public void newJob(int n) { jobs.newJob(n); }
    /** The JavaScript context of a rank; call on that rank's thread only. */
    public JsRank js(Rank r) { return jobs.js(r); }
    /** Makes {@code j} (a replayed run, `trace replay`) the session's job, so the views show it. */
    void adoptJob(Job j) { jobs.adopt(j); }

    private TraceReplay replay;
    /** The replay `trace step` drives, or null. */
    TraceReplay replay() { return replay; }
    void setReplay(TraceReplay r) { replay = r; }

    // ---- executing lines -------------------------------------------------------------------------

    /** Executes one line (possibly several commands separated by ';'); false when any of them failed. */
    public boolean execute(String text) {
        if (!text.isBlank()) inputHistory.add(text);
        boolean ok = true;
        for (String cmd : LineParser.splitCommands(text)) {
            if (outcomes.exitRequested()) break;
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
            if (!ok) outcomes.countError();
            return ok;
        }
        Call call = catalogue.call(word);
        if (call == null) return usage(unknownCommand(word));
        List<Integer> ranks;
        try {
            ranks = Targets.parse(line.target(), job().size(), defaultRank());
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        return calls.run(call, line, ranks);
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

    // ---- outcomes (Outcomes) ---------------------------------------------------------------------

    /** Records a usage error (a line that could not be understood) and prints it. */
    public boolean usage(String message) { return outcomes.usage(message); }
    /** Records a failed command and prints why. */
    public boolean failure(String message) { return outcomes.failure(message); }
    public void countError() { outcomes.countError(); }
    /** 0 when every command succeeded, 2 when the last failure was a usage error only, 1 otherwise. */
    public int exitStatus() { return outcomes.exitStatus(); }
    public void requestExit(int code) { outcomes.requestExit(code); }
    public boolean exitRequested() { return outcomes.exitRequested(); }

    // ---- waiting and interrupts (Waits) ----------------------------------------------------------

    /** How long to wait for a blocked call before giving the prompt back (tests use 0). */
    public void setDetachMillis(long ms) { waits.setDetachMillis(ms); }

    /** See {@link Waits#await}: the result, or null when the rank blocked and the result will be printed later. */
    public <T> T await(Rank rank, CompletableFuture<T> f, String what, java.util.function.Consumer<Object> onDone)
            throws ExecutionException {
        return waits.await(rank, f, what, onDone);
    }

    static Throwable unwrap(Throwable t) { return Waits.unwrap(t); }

    /** Waits (at most {@code seconds}) for calls still running on blocked ranks, for the end of batch input. */
    public void drain(double seconds) { waits.drain(seconds); }

    /** Ctrl-C while a command runs: stop waiting for it (its result still arrives later) and stop its JavaScript. */
    public void interrupt() { waits.interrupt(); }

    /** Runs a script in its own job; Ctrl-C ({@link #interrupt}) ends that job. Returns the script's exit status. */
    public int runScript(org.mpish.shell.script.ScriptRunner runner, String name, String code) {
        return waits.runScript(runner, name, code);
    }

    // ---- trace (Tracing) -------------------------------------------------------------------------

    public Set<String> traceFamilies() { return tracing.families(); }
    /** Prints events of these families as they happen (empty: trace off; "all": every family). */
    public void setTrace(Set<String> families) { tracing.set(families, jobs.current()); }
    /** The events seen since tracing was turned on, for `trace save`. */
    public List<Event> tracedEvents() { return tracing.events(); }
    public void clearTrace() { tracing.clear(); }

    // ---- record (Recording) ----------------------------------------------------------------------

    void startRecording(java.nio.file.Path file) throws java.io.IOException { recording.start(file, size()); }
    void stopRecording() { recording.stop(); }
    Recorder recorder() { return recording.recorder(); }

    @Override
    public void close() {
        recording.stop();
        jobs.close();
    }
}
