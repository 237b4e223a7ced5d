package org.mpish.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Field handles for the runtime's lock-free and ordered accesses, found once in a class's static initializer. */
public final class VarHandles {
    private VarHandles() {}

    /**
     * The handle of field {@code name} of type {@code type} in the class {@code lookup} was made in (its own
     * {@code MethodHandles.lookup()}, so private fields are reachable). A missing field is a build error, so it
     * fails the class's initialization.
     */
    public static VarHandle field(MethodHandles.Lookup lookup, String name, Class<?> type) {
        try {
            return lookup.findVarHandle(lookup.lookupClass(), name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
