package org.mpish.runtime.mpi.p2p;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.Status;

/**
 * What the completion calls share: turning handles into requests, waiting with a description of what is still
 * pending, and releasing a completed request (freed, or made inactive when persistent). Works for every
 * {@link Request}, RMA's and the buffer flushes' included.
 */
final class Completion {
    private Completion() {}

    static final Handle NULL = Handle.nullOf(HandleKind.REQUEST);

    /** The request a handle names; null for MPI_REQUEST_NULL; MPI_ERR_REQUEST for a freed or foreign handle. */
    static Request request(Handle h, String what) {
        if (h == null || h.isNull()) return null;
        if (h.isFreed()) throw new MpiException(ErrorClass.MPI_ERR_REQUEST, what + ": " + h.name() + " has been freed or completed already");
        if (!(h instanceof Request q)) throw new MpiException(ErrorClass.MPI_ERR_REQUEST, what + ": " + h.name() + " is not a request");
        if (q instanceof GRequest g && g.freeRequested()) {
            throw new MpiException(ErrorClass.MPI_ERR_REQUEST, what + ": " + h.name() + " was freed with MPI_Request_free; only MPI_Grequest_complete may use it now");
        }
        return q;
    }

    static Request[] requests(Handle[] hs, int count, String what) {
        if (count < 0) throw new MpiException(ErrorClass.MPI_ERR_COUNT, "count is " + count + "; it must be 0 or more");
        if (hs == null || hs.length < count) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "count is " + count + " but the array holds " + (hs == null ? 0 : hs.length) + " requests");
        }
        Request[] qs = new Request[count];
        for (int i = 0; i < count; i++) qs[i] = request(hs[i], what + "[" + i + "]");
        return qs;
    }

    /** Null, or an inactive persistent request: completion calls treat both as "nothing to do". */
    static boolean idle(Request q) { return q == null || !q.isActive(); }

    /** The first active completed request, -1 when none is active at all, -2 when the active ones are all pending. */
    static int firstDone(Request[] qs) {
        boolean anyActive = false;
        for (int i = 0; i < qs.length; i++) {
            if (idle(qs[i])) continue;
            anyActive = true;
            if (qs[i].isComplete()) return i;
        }
        return anyActive ? -2 : -1;
    }

    static boolean done(Request q) { return idle(q) || q.isComplete(); }

    /** "req3 (recv): a message from rank 1 with tag 5 on MPI_COMM_WORLD". */
    static String text(Request q) { return q.name() + " (" + q.operation() + "): " + q.describe(); }

    /** Waits until {@code ready} holds, describing the requests in {@code qs} that are still pending. */
    static void await(Rank r, java.util.function.BooleanSupplier ready, Request[] qs, String how) {
        if (ready.getAsBoolean()) return;
        r.await(ready, () -> {
            List<String> l = new ArrayList<>();
            int pending = 0;
            for (Request q : qs) {
                if (!done(q)) {
                    pending++;
                    if (l.size() < 4) l.add(text(q));
                }
            }
            if (qs.length == 1) return l.isEmpty() ? "" : l.get(0);
            return how + " (" + pending + " of " + qs.length + " pending): " + String.join("; ", l) + (pending > l.size() ? "; ..." : "");
        });
    }

    /**
     * The status a completion call reports for a completed request. A generalized request's comes from its query_fn,
     * and its free_fn runs next (MPI-4.1 section 13.2); MPI_ERROR then holds their error code, 0 when both succeed.
     */
    static Status statusOf(Request q) { return q instanceof GRequest g ? g.finish() : q.status(); }

    /** Takes a completed request's status and releases the request; returns the handle to give back. */
    static Handle release(Rank r, Request q) {
        if (q.persistent()) {
            if (q instanceof org.mpish.runtime.mpi.Restartable p) p.deactivate();
            if (q.isFreed()) return NULL;
            return q;
        }
        q.markFreed();
        MpiProcess.of(r).handles().remove(q);
        return NULL;
    }

    /** The error a completed request carries, raised on its communicator (single-completion calls). */
    static void raise(Request q, Status s) {
        if (s.error() == ErrorClass.MPI_SUCCESS) return;
        if (q instanceof GRequest g) g.fail(s.error(), "query_fn or free_fn"); // no communicator: MPI_COMM_SELF's handler
        String why = s.error() == ErrorClass.MPI_ERR_TRUNCATE
                ? q.name() + ": the message from rank " + s.source() + " with tag " + s.tag() + " was longer than the receive buffer; "
                  + P2p.bytes(s.bytes()) + " were stored"
                : q.name() + " completed with an error";
        MpiException e = new MpiException(s.error(), why);
        throw q instanceof P2pRequest p ? e.on(p.comm()) : e;
    }

    /** MPI_ERR_IN_STATUS for multiple-completion calls, naming each failed request. */
    static void raiseInStatus(List<String> failed, Request first) {
        if (failed.isEmpty()) return;
        MpiException e = new MpiException(ErrorClass.MPI_ERR_IN_STATUS, "the MPI_ERROR field of the status of each failed request says why: "
                + String.join("; ", failed));
        throw first instanceof P2pRequest p ? e.on(p.comm()) : e;
    }

    static String failure(int index, Status s) {
        return "[" + index + "] " + ErrorClass.name(s.error()) + (s.error() == ErrorClass.MPI_ERR_TRUNCATE
                ? " (message from rank " + s.source() + " with tag " + s.tag() + " truncated)" : "");
    }
}
