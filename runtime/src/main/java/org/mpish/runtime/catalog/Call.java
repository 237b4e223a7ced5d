package org.mpish.runtime.catalog;

import java.util.List;

/**
 * One MPI or LAPI call, declared once: C name, family, one-line summary, parameters and implementation.
 * The shell command, the JavaScript binding and the man-page check are all derived from this.
 *
 * @param errorParam index (in {@link #params}) of the object whose error handler gets this call's errors,
 *                   or -1 for calls with no such object (their errors go to MPI_COMM_SELF's handler)
 */
public final class Call {
    private final String name, family, summary, cReturn, api, scriptName;
    private final List<Param> params, inputs, outputs;
    /** The inputs as an array, and the number of outputs: worked out once, every invocation needs them. */
    private final Param[] inputArray;
    private final int outputCount;
    /** No outputs, and the C return value is the result (double MPI_Wtime(void)), not an error code. */
    private final boolean returnsResult;
    private final CallImpl impl;
    private final int errorParam, errorInput;
    /**
     * The call's number in its catalogue (1, 2, ... in declaration order), which is also its
     * {@link org.mpish.runtime.Job#callNumber} in every job the catalogue wired: what a rank records while in it.
     */
    private int number;
    private final boolean deprecated, mpi, alwaysAllowed;

    public Call(String name, String family, String summary, List<Param> params, CallImpl impl,
                int errorParam, boolean deprecated, String cReturn) {
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

    /** "MPI" or "LAPI". */
    public String api() { return api; }

    /** The name under the script object: MPI_Comm_dup -> Comm_dup, LAPI_Xfer -> Xfer. */
    public String scriptName() { return scriptName; }

    public List<Param> inputs() { return inputs; }
    Param[] inputArray() { return inputArray; }
    int outputCount() { return outputCount; }
    int number() { return number; }
    /** Set once by the catalogue that holds the call, before anyone can see it. */
    void number(int n) {
        if (number != 0) throw new IllegalStateException(name + " is already in a catalogue");
        number = n;
    }
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

    /** The shell form: "MPI_Comm_set_attr comm comm_keyval attribute_val". */
    public String shellSynopsis() {
        StringBuilder sb = new StringBuilder(name);
        for (Param p : inputs()) sb.append(' ').append(p.name());
        return sb.toString();
    }

    /** The JavaScript form: "MPI.Comm_set_attr(comm, comm_keyval, attribute_val)" with its result. */
    public String scriptSynopsis() {
        StringBuilder sb = new StringBuilder(api()).append('.').append(scriptName()).append('(');
        List<Param> in = inputs();
        for (int i = 0; i < in.size(); i++) {
            if (i > 0) sb.append(", ");
            sb.append(in.get(i).name());
        }
        sb.append(')');
        List<Param> out = outputs();
        if (out.size() == 1) sb.append(" -> ").append(out.get(0).name());
        else if (out.size() > 1) {
            sb.append(" -> {");
            for (int i = 0; i < out.size(); i++) sb.append(i > 0 ? ", " : "").append(out.get(i).name());
            sb.append('}');
        }
        return sb.toString();
    }
}
