package org.mpish.runtime;

import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One rank of a job: its own thread, memory, per-family state and wait state. Calls run on the rank's own
 * thread; a blocking call blocks only this rank, through {@link #await}.
 */
public final class Rank {
    public enum Status { IDLE, RUNNING, WAITING, FINISHED, ABORTED }

    /** How long a blocking wait spins before it parks. */
    private static final long SPIN_NANOS = Long.getLong("mpish.spinNanos", 50_000);
    private static final int YIELD_EVERY = Integer.getInteger("mpish.yieldEvery", 64);

    private final Job job;
    private final int id;
    private final Memory memory;
    private final Thread thread;
    private final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final ConcurrentLinkedQueue<Runnable> progressTasks = new ConcurrentLinkedQueue<>();
    private final Map<Class<?>, Object> states = new ConcurrentHashMap<>();

    /** The call this rank is in, as its number ({@link #callNumber}); 0 for none. */
    private volatile int call;
    private volatile Supplier<String> waitingFor;
    /** How many times this rank has re-checked a wait condition: the watchdog's proof that a rank really ran. */
    private volatile long checks;
    private volatile boolean busy;
    private volatile boolean finished;
    private volatile boolean inProgressTask;
    /** Set while waiting must fail at once (see {@link #forbidWaiting}); only this rank's thread uses it. */
    private Supplier<? extends RuntimeException> noWaiting;
    /** A progress task (a handler) itself waits: then the rank is blocked even though a task runs. */
    private volatile boolean waitInTask;

    Rank(Job job, int id, long memoryLimit) {
        this.job = job;
        this.id = id;
        this.memory = new Memory(id, memoryLimit);
        this.thread = Thread.ofPlatform().name("rank-" + id).daemon(true).unstarted(this::loop);
    }

    void start() { thread.start(); }

    public Job job() { return job; }
    public int id() { return id; }
    public Memory memory() { return memory; }
    public Thread thread() { return thread; }
    public boolean onOwnThread() { return Thread.currentThread() == thread; }

    // ---- per-family state ------------------------------------------------------------------------

    /**
     * Slot numbers, each owned by one family's per-rank state that hot paths fetch ({@link #slot}); given out here,
     * as constants, so that no static counter is needed: 0 the MPI process, 1 the point-to-point state, 2 LAPI,
     * 3 the last status.
     */
    public static final int MAX_SLOTS = 16;
    /** The states of the families that own a slot: an array load instead of a map lookup. */
    private final Object[] slots = new Object[MAX_SLOTS];
    private static final java.lang.invoke.VarHandle SLOT = java.lang.invoke.MethodHandles.arrayElementVarHandle(Object[].class);

    /**
     * The state in slot {@code slot}, created (through {@link #state}, so the two agree) on first use. Use it
     * with a {@code static final int SLOT} of the family (a number from the list at {@link #MAX_SLOTS}).
     */
    @SuppressWarnings("unchecked")
    public <T> T slot(int slot, Class<T> key, Function<Rank, T> init) {
        Object s = SLOT.getAcquire(slots, slot); // other ranks' threads read it too (a peer's mailbox)
        if (s != null) return (T) s;
        T t = state(key, init);
        SLOT.setRelease(slots, slot, t);
        return t;
    }

    /** Per-family state (MPI process, LAPI context, ...), created on first use. */
    @SuppressWarnings("unchecked")
    public <T> T state(Class<T> key, Function<Rank, T> init) {
        Object s = states.get(key);
        if (s == null) s = states.computeIfAbsent(key, k -> init.apply(this));
        return (T) s;
    }

    /** Per-family state if it exists, else null. */
    @SuppressWarnings("unchecked")
    public <T> T stateIfPresent(Class<T> key) { return (T) states.get(key); }

    // ---- the rank's task loop ------------------------------------------------------------------

    /** Runs {@code work} on this rank's thread after the tasks already queued. */
    public <T> CompletableFuture<T> submit(Callable<T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        if (job.abortReason() != null) {
            f.completeExceptionally(new JobAbortedException(job.abortReason()));
            return f;
        }
        tasks.add(() -> {
            try {
                f.complete(work.call());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f;
    }

    private void loop() {
        try {
            while (!job.isOver()) {
                Runnable t = tasks.poll(50, TimeUnit.MILLISECONDS);
                if (t == null) continue;
                busy = true;
                try {
                    t.run();
                } finally {
                    busy = false;
                    call = 0;
                }
            }
        } catch (InterruptedException e) {
            // the job is over
        } finally {
            // fail whatever is still queued so no caller waits forever
            Runnable t;
            while ((t = tasks.poll()) != null) t.run();
        }
    }

    // ---- what the rank is doing --------------------------------------------------------------

    private static final java.lang.invoke.VarHandle CALL =
            VarHandles.field(java.lang.invoke.MethodHandles.lookup(), "call", int.class);

    /**
     * Marks the call this rank is executing (for `ranks`, the roll-call and error messages), by its
     * {@link Job#callNumber}. Every catalogued call enters and leaves, so this is a release store of an int: a volatile
     * store costs a full fence (on x86 a locked instruction), and storing a reference into this long-lived object
     * costs G1 one more in its write barrier, twice per call. Other threads only read it to describe the rank, and a
     * rank that blocks passes a full fence (parking) before anyone could report it.
     */
    public void enter(int callNumber) { CALL.setRelease(this, callNumber); }
    public void enter(String callName) { enter(job.callNumber(callName)); }
    public void leave() { enter(0); }
    /** The number of the call this rank is in (0: none); read by the rank's own thread to restore it after a nested call. */
    public int currentCallNumber() { return (int) CALL.getOpaque(this); }
    public String currentCall() {
        int c = call;
        return c == 0 ? null : job.callName(c);
    }

    public Status status() {
        if (job.abortReason() != null) return Status.ABORTED;
        if (finished) return Status.FINISHED;
        if (waitingFor != null) return Status.WAITING;
        return busy ? Status.RUNNING : Status.IDLE;
    }

    /** What the rank waits for, or null when it is not blocked. */
    public String waitDescription() {
        Supplier<String> w = waitingFor;
        if (w == null) return null;
        try {
            return w.get();
        } catch (RuntimeException e) {
            return "(state changing)";
        }
    }

    /** Whether this rank is parked in {@link #await} (a wake-up would reach it). */
    public boolean waiting() { return waitingFor != null; }

    /** Waiting, and not running a progress task (a handler that runs long is work, not a deadlock). */
    boolean blocked() { return waitingFor != null && (!inProgressTask || waitInTask); }
    boolean finished() { return finished; }

    /** Handlers are queued for this rank: it will run them when it next gets the processor, so it is not stuck. */
    boolean hasQueuedWork() { return !progressTasks.isEmpty(); }

    /** The number of condition checks this rank has made while blocked (see {@link Job}'s watchdog). */
    long checks() { return checks; }

    /** Marks the end of this rank's own work: it stays available as a progress point until the job ends. */
    public void markFinished() { finished = true; job.rankFinished(); }

    // ---- blocking and progress ------------------------------------------------------------------

    /**
     * Blocks this rank until {@code done} holds, making progress (running queued handlers) while it waits.
     * Spins briefly, then parks; whoever changes the state must call {@link #wake()}. {@code what} describes
     * the wait for the roll-call ("MPI_Recv from rank 0, tag 5").
     */
    public void await(BooleanSupplier done, Supplier<String> what) {
        if (done.getAsBoolean()) return;
        if (noWaiting != null) throw noWaiting.get();
        Controller c = job.controller();
        if (c != null) {
            awaitControlled(c, done, what);
            return;
        }
        // spin first: the rank that will make the condition true usually runs on another core right now. Spin
        // for longer than a park / unpark hand-off takes (tens of microseconds here), else two ranks that answer
        // each other fall into step with every hand-off paying a wake-up.
        long start = 0;
        for (int i = 1; ; i++) {
            Thread.onSpinWait();
            if (done.getAsBoolean()) return;
            if (!progressTasks.isEmpty()) progress();
            if ((i & 63) == 0) {
                checkAbort();
                long now = System.nanoTime();
                if (start == 0) start = now;
                else if (now - start > SPIN_NANOS) break;
                if (YIELD_EVERY > 0 && (i & (YIELD_EVERY - 1)) == 0) Thread.yield();
            }
        }
        Supplier<String> outer = waitingFor;
        boolean inTask = inProgressTask;
        waitingFor = what;
        if (inTask) waitInTask = true;
        job.blockedChanged();
        try {
            long parkNanos = 100_000;
            while (true) {
                checkAbort();
                progress();
                if (done.getAsBoolean()) return;
                checks++; // only this thread writes it
                // timed park: a missed wake-up costs latency, never correctness
                LockSupport.parkNanos(this, parkNanos);
                parkNanos = Math.min(parkNanos * 2, 20_000_000);
            }
        } finally {
            waitingFor = outer;
            if (inTask) waitInTask = false;
            job.blockedChanged();
        }
    }

    /**
     * While {@code why} is set, a wait on this rank fails at once with the exception it makes instead of blocking: code
     * that runs inside the dispatcher (a LAPI header handler, L32) must not wait, as the wait could only deadlock.
     * Returns the previous setting, to restore afterwards; null allows waiting again.
     */
    public Supplier<? extends RuntimeException> forbidWaiting(Supplier<? extends RuntimeException> why) {
        Supplier<? extends RuntimeException> old = noWaiting;
        noWaiting = why;
        return old;
    }

    /** Fails as {@link #await} would if waiting is forbidden now (for calls that must refuse even when they need not wait). */
    public void checkMayWait() {
        if (noWaiting != null) throw noWaiting.get();
    }

    /** A wait under a {@link Controller}: described for the roll-call like any other, but the controller decides who runs. */
    private void awaitControlled(Controller c, BooleanSupplier done, Supplier<String> what) {
        Supplier<String> outer = waitingFor;
        waitingFor = what;
        try {
            c.await(this, done);
        } finally {
            waitingFor = outer;
        }
    }

    /** Wakes this rank if it is parked in {@link #await}; counts as an event for deadlock detection. */
    public void wake() {
        if (waitingFor != null) {
            job.noteEvent();
            LockSupport.unpark(thread);
        }
    }

    /** Queues work to run on this rank's thread at its next progress point (a LAPI handler, for instance). */
    public void post(Runnable atProgress) {
        progressTasks.add(atProgress);
        wake();
    }

    public boolean hasProgressWork() { return !progressTasks.isEmpty(); }

    /** Runs the work queued for progress points; called by waits and polls on this rank's own thread. */
    public void progress() {
        if (inProgressTask) return; // handlers do not nest
        Runnable r;
        while ((r = progressTasks.poll()) != null) {
            inProgressTask = true;
            try {
                r.run();
            } finally {
                inProgressTask = false;
                job.noteEvent();
            }
        }
    }

    public void checkAbort() {
        Job.Abort a = job.abortReason();
        if (a != null) throw new JobAbortedException(a);
    }

    void interruptForAbort() {
        LockSupport.unpark(thread);
    }

    @Override public String toString() { return "rank " + id; }
}
