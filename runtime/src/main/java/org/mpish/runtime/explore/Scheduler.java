package org.mpish.runtime.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.mpish.runtime.Controller;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;

/**
 * Runs a job's ranks one at a time so that a run depends only on its {@link Choice}s. One rank holds the turn;
 * when it waits, the turn passes to the next rank (in rank order after it) that can go on. When none can, every
 * message that can be sent has been sent and every request that can complete has completed: only then is a
 * pending choice decided (the plan's value, else the first candidate), so each choice sees all the alternatives
 * the standard allows at that point, and the same plan gives the same run, whatever the machine's timing. When
 * no rank can go on and no choice can be decided, the job is deadlocked in this schedule: it is aborted at once
 * with the roll-call.
 *
 * <p>It also keeps a vector clock per rank (advanced at each send and decision, merged at each receive) so the
 * explorer can tell which messages a wildcard receive could have matched in some other schedule: those not sent
 * in its causal future.
 */
public final class Scheduler implements Controller {
    private static final int NEW = 0, READY = 1, RUNNING = 2, BLOCKED = 3, EXITED = 4;

    private final Job job;
    private final int n;
    private final Plan plan;
    private final int[] state;
    private final BooleanSupplier[] conds;
    /** The rank whose condition was found true when it was given the turn (so it need not evaluate it again). */
    private final boolean[] granted;
    private volatile int holder = -1;
    private int arrived;
    private final List<Choice> pending = new ArrayList<>();
    private final int[] ordinals;
    /** Calls each rank made since it last waited (its own thread only). */
    private final int[] sinceWait;
    /** After this many calls without a wait, a rank lets the others move first (a polling loop must not keep the turn). */
    static final int CALLS_PER_TURN = 64;
    private final List<Map<String, Integer>> callOrdinals = new ArrayList<>();
    private final List<Decision> decisions = new ArrayList<>();
    private int lastResolved = -1;
    private volatile String infeasible;
    private volatile String mismatch;
    private final int[][] clocks;
    private final List<Send> sends = new ArrayList<>();
    private volatile Gate gate;

    /**
     * Lets a person step through a run (the shell's {@code trace replay}): called on the deciding rank's thread,
     * with every rank waiting, and the run goes on when it returns.
     */
    public interface Gate {
        /** Before a choice that could have gone another way is carried out; {@code d} is that decision. */
        void before(Decision d);

        /** When no rank can move any more and nothing is left to decide, before the job is aborted as stuck. */
        void stuck(String rollCall);
    }

    /** Pauses the run at each decision with alternatives, and when it is stuck (see {@link Gate}). */
    public void gate(Gate g) { gate = g; }

    /**
     * A message sent in this run, for the happens-before analysis: to whom, on which context, the sender's clock,
     * and the receiver's own clock entry when it was delivered (-1: never), which tells the choices it came after.
     */
    public static final class Send {
        public final int from, fromInComm, to, tag;
        public final long context;
        public final int[] clock;
        volatile int receivedAt = -1;

        Send(int from, int fromInComm, int to, long context, int tag, int[] clock) {
            this.from = from;
            this.fromInComm = fromInComm;
            this.to = to;
            this.context = context;
            this.tag = tag;
            this.clock = clock;
        }

        /** The receiver's clock entry at delivery, -1 if it was never delivered. */
        public int receivedAt() { return receivedAt; }
    }

    public Scheduler(Job job, Plan plan) {
        this.job = job;
        this.n = job.size();
        this.plan = plan;
        state = new int[n];
        conds = new BooleanSupplier[n];
        granted = new boolean[n];
        ordinals = new int[n];
        sinceWait = new int[n];
        clocks = new int[n][n];
        for (int i = 0; i < n; i++) callOrdinals.add(new HashMap<>());
    }

    /** The scheduler of {@code r}'s job, or null when its schedule is not controlled. */
    public static Scheduler of(Rank r) {
        return r.job().controller() instanceof Scheduler s ? s : null;
    }

    /** The decisions of this run, in the order they were taken. */
    public synchronized List<Decision> decisions() { return new ArrayList<>(decisions); }

    /** Why the plan could not be followed (a planned value never became possible), or null. */
    public String infeasible() { return infeasible; }

    /** Why the plan does not fit the script (a choice in another call than planned), or null. */
    public String mismatch() { return mismatch; }

