package org.mpish.runtime;

/**
 * A function supplied by the user (in mpish: a JavaScript function) that the runtime calls back, such as an
 * attribute copy callback, an error handler or a LAPI header handler. It runs on the thread that calls it,
 * which is always the owning rank's thread. Arguments are Java values (handles, Long, Double, String, the
 * attribute values as stored); the result is converted the same way, with {@link #UNDEFINED} for JavaScript's
 * undefined. A callback reports failure by throwing {@link CallbackFailure}.
 */
public interface Callback {
    /** The result of a callback that returned JavaScript's {@code undefined}. */
    Object UNDEFINED = new Object() {
        @Override public String toString() { return "undefined"; }
    };

    /**
     * Fields of C structures that are a {@code void *} LAPI hands back to a handler untouched (send-completion
     * sinfo, completion cinfo, a header handler's user_info): a script's value there is passed by identity,
     * never copied, so the handler gets the very object given (and a value that refers to itself is fine).
     */
    java.util.Set<String> OPAQUE_FIELDS = java.util.Set.of("sinfo", "cinfo", "user_info");

    Object call(Object... args);

    /**
     * Like {@link #call}, for results the runtime reads field by field (a LAPI header handler's): a plain
     * object or array result comes back as a Map or List of Java values instead of an opaque script value.
     */
    default Object callStructured(Object... args) { return call(args); }

    /** How to show this callback in a trace or a table ("function copyOnce(o,k,e,v)"). */
    String describe();
}
