package org.mpish.shell.script;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyObject;
import org.mpish.runtime.Memory;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.CallError;
import org.mpish.runtime.catalog.TypedMemory;

/** The {@code mem} global: this rank's memory. alloc, free, read, write; bad addresses throw RangeError. */
final class MemObject implements ProxyObject {
    /** The members, each with how it is used (completion shows these). */
    static final Map<String, String> SYNOPSES = synopses(
            "alloc", "mem.alloc(bytes) -> addr: a new block of this rank's memory",
            "free", "mem.free(addr): gives the block back",
            "read", "mem.read(addr, datatype, count = 1) -> array of count values",
            "write", "mem.write(addr, datatype, value or array of values)",
            "limit", "mem.limit: the most bytes this rank may allocate",
            "inUse", "mem.inUse: the bytes this rank has allocated now");
    private static final List<String> KEYS = List.copyOf(SYNOPSES.keySet());

    private static Map<String, String> synopses(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) m.put(pairs[i], pairs[i + 1]);
        return Collections.unmodifiableMap(m);
    }
    private final JsValues js;
    private final Memory mem;

    MemObject(JsValues js) {
        this.js = js;
        this.mem = js.rank().memory();
    }

    @Override
    public Object getMember(String key) {
        return switch (key) {
            case "alloc" -> (ProxyExecutable) a -> guard(() -> mem.alloc(longArg(a, 0, "bytes")));
            case "free" -> (ProxyExecutable) a -> guard(() -> { mem.free(longArg(a, 0, "addr")); return null; });
            case "read" -> (ProxyExecutable) a -> guard(() -> js.toJs(TypedMemory.read(js.rank(), longArg(a, 0, "addr"),
                    type(a, 1), a.length > 2 ? count(a[2]) : 1)));
            case "write" -> (ProxyExecutable) a -> guard(() -> {
                Object values = a.length > 2 ? js.deep(a[2]) : null;
                List<?> list = values instanceof List<?> l ? l : List.of(values == null ? 0L : values);
                TypedMemory.write(js.rank(), longArg(a, 0, "addr"), type(a, 1), list);
                return null;
            });
            case "limit" -> mem.limit();
            case "inUse" -> mem.bytesInUse();
            default -> null;
        };
    }

    private Object guard(java.util.concurrent.Callable<Object> body) {
        try {
            return body.call();
        } catch (MemoryFault | CallError e) {
            throw js.rangeError("mem: " + e.getMessage());
        } catch (org.mpish.runtime.catalog.ArgError e) {
            throw js.typeError("mem: " + e.getMessage());
        } catch (ArithmeticException e) {
            throw js.rangeError("mem: the data is larger than one call can move");
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** mem.read's count: 0 or more, and what one Java array holds. */
    private int count(Value v) {
        long n = longArg(new Value[] {v}, 0, "count");
        if (n < 0 || n > Integer.MAX_VALUE) throw js.rangeError("mem: count " + n + " is not between 0 and " + Integer.MAX_VALUE);
        return (int) n;
    }

    private long longArg(Value[] a, int i, String name) {
        if (a.length <= i || !a[i].isNumber() || !a[i].fitsInLong()) throw js.typeError("mem: " + name + " must be an integer");
        return a[i].asLong();
    }

    /** A datatype handle, or the name of a predefined datatype ("MPI_INT", "int"). */
    private Object type(Value[] a, int i) {
        if (a.length <= i) throw js.typeError("mem: a datatype is needed (MPI.INT, MPI.DOUBLE, ...)");
        Object t = js.toJava(a[i]);
        if (TypedMemory.isDatatype(js.rank(), t)) return t;
        // a script string prints as the engine's string class through Value.toString: show it as the script wrote it
        String shown = a[i].isString() ? '"' + a[i].asString() + '"' : String.valueOf(a[i]);
        throw js.typeError("mem: " + shown + " is not a datatype");
    }

    // a script array (a Java array would need host array access, which the sandbox refuses)
    @Override public Object getMemberKeys() { return ProxyArray.fromList(List.copyOf(KEYS)); }
    @Override public boolean hasMember(String key) { return KEYS.contains(key); }
    @Override public void putMember(String key, Value value) { throw new UnsupportedOperationException("mem." + key + " is read-only"); }
}
