package org.mpish.runtime.ffm;

import java.lang.foreign.Arena;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;

/**
 * A handle of a real MPI library: what the library gave (an address for Open MPI, an integer for MPICH; a keyval
 * is an int in both), with the name scripts see ("comm0", or the predefined C name).
 */
final class NativeHandle extends Handle {
    final long raw;
    /** The raw value boxed as the downcall takes it (an Integer or a Long per the ABI): made once, not per call. */
    final Object arg;
    private final boolean predefined;
    /** A datatype's extent or a communicator's size, once asked of the library (-1 before): neither ever changes. */
    long cachedSize = -1;
    /** A communicator's number of sources and of destinations in its topology, once asked of the library (-1 before). */
    int inDegree = -1, outDegree = -1;
    /**
     * A nonblocking or persistent collective's request: the native copies of its array arguments (counts,
     * displacements, datatypes), which the library may read until the operation completes (MPI-4.1 section 6.12:
     * they must not change before then), so they live until the request is completed or freed.
     */
    Arena held;

    NativeHandle(HandleKind kind, String name, long raw, boolean predefined, boolean intLayout) {
        super(kind, name);
        this.raw = raw;
        this.arg = intLayout ? (Object) (int) raw : (Object) raw;
        this.predefined = predefined;
    }

    @Override public boolean isPredefined() { return predefined; }
}
