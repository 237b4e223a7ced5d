package org.mpish.runtime.mpi.rma;

import java.util.Map;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.comm.CommShared;
import org.mpish.runtime.mpi.comm.Group;

/**
 * Builds one rank's {@link Win} collectively (R1): every rank of the communicator contributes its size and
 * displacement unit, rank 0 contributes the objects all handles share (the {@link WinShared} and the private
 * communicator the window synchronizes on), each rank makes and registers its handle, and a closing barrier
 * makes sure every member is known before any rank can target it.
 */
final class WinFactory {
    private WinFactory() {}

    /** Where this rank's window memory starts, once every rank's size and unit are known. */
    @FunctionalInterface
    interface BaseFn {
        long base(RmaWindow rw, long[] sizes, int[] units, boolean[] noncontig);
    }

    public static Win build(Rank r, Comm comm, String call, long size, int dispUnit, int flavor, Map<String, String> info, BaseFn baseFn) {
        if (comm.isInter()) throw new MpiException(ErrorClass.MPI_ERR_COMM, call + " needs an intracommunicator, not the intercommunicator " + comm.name());
        new WinHints().apply(info, true); // refuse bad hint values before anything collective happens
        MpiProcess p = MpiProcess.of(r);
        int me = comm.rank();
        int n = comm.size();
        boolean noncontig = "true".equalsIgnoreCase(info.getOrDefault("alloc_shared_noncontig", "false").trim());
        Object[] mine = {size, dispUnit, noncontig, me == 0 ? new WinShared(n) : null,
                me == 0 ? new CommShared(r.job(), comm.group().members()) : null};
        Object[] all = comm.exchange(mine, call);
        Object[] first = (Object[]) all[0];
        WinShared ws = (WinShared) first[3];
        CommShared cs = (CommShared) first[4];
        long[] sizes = new long[n];
        int[] units = new int[n];
        boolean[] nc = new boolean[n];
        for (int i = 0; i < n; i++) {
            Object[] c = (Object[]) all[i];
            sizes[i] = (Long) c[0];
            units[i] = (Integer) c[1];
            nc[i] = (Boolean) c[2];
        }
        RmaWindow rw = RmaWindow.of(ws);
        WinHints h = rw.hints(me);
        h.apply(info, true);
        if (h.flag("same_size")) {
            for (int i = 0; i < n; i++) if (sizes[i] != size) throw new MpiException(ErrorClass.MPI_ERR_SIZE,
                    "info same_size = true, but rank " + i + " asked for " + sizes[i] + " bytes and this rank for " + size);
        }
        if (h.flag("same_disp_unit")) {
            for (int i = 0; i < n; i++) if (units[i] != dispUnit) throw new MpiException(ErrorClass.MPI_ERR_DISP,
                    "info same_disp_unit = true, but rank " + i + " gave disp_unit " + units[i] + " and this rank " + dispUnit);
        }
        long base = baseFn.base(rw, sizes, units, nc);
        Comm wcomm = new Comm(p, cs, new Group(comm.group().members()), null, me, false, "comm");
        Win w = new Win(p, wcomm, ws, base, size, dispUnit, flavor);
        ws.setMember(me, w);
        p.handles().add(w);
        WinLifecycle.created(w);
        wcomm.exchange(null, call + " (every rank's window ready)");
        return w;
    }
}
