package org.mpish.runtime.mpi;

/**
 * An MPI error raised by a call: its code (a class or a user code), the class, the call and rank it was raised
 * in, and what exactly was wrong. The message reads "MPI_Comm_set_attr: MPI_ERR_KEYVAL: ... [rank 1]".
 */
public final class MpiException extends org.mpish.runtime.CallError {
    private final int code;
    private final int errorClass;
    private final String detail;
    private String call;
    private int rank = -1;
    private String classText;
    private Handle raisedOn;

    public MpiException(int errorClass, String detail) {
        this(errorClass, errorClass, detail);
    }

    public MpiException(int code, int errorClass, String detail) {
        super(detail);
        this.code = code;
        this.errorClass = errorClass;
        this.detail = detail;
    }

    @Override public int code() { return code; }
    @Override public int errorClass() { return errorClass; }
    public String detail() { return detail; }
    @Override public String call() { return call; }
    @Override public int rank() { return rank; }
    @Override public String library() { return "MPI"; }

    /** Fills in where the error happened, once (the innermost call wins). */
    @Override public MpiException at(String callName, int rankId) {
        if (call == null) call = callName;
        if (rank < 0) rank = rankId;
        return this;
    }

    /** The text of this error as MPI_Error_string would give it. */
    public String errorString() {
        if (classText != null) return classText;
        String t = ErrorClass.text(errorClass);
        return t == null ? "error class " + errorClass : t;
    }

    public MpiException withErrorString(String text) { this.classText = text; return this; }

    /**
     * Routes this error to {@code object}'s error handler instead of the call's declared error object: a
     * completion call (MPI_Wait, MPI_Start, ...) raises on the communicator of the request it completes.
     */
    public MpiException on(Handle object) { this.raisedOn = object; return this; }
    public Handle raisedOn() { return raisedOn; }

    public String className() {
        String n = ErrorClass.name(errorClass);
        return n == null ? "error class " + errorClass : n;
    }

    @Override
    public String getMessage() {
        StringBuilder sb = new StringBuilder();
        if (call != null) sb.append(call).append(": ");
        sb.append(className());
        if (code != errorClass) sb.append(" (code ").append(code).append(')');
        sb.append(": ").append(detail == null || detail.isEmpty() ? errorString() : detail);
        if (rank >= 0) sb.append(" [rank ").append(rank).append(']');
        return sb.toString();
    }
}
