package org.mpish.runtime.lapi;

/** A failing LAPI call: its return code (a LAPI_ERR_* value) and what was wrong. */
public final class LapiException extends org.mpish.runtime.CallError {
    private final int code;
    private String call;
    private int rank = -1;

    public LapiException(int code, String detail) {
        super(detail);
        this.code = code;
    }

    @Override public int code() { return code; }
    @Override public String call() { return call; }
    @Override public int rank() { return rank; }
    @Override public String library() { return "LAPI"; }

    @Override public LapiException at(String callName, int rankId) {
        if (call == null) call = callName;
        if (rank < 0) rank = rankId;
        return this;
    }

    /** The detail as given, without the call and rank. */
    public String detail() { return super.getMessage(); }

    @Override
    public String getMessage() {
        return (call != null ? call + ": " : "") + "code " + code + ": " + super.getMessage()
                + (rank >= 0 ? " [rank " + rank + "]" : "");
    }
}
