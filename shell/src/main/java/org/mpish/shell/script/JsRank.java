package org.mpish.shell.script;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.EnvironmentAccess;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;
import org.mpish.runtime.mpi.Handle;

/**
 * One rank's JavaScript context: the globals MPI, LAPI, mem, print, console and args, all derived from the
 * call catalogue. Created on, and only ever used from, the rank's own thread.
 */
public final class JsRank implements AutoCloseable {
    private static final HostAccess HOST_ACCESS;
    static {
        try {
            Method toString = Handle.class.getMethod("toString");
            Method name = Handle.class.getMethod("name");
            HostAccess.Builder b = HostAccess.newBuilder().allowAccess(toString).allowAccess(name)
                    .allowAccess(CallFunction.class.getMethod("tooMany", int.class));
            for (int n = 0; n <= CallFunction.MAX_ARITY; n++) {
                Class<?>[] params = new Class<?>[n];
                java.util.Arrays.fill(params, Object.class);
                b.allowAccess(CallFunction.class.getMethod("call" + n, params));
            }
            HOST_ACCESS = b.build();
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final String PRELUDE = """
            (function (g) {
              class MPIError extends Error {
                constructor(code, errorClass, message, call, rank) {
                  super(message); this.name = 'MPIError';
                  this.code = code; this.errorClass = errorClass; this.call = call; this.rank = rank;
                }
              }
              class LAPIError extends Error {
                constructor(code, message, call, rank) {
                  super(message); this.name = 'LAPIError';
                  this.code = code; this.call = call; this.rank = rank;
                }
              }
              g.MPIError = MPIError;
              g.LAPIError = LAPIError;
              const hostShow = g.__show, out = g.__out;
              delete g.__show; delete g.__out;
              const inspect = (x, depth) => {
                if (typeof x === 'string') return depth ? JSON.stringify(x) : x;
                if (x === null || x === undefined || typeof x !== 'object' && typeof x !== 'function') return String(x);
                const host = hostShow(x);
                if (host !== null) return host;
                if (typeof x === 'function') return '[Function' + (x.name ? ': ' + x.name : '') + ']';
                if (x instanceof Error) return x.stack && depth === 0 ? String(x) : String(x);
                if (depth > 3) return Array.isArray(x) ? '[...]' : '{...}';
                if (Array.isArray(x)) return '[' + x.map(e => inspect(e, depth + 1)).join(', ') + ']';
                const keys = Object.keys(x);
                return '{' + keys.map(k => k + ': ' + inspect(x[k], depth + 1)).join(', ') + '}';
              };
              const show = (x) => inspect(x, 0);
              g.print = (...a) => { out(a.map(show).join(' ')); };
              g.console = { log: g.print, info: g.print, warn: g.print, error: g.print };
              // MPI and LAPI: plain objects whose members are fetched from the host once, on first use, and
              // then stay as read-only data properties, so the engine's property caches apply to MPI.Send etc.
              // a call becomes a function that passes exactly as many arguments as the call takes
              const wrap = [
                (f) => (...a) => a.length > 0 ? f.tooMany(a.length) : f.call0(),
                (f) => (...a) => a.length > 1 ? f.tooMany(a.length) : f.call1(a[0]),
                (f) => (...a) => a.length > 2 ? f.tooMany(a.length) : f.call2(a[0], a[1]),
                (f) => (...a) => a.length > 3 ? f.tooMany(a.length) : f.call3(a[0], a[1], a[2]),
                (f) => (...a) => a.length > 4 ? f.tooMany(a.length) : f.call4(a[0], a[1], a[2], a[3]),
                (f) => (...a) => a.length > 5 ? f.tooMany(a.length) : f.call5(a[0], a[1], a[2], a[3], a[4]),
                (f) => (...a) => a.length > 6 ? f.tooMany(a.length) : f.call6(a[0], a[1], a[2], a[3], a[4], a[5]),
                (f) => (...a) => a.length > 7 ? f.tooMany(a.length) : f.call7(a[0], a[1], a[2], a[3], a[4], a[5], a[6]),
                (f) => (...a) => a.length > 8 ? f.tooMany(a.length) : f.call8(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]),
                (f) => (...a) => a.length > 9 ? f.tooMany(a.length) : f.call9(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]),
                (f) => (...a) => a.length > 10 ? f.tooMany(a.length)
                    : f.call10(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]),
                (f) => (...a) => a.length > 11 ? f.tooMany(a.length)
                    : f.call11(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10]),
                (f) => (...a) => a.length > 12 ? f.tooMany(a.length)
                    : f.call12(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11])];
              // Members appear on first use: a missing one is looked up through the prototype, a proxy that asks
              // the host and defines it on the object, so making the objects costs nothing at start-up.
              const api = (name, host, arityOf) => {
                const o = {};
                const lookup = new Proxy({}, {
                  get(t, k) {
                    if (typeof k !== 'string') return undefined;
                    const n = arityOf(k);
                    if (n < -1) return undefined;
                    const v = n >= 0 ? wrap[n](host(k)) : host(k);
                    Object.defineProperty(o, k, {value: v, writable: false, enumerable: true, configurable: false});
                    return v;
                  },
                  has(t, k) { return typeof k === 'string' && arityOf(k) >= -1; },
                  set(t, k) { throw new TypeError(name + '.' + String(k) + ' cannot be assigned'); }
                });
                Object.setPrototypeOf(o, lookup);
                return o;
              };
              g.MPI = api('MPI', g.__mpi, g.__mpiArity);
              g.LAPI = api('LAPI', g.__lapi, g.__lapiArity);
              delete g.__mpi; delete g.__mpiArity; delete g.__lapi; delete g.__lapiArity;
              return [(c, k, m, call, r) => new MPIError(c, k, m, call, r),
                      (c, m, call, r) => new LAPIError(c, m, call, r),
                      (m) => new TypeError(m), (m) => new RangeError(m),
                      (...a) => a,
                      (k, v) => { const o = {}; for (let i = 0; i < k.length; i++) o[k[i]] = v[i]; return o; },
                      undefined,
                      (m) => new Error(m)];
            })(globalThis)
            """;

    private final Rank rank;
    private final Catalogue catalogue;
    private final Context context;
    private final Value newMpiError, newLapiError, newTypeError, newRangeError, newArray, newObject, undefined, newError;
    private final Map<Value, JsCallback> callbacks = new HashMap<>();

    public JsRank(Rank rank, Catalogue catalogue, RankOutput out, List<String> args, Sandbox sandbox) {
        this.rank = rank;
        this.catalogue = catalogue;
        // The sandbox (mpish run --allow-*): with host classes a script has all of Java (files, processes, sockets,
        // the environment); without, none of it. --allow-io opens files only (not sockets), --allow-env the environment.
        Context.Builder b = Context.newBuilder("js")
                .engine(JsEngine.get())
                .allowHostAccess(sandbox.hostClasses() ? HostAccess.ALL : HOST_ACCESS)
                .allowHostClassLookup(c -> sandbox.hostClasses())
                .allowIO(sandbox.io() ? IOAccess.newBuilder().allowHostFileAccess(true).build() : IOAccess.NONE)
                .allowCreateProcess(sandbox.hostClasses())
                .allowCreateThread(false)
                .allowNativeAccess(false)
                .allowPolyglotAccess(PolyglotAccess.NONE)
                .allowEnvironmentAccess(sandbox.env() ? EnvironmentAccess.INHERIT : EnvironmentAccess.NONE)
                .out(out.stream())
                .err(out.stream());
        this.context = b.build();
        Value bindings = context.getBindings("js");
        bindings.putMember("__out", (ProxyExecutable) a -> {
            out.line(rank.id(), a.length == 0 ? "" : a[0].asString());
            return null;
        });
        bindings.putMember("__show", (ProxyExecutable) a -> Show.value(a[0]));
        ApiObject mpi = new ApiObject("MPI"), lapi = new ApiObject("LAPI");
        bindings.putMember("__mpi", (ProxyExecutable) a -> mpi.getMember(a[0].asString()));
        bindings.putMember("__mpiArity", (ProxyExecutable) a -> mpi.arity(a[0].asString()));
        bindings.putMember("__lapi", (ProxyExecutable) a -> lapi.getMember(a[0].asString()));
        bindings.putMember("__lapiArity", (ProxyExecutable) a -> lapi.arity(a[0].asString()));
        // internal: errors the bindings throw are located at the script line that called them, not in here
        Value helpers = context.eval(Source.newBuilder("js", PRELUDE, "<mpish>").internal(true).buildLiteral());
        newMpiError = helpers.getArrayElement(0);
        newLapiError = helpers.getArrayElement(1);
        newTypeError = helpers.getArrayElement(2);
        newRangeError = helpers.getArrayElement(3);
        newArray = helpers.getArrayElement(4);
        newObject = helpers.getArrayElement(5);
        undefined = helpers.getArrayElement(6);
        newError = helpers.getArrayElement(7);
        bindings.putMember("getenv", (ProxyExecutable) a -> {
            if (!sandbox.env()) throw refused("read the environment", "--allow-env");
            String v = a.length == 0 ? null : System.getenv(a[0].asString());
            return v == null ? undefined : v;
        });
        bindings.putMember("readFile", (ProxyExecutable) a -> {
            if (!sandbox.io()) throw refused("read files", "--allow-io");
            try {
                return java.nio.file.Files.readString(java.nio.file.Path.of(a[0].asString()));
            } catch (java.io.IOException | RuntimeException e) {
                throw newError.execute("readFile: " + e.getMessage()).throwException();
            }
        });
        bindings.putMember("writeFile", (ProxyExecutable) a -> {
            if (!sandbox.io()) throw refused("write files", "--allow-io");
            try {
                java.nio.file.Files.writeString(java.nio.file.Path.of(a[0].asString()),
                        a.length < 2 ? "" : a[1].isString() ? a[1].asString() : a[1].toString());
                return undefined;
            } catch (java.io.IOException | RuntimeException e) {
                throw newError.execute("writeFile: " + e.getMessage()).throwException();
            }
        });
        bindings.putMember("mem", new MemObject(this));
        bindings.putMember("args", newArray.execute(args.toArray()));
    }

    public Rank rank() { return rank; }
    public Context context() { return context; }

    /** Evaluates code in this rank's context (the rank's own thread only). */
    public Value eval(Source source) { return context.eval(source); }

    @Override public void close() { context.close(true); }

    /** Stops whatever runs in this context, from any thread, and closes it; quiet if it is closed already. */
    public void cancel() {
        try {
            context.close(true);
        } catch (RuntimeException alreadyClosed) {
            // closed, or closing, meanwhile
        }
    }

    /**
     * Stops JavaScript running in this context (Ctrl-C); returns at once. If the interrupt does not land within
     * a few seconds the context is cancelled and {@code onReset} runs (the rank gets a fresh context next time).
     */
    public void interruptAsync(Runnable onReset) {
        Thread.ofPlatform().daemon(true).name("mpish-interrupt").start(() -> {
            try {
                context.interrupt(java.time.Duration.ofSeconds(3));
            } catch (java.util.concurrent.TimeoutException e) {
                context.close(true);
                onReset.run();
            } catch (RuntimeException ignored) {
                // the code finished, or the context closed, meanwhile
            }
        });
    }

    // ---- the MPI and LAPI objects -----------------------------------------------------------

    /** MPI or LAPI: calls and constants of that API from the catalogue, resolved for this rank. */
    private final class ApiObject implements ProxyObject {
        private final String api;
        private final Map<String, Object> members = new ConcurrentHashMap<>();
        private final Map<String, Call> calls = new LinkedHashMap<>();
        private final Map<String, Constant> constants = new LinkedHashMap<>();

        ApiObject(String api) {
            this.api = api;
            for (Call c : catalogue.calls()) if (c.api().equals(api)) calls.put(c.scriptName(), c);
            for (Constant c : catalogue.constants()) if (c.api().equals(api)) constants.put(c.scriptName(), c);
        }

        @Override
        public Object getMember(String key) {
            Object m = members.get(key);
            if (m != null) return m;
            Call c = calls.get(key);
            if (c != null) m = new CallFunction(JsRank.this, c);
            else {
                Constant k = constants.get(key);
                if (k == null) return null;
                m = toJs(k.value().apply(rank));
            }
            members.put(key, m);
            return m;
        }

        /** The number of arguments of call {@code key}, -1 for a constant, -2 for no such member. */
        int arity(String key) {
            Call c = calls.get(key);
            if (c != null) return c.inputs().size();
            return constants.containsKey(key) ? -1 : -2;
        }

        @Override public Object getMemberKeys() {
            List<String> keys = new ArrayList<>(calls.keySet());
            keys.addAll(constants.keySet());
            return keys.toArray(new String[0]);
        }

        @Override public boolean hasMember(String key) { return calls.containsKey(key) || constants.containsKey(key); }

        @Override public void putMember(String key, Value value) {
            throw new UnsupportedOperationException(api + "." + key + " cannot be assigned");
        }
    }

    // ---- value conversion -----------------------------------------------------------------------

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

    private boolean isUndefined(Value v) { return v.toString().equals("undefined"); }

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
        if (a instanceof Handle) return a;
        return a.getClass().getName().startsWith("com.oracle.truffle") ? NOT_PLAIN : a;
    }

    /** A script argument converted for a parameter: lists and plain objects are unpacked for arrays and structs. */
    public Object argument(Value v, org.mpish.runtime.catalog.PType t) {
        if (v == null || v.isNull()) return null;
        return switch (t.kind()) {
            case VALUE -> {
                Object j = toJava(v);
                yield j == Callback.UNDEFINED ? null : j;
            }
            case INT_ARRAY, LONG_ARRAY, HANDLE_ARRAY, STRUCT, STATUS -> deep(v);
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

    JsCallback callback(Value fn) {
        return callbacks.computeIfAbsent(fn, f -> new JsCallback(this, f));
    }

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
        if (o instanceof Object[] a) {
            Object[] e = new Object[a.length];
            for (int i = 0; i < a.length; i++) e[i] = toJs(a[i]);
            return newArray.execute(e);
        }
        if (o instanceof List<?> l) return toJs(l.toArray());
        if (o instanceof org.mpish.runtime.mpi.Status st) return toJs(st.toMap());
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

    Value object(String[] keys, Object[] values) {
        Object[] js = new Object[values.length];
        for (int i = 0; i < values.length; i++) js[i] = toJs(values[i]);
        return newObject.execute(newArray.execute((Object[]) keys), newArray.execute(js));
    }

    RuntimeException mpiError(org.mpish.runtime.mpi.MpiException e) {
        throw newMpiError.execute(e.code(), e.errorClass(), e.getMessage(), e.call(), e.rank()).throwException();
    }

    RuntimeException lapiError(org.mpish.runtime.lapi.LapiException e) {
        throw newLapiError.execute(e.code(), e.getMessage(), e.call(), e.rank()).throwException();
    }

    private RuntimeException refused(String what, String option) {
        throw newError.execute("scripts may not " + what + " unless mpish run is given " + option).throwException();
    }

    RuntimeException typeError(String message) { throw newTypeError.execute(message).throwException(); }

    RuntimeException rangeError(String message) { throw newRangeError.execute(message).throwException(); }
}
