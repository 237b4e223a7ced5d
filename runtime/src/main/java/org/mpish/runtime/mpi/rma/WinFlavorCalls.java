package org.mpish.runtime.mpi.rma;

import org.mpish.runtime.catalog.PType;
import static org.mpish.runtime.catalog.PType.AINT;
import static org.mpish.runtime.catalog.PType.BUFFER;
import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.GROUP;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.WIN;

import java.lang.foreign.MemorySegment;
import org.mpish.runtime.Memory;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.comm.Group;
import org.mpish.runtime.mpi.info.Info;
import org.mpish.runtime.mpi.MpiConst;

/**
 * The window flavors beyond Win_create / Win_allocate: shared-memory windows (R4, R5) and dynamic windows
 * (R6-R8), plus Win_get_group (R11) and the window's info hints (R14-R16).
 */
public final class WinFlavorCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Win_allocate_shared", "rma", "allocate window memory every process of the communicator can load and store")
                .in("size", AINT).in("disp_unit", PType.INT_AINT).in("info", INFO).in("comm", COMM)
                .out("baseptr", BUFFER, "void *baseptr").out("win", WIN).errorsOn("comm")
                .impl((r, a) -> {
                    Win w = allocateShared(r, a.comm(3), a.l(0), a.i(1), info(a, 2));
                    return new Object[] {w.base(), w};
                });
        b.call("MPI_Win_shared_query", "rma", "where another process's part of a shared window is, in the caller's memory")
                .in("win", WIN).in("rank", SyncCalls.RANK).out("size", AINT).out("disp_unit", PType.INT_AINT)
                .out("baseptr", BUFFER, "void *baseptr").errorsOn("win")
                .impl((r, a) -> sharedQuery(a.win(0), a.i(1)));
        b.call("MPI_Win_create_dynamic", "rma", "create a window with no memory, to which memory is attached later")
                .in("info", INFO).in("comm", COMM).out("win", WIN).errorsOn("comm")
                .impl((r, a) -> WinFactory.build(r, a.comm(1), "MPI_Win_create_dynamic", 0, 1, Win.FLAVOR_DYNAMIC,
                        info(a, 0), (rw, s, u, nc) -> MpiConst.BOTTOM));
        b.call("MPI_Win_attach", "rma", "attach local memory to a dynamic window")
                .in("win", WIN).in("base", BUFFER).in("size", AINT).errorsOn("win")
                .impl((r, a) -> { attach(r, a.win(0), a.l(1), a.l(2)); return null; });
        b.call("MPI_Win_detach", "rma", "detach memory from a dynamic window")
                .in("win", WIN).in("base", BUFFER, "const void *base").errorsOn("win")
                .impl((r, a) -> { detach(r, a.win(0), a.l(1)); return null; });
        b.call("MPI_Win_get_group", "rma", "a new group holding the processes of a window")
                .in("win", WIN).out("group", GROUP).errorsOn("win")
                .impl((r, a) -> MpiProcess.of(r).handles().add(new Group(a.win(0).comm().group().members())));
        b.call("MPI_Win_set_info", "rma", "change the info hints of a window (collective)")
                .in("win", WIN).in("info", INFO).errorsOn("win")
                .impl((r, a) -> { setInfo(a.win(0), a); return null; });
        b.call("MPI_Win_get_info", "rma", "a new info object with every hint the window obeys")
                .in("win", WIN).out("info_used", INFO).errorsOn("win")
                .impl((r, a) -> MpiProcess.of(r).handles().add(new Info(RmaWindow.of(a.win(0)).hints(a.win(0).rank()).entries())));
    }

    /** The entries of an info argument: MPI_INFO_NULL is empty, a freed info is MPI_ERR_INFO. */
    static java.util.Map<String, String> info(Args a, int i) {
        if (a.handle(i).isNull()) return java.util.Map.of();
        return ((Info) a.valid(i)).entries();
    }

    static void checkSize(long size, int dispUnit) {
        if (size < 0) throw new MpiException(ErrorClass.MPI_ERR_SIZE, "size " + size + " is negative");
        if (dispUnit <= 0) throw new MpiException(ErrorClass.MPI_ERR_DISP, "disp_unit " + dispUnit + " must be positive");
    }

    /**
     * One segment holds every rank's part, in rank order and back to back (or each part on a 64-byte boundary
     * when any rank asked for alloc_shared_noncontig); every rank maps the whole segment into its own memory,
     * so loads and stores through any rank's address reach the same bytes (R4).
     */
    public static Win allocateShared(Rank r, Comm comm, long size, int dispUnit, java.util.Map<String, String> info) {
        checkSize(size, dispUnit);
        org.mpish.runtime.mpi.comm.Nodes.checkSharedMemory(comm);
        return WinFactory.build(r, comm, "MPI_Win_allocate_shared", size, dispUnit, Win.FLAVOR_SHARED, info, (rw, sizes, units, nc) -> {
            boolean noncontig = false;
            for (boolean x : nc) noncontig |= x;
            long[] offsets = new long[sizes.length];
            long total = 0;
            for (int i = 0; i < sizes.length; i++) {
                if (noncontig) total = (total + 63) & -64L;
                offsets[i] = total;
                total += sizes[i];
            }
            rw.sharedOffsets = offsets;
            MemorySegment seg = rw.sharedSegment(total);
            if (total == 0) return 0;
            int me = comm.rank();
            long mapping;
            try {
                mapping = r.memory().map(seg, sizes[me]);
            } catch (MemoryFault f) {
                throw new MpiException(ErrorClass.MPI_ERR_NO_MEM, f.getMessage());
            }
            rw.sharedMappings[me] = mapping;
            return mapping + offsets[me];
        });
    }

    /** {size, disp_unit, baseptr} of rank {@code t}'s part, as the caller can address it (R5). */
    static Object[] sharedQuery(Win w, int t) {
        RmaWindow rw = RmaWindow.of(w);
        if (w.flavor() == Win.FLAVOR_DYNAMIC) {
            throw new MpiException(ErrorClass.MPI_ERR_RMA_FLAVOR, "MPI_Win_shared_query on the dynamic window " + w.name()
                    + " (it works on windows from MPI_Win_allocate_shared, MPI_Win_allocate and MPI_Win_create)");
        }
        if (t == MpiConst.PROC_NULL) {
            t = -1;
            for (int i = 0; i < rw.n; i++) if (rw.member(i).size() > 0) { t = i; break; }
            if (t < 0) return new Object[] {0L, 0, 0L};
        } else if (t < 0 || t >= rw.n) {
            throw new MpiException(ErrorClass.MPI_ERR_RANK, "rank " + t + " is not a rank of " + w.name() + " (0 to " + (rw.n - 1) + ")");
        }
        Win m = rw.member(t);
        int me = w.rank();
        if (w.flavor() == Win.FLAVOR_SHARED) {
            long base = rw.sharedMappings[me] == 0 ? 0 : rw.sharedMappings[me] + rw.sharedOffsets[t];
            return new Object[] {m.size(), m.dispUnit(), base};
        }
        if (t == me) return new Object[] {m.size(), m.dispUnit(), m.base()};
        return new Object[] {0L, m.dispUnit(), 0L};
    }

    static void attach(Rank r, Win w, long base, long size) {
        if (w.flavor() != Win.FLAVOR_DYNAMIC) {
            throw new MpiException(ErrorClass.MPI_ERR_RMA_FLAVOR, "MPI_Win_attach on " + w.name() + ", which is not a dynamic window (MPI_Win_create_dynamic)");
        }
        if (size < 0) throw new MpiException(ErrorClass.MPI_ERR_SIZE, "size " + size + " is negative");
        RmaWindow rw = RmaWindow.of(w);
        int me = w.rank();
        if (size == 0) {
            if (!rw.emptyRegions(me).add(base)) throw new MpiException(ErrorClass.MPI_ERR_RMA_ATTACH, "0x" + Long.toHexString(base) + " is already attached with size 0");
            return;
        }
        Memory mem = r.memory();
        if (!mem.valid(base, size)) {
            throw new MpiException(ErrorClass.MPI_ERR_RMA_ATTACH, size + " bytes at 0x" + Long.toHexString(base)
                    + " are not inside one allocated block of rank " + r.id() + ", so they cannot be attached");
        }
        var regions = rw.regions(me);
        synchronized (regions) {
            var below = regions.floorEntry(base + size - 1);
            if (below != null && below.getValue().end() > base) {
                RmaWindow.Region o = below.getValue();
                throw new MpiException(ErrorClass.MPI_ERR_RMA_ATTACH, "[0x" + Long.toHexString(base) + ", 0x" + Long.toHexString(base + size)
                        + ") overlaps the region [0x" + Long.toHexString(o.base()) + ", 0x" + Long.toHexString(o.end()) + ") still attached to " + w.name());
            }
            regions.put(base, new RmaWindow.Region(base, size, mem.segment(base, size)));
        }
        RmaTrace.sync(r, w, "MPI_Win_attach", size + " bytes at 0x" + Long.toHexString(base) + " attached");
    }

    static void detach(Rank r, Win w, long base) {
        if (w.flavor() != Win.FLAVOR_DYNAMIC) {
            throw new MpiException(ErrorClass.MPI_ERR_RMA_FLAVOR, "MPI_Win_detach on " + w.name() + ", which is not a dynamic window (MPI_Win_create_dynamic)");
        }
        RmaWindow rw = RmaWindow.of(w);
        int me = w.rank();
        if (rw.regions(me).remove(base) == null && !rw.emptyRegions(me).remove(base)) {
            throw new MpiException(ErrorClass.MPI_ERR_BASE, "0x" + Long.toHexString(base) + " is not the base of a region attached to " + w.name());
        }
        RmaTrace.sync(r, w, "MPI_Win_detach", "region at 0x" + Long.toHexString(base) + " detached");
    }

    static void setInfo(Win w, Args a) {
        java.util.Map<String, String> entries = info(a, 1);
        RmaWindow rw = RmaWindow.of(w);
        new WinHints().apply(entries, false);
        w.comm().exchange(null, "MPI_Win_set_info on " + w.name());
        rw.hints(w.rank()).apply(entries, false);
    }
}
