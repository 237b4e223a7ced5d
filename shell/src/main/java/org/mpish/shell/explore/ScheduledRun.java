package org.mpish.shell.explore;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.mpish.runtime.Job;
import org.mpish.runtime.explore.Decision;
import org.mpish.runtime.explore.Plan;
import org.mpish.runtime.explore.Scheduler;
import org.mpish.runtime.catalog.JobSettings;
import org.mpish.shell.script.Sandbox;
import org.mpish.shell.script.ScriptRunner;
import org.mpish.shell.script.WarmJobs;

/**
 * One run of a script under a {@link Scheduler} following a {@link Plan}, in this JVM: its exit status, what it
 * printed and the decisions it took.
 */
public final class ScheduledRun {
    /** What a script is run with: the same for every schedule of an exploration; {@code nodes} as --nodes places the ranks. */
    public record Setup(String name, String code, int ranks, int nodes, List<String> args, boolean sync, double timeout, Sandbox sandbox) {
        /** On one node. */
        public Setup(String name, String code, int ranks, List<String> args, boolean sync, double timeout, Sandbox sandbox) {
            this(name, code, ranks, 1, args, sync, timeout, sandbox);
        }

        Job.Options options() { return OPTIONS.withNodes(nodes); }
    }

    /** How one run ended. {@code kind} is null for a clean run. */
    public record Outcome(int exit, String out, String err, Job.Abort.Kind kind, List<Decision> decisions,
                          List<Scheduler.Send> sends, String infeasible) {
        public boolean failed() { return exit != 0; }
    }

    private ScheduledRun() {}

    /** Jobs and contexts made ahead for runs of {@code s} (close it after the last run). */
    public static WarmJobs warm(Setup s) { return warm(s, WarmJobs.FRESH_JOBS); }

    /** As {@link #warm(Setup)}, contexts kept across runs (when the script allows it) after {@code freshJobs} runs. */
    public static WarmJobs warm(Setup s, int freshJobs) {
        return new WarmJobs(s.ranks(), s.args(), s.sandbox(), s.options().withAbortOnDeadlock(true), s.code(), freshJobs);
    }

    private static final Job.Options OPTIONS = Job.Options.defaults();

    /** Runs the script once, output captured. */
    public static Outcome run(Setup s, Plan plan) { return run(s, plan, (WarmJobs) null); }

    /** Runs the script once, output captured, on a job from {@code warm} (made by {@link #warm}) when not null. */
    public static Outcome run(Setup s, Plan plan, WarmJobs warm) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        PrintStream po = new PrintStream(o, true, StandardCharsets.UTF_8), pe = new PrintStream(e, true, StandardCharsets.UTF_8);
        Ran r = run(s, plan, po, pe, warm);
        return new Outcome(r.exit, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8), r.kind,
                r.scheduler.decisions(), r.scheduler.sends(), r.scheduler.infeasible());
    }

    /** A finished run: its exit status, its scheduler, and why its job was aborted (null: it was not). */
    public record Ran(int exit, Scheduler scheduler, Job.Abort.Kind kind) {}

    /** Runs the script once, printing to {@code out} / {@code err}. */
    public static Ran run(Setup s, Plan plan, PrintStream out, PrintStream err) { return run(s, plan, out, err, null); }

    private static Ran run(Setup s, Plan plan, PrintStream out, PrintStream err, WarmJobs warm) {
        return run(s, plan, out, err, warm, null, job -> { });
    }

    /**
     * Runs the script once, pausing at {@code gate} (see {@link Scheduler.Gate}); {@code onJob} is given the job
     * before its ranks start (the shell shows it in its views).
     */
    public static Ran run(Setup s, Plan plan, PrintStream out, PrintStream err, Scheduler.Gate gate, java.util.function.Consumer<Job> onJob) {
        return run(s, plan, out, err, null, gate, onJob);
    }

    private static Ran run(Setup s, Plan plan, PrintStream out, PrintStream err, WarmJobs warm, Scheduler.Gate gate,
                           java.util.function.Consumer<Job> onJob) {
        Scheduler[] sched = new Scheduler[1];
        ScriptRunner runner = new ScriptRunner(s.ranks(), s.args(), s.timeout(), s.sandbox(), out, err, s.options())
                .withWarmJobs(warm)
                .withJobSetup(job -> {
                    Scheduler x = new Scheduler(job, plan);
                    sched[0] = x;
                    if (gate != null) x.gate(gate);
                    job.control(x);
                    if (s.sync()) JobSettings.zeroBuffering(job);
                    onJob.accept(job);
                });
        int exit = runner.run(s.name(), s.code());
        Job j = runner.lastJob();
        return new Ran(exit, sched[0], j == null || j.abortReason() == null ? null : j.abortReason().kind());
    }
}
