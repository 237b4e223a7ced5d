package org.mpish.runtime.mpi.err;

import org.mpish.runtime.Callback;
import org.mpish.runtime.mpi.Handle;

/** A user error handler: called with the object the error was raised on and the error code. */
public interface ErrhandlerFn {
    void handle(Handle object, int code);

    String describe();

    static ErrhandlerFn of(Callback cb) {
        return new ErrhandlerFn() {
            @Override public void handle(Handle o, int code) { cb.call(o, (long) code); }
            @Override public String describe() { return cb.describe(); }
            @Override public String toString() { return cb.describe(); }
        };
    }
}
