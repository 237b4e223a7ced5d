package org.mpish.runtime.mpi;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The values of the predefined attribute keys (MPI_TAG_UB, MPI_WIN_BASE, ...) and the kind of object each is for.
 * The predefined handles themselves are made by the environment when a process starts ({@code env.ProcessSetup}).
 */
public final class Predefined {
    private Predefined() {}

    /** Values of the predefined attribute keys. User keyvals are numbered above {@link #FIRST_USER_KEYVAL}. */
    public static final int KEYVAL_INVALID = 0x24000000;
    public static final int TAG_UB = 1, HOST = 2, IO = 3, WTIME_IS_GLOBAL = 4, UNIVERSE_SIZE = 5,
            LASTUSEDCODE = 6, APPNUM = 7, WIN_BASE = 8, WIN_SIZE = 9, WIN_DISP_UNIT = 10,
            WIN_CREATE_FLAVOR = 11, WIN_MODEL = 12;
    public static final int FIRST_USER_KEYVAL = 64;

    /** Predefined keyval name to (value, object kind). */
    public static final Map<String, int[]> KEYVALS;
    static {
        Map<String, int[]> m = new LinkedHashMap<>();
        int c = HandleKind.COMM.ordinal(), w = HandleKind.WIN.ordinal();
        m.put("MPI_TAG_UB", new int[] {TAG_UB, c});
        m.put("MPI_HOST", new int[] {HOST, c});
        m.put("MPI_IO", new int[] {IO, c});
        m.put("MPI_WTIME_IS_GLOBAL", new int[] {WTIME_IS_GLOBAL, c});
        m.put("MPI_UNIVERSE_SIZE", new int[] {UNIVERSE_SIZE, c});
        m.put("MPI_LASTUSEDCODE", new int[] {LASTUSEDCODE, c});
        m.put("MPI_APPNUM", new int[] {APPNUM, c});
        m.put("MPI_WIN_BASE", new int[] {WIN_BASE, w});
        m.put("MPI_WIN_SIZE", new int[] {WIN_SIZE, w});
        m.put("MPI_WIN_DISP_UNIT", new int[] {WIN_DISP_UNIT, w});
        m.put("MPI_WIN_CREATE_FLAVOR", new int[] {WIN_CREATE_FLAVOR, w});
        m.put("MPI_WIN_MODEL", new int[] {WIN_MODEL, w});
        KEYVALS = java.util.Collections.unmodifiableMap(m);
    }
}
