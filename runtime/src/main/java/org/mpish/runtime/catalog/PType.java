package org.mpish.runtime.catalog;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Rank;
import org.mpish.runtime.StructType;
import org.mpish.runtime.mpi.attr.CopyFn;
import org.mpish.runtime.mpi.attr.DeleteFn;
import org.mpish.runtime.mpi.err.ErrhandlerFn;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.attr.Keyval;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.attr.Attributes;

/**
 * The type of a parameter: how the shell parses it, how a script value is converted, how an output is shown,
 * and how it is spelled in C. {@link #coerce} turns a raw value (a number, a name typed in the shell, a handle
 * object or function from a script) into what the implementation receives.
 */
public final class PType {
    public enum Kind { INT, LONG, ADDR, DOUBLE, BOOL, STRING, HANDLE, CALLBACK, VALUE, INT_ARRAY, LONG_ARRAY, HANDLE_ARRAY, STRUCT, STATUS, STRING_ARRAY }

    private final Kind kind;
    private final String cType;
    private final HandleKind handleKind;
    private final Class<?> callbackType;
    private final Function<Callback, Object> adapt;
    /** The constant group whose names are valid values (completion, and name lookup). */
    private final String constantGroup;
    /** For a STRUCT: its members, or null where none are declared. */
    private final StructType struct;
    /**
     * The type this parameter has in the call's large-count form (MPI-4's {@code _c} calls: an int count becomes
     * MPI_Count, an int displacement array MPI_Aint[]), or null when it is the same there. A declaration that uses
     * such a type makes both calls (see {@link Catalogue.CallBuilder#impl}).
     */
    private PType large;
    /** For an int OUT of a large-count call: the int form returns MPI_UNDEFINED (not an error) when the value does not fit. */
    private boolean undefinedIfTooLarge;

    private PType(Kind kind, String cType, HandleKind hk, Class<?> cbType, Function<Callback, Object> adapt, String group) {
        this.kind = kind;
        this.cType = cType;
        this.handleKind = hk;
        this.callbackType = cbType;
        this.adapt = adapt;
        this.constantGroup = group;
        this.struct = null;
        this.asIs = asIs(kind);
    }

    private PType(Kind kind, String cType, String group, StructType struct) {
        this.kind = kind;
        this.cType = cType;
        this.handleKind = null;
        this.callbackType = null;
        this.adapt = null;
        this.constantGroup = group;
        this.struct = struct;
        this.asIs = asIs(kind);
    }

    private PType copy() {
        PType t = struct != null ? new PType(kind, cType, constantGroup, struct) : new PType(kind, cType, handleKind, callbackType, adapt, constantGroup);
        t.large = large;
        t.undefinedIfTooLarge = undefinedIfTooLarge;
        return t;
    }

    /** This type, whose large-count form ({@code _c} call) is {@code l}. */
    public PType withLarge(PType l) {
        PType t = copy();
        t.large = l;
        return t;
    }

    /** The type in the call's large-count form, or null when it has none (the same type there). */
    public PType large() { return large; }
    /** An int output whose int form gives MPI_UNDEFINED when the value does not fit (MPI_Type_size, MPI_Get_count). */
    public boolean undefinedIfTooLarge() { return undefinedIfTooLarge; }

    public Kind kind() { return kind; }
    public String cType() { return cType; }
    public HandleKind handleKind() { return handleKind; }
    public Class<?> callbackType() { return callbackType; }
    public String constantGroup() { return constantGroup; }
    /** The declared members of a STRUCT parameter, or null. */
    public StructType struct() { return struct; }

    // ---- the types ----------------------------------------------------------------------------

    public static PType integer(String cType, String group) { return new PType(Kind.INT, cType, null, null, null, group); }
    public static PType longInt(String cType, String group) { return new PType(Kind.LONG, cType, null, null, null, group); }
    public static PType address(String cType) { return new PType(Kind.ADDR, cType, null, null, null, "address"); }
    public static PType handle(HandleKind k) { return new PType(Kind.HANDLE, k.cType(), k, null, null, k.prefix()); }
    public static PType handle(HandleKind k, String cType) { return new PType(Kind.HANDLE, cType, k, null, null, k.prefix()); }
    /** An array of handles of one kind: "const MPI_Datatype array_of_types[]". */
    public static PType handleArray(HandleKind k) { return new PType(Kind.HANDLE_ARRAY, k.cType(), k, null, null, k.prefix()); }
    public static PType callback(String cType, Class<?> iface, Function<Callback, Object> adapt, String group) {
        return new PType(Kind.CALLBACK, cType, null, iface, adapt, group);
    }
    /** A pointer to a structure or union whose members {@code st} declares: "lapi_xfer_t *". */
    public static PType struct(StructType st, String cType) {
        return new PType(Kind.STRUCT, cType, null, st);
    }
    public static PType of(Kind k, String cType) { return new PType(k, cType, null, null, null, null); }
    public static PType of(Kind k, String cType, String group) { return new PType(k, cType, null, null, null, group); }

