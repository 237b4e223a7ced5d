package org.mpish.runtime.inspect;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Request;

/** A live request of one rank: its handle name, the operation that made it, its state and what it is about. */
public record RequestSnapshot(String name, String operation, State state, String description) {
    public enum State {
        PENDING, COMPLETE, CANCELLED, INACTIVE;

        /** "pending", "complete", ... as the views print it. */
        public String word() { return name().toLowerCase(java.util.Locale.ROOT); }
    }

    /** The rank's requests in handle order; empty when MPI has not started on it. */
    public static List<RequestSnapshot> of(Rank r) {
        List<RequestSnapshot> out = new ArrayList<>();
        MpiProcess p = r.stateIfPresent(MpiProcess.class);
        if (p == null) return out;
        for (Handle h : p.handles().of(HandleKind.REQUEST)) {
            if (!(h instanceof Request q)) continue;
            State s = !q.isActive() ? State.INACTIVE
                    : q.isComplete() ? (q.status() != null && q.status().cancelled() ? State.CANCELLED : State.COMPLETE) : State.PENDING;
            out.add(new RequestSnapshot(q.name(), q.operation(), s, q.describe()));
        }
        return out;
    }
}
