package org.mpish.runtime.lapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;

/** Shorthands for the LAPI tests: calls go through the catalogue, as in the shell and in scripts. */
final class L {
    private L() {}

    static Object call(Rank r, String name, Object... args) { return TestJob.call1(r, name, args); }

    static int init(Rank r) { return (Integer) call(r, "LAPI_Init", (Object) null); }

    static int init(Rank r, Map<String, Object> info) { return (Integer) call(r, "LAPI_Init", info); }

    static long alloc(Rank r, int bytes) { return r.memory().alloc(bytes); }

    /** A counter set to 0. */
    static long cntr(Rank r) { return r.memory().alloc(8); }

    static long value(Rank r, long cntr) { return Counters.get(r, cntr); }

    static long[] exchange(Rank r, int h, Object mine) { return (long[]) call(r, "LAPI_Address_init", (long) h, mine); }

    static void gfence(Rank r, int h) { call(r, "LAPI_Gfence", (long) h); }

    static long waitcntr(Rank r, int h, long c, int val) { return ((Integer) call(r, "LAPI_Waitcntr", (long) h, c, (long) val)).longValue(); }

    /** The LAPI code the action fails with, or 0. */
    static int code(Runnable action) {
        try {
            action.run();
            return 0;
        } catch (LapiException e) {
            return e.code();
        }
    }

    static Map<String, Object> m(Object... kv) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) out.put((String) kv[i], kv[i + 1]);
        return out;
    }

    static List<Object> list(Object... items) { return List.of(items); }

    /** A Java callback, as a JavaScript function would be. */
    static Callback fn(String name, Function<Object[], Object> body) {
        return new Callback() {
            @Override public Object call(Object... args) { return body.apply(args); }
            @Override public String describe() { return name; }
        };
    }

    static void putInts(Rank r, long addr, int... v) { for (int i = 0; i < v.length; i++) r.memory().writeInt(addr + 4L * i, v[i]); }

    static int[] ints(Rank r, long addr, int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) out[i] = r.memory().readInt(addr + 4L * i);
        return out;
    }
}
