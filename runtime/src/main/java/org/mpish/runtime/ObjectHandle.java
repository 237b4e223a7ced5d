package org.mpish.runtime;

/**
 * An opaque library object as callers hold it (an MPI communicator, window, request, ...): what a call returns
 * and takes back, shown by its name ("comm1"). Callers pass it on unchanged; only its library looks inside.
 */
public interface ObjectHandle {
    /** The name the shell and scripts show for it. */
    String name();

    @Override String toString();
}
