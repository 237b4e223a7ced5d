package org.mpish.runtime.mpi.env;

import java.util.Locale;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * What a process can learn about where and how it runs (MPI-4.1 sections 9.1 and 11.2.3): its thread level, the
 * host it runs on, the library. Every rank of a job is a thread of one JVM on one host.
 */
public final class ProcessInfo {
    private ProcessInfo() {}

    /** MPI_THREAD_SINGLE ... MULTIPLE: the values Open MPI 4.1 and MPICH 4.0 both use (monotonic, as the standard asks). */
    public static final int THREAD_SINGLE = 0, THREAD_FUNNELED = 1, THREAD_SERIALIZED = 2, THREAD_MULTIPLE = 3;
    static final java.util.List<String> LEVEL_NAMES = java.util.List.of("MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE");
    /**
     * The highest level mpish provides: a rank's MPI calls all run on the rank's own thread (scripts cannot start
     * threads that call MPI, and the shell runs `@rank` commands on that thread), so only the main thread calls MPI.
     */
    public static final int THREAD_PROVIDED_MAX = THREAD_FUNNELED;

    public static final int MAX_PROCESSOR_NAME = 256;
    public static final int MAX_LIBRARY_VERSION_STRING = 8192;
    public static final String LIBRARY_VERSION = "mpish 0.1.0: MPI " + EnvCalls.VERSION + "." + EnvCalls.SUBVERSION
            + " and LAPI over an in-process runtime, every rank a thread of one JVM (Java " + Runtime.version().feature() + ")";

    private static final Object LEVEL = new Object();

    /** The thread level of a process: an int[1] set when MPI starts on it. */
    private static int[] level(MpiProcess p) { return p.extension(LEVEL, () -> new int[] {THREAD_SINGLE}); }

    /** MPI_Init_thread: checks `required`, starts MPI on the process and returns the level provided. */
    static int initThread(MpiProcess p, int required) {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "required is " + required
                    + "; it must be one of MPI_THREAD_SINGLE (0), MPI_THREAD_FUNNELED (1), MPI_THREAD_SERIALIZED (2), MPI_THREAD_MULTIPLE (3)");
        }
        init(p, "MPI_Init_thread");
        int provided = Math.min(required, THREAD_PROVIDED_MAX);
        level(p)[0] = provided;
        return provided;
    }

    /** MPI_Init, and the first half of MPI_Init_thread: MPI starts once per process. */
    static void init(MpiProcess p, String call) {
        if (p.finalized()) throw new MpiException(ErrorClass.MPI_ERR_OTHER, call + " called after MPI_Finalize: MPI cannot be started again");
        if (p.initialized()) throw new MpiException(ErrorClass.MPI_ERR_OTHER,
                "MPI is already initialized on this rank (mpish initializes a rank at its first MPI call)");
        p.markInitialized();
    }

    /** The level MPI runs at on this process (MPI_THREAD_SINGLE after MPI_Init or a first call that started it). */
    public static int provided(MpiProcess p) { return level(p)[0]; }

    public static String levelName(int level) { return LEVEL_NAMES.get(level); }

    /** The main thread of a rank is the rank's own thread: the one that started MPI there, explicitly or not. */
    static boolean isThreadMain(MpiProcess p) { return Thread.currentThread() == p.rank().thread(); }

    /** The machine's architecture as uname -m spells it (Java says amd64 where Linux says x86_64). */
    public static String arch() {
        String a = System.getProperty("os.arch", "unknown").toLowerCase(Locale.ROOT);
        return switch (a) {
            case "amd64" -> "x86_64";
            case "arm64" -> "aarch64";
            default -> a;
        };
    }
}
