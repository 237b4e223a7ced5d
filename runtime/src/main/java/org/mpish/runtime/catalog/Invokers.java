package org.mpish.runtime.catalog;

import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;

/** Makes each call's own copy of {@link BoundCall} (see there why). */
final class Invokers {
    private Invokers() {}

    /**
     * BoundCall's bytes, loaded again for each call (null where they cannot be read: then calls share it). Kept
     * as a Latin-1 string, one char per byte, so that no one can change them.
     */
    private static final String TEMPLATE = bytesOf(BoundCall.class);
    private static final MethodType CONSTRUCTOR = MethodType.methodType(void.class, Call.class, Catalogue.class),
            MAKE = MethodType.methodType(CallHandle.class, Call.class, Catalogue.class);

    /**
     * The bytes of class {@code c} of this package, a template to load again as hidden classes (BoundCall here,
     * {@link ArgsBody} in {@link Typed}); null where they cannot be read.
     */
    static String bytesOf(Class<?> c) {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /** {@code call}'s own invoker: a copy of BoundCall for it alone (unloaded with it). */
    static CallHandle of(Call call, Catalogue cat) {
        if (TEMPLATE == null) return new BoundCall(call, cat);
        try {
            MethodHandles.Lookup copy = MethodHandles.lookup().defineHiddenClass(TEMPLATE.getBytes(StandardCharsets.ISO_8859_1), true);
            MethodHandle make = copy.findConstructor(copy.lookupClass(), CONSTRUCTOR).asType(MAKE);
            return (CallHandle) make.invokeExact(call, cat);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot make the invoker of " + call.name(), e);
        }
    }
}
