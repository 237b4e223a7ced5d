package org.mpish.shell.script;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.mpish.runtime.CallError;
import org.mpish.runtime.Callback;
import org.mpish.runtime.ObjectHandle;
import org.mpish.runtime.StructValue;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.PType;

/**
 * Values between one rank's scripts and the runtime: script values as the runtime takes them, runtime values as
 * scripts see them, and the script errors the bindings throw. The JavaScript objects are made by the prelude's
 * factories (arrays, plain objects, the error classes), so they are real script values, not host proxies.
 */
public final class JsValues {
    private final Context context;
    private final Rank rank;
    private final Value newMpiError, newLapiError, newTypeError, newRangeError, newArray, newObject, undefined, newError;
    private final Map<Value, JsCallback> callbacks = new HashMap<>();

    /** {@code factories}: what the prelude returns, in its order. */
    JsValues(Context context, Rank rank, Value factories) {
        this.context = context;
        this.rank = rank;
        newMpiError = factories.getArrayElement(0);
        newLapiError = factories.getArrayElement(1);
        newTypeError = factories.getArrayElement(2);
        newRangeError = factories.getArrayElement(3);
        newArray = factories.getArrayElement(4);
        newObject = factories.getArrayElement(5);
        undefined = factories.getArrayElement(6);
        newError = factories.getArrayElement(7);
    }

    Rank rank() { return rank; }

    // ---- script to runtime ----------------------------------------------------------------------

    /** A script value as the runtime sees it: numbers, strings, booleans, handles, callbacks, lists, maps; other
     *  objects stay as they are (so attribute values keep their identity). */
    public Object toJava(Value v) {
        if (v == null || v.isNull()) return v != null && isUndefined(v) ? Callback.UNDEFINED : null;
        if (v.isHostObject()) return v.asHostObject();
        if (v.isBoolean()) return v.asBoolean();
        if (v.isNumber()) return v.fitsInLong() ? (Object) v.asLong() : (Object) v.asDouble();
        if (v.isString()) return v.asString();
        if (v.isProxyObject()) return v.asProxyObject();
        if (v.canExecute()) return callback(v);
        return v;
    }

    private static boolean isUndefined(Value v) { return v.toString().equals("undefined"); }

    /** What {@link #plain} says about an argument it cannot take as it is. */
    static final Object NOT_PLAIN = new Object();

    /**
     * An argument as the engine handed it to a host method (its own conversion to Object), as {@link #toJava}
     * would give it: numbers as Long (integral) or Double, strings, booleans and host objects as they are, null.
     * Script objects (arrays, plain objects, functions) come wrapped: {@link #NOT_PLAIN}, to be converted from
     * their Value instead.
     */
    static Object plain(Object a) {
        if (a == null || a instanceof String || a instanceof Boolean || a instanceof Long) return a;
        if (a instanceof Integer i) return (long) i;
        if (a instanceof Double d) {
            double x = d;
            boolean integral = x >= -0x1p63 && x < 0x1p63 && x == (long) x && !(x == 0 && 1 / x < 0);
            return integral ? (Object) (long) x : d;
        }
        if (a instanceof Number) return NOT_PLAIN;
        if (a instanceof ObjectHandle) return a;
        return a.getClass().getName().startsWith("com.oracle.truffle") ? NOT_PLAIN : a;
    }

    /** An argument the engine handed over wrapped (see {@link #plain}), as the script's Value. */
    Value value(Object a) { return context.asValue(a); }

    /** A script argument converted for a parameter: lists and plain objects are unpacked for arrays and structs. */
    public Object argument(Value v, PType t) {
        if (v == null || v.isNull()) return null;
        return switch (t.kind()) {
            case VALUE -> {
                Object j = toJava(v);
                yield j == Callback.UNDEFINED ? null : j;
            }
            case INT_ARRAY, LONG_ARRAY, HANDLE_ARRAY, STRUCT, STATUS, STRING_ARRAY -> deep(v);
            default -> toJava(v);
        };
    }

    /**
     * Arrays to lists and plain objects to maps, recursively (for structs such as LAPI_Xfer's argument). A
     * {@code void *} field ({@link Callback#OPAQUE_FIELDS}) keeps the script's value itself; a structure nested
     * deeper than any C structure is (one that contains itself) is an error, not a stack overflow.
     */
    public Object deep(Value v) { return deep(v, 0); }

