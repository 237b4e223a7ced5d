package org.mpish.runtime.mpi.err;

/** An object other than a communicator that carries an error handler (windows, point-to-point requests). */
public interface ErrhandlerOwner {
    Errhandler errhandler();
}
