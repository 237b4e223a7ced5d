package org.mpish.shell;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.mpish.runtime.Job;
import org.mpish.runtime.explore.Decision;
import org.mpish.runtime.explore.Scheduler;
import org.mpish.shell.explore.ExploreCommand;
import org.mpish.shell.explore.ScheduledRun;

/**
 * {@code trace replay SCHEDULE SCRIPT}, {@code trace step} and {@code trace continue}: a schedule saved by
 * {@code mpish explore -o} run again, exactly, in the session's job, pausing before each choice that could have
 * gone another way and once more when no rank can move. While it is paused the shell's views ({@code ranks},
 * {@code trace} events, {@code trace save}) show that run; {@code trace step} takes the choice and runs on to the
 * next pause.
 */
final class TraceReplay implements Scheduler.Gate {
    private final Object lock = new Object();
    private Job job;
    /** How many times the run has paused; what it said at the last pause. */
    private int pauses;
    private String pauseText;
    private boolean paused, resume, free, ended;
    private int exit;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private int taken;

    private TraceReplay() {}

    /** Starts the replay of {@code schedule} for {@code script}; returns at its first pause or its end, with what to print. */
    static String start(Session s, String schedule, String script, List<String> args) {
        TraceReplay old = s.replay();
        if (old != null && !old.ended()) throw new IllegalArgumentException("a replay is paused: finish it with `trace continue` first");
        ExploreCommand.Replay r = ExploreCommand.loadForShell(schedule, script, args);
        TraceReplay t = new TraceReplay();
        s.setReplay(t);
        PrintStream errs = new PrintStream(t.err, true, StandardCharsets.UTF_8);
        Thread.ofPlatform().daemon(true).name("mpish-trace-replay").start(() -> {
            int status = 1;
            try {
                status = ScheduledRun.run(r.setup(), r.plan(), s.printer().out(), errs, t, job -> {
                    synchronized (t.lock) {
                        t.job = job;
                    }
                    s.adoptJob(job);
                }).exit();
            } finally {
                synchronized (t.lock) {
                    t.exit = status;
                    t.ended = true;
                    t.lock.notifyAll();
                }
            }
        });
        return "replaying " + schedule + " (" + r.setup().ranks() + " ranks" + (r.setup().sync() ? ", no buffering" : "") + ")\n"
                + t.untilPause(0);
    }

    /** Whether the run ended, and not cleanly (the command that saw it end then fails, as `run` does). */
    boolean failed() {
        synchronized (lock) {
            return ended && exit != 0;
        }
    }

    boolean ended() {
        synchronized (lock) {
            return ended;
        }
    }

    /** {@code trace step}: takes the choice the run is paused at and runs to the next pause; what to print. */
    String step() { return go(false); }

    /** {@code trace continue}: runs to the end without pausing; what to print. */
    String finish() { return go(true); }

    private String go(boolean all) {
        int seen;
        synchronized (lock) {
            if (ended) return "the replay has ended";
            seen = pauses;
            if (all) free = true;
            resume = true;
            lock.notifyAll();
        }
        return untilPause(seen);
    }

    /** Waits until the run pauses a time after {@code seen} pauses, or ends. */
    private String untilPause(int seen) {
        synchronized (lock) {
            while (!ended && !(paused && pauses > seen)) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return "interrupted; the replay goes on in the background";
                }
            }
            if (!ended) return pauseText;
            String e = err.toString(StandardCharsets.UTF_8).strip();
            return "the replay ended with exit status " + exit + (e.isEmpty() ? "" : "\n" + e);
        }
    }

    @Override
    public void before(Decision d) {
        taken++;
        pause("paused at choice " + taken + ": " + d.words()
                + "\n(`trace step` takes it and runs to the next pause; `ranks` and the other views show the run as it is now)");
    }

    @Override
    public void stuck(String rollCall) {
        pause("paused: no rank can move; this run ends here as a deadlock\n" + rollCall
                + "\n(`trace step` or `trace continue` ends it)");
    }

    /** Holds the deciding rank (and so every rank) until the person steps on, or the job ends. */
    private void pause(String text) {
        synchronized (lock) {
            if (free) return;
            pauses++;
            pauseText = text;
            paused = true;
            resume = false;
            lock.notifyAll();
            try {
                while (!resume && !free && job != null && job.abortReason() == null && !job.isOver()) lock.wait(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the job is being closed
            } finally {
                paused = false;
            }
        }
    }
}
