package org.mpish.shell.script;

import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.mpish.runtime.Callback;
import org.mpish.runtime.CallbackFailure;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.catalog.Catalogue;

/**
 * A JavaScript function handed to the runtime as a callback. It must be called on its rank's thread (the
 * context's owner), which is where the runtime calls callbacks. An integer thrown by the function is reported
 * as that error code; anything else thrown is reported as MPI_ERR_OTHER with its message.
 */
final class JsCallback implements Callback {
    /** What a callback that fails without an integer code reports: MPI_ERR_OTHER (LAPI maps it to its own). */
    private static final int ERR_OTHER = ((Number) Catalogue.get().constant("MPI_ERR_OTHER").value().apply(null)).intValue();
    private final JsValues owner;
    private final Value fn;
    private final String description;

    JsCallback(JsValues owner, Value fn) {
        this.owner = owner;
        this.fn = fn;
        String src;
        try {
            src = fn.getSourceLocation() != null ? fn.getSourceLocation().getCharacters().toString() : fn.toString();
        } catch (RuntimeException e) {
            src = "function";
        }
        src = src.replaceAll("\\s+", " ");
        this.description = src.length() > 60 ? src.substring(0, 57) + "..." : src;
    }

    Value function() { return fn; }

    @Override
    public Object call(Object... args) { return invoke(false, args); }

    /** Plain objects and arrays the function returns come back as Map / List (a LAPI header handler's result). */
    @Override
    public Object callStructured(Object... args) { return invoke(true, args); }

    private Object invoke(boolean structured, Object[] args) {
        Object[] js = new Object[args.length];
        for (int i = 0; i < args.length; i++) js[i] = owner.toJs(args[i]);
        try {
            Value result = fn.execute(js);
            if (structured) readBack(args, js);
            if (structured && result != null && !result.isNull() && !result.canExecute() && !result.isHostObject()
                    && (result.hasArrayElements() || result.hasMembers())) {
                return owner.deep(result);
            }
            return owner.toJava(result);
        } catch (PolyglotException e) {
            if (e.isHostException() && e.asHostException() instanceof JobAbortedException ja) throw ja;
            if (e.isHostException() && e.asHostException() instanceof RuntimeException re) throw re;
            if (e.isCancelled() || e.isInterrupted()) {
                owner.rank().checkAbort();
                throw new CallbackFailure(ERR_OTHER, false, "interrupted");
            }
            Value thrown = e.isGuestException() ? e.getGuestObject() : null;
            if (thrown != null && thrown.isNumber() && thrown.fitsInInt()) {
                int code = thrown.asInt();
                return fail(code, true, "threw " + code);
            }
            return fail(ERR_OTHER, false, "threw " + e.getMessage());
        }
    }

    /**
     * A structure the runtime passed (a header handler's return_info) may have been assigned to, as C code writes
     * through the pointer: the fields it already has take the values the function left in the script's object.
     */
    @SuppressWarnings("unchecked")
    private void readBack(Object[] args, Object[] js) {
        for (int i = 0; i < args.length; i++) {
            if (!(args[i] instanceof java.util.Map<?, ?> m) || !(js[i] instanceof Value v) || !v.hasMembers()) continue;
            java.util.Map<String, Object> fields = (java.util.Map<String, Object>) m;
            try {
                for (java.util.Map.Entry<String, Object> e : fields.entrySet()) {
                    Object now = owner.toJava(v.getMember(e.getKey()));
                    if (!java.util.Objects.equals(now, e.getValue())) e.setValue(now);
                }
            } catch (UnsupportedOperationException readOnly) {
                // a structure the runtime does not read back
            }
        }
    }

    private static Object fail(int code, boolean explicit, String message) {
        throw new CallbackFailure(code, explicit, message);
    }

    @Override public String describe() { return description; }
    @Override public String toString() { return description; }
}
