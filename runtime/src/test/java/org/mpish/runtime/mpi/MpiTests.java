package org.mpish.runtime.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.mpish.runtime.Callback;
import org.mpish.runtime.CallbackFailure;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.attr.Keyval;

/** Helpers for the MPI tests: calls through the catalogue, Java callbacks that behave like script functions. */
public final class MpiTests {
    private MpiTests() {}

    public static Object[] call(Rank r, String name, Object... args) { return TestJob.call(r, name, args); }

    public static Object call1(Rank r, String name, Object... args) { return TestJob.call1(r, name, args); }

    /** A callback as a script function would be: {@code body} gets the arguments and returns the result. */
    public static Callback fn(String name, Function<Object[], Object> body) {
        return new Callback() {
            @Override public Object call(Object... a) { return body.apply(a); }
            @Override public String describe() { return name; }
        };
    }

    /** A callback that fails by "throwing" the integer {@code code}. */
    public static Callback failing(String name, int code) {
        return fn(name, a -> { throw new CallbackFailure(code, true, "threw " + code); });
    }

    /** A callback recording "name:arg,arg,..." lines, returning {@code result} (UNDEFINED for none). */
    public static Callback recording(String name, List<String> log, Function<Object[], Object> result) {
        return fn(name, a -> {
            StringBuilder sb = new StringBuilder(name);
            for (Object o : a) sb.append(sb.length() == name.length() ? ":" : ",").append(o instanceof Handle h ? h.name() : String.valueOf(o));
            log.add(sb.toString());
            return result == null ? Callback.UNDEFINED : result.apply(a);
        });
    }

    public static List<String> log() { return new CopyOnWriteArrayList<>(); }

    /** Runs {@code body}, which must fail with an MPI error of class {@code cls}; returns the error. */
    public static MpiException expectError(int cls, Runnable body) {
        try {
            body.run();
        } catch (MpiException e) {
            assertEquals(ErrorClass.name(cls), ErrorClass.name(e.errorClass()), "error class of: " + e.getMessage());
            return e;
        }
        fail("expected " + ErrorClass.name(cls) + ", but the call succeeded");
        return null;
    }

    /** The flag and value of a get_attr call. */
    public static Object[] getAttr(Rank r, String call, Object obj, Object kv) {
        Object[] o = call(r, call, obj, kv);
        return new Object[] {o[1], o[0]};
    }

    public static Keyval kv(Rank r, String create, Object copy, Object delete, Object extra) {
        return (Keyval) call1(r, create, copy, delete, extra);
    }
}
