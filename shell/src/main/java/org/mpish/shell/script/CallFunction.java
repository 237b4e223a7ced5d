package org.mpish.shell.script;

import java.util.List;
import org.graalvm.polyglot.Value;
import org.mpish.runtime.CallError;
import org.mpish.runtime.ObjectHandle;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.ArgError;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Invoker;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.catalog.Param;

/**
 * A catalogued call as a JavaScript function: arguments in C order without OUT parameters; one output is the
 * return value, several come back as an object keyed by the C parameter names.
 *
 * <p>JavaScript sees a plain function made by the prelude ({@code prelude.js}), one per call, which passes exactly as many
 * arguments as the call takes to {@code callN} here (N = that number; a missing one is undefined, a null here),
 * or reports too many through {@link #tooMany}. A fixed-arity host method is what the engine calls fastest: it
 * converts numbers, strings, booleans and host objects in the compiled call, and this class takes those as they
 * are; anything else (arrays, plain objects, functions) arrives wrapped and is converted from its Value.
 */
public final class CallFunction {
    private final JsValues js;
    private final Rank rank;
    private final Call call;
    private final List<Param> inputs;
    private final PType[] types;
    private final boolean[] plain;
    /** The parameter's conversion takes a JavaScript int (Integer) as it takes the Long {@link JsValues#plain} makes of it. */
    private final boolean[] intAsIs;
    private final String[] outputNames;
    private final Catalogue catalogue = Catalogue.get();

    CallFunction(JsValues js, Rank rank, Call call) {
        this.js = js;
        this.rank = rank;
        this.call = call;
        this.inputs = call.inputs();
        this.types = new PType[inputs.size()];
        this.plain = new boolean[inputs.size()];
        this.intAsIs = new boolean[inputs.size()];
        for (int i = 0; i < types.length; i++) {
            types[i] = inputs.get(i).type();
            PType.Kind k = types[i].kind();
            // arrays, structs and statuses are unpacked from their Value; everything else takes a plain argument as it is
            plain[i] = k != PType.Kind.INT_ARRAY && k != PType.Kind.LONG_ARRAY && k != PType.Kind.HANDLE_ARRAY
                    && k != PType.Kind.STRUCT && k != PType.Kind.STATUS && k != PType.Kind.STRING_ARRAY;
            // a VALUE keeps what the script gave (an attribute value stays a Long); the other plain kinds convert numbers
            intAsIs[i] = plain[i] && k != PType.Kind.VALUE;
        }
        List<Param> outs = call.outputs();
        this.outputNames = outs.stream().map(Param::name).toArray(String[]::new);
    }

    Call catalogued() { return call; }

    /** The number of arguments the JavaScript function passes ({@code callN}'s N). */
    int arity() { return types.length; }

    public Object call0() { return invoke(new Object[0]); }
    public Object call1(Object a) { return invoke(new Object[] {a}); }
    public Object call2(Object a, Object b) { return invoke(new Object[] {a, b}); }
    public Object call3(Object a, Object b, Object c) { return invoke(new Object[] {a, b, c}); }
    public Object call4(Object a, Object b, Object c, Object d) { return invoke(new Object[] {a, b, c, d}); }
    public Object call5(Object a, Object b, Object c, Object d, Object e) { return invoke(new Object[] {a, b, c, d, e}); }
    public Object call6(Object a, Object b, Object c, Object d, Object e, Object f) { return invoke(new Object[] {a, b, c, d, e, f}); }
    public Object call7(Object a, Object b, Object c, Object d, Object e, Object f, Object g) {
        return invoke(new Object[] {a, b, c, d, e, f, g});
    }
    public Object call8(Object a, Object b, Object c, Object d, Object e, Object f, Object g, Object h) {
        return invoke(new Object[] {a, b, c, d, e, f, g, h});
    }
    public Object call9(Object a, Object b, Object c, Object d, Object e, Object f, Object g, Object h, Object i) {
        return invoke(new Object[] {a, b, c, d, e, f, g, h, i});
    }
    public Object call10(Object a, Object b, Object c, Object d, Object e, Object f, Object g, Object h, Object i, Object j) {
        return invoke(new Object[] {a, b, c, d, e, f, g, h, i, j});
    }
    public Object call11(Object a, Object b, Object c, Object d, Object e, Object f, Object g, Object h, Object i, Object j,
                         Object k) {
        return invoke(new Object[] {a, b, c, d, e, f, g, h, i, j, k});
    }
    public Object call12(Object a, Object b, Object c, Object d, Object e, Object f, Object g, Object h, Object i, Object j,
                         Object k, Object l) {
        return invoke(new Object[] {a, b, c, d, e, f, g, h, i, j, k, l});
    }

