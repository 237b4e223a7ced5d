package org.mpish.runtime.mpi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.mpi.attr.Keyval;
import org.mpish.runtime.mpi.comm.Group;
import org.mpish.runtime.mpi.datatype.BasicType;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.err.Errhandler;

/**
 * The predefined handles every MPI process starts with. Datatypes are per process (they can cache attributes);
 * error handlers and the empty group are immutable and shared.
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

    /** Pair types for MINLOC / MAXLOC: name, value type, index type. */
    private static final List<List<Object>> PAIRS = List.of(
        List.of("MPI_2INT", BasicType.INT, BasicType.INT),
        List.of("MPI_SHORT_INT", BasicType.SHORT, BasicType.INT),
        List.of("MPI_LONG_INT", BasicType.LONG, BasicType.INT),
        List.of("MPI_FLOAT_INT", BasicType.FLOAT, BasicType.INT),
        List.of("MPI_DOUBLE_INT", BasicType.DOUBLE, BasicType.INT));

    static void register(MpiProcess p) {
        HandleTable t = p.handles();
        for (BasicType b : BasicType.values()) t.predefined(Datatype.predefined(b));
        for (List<Object> pair : PAIRS) {
            t.predefined(Datatype.predefinedPair((String) pair.get(0), (BasicType) pair.get(1), (BasicType) pair.get(2)));
        }
        t.predefined(Errhandler.ERRORS_ARE_FATAL);
        t.predefined(Errhandler.ERRORS_RETURN);
        t.predefined(Errhandler.ERRORS_ABORT);
        t.predefined(Group.EMPTY);
        for (Map.Entry<String, int[]> e : KEYVALS.entrySet()) {
            Keyval k = new Keyval(e.getValue()[0], HandleKind.values()[e.getValue()[1]], null, null, null, true, false, e.getKey());
            t.predefined(k);
            p.keyvals().put(k.value(), k);
        }
    }

    /** This process's predefined datatype of the given C name ("MPI_INT"), or null. */
    public static Datatype datatype(MpiProcess p, String cName) {
        Handle h = p.handles().lookup(cName);
        return h instanceof Datatype d ? d : null;
    }
}
