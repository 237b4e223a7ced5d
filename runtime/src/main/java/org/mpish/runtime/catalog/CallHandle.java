package org.mpish.runtime.catalog;

import org.mpish.runtime.Rank;

/**
 * One catalogued call, ready to invoke many times: what {@link Catalogue#bind} gives. It is the same choke point
 * as {@link Invoker} (argument checks, the initialised check, error handlers, tracing, the explore hook), with the
 * work of finding the call done once. Keep it in a field (a {@code static final} one where the call is always the
 * same): the JIT then compiles the call's own invoking code into the caller.
 */
public abstract class CallHandle {
    CallHandle() {}

    /** The call this handle invokes. */
    public abstract Call call();

    /**
     * Invokes the call on {@code rank} (from the rank's own thread) with raw input arguments, one per IN/INOUT
     * parameter, in an array made for this one call: the arguments are converted in place. Returns the outputs in
     * declaration order, as {@link Invoker#invoke} does, and fails as it does.
     */
    public abstract Object[] invoke(Rank rank, Object... args);

    private java.lang.invoke.MethodHandle typed;

    /**
     * The call's typed entry, for a call declared with a typed body ({@link Catalogue.CallBuilder#typed}); null
     * for the others. Its type is {@code (Rank, inputs...)} with an int input as {@code int}, a long, count or
     * address as {@code long}, a handle or value as {@code Object}; it returns nothing, the one output (an
     * {@code Object} unless it is a primitive), or an {@code Object[]} of several. It makes the same checks and
     * fails the same way as {@link #invoke}. Keep it in a {@code static final} field and call it with
     * {@code invokeExact}: the JIT then compiles the whole call into the caller, with no array and no boxing.
     */
    public final synchronized java.lang.invoke.MethodHandle typed() {
        if (typed == null) typed = Typed.entry(call(), this);
        return typed;
    }
}
