package org.mpish.runtime.inspect;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.rma.Epochs;
import org.mpish.runtime.mpi.rma.RmaWindow;
import org.mpish.runtime.mpi.rma.Win;

/**
 * One rank's view of an RMA window: its memory (base and size, or the attached regions of a dynamic window), its
 * access and exposure epochs, who holds its lock, and the operations waiting for the next synchronisation,
 * counted per target rank of the window.
 *
 * @param jobRank     the rank in the job
 * @param windowRank  the same rank's number in the window's group
 * @param groupSize   how many ranks the window spans
 * @param pending     per window rank, the operations this rank issued to it that await completion
 */
public record WindowSnapshot(String name, int jobRank, int windowRank, String flavor, long base, long size, int dispUnit,
        int groupSize, String access, String exposure, String lockHolders, boolean exposedByPost, List<Integer> pending,
        List<Region> regions, boolean noLocks) {
    public WindowSnapshot {
        pending = List.copyOf(pending);
        regions = List.copyOf(regions);
    }

    /** Memory attached to a dynamic window (MPI_Win_attach). */
    public record Region(long base, long size) {}

    public boolean dynamic() { return flavor.equals("dynamic"); }

    /**
     * The rank's windows in handle order, or only the one named {@code name} (null: all); empty when MPI has not
     * started on the rank or no window has that name.
     *
     * @throws IllegalArgumentException when {@code name} names a handle that is not a window
     */
    public static List<WindowSnapshot> of(Rank r, String name) {
        MpiProcess p = r.stateIfPresent(MpiProcess.class);
        List<WindowSnapshot> out = new ArrayList<>();
        if (p == null) return out;
        if (name != null) {
            Handle h = p.handles().lookup(name);
            if (h instanceof Win w && w.isValid()) out.add(of(w));
            else if (h != null) throw new IllegalArgumentException(name + " is a " + h.kind().noun() + ", not a window");
            return out;
        }
        for (Handle h : p.handles().of(HandleKind.WIN)) out.add(of((Win) h));
        return out;
    }

    private static WindowSnapshot of(Win w) {
        RmaWindow rw = RmaWindow.of(w);
        int me = w.rank();
        Epochs e = rw.epochs(me);
        List<Integer> pending = new ArrayList<>();
        for (int t = 0; t < rw.size(); t++) pending.add(e.pending(t));
        List<Region> regions = new ArrayList<>();
        if (w.flavor() == Win.FLAVOR_DYNAMIC) for (RmaWindow.Region g : rw.regions(me).values()) regions.add(new Region(g.base(), g.size()));
        return new WindowSnapshot(w.name(), w.process().rank().id(), me, flavor(w.flavor()), w.base(), w.size(), w.dispUnit(),
                rw.size(), e.describeAccess(), e.describeExposure(), rw.lock(me).holders(), rw.lock(me).isExposed(), pending,
                regions, rw.hints(me).noLocks());
    }

    private static String flavor(int f) {
        return switch (f) {
            case Win.FLAVOR_CREATE -> "create";
            case Win.FLAVOR_ALLOCATE -> "allocate";
            case Win.FLAVOR_DYNAMIC -> "dynamic";
            case Win.FLAVOR_SHARED -> "shared";
            default -> "flavor " + f;
        };
    }
}
