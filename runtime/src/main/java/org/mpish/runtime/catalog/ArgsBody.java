package org.mpish.runtime.catalog;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import org.mpish.runtime.Rank;

/**
 * The {@code Object[]} way into one typed body (the shell, scripts, {@link BoundCall}): its inputs read from
 * {@link Args} and the body called, as a method handle {@code (Rank, Args) Object}.
 *
 * <p>Why a class per call. A method handle called from a field that is not a constant (as the one shared class
 * that did this before kept it) is an opaque call to HotSpot: nothing of the body is inlined into the caller,
 * so the {@code Args}, its array and the boxed result all escape, and a put + flush through this way cost about
 * 50 ns and 46 bytes more than the same call declared with an {@code Args} lambda. So {@link Typed#argsBody}
 * loads this class's bytes again as a hidden class for each typed body, with the composed handle as its class
 * data: a {@code static final} field, which the JIT folds to the one handle and compiles through, into the
 * caller. Keep this class free of other static state, lambdas and string concatenation (each copy would set up
 * its own).
 */
final class ArgsBody implements CallImpl {
    /** The composed handle; null in this class itself, which only serves as the copies' template. */
    private static final MethodHandle BODY = classData();

    private static MethodHandle classData() {
        try {
            return MethodHandles.classData(MethodHandles.lookup(), ConstantDescs.DEFAULT_NAME, MethodHandle.class);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Object invoke(Rank rank, Args args) {
        try {
            return (Object) BODY.invokeExact(rank, args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
