package org.mpish.runtime;

/**
 * An error a catalogued call reports to its caller (an MPI error class or code, a LAPI return code), with the
 * call and rank it happened in once they are known. The library's own exception extends this, so callers above
 * the runtime (the shell, scripts) handle every library's errors the same way without knowing its engine.
 */
public abstract class CallError extends RuntimeException {
    protected CallError(String detail) {
        super(detail, null, false, false);
    }

    /** The code the call returns (an MPI error code, a LAPI_ERR_* value). */
    public abstract int code();

    /** The call it happened in, or null until known. */
    public abstract String call();

    /** The job rank it happened on, or -1 until known. */
    public abstract int rank();

    /** Fills in where the error happened, once (the innermost call wins). */
    public abstract CallError at(String callName, int rankId);

    /** Which library's error this is ("MPI", "LAPI"): a script gets that library's error object. */
    public abstract String library();

    /** The error class of the code (MPI: the class a user code belongs to; elsewhere the code itself). */
    public int errorClass() { return code(); }
}
