package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;

/**
 * A message taken off the queue by MPI_Mprobe: nobody else can receive it; MPI_Mrecv receives exactly it.
 * Mirrors {@code MPI_Message}. {@link #NO_PROC} is MPI_MESSAGE_NO_PROC (a probe of MPI_PROC_NULL).
 */
final class MessageHandle extends Handle {
    public static final MessageHandle NO_PROC = new MessageHandle(null, null, "MPI_MESSAGE_NO_PROC");

    final Message message;
    final Comm comm;

    MessageHandle(Message message, Comm comm, String name) {
        super(HandleKind.MESSAGE, name);
        this.message = message;
        this.comm = comm;
    }

    @Override public boolean isPredefined() { return message == null; }

    /** "from rank 0 with tag 5 (8 bytes) on MPI_COMM_WORLD". */
    public String describe() { return message == null ? "no message (MPI_PROC_NULL)" : message.describe() + " on " + comm.name(); }
}
