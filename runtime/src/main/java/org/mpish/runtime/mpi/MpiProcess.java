package org.mpish.runtime.mpi;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.mpish.runtime.Hooks;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;

/**
 * The MPI state of one rank (one "process"): initialization, its handles, MPI_COMM_WORLD and MPI_COMM_SELF, its
 * user error classes, and the per-process state of the areas ({@link #extension}). The areas fill it in when it
 * starts ({@link #START}); errors are routed to handlers by the err area ({@code Errhandlers.raise}).
 */
public final class MpiProcess {
    /**
     * What runs when a process starts, wired per job: the environment makes MPI_COMM_WORLD, MPI_COMM_SELF and the
     * predefined handles there (the base knows no area; the areas fill the process in).
     */
    public static final Hooks.Point<Consumer<MpiProcess>> START = new Hooks.Point<>("MPI process start");

    private final Rank rank;
    private final HandleTable handles = new HandleTable();
    /** MPI_COMM_WORLD and MPI_COMM_SELF, set once while the process starts (the comm area reads them as Comm). */
    private Handle world, self;
    /** What the areas keep per process (keyvals, ...), created on first use. */
    private final Map<Object, Object> extensions = new ConcurrentHashMap<>();
    /** User error codes and classes (MPI_Add_error_class / _code): code to class, and their strings. */
    private final Map<Integer, Integer> userCodes = new ConcurrentHashMap<>();
    private final Map<Integer, String> userStrings = new ConcurrentHashMap<>();
    private volatile int lastUsedCode = ErrorClass.MPI_ERR_LASTCODE;
    private volatile boolean initialized;
    private volatile boolean finalized;
    private volatile boolean finalizing;

    public MpiProcess(Rank rank) {
        this.rank = rank;
        for (Consumer<MpiProcess> start : rank.job().hooks().at(START)) start.accept(this);
    }

    /** The MPI process of a rank, created on first use. */
    private static final int SLOT = 0; // see Rank.MAX_SLOTS

    public static MpiProcess of(Rank r) { return r.slot(SLOT, MpiProcess.class, MpiProcess::new); }

    /**
     * Nothing to do any more: the job's shared world lives in the job itself (a static map of worlds used to keep
     * every job that ended without an abort, its ranks and their memory, alive for ever). Kept for callers.
     */
    public static void release(Job job) { }

    public Rank rank() { return rank; }
    public HandleTable handles() { return handles; }
    /** MPI_COMM_WORLD's handle on this process ({@code Comm.world(p)} gives it as a communicator). */
    public Handle worldHandle() { return world; }
    public Handle selfHandle() { return self; }

    /** Sets MPI_COMM_WORLD and MPI_COMM_SELF while the process starts (once). */
    public void setCommunicators(Handle world, Handle self) {
        if (this.world != null) throw new IllegalStateException("the communicators of rank " + rank.id() + " are already set");
        this.world = world;
        this.self = self;
    }

    /** Per-process state of an area, created on first use ({@code init} must not call this again). */
    @SuppressWarnings("unchecked")
    public <T> T extension(Object key, java.util.function.Supplier<T> init) {
        return (T) extensions.computeIfAbsent(key, k -> init.get());
    }

    public boolean initialized() { return initialized; }
    public boolean finalized() { return finalized; }
    public boolean finalizing() { return finalizing; }
    public void markInitialized() { initialized = true; }
    public void markFinalizing() { finalizing = true; }
    public void markFinalized() { finalized = true; finalizing = false; }

    /** The class of an error code: itself for predefined classes and user classes, its class for user codes. */
    public int errorClassOf(int code) {
        if (ErrorClass.isPredefined(code)) return code;
        Integer c = userCodes.get(code);
        return c == null ? ErrorClass.MPI_ERR_UNKNOWN : c;
    }

    /** User codes and classes: code to class (a class maps to itself). */
    public Map<Integer, Integer> userCodes() { return userCodes; }
    public Map<Integer, String> userStrings() { return userStrings; }
    public int lastUsedCode() { return lastUsedCode; }
    public void setLastUsedCode(int c) { lastUsedCode = c; }
}
