package org.mpish.runtime.mpi.rma;

import java.util.ArrayList;
import java.util.List;

/** The assert bits of the synchronisation calls and the lock types; the values are MPICH's (R48). */
final class RmaModes {
    private RmaModes() {}

    public static final int MODE_NOCHECK = 1024, MODE_NOSTORE = 2048, MODE_NOPUT = 4096, MODE_NOPRECEDE = 8192,
            MODE_NOSUCCEED = 16384;
    public static final int LOCK_EXCLUSIVE = 234, LOCK_SHARED = 235;

    static final List<String> MODE_NAMES = List.of("MPI_MODE_NOCHECK", "MPI_MODE_NOSTORE", "MPI_MODE_NOPUT",
            "MPI_MODE_NOPRECEDE", "MPI_MODE_NOSUCCEED");
    static final List<Integer> MODE_VALUES = List.of(MODE_NOCHECK, MODE_NOSTORE, MODE_NOPUT, MODE_NOPRECEDE, MODE_NOSUCCEED);

    /** "MPI_MODE_NOSTORE | MPI_MODE_NOPUT" for a set of bits, "0" for none. */
    public static String modeNames(int bits) {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < MODE_VALUES.size(); i++) if ((bits & MODE_VALUES.get(i)) != 0) l.add(MODE_NAMES.get(i));
        return l.isEmpty() ? "0" : String.join(" | ", l);
    }
}
