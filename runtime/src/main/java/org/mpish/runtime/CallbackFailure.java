package org.mpish.runtime;

/**
 * A user callback failed. {@code code} is the error code it reported (a JavaScript callback that throws an
 * integer reports that code; anything else reports MPI_ERR_OTHER or, for LAPI, its generic code), and the
 * message says what was thrown.
 */
public final class CallbackFailure extends RuntimeException {
    private final int code;
    private final boolean explicitCode;

    public CallbackFailure(int code, boolean explicitCode, String message) {
        super(message, null, false, false);
        this.code = code;
        this.explicitCode = explicitCode;
    }

    public int code() { return code; }
    /** True when the callback threw an integer code, false when it threw something else. */
    public boolean explicitCode() { return explicitCode; }
}