    public static final PType INT = integer("int", null);
    public static final PType AINT = longInt("MPI_Aint", null);
    public static final PType COUNT = longInt("MPI_Count", null);
    public static final PType DOUBLE = of(Kind.DOUBLE, "double");
    public static final PType BOOL = of(Kind.BOOL, "int");
    public static final PType STRING = of(Kind.STRING, "char *");
    public static final PType VALUE = of(Kind.VALUE, "void *");
    public static final PType BUFFER = address("void *");
    public static final PType INT_ARRAY = of(Kind.INT_ARRAY, "int");
    /** A list of strings (C: char *argv[]); NULL is null. */
    public static final PType STRING_ARRAY = of(Kind.STRING_ARRAY, "char *");
    public static final PType COMM = handle(HandleKind.COMM);
    public static final PType GROUP = handle(HandleKind.GROUP);
    public static final PType DATATYPE = handle(HandleKind.DATATYPE);
    public static final PType WIN = handle(HandleKind.WIN);
    public static final PType KEYVAL = handle(HandleKind.KEYVAL);
    public static final PType ERRHANDLER = handle(HandleKind.ERRHANDLER);
    public static final PType REQUEST = handle(HandleKind.REQUEST);
    public static final PType OP = handle(HandleKind.OP);
    public static final PType INFO = handle(HandleKind.INFO);
    public static final PType MESSAGE = handle(HandleKind.MESSAGE);
    public static final PType SESSION = handle(HandleKind.SESSION);
    public static final PType REQUESTS = handleArray(HandleKind.REQUEST);

    // ---- large counts: the types that differ between a call and its MPI-4 _c form (MPI-4.1 section 2.5.8) ------
    /** An int count; MPI_Count in the _c form. The int form reports a value beyond an int as MPI_ERR_COUNT. */
    public static final PType COUNT_INT = INT.withLarge(COUNT);
    /** An int count output that is MPI_UNDEFINED in the int form when it does not fit; MPI_Count in the _c form. */
    public static final PType COUNT_INT_OUT = undefinedWhenLarge(INT.withLarge(COUNT));
    /** An int count output that the int form cannot give when it does not fit (MPI_ERR_VALUE_TOO_LARGE). */
    public static final PType COUNT_INT_STRICT = INT.withLarge(COUNT);
    /** An array of int counts; MPI_Count[] in the _c form. */
    public static final PType COUNT_INT_ARRAY = INT_ARRAY.withLarge(of(Kind.LONG_ARRAY, "MPI_Count"));
    /** An array of int displacements; MPI_Aint[] in the _c form (the v-collectives). */
    public static final PType DISPL_INT_ARRAY = INT_ARRAY.withLarge(of(Kind.LONG_ARRAY, "MPI_Aint"));
    /** An MPI_Aint that is MPI_Count in the _c form (datatype strides, displacements, bounds). */
    public static final PType AINT_COUNT = AINT.withLarge(COUNT);
    /** An MPI_Aint array that is MPI_Count[] in the _c form. */
    public static final PType AINT_COUNT_ARRAY = of(Kind.LONG_ARRAY, "MPI_Aint").withLarge(of(Kind.LONG_ARRAY, "MPI_Count"));
    /** An int (a window's displacement unit) that is MPI_Aint in the _c form. */
    public static final PType INT_AINT = INT.withLarge(AINT);

    private static PType undefinedWhenLarge(PType t) {
        t.undefinedIfTooLarge = true;
        return t;
    }
    /**
     * An MPI_Status: OUT as a {@link org.mpish.runtime.mpi.Status}, shown with the fields declared here; IN from a
     * Status, an object with (some of) those fields, or the word "status" (the rank's last status).
     */
    public static final PType STATUS = new PType(Kind.STATUS, "MPI_Status", "status", StructType.struct("MPI_Status")
            .field(StructType.field("MPI_SOURCE", "int MPI_SOURCE"))
            .field(StructType.field("MPI_TAG", "int MPI_TAG"))
            .field(StructType.field("MPI_ERROR", "int MPI_ERROR", "errorclass"))
            // the standard leaves the rest of MPI_Status to the implementation: mpish shows these two
            .field(StructType.field("count", "MPI_Count count"))
            .field(StructType.field("cancelled", "int cancelled"))
            .build());

