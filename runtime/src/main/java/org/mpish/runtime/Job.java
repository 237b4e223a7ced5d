package org.mpish.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A world of N ranks in this JVM. A job starts, runs and ends: cleanly, by MPI_Abort, by a fatal error,
 * by a deadlock or by a timeout. A watchdog turns "every live rank waits on something no rank can supply"
 * into a roll-call report instead of a hang.
 */
public final class Job implements AutoCloseable {
    /** Why a job ended abnormally: the exit status a launcher should use and a report for people. */
    public record Abort(int exitCode, String message, Kind kind, int rank) {
        public enum Kind { ABORT_CALL, FATAL_ERROR, DEADLOCK, TIMEOUT, INTERRUPTED, SCRIPT_ERROR, CLOSED, MEMORY }
    }

    /** Options of a job; the defaults suit the shell. */
    public record Options(long memoryLimitPerRank, boolean abortOnDeadlock, long watchdogMillis, int nodes) {
        public static Options defaults() { return new Options(1L << 30, false, 50, 1); }
        public Options withAbortOnDeadlock(boolean b) { return new Options(memoryLimitPerRank, b, watchdogMillis, nodes); }
        public Options withMemoryLimit(long bytes) { return new Options(bytes, abortOnDeadlock, watchdogMillis, nodes); }
        /** Simulated nodes the ranks are placed on (see {@link Job#nodeOf}); 1 unless --nodes says otherwise. */
        public Options withNodes(int k) { return new Options(memoryLimitPerRank, abortOnDeadlock, watchdogMillis, k); }
    }

    public static final int MAX_RANKS = 1024;
    private final List<Rank> ranks;
    private final Options options;
    private final long startNanos = System.nanoTime();
    private final AtomicLong events = new AtomicLong();
    private final AtomicInteger finished = new AtomicInteger();
    private final List<Consumer<Event>> eventSinks = new CopyOnWriteArrayList<>();
    private final List<Consumer<Abort>> abortListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<String>> deadlockListeners = new CopyOnWriteArrayList<>();
    private volatile boolean tracing;
    private volatile Abort abort;
    private volatile boolean over;
    private volatile String lastDeadlockReport;
    private final Thread watchdog;
    /** What the ranks of this job share (MPI_COMM_WORLD's matching state, ...): it lives exactly as long as the job. */
    private final Map<Object, Object> shared = new java.util.concurrent.ConcurrentHashMap<>();
    /** Set before any work is submitted (the task queue publishes it) when the schedule is controlled; else null. */
    private Controller controller;
    static {
        // loaded up front: while no explored job has loaded it, the JIT cannot inline controller(), whose result
        // type is unknown to it, and every catalogued call and message paid an out-of-line call for that null check
        Controller.class.getName();
    }
    /**
     * What runs this job's calls when it is not the in-process runtime (a native engine: the catalogue's
     * {@code Engine}; core only holds it), else null. Set before the ranks run their first call.
     */
    private volatile Object engine;

    private final Hooks hooks = new Hooks();
    /** Call names by number (index 0: none), and the numbers by name; only ever grows, by the calls there are. */
    private volatile String[] callNames = {null};
    private final Map<String, Integer> callNumbers = new java.util.concurrent.ConcurrentHashMap<>();
    /** The numbers given by {@link #numberCalls} (shared with other jobs, read only); callNumbers holds the rest. */
    private volatile Map<String, Integer> firstNumbers = Map.of();

    public Job(int size) { this(size, Options.defaults()); }

    public Job(int size, Options options) { this(size, options, job -> { }); }

    /**
     * A job whose hooks and settings {@code setup} wires before any rank runs (the catalogue passes the wiring of
     * the families it holds).
     */
    public Job(int size, Options options, Consumer<Job> setup) {
        if (size < 1 || size > MAX_RANKS) {
            throw new IllegalArgumentException("a job has 1 to " + MAX_RANKS + " ranks, not " + size);
        }
        if (options.nodes() < 1 || options.nodes() > size) {
            throw new IllegalArgumentException("a job of " + size + " ranks runs on 1 to " + size + " nodes, not " + options.nodes());
        }
        this.options = options;
        List<Rank> rs = new ArrayList<>(size);
        for (int i = 0; i < size; i++) rs.add(new Rank(this, i, options.memoryLimitPerRank()));
        this.ranks = Collections.unmodifiableList(rs);
        setup.accept(this);
        for (Rank r : ranks) r.start();
        // the job's number is its watchdog thread's id: unique while the job lives, and no static counter
        watchdog = Thread.ofPlatform().daemon(true).unstarted(this::watch);
        watchdog.setName("mpish-watchdog-" + watchdog.threadId());
        watchdog.start();
    }

    public int size() { return ranks.size(); }

    /** How many simulated nodes the ranks are placed on. */
    public int nodes() { return options.nodes(); }

