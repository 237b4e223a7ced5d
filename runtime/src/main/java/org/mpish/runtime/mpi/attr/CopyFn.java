package org.mpish.runtime.mpi.attr;

import org.mpish.runtime.Callback;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.Predefined;

/**
 * An attribute copy callback ({@code MPI_Comm_copy_attr_function} and its window/datatype/MPI-1 kin).
 * Returns the value for the new object, or {@link #NO_COPY} to leave the attribute out (flag = 0).
 * Fails by throwing {@link org.mpish.runtime.CallbackFailure}.
 */
public interface CopyFn {
    Object NO_COPY = new Object() {
        @Override public String toString() { return "(not copied)"; }
    };

    Object copy(Handle oldObject, Keyval keyval, Object extraState, Object valueIn);

    String describe();

    /** A predefined copy function: MPI_*_NULL_COPY_FN (never copies) or MPI_*_DUP_FN (copies the value). */
    record Predefined(String name, boolean duplicates) implements CopyFn {
        @Override public Object copy(Handle o, Keyval k, Object extra, Object valueIn) {
            return duplicates ? valueIn : NO_COPY;
        }
        @Override public String describe() { return name; }
        @Override public String toString() { return name; }
    }

    /** A user function: its result is the new value; undefined leaves the attribute out. */
    static CopyFn of(Callback cb) {
        return new CopyFn() {
            @Override public Object copy(Handle o, Keyval k, Object extra, Object valueIn) {
                Object r = cb.call(o, k, extra, valueIn);
                return r == Callback.UNDEFINED ? NO_COPY : r;
            }
            @Override public String describe() { return cb.describe(); }
            @Override public String toString() { return cb.describe(); }
        };
    }
}