    public synchronized List<Send> sends() { return new ArrayList<>(sends); }

    // ---- turns ---------------------------------------------------------------------------------

    @Override
    public void begin(Rank r) {
        int me = r.id();
        synchronized (this) {
            state[me] = READY;
            arrived++;
            if (arrived == n && holder < 0) {
                int next = pickNext(n - 1);
                if (next >= 0) give(next);
            }
        }
        waitTurn(r);
    }

    @Override
    public void await(Rank r, BooleanSupplier done) {
        int me = r.id();
        if (state[me] == NEW) begin(r); // a wait before its script started: take a turn first
        for (;;) {
            r.checkAbort();
            r.progress();
            if (done.getAsBoolean()) return;
            sinceWait[me] = 0;
            int next;
            synchronized (this) {
                conds[me] = done;
                state[me] = BLOCKED;
                next = pickNext(me);
                if (next >= 0) give(next);
            }
            if (next < 0) stuck(r);
            waitTurn(r);
            synchronized (this) {
                conds[me] = null;
                if (granted[me]) {
                    granted[me] = false;
                    return;
                }
            }
        }
    }

    @Override
    public void exit(Rank r) {
        int me = r.id();
        int next;
        synchronized (this) {
            boolean before = state[me] == NEW; // its script never started (its context could not be made)
            state[me] = EXITED;
            if (before) {
                if (++arrived == n && holder < 0 && (next = pickNext(n - 1)) >= 0) give(next);
                return;
            }
            if (holder != me) return;
            holder = -1;
            next = pickNext(me);
            if (next >= 0) give(next);
        }
        if (next == -2 && job.abortReason() == null) abortStuck();
    }

    private void give(int next) {
        state[next] = RUNNING;
        holder = next;
        LockSupport.unpark(job.rank(next).thread());
    }

    private void waitTurn(Rank r) {
        int me = r.id();
        while (holder != me) {
            if (job.abortReason() != null) throw new JobAbortedException(job.abortReason());
            LockSupport.parkNanos(this, 20_000_000L);
        }
    }

    /**
     * The next rank to run after {@code me} (caller holds the lock): a ready or unblocked rank, in rank order after
     * {@code me}; else, when none can move, the rank of a pending choice decided now; -1 when every rank has
     * exited; -2 when the job is stuck.
     */
    private int pickNext(int me) {
        for (;;) {
            for (int i = 1; i <= n; i++) {
                int k = (me + i) % n;
                if (state[k] == READY) return k;
                if (state[k] == BLOCKED) {
                    if (conds[k].getAsBoolean()) {
                        granted[k] = true;
                        return k;
                    }
                    if (job.rank(k).hasProgressWork()) return k;
                }
            }
            if (!resolveOne()) break;
        }
        for (int k = 0; k < n; k++) if (state[k] != EXITED) return -2;
        return -1;
    }

    private void stuck(Rank r) {
        abortStuck();
        r.checkAbort();
        throw new IllegalStateException("a stuck job was not aborted");
    }

    private void abortStuck() {
        Gate g = gate;
        if (g != null && job.abortReason() == null) g.stuck(job.rollCall());
        String why;
        synchronized (this) {
            why = unsatisfiable();
        }
        if (why != null) {
            infeasible = why;
            job.abort(new Job.Abort(1, "the schedule cannot be followed: " + why, Job.Abort.Kind.DEADLOCK, -1));
        } else {
            job.abort(new Job.Abort(1, job.rollCall(), Job.Abort.Kind.DEADLOCK, -1));
        }
    }

    /** A pending choice whose planned value never became possible, in words; null if there is none. */
    private String unsatisfiable() {
        for (Choice c : pending) {
            Plan.Entry e = plan.get(c.rank, c.ordinal);
            if (e != null && c.recorded()) return "rank " + c.rank + "'s " + Decision.nth(c.callOrdinal + 1) + " " + c.label()
                    + " was to take " + c.text(e.value()) + ", which never became possible";
        }
        return null;
    }

    // ---- choices -------------------------------------------------------------------------------