    /**
     * The node of world rank {@code rank}: ranks are placed in blocks, in order, as mpirun's default by-slot
     * mapping fills one host before the next; with N ranks on K nodes each node gets N/K ranks and the first
     * N mod K nodes one more.
     */
    public int nodeOf(int rank) {
        int k = options.nodes(), base = ranks.size() / k, extra = ranks.size() % k;
        int big = extra * (base + 1); // ranks on the nodes that hold one more
        return rank < big ? rank / (base + 1) : extra + (rank - big) / base;
    }

    /** The name of node {@code node} ("node0", ...), what MPI_Get_processor_name returns on its ranks. */
    public String nodeName(int node) { return "node" + node; }
    public Rank rank(int i) { return ranks.get(i); }
    public List<Rank> ranks() { return ranks; }
    public Options options() { return options; }
    /** The controller of a job whose schedule is controlled ({@code mpish explore}), else null. */
    public Controller controller() { return controller; }

    /** Puts the job's schedule under {@code c}; call before submitting any work to its ranks. */
    public void control(Controller c) { this.controller = c; }

    /** The engine that runs this job's calls instead of the in-process runtime, or null (see {@link #engine}). */
    public Object engine() { return engine; }
    public void runOn(Object e) { this.engine = e; }

    /**
     * The number that stands for {@code callName} in {@link Rank#enter(int)}: the same name always gets the same
     * number in this job. The catalogue numbers its calls 1, 2, ... and registers them first, in that order.
     */
    public int callNumber(String callName) {
        if (callName == null) return 0;
        Integer n = firstNumbers.get(callName);
        if (n == null) n = callNumbers.get(callName);
        return n != null ? n : registerCall(callName);
    }

    private synchronized int registerCall(String callName) {
        Integer n = firstNumbers.get(callName);
        if (n == null) n = callNumbers.get(callName);
        if (n != null) return n;
        String[] names = java.util.Arrays.copyOf(callNames, callNames.length + 1);
        names[names.length - 1] = callName;
        callNames = names; // published before anyone can hold the number
        callNumbers.put(callName, names.length - 1);
        return names.length - 1;
    }

    /**
     * Names numbered 1, 2, ... in order, made once and given to many jobs ({@link #numberCalls}): a catalogue
     * numbers its several hundred calls in every new job, and {@code mpish explore} makes a job per schedule.
     */
    public static final class Numbering {
        private final String[] table;
        private final Map<String, Integer> numbers;

        /** {@code names}: distinct, none null. */
        public Numbering(List<String> names) {
            table = new String[names.size() + 1];
            Map<String, Integer> m = new java.util.HashMap<>();
            for (int i = 0; i < names.size(); i++) {
                table[i + 1] = names.get(i);
                if (m.put(names.get(i), i + 1) != null) throw new IllegalArgumentException("named twice: " + names.get(i));
            }
            numbers = Collections.unmodifiableMap(m);
        }
    }

    /**
     * Numbers calls as {@code n} does, when nothing is numbered in this job yet (then without copying anything:
     * the job shares the numbering), and returns true; else leaves the job as it is and returns false.
     */
    public synchronized boolean numberCalls(Numbering n) {
        if (callNames.length != 1 || !callNumbers.isEmpty() || !firstNumbers.isEmpty()) return false;
        callNames = n.table; // never written: a later call is numbered in a copy
        firstNumbers = n.numbers;
        return true;
    }

    /** The name of call number {@code n} of this job, or null. */
    public String callName(int n) {
        String[] names = callNames;
        return n > 0 && n < names.length ? names[n] : null;
    }

    /** The hooks the families of this job wired when it was built. */
    public Hooks hooks() { return hooks; }
    public int id() { return (int) watchdog.threadId(); }
    public double wtime() { return (System.nanoTime() - startNanos) / 1e9; }

    /** Per-job state shared by every rank, created on first use ({@code init} must not call this again). */
    @SuppressWarnings("unchecked")
    public <T> T shared(Object key, java.util.function.Supplier<T> init) {
        Object v = shared.get(key); // a plain read first: an init may read state made before it (never make new state)
        return v != null ? (T) v : (T) shared.computeIfAbsent(key, k -> init.get());
    }

    // ---- events ------------------------------------------------------------------------------

    private static final java.lang.invoke.VarHandle TRACING =
            VarHandles.field(java.lang.invoke.MethodHandles.lookup(), "tracing", boolean.class);

    /**
     * True when someone listens: callers build events only then. Every call and every RMA operation asks, so this
     * is an opaque read (no ordering; it still sees a change that happened before, such as a trace switched on
     * before a command was handed to the rank), not a volatile one.
     */
    public boolean tracing() { return (boolean) TRACING.getOpaque(this); }

    public void emit(int rank, String family, String kind, String text, Map<String, Object> fields) {
        if (!tracing) return;
        Event e = new Event(System.nanoTime() - startNanos, rank, family, kind, text, fields == null ? Map.of() : fields);
        for (Consumer<Event> s : eventSinks) s.accept(e);
    }

    public Runnable onEvent(Consumer<Event> sink) {
        eventSinks.add(sink);
        tracing = true;
        return () -> {
            eventSinks.remove(sink);
            tracing = !eventSinks.isEmpty();
        };
    }

