package org.mpish.shell.script;

import java.util.List;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;
import org.mpish.runtime.Memory;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.datatype.TypedAccess;

/** The {@code mem} global: this rank's memory. alloc, free, read, write; bad addresses throw RangeError. */
final class MemObject implements ProxyObject {
    private static final List<String> KEYS = List.of("alloc", "free", "read", "write", "limit", "inUse");
    private final JsRank js;
    private final Memory mem;

    MemObject(JsRank js) {
        this.js = js;
        this.mem = js.rank().memory();
    }

    @Override
    public Object getMember(String key) {
        return switch (key) {
            case "alloc" -> (ProxyExecutable) a -> guard(() -> mem.alloc(longArg(a, 0, "bytes")));
            case "free" -> (ProxyExecutable) a -> guard(() -> { mem.free(longArg(a, 0, "addr")); return null; });
            case "read" -> (ProxyExecutable) a -> guard(() -> js.toJs(TypedAccess.read(mem, longArg(a, 0, "addr"),
                    type(a, 1), a.length > 2 ? (int) longArg(a, 2, "count") : 1)));
            case "write" -> (ProxyExecutable) a -> guard(() -> {
                Object values = a.length > 2 ? js.deep(a[2]) : null;
                List<?> list = values instanceof List<?> l ? l : List.of(values == null ? 0L : values);
                TypedAccess.write(mem, longArg(a, 0, "addr"), type(a, 1), list);
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
        } catch (MemoryFault | MpiException e) {
            throw js.rangeError("mem: " + e.getMessage());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private long longArg(Value[] a, int i, String name) {
        if (a.length <= i || !a[i].isNumber() || !a[i].fitsInLong()) throw js.typeError("mem: " + name + " must be an integer");
        return a[i].asLong();
    }

    private Datatype type(Value[] a, int i) {
        if (a.length <= i) throw js.typeError("mem: a datatype is needed (MPI.INT, MPI.DOUBLE, ...)");
        Object t = js.toJava(a[i]);
        if (t instanceof Datatype d) return d;
        if (t instanceof String s) {
            Datatype d = Datatype.named(MpiProcess.of(js.rank()), s.startsWith("MPI_") ? s : "MPI_" + s.toUpperCase());
            if (d != null) return d;
        }
        throw js.typeError("mem: " + a[i] + " is not a datatype");
    }

    @Override public Object getMemberKeys() { return KEYS.toArray(new String[0]); }
    @Override public boolean hasMember(String key) { return KEYS.contains(key); }
    @Override public void putMember(String key, Value value) { throw new UnsupportedOperationException("mem." + key + " is read-only"); }
}