    /**
     * Registers a choice made by {@code r} (on its own thread, holding the turn). With {@code wait}, returns its
     * value once decided; else returns at once (the choice is decided later, and carried out by its resolve).
     */
    public int choose(Rank r, Choice c, boolean wait) {
        synchronized (this) {
            if (c.recorded()) {
                c.ordinal = ordinals[c.rank]++;
                c.callOrdinal = callOrdinals.get(c.rank).merge(c.call, 1, Integer::sum) - 1;
                Plan.Entry e = plan.get(c.rank, c.ordinal);
                if (e != null && !e.call().equals(c.call) && mismatch == null) {
                    mismatch = "rank " + c.rank + "'s choice " + (c.ordinal + 1) + " is in " + c.call + " in this script but in "
                            + e.call() + " in the schedule";
                }
            }
            pending.add(c);
        }
        if (mismatch != null) {
            job.abort(new Job.Abort(2, "the schedule does not fit this script: " + mismatch, Job.Abort.Kind.DEADLOCK, -1));
            r.checkAbort();
        }
        if (!wait) return Choice.NONE;
        r.await(() -> c.resolved, () -> "its turn to decide " + c.label());
        return c.value;
    }

    @Override
    public void called(Rank r) {
        if (++sinceWait[r.id()] >= CALLS_PER_TURN) yieldTurn(r, r.currentCall() == null ? "a call" : r.currentCall());
    }

    /** Lets every other rank that can move run first (a test or probe in a polling loop must not hold the turn). */
    public void yieldTurn(Rank r, String call) {
        choose(r, new Choice(r.id(), call) {
            @Override protected int[] candidates() { return new int[0]; }
            @Override protected boolean allowsNone() { return true; }
            @Override protected String label() { return call; }
            @Override protected String verb() { return ""; }
            @Override protected String text(int value) { return ""; }
            @Override protected boolean recorded() { return false; }
        }, true);
    }

    /** Decides one pending choice (caller holds the lock), in rank order after the last decided; false if none can be. */
    private boolean resolveOne() {
        if (pending.isEmpty()) return false;
        Choice best = null;
        int bestDist = Integer.MAX_VALUE;
        int[] bestCands = null;
        int bestValue = Choice.NONE;
        for (Choice c : pending) {
            int dist = Math.floorMod(c.rank - lastResolved - 1, n);
            if (dist >= bestDist) continue;
            int[] cands = c.candidates();
            Plan.Entry e = c.recorded() ? plan.get(c.rank, c.ordinal) : null;
            int v;
            if (e != null) {
                if (contains(cands, e.value())) v = e.value();
                else if (e.value() == Choice.NONE && c.allowsNone()) v = Choice.NONE;
                else continue;
            } else if (cands.length > 0) {
                v = cands[0];
            } else if (c.allowsNone()) {
                v = Choice.NONE;
            } else {
                continue;
            }
            best = c;
            bestDist = dist;
            bestCands = cands;
            bestValue = v;
        }
        if (best == null) return false;
        pending.remove(best);
        lastResolved = best.rank;
        if (best.recorded()) {
            int[] clock = clocks[best.rank];
            clock[best.rank]++;
            List<String> texts = new ArrayList<>();
            for (int v : bestCands) texts.add(best.text(v));
            Decision d = new Decision(best.rank, best.ordinal, best.call, best.callOrdinal, best.label(), best.verb(), bestValue,
                    bestCands, texts, best.text(bestValue), clock[best.rank], best.context(), best.tag());
            decisions.add(d);
            Gate g = gate;
            if (g != null && d.branching()) g.before(d); // every rank waits meanwhile: none can move until this is done
        }
        best.value = bestValue;
        best.resolve(bestValue);
        best.resolved = true;
        return true;
    }

    private static boolean contains(int[] a, int v) {
        for (int x : a) if (x == v) return true;
        return false;
    }

    // ---- happens-before ------------------------------------------------------------------------

    /** A send from {@code from} (its rank {@code fromInComm} in the communicator): returns what the message carries. */
    public synchronized Send sent(int from, int fromInComm, int to, long context, int tag) {
        int[] c = clocks[from];
        c[from]++;
        Send s = new Send(from, fromInComm, to, context, tag, c.clone());
        sends.add(s);
        return s;
    }

    /** The message of {@code s} was delivered to its receiver. */
    public synchronized void received(Send s) {
        if (s == null) return;
        int[] c = clocks[s.to];
        s.receivedAt = c[s.to];
        for (int i = 0; i < n; i++) if (s.clock[i] > c[i]) c[i] = s.clock[i];
    }
}