    public static PType copyFn(String cType) { return callback(cType, CopyFn.class, CopyFn::of, "copyfn"); }
    public static PType deleteFn(String cType) { return callback(cType, DeleteFn.class, DeleteFn::of, "deletefn"); }
    public static PType errhandlerFn(String cType) { return callback(cType, ErrhandlerFn.class, ErrhandlerFn::of, "errhandlerfn"); }

    // ---- conversion --------------------------------------------------------------------------

    /**
     * Converts a raw argument for parameter {@code p} on rank {@code r}. Raw values: Number, String (a name
     * or literal), Handle, Callback, List, Map, or an opaque script value (for VALUE parameters).
     * Throws ArgError for a value of the wrong form, MpiException for an invalid handle.
     */
    public Object coerce(Rank r, Catalogue cat, Param p, Object raw) {
        return takenAsIs(asIs, handleKind, raw) ? raw : convert(r, cat, p, raw);
    }

    /** {@link #asIs}'s codes: no argument is taken as it is; an Integer; a Long or Integer; a handle of the kind. */
    static final byte CONVERT = 0, AS_INT = 1, AS_LONG = 2, AS_HANDLE = 3;

    /** Which raw arguments are already in their final form for this type (one of the codes above). */
    final byte asIs;

    private static byte asIs(Kind k) {
        return switch (k) {
            case INT -> AS_INT;
            case LONG, ADDR -> AS_LONG;
            case HANDLE -> AS_HANDLE;
            default -> CONVERT;
        };
    }

    /**
     * Whether {@code raw} is what scripts and Java callers pass for the common kinds, already in its final form,
     * taken as it is (a long or an address may stay an Integer: Args.l reads any integral box). The Invoker runs
     * this per argument with the codes a Call keeps in an array: a switch on small ints, no enum switch map, no
     * walk from the parameter to its type.
     */
    static boolean takenAsIs(byte code, HandleKind hk, Object raw) {
        return switch (code) {
            case AS_INT -> raw instanceof Integer;
            case AS_LONG -> raw instanceof Long || raw instanceof Integer;
            case AS_HANDLE -> raw instanceof Handle h && h.kind() == hk;
            default -> false;
        };
    }

