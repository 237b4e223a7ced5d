package org.mpish.runtime.catalog;

import java.util.List;
import org.mpish.runtime.StructType;
import org.mpish.runtime.mpi.HandleKind;

/**
 * One MPI or LAPI call, declared once: C name, family, one-line summary, parameters and implementation.
 * The shell command, the JavaScript binding and the man-page check are all derived from this.
 *
 * @param errorParam index (in {@link #params}) of the object whose error handler gets this call's errors,
 *                   or -1 for calls with no such object (their errors go to MPI_COMM_SELF's handler)
 */
public final class Call {
    private final String name, family, summary, cReturn, api, scriptName;
    /** What the value of a call that returns one (not an error code) is called in synopses: "seconds". */
    private final String resultName;
    /** Where the call is declared: the declaring class and method (for the index of calls), or null. */
    private final StackTraceElement declaredAt;
    private final List<Param> params, inputs, outputs;
    /** The inputs as an array, and the number of outputs: worked out once, every invocation needs them. */
    private final Param[] inputArray;
    /**
     * Per input, its type's {@link PType#asIs} code and handle kind, in arrays: the Invoker checks every argument
     * of every call against them, and a byte and a reference per argument are cheaper to reach than the type.
     */
    final byte[] asIs;
    final HandleKind[] asIsKind;
    private final int outputCount;
    /** No outputs, and the C return value is the result (double MPI_Wtime(void)), not an error code. */
    private final boolean returnsResult;
    private final CallImpl impl;
    /**
     * The implementation as declared, and the int form's checks around it (null for a call without int counts):
     * {@link #impl} is the two made into one; a call's own invoker ({@link BoundCall}) runs them apart.
     */
    private CallImpl body;
    private LargeCounts.IntForm intForm;
    /** The catalogue that numbered this call, and this call's handle in it (made on first use). */
    private Catalogue owner;
    private volatile CallHandle handle;
    private final int errorParam, errorInput;
    /**
     * The call's number in its catalogue (1, 2, ... in declaration order), which is also its
     * {@link org.mpish.runtime.Job#callNumber} in every job the catalogue wired: what a rank records while in it.
     */
    private int number;
    private final boolean deprecated, mpi, alwaysAllowed;

    public Call(String name, String family, String summary, List<Param> params, CallImpl impl,
                int errorParam, boolean deprecated, String cReturn) {
        this(name, family, summary, params, impl, errorParam, deprecated, cReturn, null, null);
    }

    public Call(String name, String family, String summary, List<Param> params, CallImpl impl,
                int errorParam, boolean deprecated, String cReturn, String resultName, StackTraceElement declaredAt) {
        this.resultName = resultName;
        this.declaredAt = declaredAt;
        this.name = name;
        this.family = family;
        this.summary = summary;
        this.params = params;
        this.impl = impl;
        this.errorParam = errorParam;
        this.deprecated = deprecated;
        this.cReturn = cReturn;
        // worked out once: every invocation needs them
        this.api = name.substring(0, name.indexOf('_'));
        this.scriptName = name.substring(name.indexOf('_') + 1);
        this.inputs = params.stream().filter(Param::isInput).toList();
        this.outputs = params.stream().filter(Param::isOutput).toList();
        this.errorInput = errorParam >= 0 ? inputs.indexOf(params.get(errorParam)) : -1;
        this.inputArray = inputs.toArray(new Param[0]);
        this.asIs = new byte[inputArray.length];
        this.asIsKind = new HandleKind[inputArray.length];
        for (int i = 0; i < inputArray.length; i++) {
            asIs[i] = inputArray[i].type().asIs;
            asIsKind[i] = inputArray[i].type().handleKind();
        }
        this.outputCount = outputs.size();
        this.returnsResult = outputCount == 0 && !"int".equals(cReturn);
        this.mpi = api.equals("MPI");
        this.alwaysAllowed = Invoker.alwaysAllowed(name);
    }

    public String name() { return name; }
    public String family() { return family; }
    public String summary() { return summary; }
    public List<Param> params() { return params; }
    public CallImpl impl() { return impl; }
    public int errorParam() { return errorParam; }
    public boolean deprecated() { return deprecated; }
    public String cReturn() { return cReturn; }
    /** The name of the C result of a call that returns a value rather than an error code, or null. */
    public String resultName() { return resultName; }
    /** The frame of the family's declare code that declared this call (class, method, file, line), or null. */
    public StackTraceElement declaredAt() { return declaredAt; }

    /** "MPI" or "LAPI". */
    public String api() { return api; }

    /** The name under the script object: MPI_Comm_dup -> Comm_dup, LAPI_Xfer -> Xfer. */
    public String scriptName() { return scriptName; }

