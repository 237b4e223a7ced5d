package org.mpish.runtime.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashMap;
import java.util.Map;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * Error classes between the library's numbering and mpish's, by name (MPI_ERR_RANK is 6 in both Debian MPIs,
 * but not every class has the same number: MPI_ERR_KEYVAL, the RMA classes and the I/O classes differ).
 */
final class ErrorClasses {
    private final Map<Integer, Integer> toMpish = new HashMap<>(), toNative = new HashMap<>();
    private final NativeLib lib;
    private NativeEngine engine;

    ErrorClasses(NativeLib lib, Catalogue cat) {
        this.lib = lib;
        for (Constant c : cat.constants("errorclass")) {
            if (!c.api().equals("MPI")) continue;
            Long n = lib.rawOf(c.name());
            Object v = c.value().apply(null);
            if (n != null && v instanceof Integer m) {
                toMpish.putIfAbsent(n.intValue(), m);
                toNative.putIfAbsent(m, n.intValue());
            }
        }
    }

    void attach(NativeEngine e) { this.engine = e; }

    // MPI_SUCCESS is 0 everywhere (the standard says so): the common case, without the map and its boxing
    int toMpish(int nativeClass) { return nativeClass == 0 ? 0 : toMpish.getOrDefault(nativeClass, nativeClass); }
    int toNative(int mpishClass) { return mpishClass == 0 ? 0 : toNative.getOrDefault(mpishClass, mpishClass); }

    /** The exception for an error code a call returned: its class in mpish's numbering, the library's text. */
    MpiException fromCode(int code, String call, int rank) {
        String text = null;
        int cls = code;
        if (engine != null) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment c = a.allocate(ValueLayout.JAVA_INT), s = a.allocate(1024), len = a.allocate(ValueLayout.JAVA_INT);
                engine.call("MPI_Error_class", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS), code, c);
                cls = c.get(ValueLayout.JAVA_INT, 0);
                engine.call("MPI_Error_string", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                        ValueLayout.ADDRESS), code, s, len);
                text = s.getString(0);
            }
        }
        int mc = toMpish(cls);
        int mcode = code == cls ? mc : code;
        String detail = (text == null || text.isBlank() ? "error " + code : text.strip()) + " (" + lib.impl() + ")";
        return new MpiException(mcode, mc == 0 ? ErrorClass.MPI_ERR_OTHER : mc, detail).at(call, rank);
    }
}
