package org.mpish.runtime.lapi;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Rank;
import java.util.function.BiFunction;
import org.mpish.runtime.BadArgument;
import org.mpish.runtime.Hooks;

/**
 * Reads the fields of a C structure given as a map (a JavaScript object, or the shell's name=value fields): a
 * missing field is 0 / NULL, as in a zeroed C structure; a name is resolved as a constant (LAPI_PUT_XFER,
 * FETCH_AND_ADD), as a counter named in the shell, or as a number ("0x10000"); an unknown field is an error.
 */
final class Fields {
    private final Rank rank;
    private final Map<String, Object> map;
    private final String what;

    @SuppressWarnings("unchecked")
    Fields(Rank rank, Object raw, String what) {
        this.rank = rank;
        this.what = what;
        if (raw == null) this.map = Map.of();
        else if (raw instanceof Map<?, ?> m) this.map = (Map<String, Object>) m;
        else throw new BadArgument(what + ": expected an object with named fields, got " + raw);
    }

    Map<String, Object> map() { return map; }
    boolean has(String f) { return map.get(f) != null; }
    Object raw(String f) { return map.get(f); }

    /** Fails unless every field given is one of {@code allowed}. */
    void only(Collection<String> allowed) {
        for (String k : map.keySet()) {
            if (!allowed.contains(k)) {
                throw new BadArgument(what + " has no field '" + k + "' (fields: " + String.join(", ", new TreeSet<>(allowed)) + ")");
            }
        }
    }

    long num(String f) { return number(rank, map.get(f), what + "." + f); }

    int integer(String f) {
        long v = num(f);
        if (v < Integer.MIN_VALUE || v > 0xFFFF_FFFFL) throw new BadArgument(what + "." + f + ": " + v + " does not fit an int");
        return (int) v;
    }

    /** An address field: a number, a named counter, or a function (which gets its code address). */
    long addr(String f) {
        Object v = map.get(f);
        if (v instanceof Callback cb) return LapiRank.of(rank).addressOf(cb);
        return num(f);
    }

    Callback fn(String f) {
        Object v = map.get(f);
        if (v == null || v instanceof Callback) return (Callback) v;
        if (v instanceof Number n && n.longValue() == 0) return null;
        if (v instanceof Number n) {
            Callback cb = LapiRank.of(rank).function(n.longValue());
            if (cb != null) return cb;
        }
        throw new BadArgument(what + "." + f + ": expected a function, got " + v);
    }

    /** A field as the user gave it (user_info, sinfo, cinfo are passed back untouched). */
    Object value(String f) {
        Object v = map.get(f);
        return v == Callback.UNDEFINED ? null : v;
    }

    static long number(Rank r, Object v, String what) {
        if (v == null || v == Callback.UNDEFINED) return 0;
        if (v instanceof Long l) return l;
        if (v instanceof Integer i) return i;
        if (v instanceof Boolean b) return b ? 1 : 0;
        if (v instanceof Number n) {
            double d = n.doubleValue();
            if (d != Math.rint(d)) throw new BadArgument(what + ": " + n + " is not an integer");
            return n.longValue();
        }
        if (v instanceof String s) return name(r, s.trim(), what);
        throw new BadArgument(what + ": expected a number, got " + v);
    }

    /** Where names of constants come from: the job's catalogue wires a lookup here (rank, name to value or null). */
    public static final Hooks.Point<BiFunction<Rank, String, Object>> NAMES = new Hooks.Point<>("constant names");

    private static Object constant(Rank r, String name) {
        for (BiFunction<Rank, String, Object> f : r.job().hooks().at(NAMES)) {
            Object v = f.apply(r, name);
            if (v != null) return v;
        }
        return null;
    }

    private static long name(Rank r, String s, String what) {
        String t = s.replace("_", "");
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) return Long.parseUnsignedLong(t.substring(2), 16);
            if (t.matches("-?\\d+")) return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new BadArgument(what + ": '" + s + "' is not a number");
        }
        Long named = LapiRank.of(r).counterNames().get(s);
        if (named != null) return named;
        Object c = constant(r, s);
        if (c == null) c = constant(r, "LAPI_" + s);
        if (c instanceof Number n) return n.longValue();
        throw new BadArgument(what + ": '" + s + "' is neither a number nor a known name");
    }

    /** "PUT", "PUT_XFER", "LAPI_PUT_XFER" or a number: a transfer type. */
    static int xferType(Rank r, Object v) {
        if (v instanceof String s) {
            String u = s.trim().toUpperCase(Locale.ROOT);
            for (String cand : List.of(u, "LAPI_" + u, "LAPI_" + u + "_XFER", u + "_XFER")) {
                int i = LapiConst.XFER_NAMES.indexOf(cand);
                if (i >= 0) return i;
            }
        }
        return (int) number(r, v, "Xfer_type");
    }
}