    public List<Param> inputs() { return inputs; }
    Param[] inputArray() { return inputArray; }
    int outputCount() { return outputCount; }
    int number() { return number; }
    /** Set once by the catalogue that holds the call, before anyone can see it. */
    void number(int n, Catalogue owner) {
        if (number != 0) throw new IllegalStateException(name + " is already in a catalogue");
        number = n;
        this.owner = owner;
    }
    Catalogue owner() { return owner; }
    void body(CallImpl body, LargeCounts.IntForm intForm) {
        this.body = body;
        this.intForm = intForm;
    }
    /** What the call's invoker runs: a typed body's own {@code Object[]} way (made now if it is not yet), else the implementation. */
    CallImpl body() { return typedBody != null ? typedBody.argsBody() : body != null ? body : impl; }
    /** The typed body, for a call declared with {@link Catalogue.CallBuilder#typed} (else null): (Rank, inputs...) result. */
    private Typed.Body typedBody;
    java.lang.invoke.MethodHandle typedBody() { return typedBody == null ? null : typedBody.handle(); }
    void typedBody(Typed.Body b) {
        Typed.check(this, b);
        typedBody = b;
    }
    LargeCounts.IntForm intForm() { return intForm; }
    CallHandle handle() { return handle; }
    /** How many times the call was made through {@link Invoker} before it had its own invoker (counted loosely). */
    private int used;
    int used() { return used++; }
    void handle(CallHandle h) { handle = h; }
    boolean returnsResult() { return returnsResult; }
    public List<Param> outputs() { return outputs; }

    /** The position among the inputs of the object whose error handler gets this call's errors, or -1. */
    int errorInput() { return errorInput; }
    boolean isMpi() { return mpi; }
    /** Allowed before MPI_Init and after MPI_Finalize. */
    boolean alwaysAllowed() { return alwaysAllowed; }

    @Override public String toString() { return name; }

    /** The C prototype as the man page's SYNOPSIS must show it: "int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)". */
    public String cPrototype() {
        StringBuilder sb = new StringBuilder(cReturn).append(' ').append(name).append('(');
        if (params.isEmpty()) sb.append("void");
        for (int i = 0; i < params.size(); i++) {
            if (i > 0) sb.append(", ");
            sb.append(params.get(i).cDecl());
        }
        return sb.append(')').toString();
    }

    /** The shell form: "MPI_Comm_set_attr comm comm_keyval attribute_val"; a parameter that may be left out in brackets. */
    public String shellSynopsis() {
        StringBuilder sb = new StringBuilder(name);
        for (Param p : inputs()) sb.append(' ').append(p.optional() ? "[" + p.name() + "]" : p.name());
        return sb.toString();
    }

    /**
     * The lines of the shell synopsis: {@link #shellSynopsis}, then, for a call whose one structure parameter has
     * declared fields, the form that gives it field by field: "LAPI_Xfer hndl Xfer_type=type field=value ...".
     */
    public List<String> shellSynopses() {
        int s = structInput();
        if (s < 0) return List.of(shellSynopsis());
        StructType st = inputs.get(s).type().struct(); // null where the members are not declared
        StringBuilder sb = new StringBuilder(name);
        for (int i = 0; i < inputs.size(); i++) {
            Param p = inputs.get(i);
            if (i != s) sb.append(' ').append(p.optional() ? "[" + p.name() + "]" : p.name());
        }
        if (st != null && st.isUnion()) sb.append(' ').append(st.selector().name()).append("=type");
        sb.append(" field=value ...");
        return List.of(shellSynopsis(), sb.toString());
    }

    /**
     * The position among the inputs of the one structure parameter, which the shell lets one give field by field
     * (a name=value argument that names no parameter is one of its fields); -1 if there is none or several.
     */
    public int structInput() {
        int found = -1;
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i).type().kind() == PType.Kind.STRUCT) {
                if (found >= 0) return -1;
                found = i;
            }
        }
        return found;
    }

    /**
     * The JavaScript form, as a line of a script: "rank = MPI.Comm_rank(comm)", "const {flag, status} =
     * MPI.Iprobe(source, tag, comm)", "MPI.Barrier(comm)"; a call whose C result is its value names it as declared
     * ("seconds = MPI.Wtime()").
     */
    public String scriptSynopsis() {
        StringBuilder sb = new StringBuilder();
        List<Param> out = outputs();
        if (out.size() == 1) sb.append(out.get(0).name()).append(" = ");
        else if (out.size() > 1) {
            sb.append("const {");
            for (int i = 0; i < out.size(); i++) sb.append(i > 0 ? ", " : "").append(out.get(i).name());
            sb.append("} = ");
        } else if (returnsResult && resultName != null) sb.append(resultName).append(" = ");
        sb.append(api()).append('.').append(scriptName()).append('(');
        List<Param> in = inputs();
        for (int i = 0; i < in.size(); i++) {
            if (i > 0) sb.append(", ");
            sb.append(in.get(i).name());
        }
        return sb.append(')').toString();
    }
}