    // ---- abort and end -----------------------------------------------------------------------

    public Abort abortReason() { return abort; }
    public boolean isOver() { return over; }

    /** Ends the job abnormally; the first reason wins. Every rank's blocked call throws {@link JobAbortedException}. */
    public void abort(Abort reason) {
        synchronized (this) {
            if (abort != null) return;
            abort = reason;
        }
        for (Consumer<Abort> l : abortListeners) {
            try {
                l.accept(reason);
            } catch (RuntimeException ignored) {
                // a listener must not stop the abort
            }
        }
        for (Rank r : ranks) r.interruptForAbort();
    }

    public void onAbort(Consumer<Abort> listener) { abortListeners.add(listener); }
    public void onDeadlock(Consumer<String> listener) { deadlockListeners.add(listener); }
    public String lastDeadlockReport() { return lastDeadlockReport; }

    /** Stops every rank thread (aborting first if the job is still running) and waits for them to end. */
    @Override
    public void close() {
        if (!over) {
            if (abort == null && finished.get() < ranks.size()) {
                abort(new Abort(1, "job closed", Abort.Kind.CLOSED, -1));
            }
            over = true;
        }
        for (Rank r : ranks) {
            r.thread().interrupt();
        }
        for (Rank r : ranks) {
            try {
                r.thread().join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        watchdog.interrupt();
    }

    // ---- deadlock detection ----------------------------------------------------------------

    void noteEvent() { events.incrementAndGet(); }
    void blockedChanged() { events.incrementAndGet(); }
    void rankFinished() { finished.incrementAndGet(); noteEvent(); }
    public boolean allFinished() { return finished.get() == ranks.size(); }

    private void watch() {
        long seen = -1;
        int quietRounds = 0;
        boolean reported = false;
        while (!over && abort == null) {
            try {
                Thread.sleep(options.watchdogMillis());
            } catch (InterruptedException e) {
                return;
            }
            if (!allStuck()) {
                seen = -1;
                quietRounds = 0;
                reported = false;
                continue;
            }
            long now = events.get();
            if (now != seen) {
                seen = now;
                quietRounds = 0;
                // ask every rank to re-check its condition once: a missed wake-up is not a deadlock
                for (Rank r : ranks) java.util.concurrent.locks.LockSupport.unpark(r.thread());
                continue;
            }
            if (++quietRounds < 2 || reported) continue;
            // confirm: every blocked rank must have looked at its condition again since now, still in vain.
            // A rank that was woken but not yet scheduled (a loaded machine) is not stuck.
            if (!confirmStuck()) {
                seen = -1;
                quietRounds = 0;
                continue;
            }
            reported = true;
            String report = rollCall();
            lastDeadlockReport = report;
            for (Consumer<String> l : deadlockListeners) l.accept(report);
            if (options.abortOnDeadlock()) abort(new Abort(1, report, Abort.Kind.DEADLOCK, -1));
        }
    }

    /**
     * Unparks every rank and waits (up to 10 s) until each has re-checked its wait condition; true when all are
     * still blocked afterwards and no event happened meanwhile.
     */
    private boolean confirmStuck() {
        long[] before = new long[ranks.size()];
        for (int i = 0; i < before.length; i++) before[i] = ranks.get(i).checks();
        long ev = events.get();
        for (Rank r : ranks) java.util.concurrent.locks.LockSupport.unpark(r.thread());
        long end = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < end) {
            if (over || abort != null || !allStuck() || events.get() != ev) return false;
            boolean all = true;
            for (int i = 0; i < before.length; i++) {
                Rank r = ranks.get(i);
                if (r.checks() == before[i]) {
                    all = false;
                    java.util.concurrent.locks.LockSupport.unpark(r.thread());
                }
            }
            if (all) return allStuck() && events.get() == ev;
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return false;
            }
        }
        return false;
    }

    /** Every rank that could still act is blocked, and at least one has not finished. */
    private boolean allStuck() {
        boolean anyUnfinished = false;
        for (Rank r : ranks) {
            if (!r.blocked()) return false;
            if (!r.finished()) anyUnfinished = true;
        }
        if (!anyUnfinished) return false;
        for (Rank r : ranks) if (r.hasQueuedWork()) return false;
        return true;
    }

    /** One line per rank saying what it is doing, headed by a summary. */
    public String rollCall() {
        StringBuilder sb = new StringBuilder("deadlock: every rank is waiting and none can proceed");
        for (Rank r : ranks) {
            sb.append("\n  rank ").append(r.id()).append(": ");
            if (r.finished()) {
                sb.append("finished");
                continue;
            }
            String call = r.currentCall();
            String what = r.waitDescription();
            if (call == null && what == null) {
                sb.append(r.status() == Rank.Status.RUNNING ? "running" : "idle");
                continue;
            }
            sb.append(call == null ? "waiting" : "in " + call);
            if (what != null && !what.isEmpty()) sb.append(": ").append(what);
        }
        return sb.toString();
    }
}
