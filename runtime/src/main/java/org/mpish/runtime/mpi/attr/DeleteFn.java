package org.mpish.runtime.mpi.attr;

import org.mpish.runtime.Callback;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.Predefined;

/** An attribute delete callback. Fails by throwing {@link org.mpish.runtime.CallbackFailure}. */
public interface DeleteFn {
    void delete(Handle object, Keyval keyval, Object value, Object extraState);

    String describe();

    /** MPI_*_NULL_DELETE_FN: does nothing and succeeds. */
    record Predefined(String name) implements DeleteFn {
        @Override public void delete(Handle o, Keyval k, Object v, Object extra) {}
        @Override public String describe() { return name; }
        @Override public String toString() { return name; }
    }

    static DeleteFn of(Callback cb) {
        return new DeleteFn() {
            @Override public void delete(Handle o, Keyval k, Object v, Object extra) { cb.call(o, k, v, extra); }
            @Override public String describe() { return cb.describe(); }
            @Override public String toString() { return cb.describe(); }
        };
    }
}
