package org.mpish.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import org.mpish.runtime.Rank;

/**
 * Reference only: MPI_Put + MPI_Win_flush with the RMA engine's own methods called directly, skipping the catalogue
 * (its checks, error handlers, tracing). No user takes this path; it gives the floor the catalogue's figures are
 * compared with ({@code rma.put_8B_flush.engine_reference}). The engine is not exported to bench/, so its methods
 * are found by name when the benchmarks run on the class path (as {@code bench/run} runs them), and called through
 * constant method handles, which the JIT inlines as it would direct calls.
 */
final class EngineReference {
    private EngineReference() {}

    private static final MethodHandle PUT = find("org.mpish.runtime.mpi.rma.Rma", "put", MethodType.methodType(void.class,
            Rank.class, Object.class, long.class, long.class, Object.class, int.class, long.class, long.class, Object.class, String.class,
            boolean.class));
    private static final MethodHandle FLUSH = find("org.mpish.runtime.mpi.rma.RmaLocks", "flush",
            MethodType.methodType(void.class, Rank.class, Object.class, int.class, boolean.class, boolean.class));

    private static MethodHandle find(String cls, String name, MethodType erased) {
        try {
            Class<?> c = Class.forName(cls);
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == erased.parameterCount()) {
                    return MethodHandles.privateLookupIn(c, MethodHandles.lookup()).unreflect(m).asType(erased);
                }
            }
            throw new IllegalStateException("no " + cls + "." + name);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the engine reference needs " + cls + " on the class path", e);
        }
    }

    /** One 8-byte-or-so put of {@code count} elements to {@code target} at {@code disp}, then a flush of that target. */
    static void putFlush(Rank r, long origin, int count, Object type, int target, long disp, Object win) {
        try {
            PUT.invokeExact(r, win, origin, (long) count, type, target, disp, (long) count, type, "MPI_Put", false);
            FLUSH.invokeExact(r, win, target, false, false);
        } catch (Throwable t) {
            throw Api.rethrow(t);
        }
    }
}
