package org.mpish.runtime.inspect;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * A live MPI handle of one rank: its name ("comm1"), its kind's short prefix ("comm", "win", "req", ...) and
 * enum name ("COMM", "REQUEST"), the kind as a noun ("communicator"), and whether MPI predefines it.
 */
public record HandleSnapshot(String name, String prefix, String kind, String noun, boolean predefined) {
    /** Every handle of the rank, predefined ones included, in handle order; empty when MPI has not started. */
    public static List<HandleSnapshot> of(Rank r) {
        List<HandleSnapshot> out = new ArrayList<>();
        MpiProcess p = r.stateIfPresent(MpiProcess.class);
        if (p == null) return out;
        for (Handle h : p.handles().all()) out.add(of(h));
        return out;
    }

    /** The rank's handles whose kind has this prefix or enum name (case ignored there), in handle order. */
    public static List<HandleSnapshot> of(Rank r, String kind) {
        List<HandleSnapshot> out = new ArrayList<>();
        for (HandleSnapshot h : of(r)) if (h.isOfKind(kind)) out.add(h);
        return out;
    }

    public boolean isOfKind(String k) { return prefix.equals(k) || kind.equalsIgnoreCase(k); }

    static HandleSnapshot of(Handle h) {
        return new HandleSnapshot(h.name(), h.kind().prefix(), h.kind().name(), h.kind().noun(), h.isPredefined());
    }
}
