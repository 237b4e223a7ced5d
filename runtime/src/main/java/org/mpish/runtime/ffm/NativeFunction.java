package org.mpish.runtime.ffm;

/** A predefined function of the library (MPI_COMM_DUP_FN, ...), passed back to the library as its address. */
record NativeFunction(String name, long address) {
    @Override public String toString() { return name; }
}