    /** The largest number of arguments a call takes (MPI_Get_accumulate's 12). */
    static final int MAX_ARITY = 12;

    /** Called instead of callN when the script passed more arguments than the call takes. */
    public Object tooMany(int got) {
        throw js.typeError(call.api() + "." + call.scriptName() + " takes " + types.length + " argument"
                + (types.length == 1 ? "" : "s") + " (" + String.join(", ", inputs.stream().map(Param::name).toList())
                + "), got " + got);
    }

    /** Converts the arguments in place (as {@link JsValues#toJava} would) and invokes the call. */
    private Object invoke(Object[] raw) {
        StructBack back = null;
        Object[] outs;
        try {
            for (int i = 0; i < raw.length; i++) {
                Object a = raw[i];
                // handles (any kind of parameter) and, where the parameter converts numbers, ints are taken as they are
                if (a instanceof ObjectHandle || (intAsIs[i] && a instanceof Integer)) continue;
                Object v = plain[i] ? JsValues.plain(a) : JsValues.NOT_PLAIN;
                if (v != JsValues.NOT_PLAIN) {
                    raw[i] = v;
                    continue;
                }
                Value value = js.value(a);
                raw[i] = js.argument(value, types[i]);
                // a structure argument: what the call writes into it goes back to the script's object
                if (types[i].kind() == PType.Kind.STRUCT) back = StructBack.of(back, value, raw[i]);
            }
            outs = Invoker.invokeInPlace(rank, catalogue, call, raw); // the call's own invoker once it is made often
        } catch (ArgError e) {
            throw js.typeError(call.api() + "." + call.scriptName() + ": " + e.getMessage());
        } catch (CallError e) {
            throw js.callError(e.at(call.name(), rank.id()));
        } finally {
            if (back != null) back.write(js);
        }
        if (outs.length == 0) return null;
        if (outs.length == 1) return js.toJs(outs[0]);
        return js.object(outputNames, outs);
    }

    @Override public String toString() { return "[Function]"; }

    /**
     * A structure argument and the map the call read: fields the call wrote (LAPI_Xfer's status) go back into the
     * script's object afterwards, as C's callee writes through the pointer.
     */
    private record StructBack(Value object, java.util.Map<String, Object> fields, java.util.Map<String, Object> before, StructBack next) {
        @SuppressWarnings("unchecked")
        static StructBack of(StructBack next, Value object, Object converted) {
            if (!(converted instanceof java.util.Map<?, ?> m) || !object.hasMembers()) return next;
            java.util.Map<String, Object> fields = (java.util.Map<String, Object>) m;
            return new StructBack(object, fields, new java.util.HashMap<>(fields), next);
        }

        void write(JsValues js) {
            for (StructBack b = this; b != null; b = b.next) {
                for (java.util.Map.Entry<String, Object> e : b.fields.entrySet()) {
                    if (b.before.containsKey(e.getKey()) && java.util.Objects.equals(b.before.get(e.getKey()), e.getValue())) continue;
                    try {
                        b.object.putMember(e.getKey(), js.toJs(e.getValue()));
                    } catch (RuntimeException frozen) {
                        // a frozen object keeps its fields, as a const structure would
                    }
                }
            }
        }
    }
}
