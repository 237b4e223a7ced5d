package org.mpish.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.ObjectHandle;
import org.mpish.runtime.StructValue;
import org.mpish.runtime.inspect.HandleSnapshot;

/** How the shell shows values: handles by name, addresses in hex, arrays and structs spelled out. */
public final class Format {
    private Format() {}

    public static String value(Object v, PType type) {
        if (v == null) return "NULL";
        if (type != null && type.kind() == PType.Kind.ADDR && v instanceof Long l) return "0x" + Long.toHexString(l);
        return value(v);
    }

    public static String value(Object v) {
        if (v == null) return "NULL";
        if (v instanceof ObjectHandle h) return h.name();
        if (v instanceof HandleSnapshot h) return h.name();
        if (v instanceof String s) return '"' + s + '"';
        if (v instanceof Double d) return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString(d.longValue()) : Double.toString(d);
        if (v instanceof int[] a) {
            List<String> l = new ArrayList<>();
            for (int x : a) l.add(Integer.toString(x));
            return "[" + String.join(", ", l) + "]";
        }
        if (v instanceof long[] a) {
            List<String> l = new ArrayList<>();
            for (long x : a) l.add(Long.toString(x));
            return "[" + String.join(", ", l) + "]";
        }
        if (v instanceof Object[] a) {
            List<String> l = new ArrayList<>();
            for (Object x : a) l.add(value(x));
            return "[" + String.join(", ", l) + "]";
        }
        if (v instanceof List<?> a) return value(a.toArray());
        if (v instanceof StructValue st) return value(st.toMap());
        if (v instanceof Map<?, ?> m) {
            List<String> l = new ArrayList<>();
            for (Map.Entry<?, ?> e : m.entrySet()) l.add(e.getKey() + ": " + value(e.getValue()));
            return "{" + String.join(", ", l) + "}";
        }
        return String.valueOf(v);
    }
}