    private static final int MAX_NESTING = 16;

    private Object deep(Value v, int depth) {
        if (v == null || v.isNull()) return null;
        if (v.isHostObject() || v.isNumber() || v.isString() || v.isBoolean() || v.canExecute()) return toJava(v);
        if (depth >= MAX_NESTING && (v.hasArrayElements() || v.hasMembers())) {
            throw new org.mpish.runtime.catalog.ArgError("the structure is nested more than " + MAX_NESTING
                    + " levels deep (does it contain itself?)");
        }
        if (v.hasArrayElements()) {
            List<Object> l = new ArrayList<>((int) Math.min(v.getArraySize(), 1 << 16));
            for (long i = 0; i < v.getArraySize(); i++) l.add(deep(v.getArrayElement(i), depth + 1));
            return l;
        }
        if (v.hasMembers()) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (String k : v.getMemberKeys()) {
                Value e = v.getMember(k);
                m.put(k, Callback.OPAQUE_FIELDS.contains(k) ? toJava(e) : deep(e, depth + 1));
            }
            return m;
        }
        return toJava(v);
    }

    /** The one callback object of a script function (so the runtime sees the same function as the same callback). */
    JsCallback callback(Value fn) {
        return callbacks.computeIfAbsent(fn, f -> new JsCallback(this, f));
    }

    // ---- runtime to script ----------------------------------------------------------------------

    /** A runtime value as a script sees it. */
    public Object toJs(Object o) {
        if (o == null) return null;
        if (o == Callback.UNDEFINED) return undefined;
        if (o instanceof JsCallback cb) return cb.function();
        if (o instanceof Value || o instanceof String || o instanceof Boolean || o instanceof Double) return o;
        if (o instanceof Long l) return (l >= -(1L << 53) && l <= (1L << 53)) ? (Object) l : (Object) (double) l;
        if (o instanceof Number n) return n;
        if (o instanceof int[] a) {
            Object[] e = new Object[a.length];
            for (int i = 0; i < a.length; i++) e[i] = a[i];
            return newArray.execute(e);
        }
        if (o instanceof long[] a) {
            Object[] e = new Object[a.length];
            for (int i = 0; i < a.length; i++) e[i] = toJs(a[i]);
            return newArray.execute(e);
        }
        if (o instanceof Object[] a) return array(a);
        if (o instanceof List<?> l) return toJs(l.toArray());
        if (o instanceof StructValue st) return toJs(st.toMap());
        if (o instanceof Map<?, ?> m) {
            Object[] keys = new Object[m.size()];
            Object[] vals = new Object[m.size()];
            int i = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                keys[i] = String.valueOf(e.getKey());
                vals[i++] = toJs(e.getValue());
            }
            return newObject.execute(newArray.execute(keys), newArray.execute(vals));
        }
        return context.asValue(o);
    }

    /** A script array of these runtime values. */
    Value array(Object[] a) {
        Object[] e = new Object[a.length];
        for (int i = 0; i < a.length; i++) e[i] = toJs(a[i]);
        return newArray.execute(e);
    }

    /** A plain script object {@code {keys[i]: values[i]}} (a call's several outputs). */
    Value object(String[] keys, Object[] values) {
        Object[] js = new Object[values.length];
        for (int i = 0; i < values.length; i++) js[i] = toJs(values[i]);
        return newObject.execute(newArray.execute((Object[]) keys), newArray.execute(js));
    }

    Value undefined() { return undefined; }

    // ---- errors thrown into the script ----------------------------------------------------------

    /** The script's MPIError or LAPIError for a call's error. */
    RuntimeException callError(CallError e) {
        if (e.library().equals("LAPI")) throw newLapiError.execute(e.code(), e.getMessage(), e.call(), e.rank()).throwException();
        throw newMpiError.execute(e.code(), e.errorClass(), e.getMessage(), e.call(), e.rank()).throwException();
    }

    RuntimeException error(String message) { throw newError.execute(message).throwException(); }

    RuntimeException typeError(String message) { throw newTypeError.execute(message).throwException(); }

    RuntimeException rangeError(String message) { throw newRangeError.execute(message).throwException(); }
}
