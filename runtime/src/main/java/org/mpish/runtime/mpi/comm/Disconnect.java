package org.mpish.runtime.mpi.comm;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.attr.Attributes;

/**
 * MPI_Comm_disconnect (MPI-4.1 section 11.10.4) on any communicator mpish makes: first every operation this
 * process started on it completes (its requests, then the messages in the communicator's buffered-mode buffer),
 * then all processes of the communicator (both groups of an intercommunicator) meet, so none leaves while a
 * partner may still be sending to it, and last the communicator is freed as MPI_Comm_free frees it. Unlike
 * MPI_Comm_free, the requests are waited for, not left to finish on their own.
 */
final class Disconnect {
    private Disconnect() {}

    static void run(MpiProcess p, Comm c) {
        if (c.isPredefined()) {
            throw new MpiException(ErrorClass.MPI_ERR_COMM, c.name() + " is predefined and cannot be disconnected");
        }
        Rank r = p.rank();
        List<Request> pending = pending(p, c);
        if (!pending.isEmpty()) {
            r.await(() -> pending.stream().allMatch(Request::isComplete), () -> "MPI_Comm_disconnect on " + c.name() + " waits for "
                    + pending.stream().filter(q -> !q.isComplete()).map(q -> q.name() + " (" + q.describe() + ")").toList());
        }
        c.exchange(null, "MPI_Comm_disconnect");
        Attributes.deleteAll(p, c);
        Comms.release(p, c); // drains the communicator's buffer (CommLifecycle.ON_FREE)
    }

    /** This process's active requests on {@code c} that have not completed. */
    private static List<Request> pending(MpiProcess p, Comm c) {
        List<Request> out = new ArrayList<>();
        for (Handle h : p.handles().of(HandleKind.REQUEST)) {
            if (h instanceof Request q && q.communicator() == c && q.isActive() && !q.isComplete()) out.add(q);
        }
        return out;
    }
}