    private Object convert(Rank r, Catalogue cat, Param p, Object raw) {
        if (raw instanceof String s && kind != Kind.STRING && kind != Kind.VALUE && kind != Kind.STATUS) {
            Object c = cat.resolveName(r, s, this);
            if (c != null) raw = c;
            else if (kind == Kind.HANDLE) {
                Handle h = MpiProcess.of(r).handles().lookup(s);
                if (h == null) throw new ArgError(p.name() + ": no " + handleKind.noun() + " named '" + s + "'");
                raw = h;
            } else if (kind == Kind.INT || kind == Kind.LONG || kind == Kind.ADDR) {
                raw = parseNumber(p, s);
            } else {
                throw new ArgError(p.name() + ": '" + s + "' is not a known name here");
            }
        }
        switch (kind) {
            case INT -> {
                long v = number(p, raw);
                if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                    // a count of a call with a _c form: the call reports it as MPI_ERR_COUNT (Catalogue.CallBuilder)
                    if (large != null) return v;
                    throw new ArgError(p.name() + ": " + v + " does not fit a C int");
                }
                return (int) v;
            }
            case LONG, ADDR -> {
                if (raw == null && kind == Kind.ADDR) return 0L; // NULL
                return number(p, raw);
            }
            case DOUBLE -> {
                if (raw instanceof Number n) return n.doubleValue();
                throw new ArgError(p.name() + ": expected a number");
            }
            case BOOL -> {
                if (raw instanceof Boolean b) return b;
                return number(p, raw) != 0;
            }
            case STRING -> {
                if (raw == null) return null;
                return raw.toString();
            }
            case VALUE -> { return raw; }
            case HANDLE -> { return handle(r, p, raw); }
            case CALLBACK -> {
                if (raw == null) return null;
                if (callbackType.isInstance(raw)) return raw;
                if (raw instanceof Callback cb) return adapt.apply(cb);
                throw new ArgError(p.name() + ": expected a function or a predefined " + constantGroup + " name");
            }
            case INT_ARRAY -> { return large != null ? countArray(p, raw) : intArray(p, raw); }
            case STRING_ARRAY -> {
                if (raw == null) return null;
                if (!(raw instanceof List<?> l)) throw new ArgError(p.name() + ": expected an array of strings");
                List<String> out = new java.util.ArrayList<>(l.size());
                for (Object o : l) {
                    if (!(o instanceof String s)) throw new ArgError(p.name() + ": expected an array of strings, not one holding " + describe(o));
                    out.add(s);
                }
                return List.copyOf(out);
            }
            case LONG_ARRAY -> { return longArray(p, raw); }
            case HANDLE_ARRAY -> {
                if (!(raw instanceof List<?> l)) throw new ArgError(p.name() + ": expected an array of handles");
                Handle[] out = new Handle[l.size()];
                for (int i = 0; i < out.length; i++) {
                    Object item = l.get(i);
                    if (item instanceof String s) { // a name typed in the shell: [req0, MPI_REQUEST_NULL]
                        Object c = cat.resolveName(r, s, this);
                        item = c != null ? c : MpiProcess.of(r).handles().lookup(s);
                        if (item == null) throw new ArgError(p.name() + "[" + i + "]: no " + handleKind.noun() + " named '" + s + "'");
                    }
                    out[i] = handle(r, p, item);
                }
                return out;
            }
            case STATUS -> {
                if (raw instanceof Map<?, ?> m) { // only the declared fields
                    for (Object k : m.keySet()) {
                        if (!struct.allNames().contains(String.valueOf(k))) {
                            throw new ArgError(p.name() + ": MPI_Status has no field '" + k + "' (fields: "
                                    + String.join(", ", struct.fields().stream().map(StructType.Field::name).toList()) + ")");
                        }
                    }
                }
                return org.mpish.runtime.mpi.Status.coerce(r, p.name(), raw);
            }
            case STRUCT -> {
                if (raw == null) return null; // a NULL structure pointer, or an argument left out
                if (raw instanceof Map<?, ?> m) return m;
                throw new ArgError(p.name() + ": expected an object with named fields");
            }
            default -> { return raw; }
        }
    }

    private Handle handle(Rank r, Param p, Object raw) {
        if (raw == null) return Handle.nullOf(handleKind);
        if (handleKind == HandleKind.KEYVAL && raw instanceof Number n) {
            Keyval k = Attributes.keyvals(MpiProcess.of(r)).get(n.intValue());
            if (k == null) {
                throw new MpiException(org.mpish.runtime.mpi.ErrorClass.MPI_ERR_KEYVAL,
                        p.name() + ": " + n + " is not a keyval of rank " + r.id());
            }
            return k;
        }
        if (!(raw instanceof Handle h)) throw new ArgError(p.name() + ": expected a " + handleKind.noun() + " handle");
        if (h.kind() != handleKind) {
            throw new MpiException(handleKind.errorClass(), p.name() + ": " + h.name() + " is a " + h.kind().noun()
                    + ", not a " + handleKind.noun());
        }
        return h;
    }

    private static long number(Param p, Object raw) {
        if (raw instanceof Long l) return l;
        if (raw instanceof Integer i) return i;
        if (raw instanceof Number n) {
            double d = n.doubleValue();
            if (d != Math.rint(d) || Double.isInfinite(d)) throw new ArgError(p.name() + ": " + n + " is not an integer");
            return n.longValue();
        }
        if (raw instanceof Boolean b) return b ? 1 : 0;
        if (raw instanceof String s) return parseNumber(p, s);
        throw new ArgError(p.name() + ": expected an integer" + (raw == null ? "" : ", got " + describe(raw)));
    }

    static long parseNumber(Param p, String s) {
        String t = s.trim().replace("_", "");
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) return Long.parseUnsignedLong(t.substring(2), 16);
            if (t.startsWith("-0x") || t.startsWith("-0X")) return -Long.parseLong(t.substring(3), 16);
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new ArgError(p.name() + ": '" + s + "' is neither a number nor a known name");
        }
    }

    private static int[] intArray(Param p, Object raw) {
        if (raw instanceof int[] a) return a;
        if (raw instanceof List<?> l) {
            int[] out = new int[l.size()];
            for (int i = 0; i < out.length; i++) out[i] = Math.toIntExact(number(p, l.get(i)));
            return out;
        }
        if (raw == null) return null;
        throw new ArgError(p.name() + ": expected an array of integers");
    }

    /** An int array of a call with a _c form: a long[] when some value does not fit an int (the call reports it). */
    private static Object countArray(Param p, Object raw) {
        if (raw instanceof int[] || raw == null) return raw;
        long[] l = longArray(p, raw);
        int[] out = new int[l.length];
        for (int i = 0; i < l.length; i++) {
            if (l[i] != (int) l[i]) return l;
            out[i] = (int) l[i];
        }
        return out;
    }

    private static long[] longArray(Param p, Object raw) {
        if (raw instanceof long[] a) return a;
        if (raw instanceof List<?> l) {
            long[] out = new long[l.size()];
            for (int i = 0; i < out.length; i++) out[i] = number(p, l.get(i));
            return out;
        }
        if (raw == null) return null;
        throw new ArgError(p.name() + ": expected an array of integers");
    }

    private static String describe(Object raw) {
        if (raw instanceof Handle h) return "the " + h.kind().noun() + " " + h.name();
        String s = String.valueOf(raw);
        return "'" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "'";
    }
}
