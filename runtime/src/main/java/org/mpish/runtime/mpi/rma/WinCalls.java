package org.mpish.runtime.mpi.rma;

import static org.mpish.runtime.catalog.PType.AINT;
import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.STRING;
import static org.mpish.runtime.catalog.PType.WIN;

import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.attr.Attributes;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.comm.CommShared;
import org.mpish.runtime.mpi.comm.Comms;
import org.mpish.runtime.mpi.info.Info;
import org.mpish.runtime.mpi.err.Errhandlers;

/**
 * Window basics: MPI_Win_create, MPI_Win_allocate, MPI_Win_free and window names. The RMA machinery (epochs,
 * transfers, shared and dynamic windows) builds on {@link Win}, {@link WinShared} and {@link WinLifecycle}.
 */
public final class WinCalls implements CallFamily {

    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_WIN_FLAVOR_CREATE", "flavor", Win.FLAVOR_CREATE);
        b.constant("MPI_WIN_FLAVOR_ALLOCATE", "flavor", Win.FLAVOR_ALLOCATE);
        b.constant("MPI_WIN_FLAVOR_DYNAMIC", "flavor", Win.FLAVOR_DYNAMIC);
        b.constant("MPI_WIN_FLAVOR_SHARED", "flavor", Win.FLAVOR_SHARED);
        b.constant("MPI_WIN_SEPARATE", "model", Win.SEPARATE);
        b.constant("MPI_WIN_UNIFIED", "model", Win.UNIFIED);
        b.call("MPI_Win_create", "windows", "expose memory the caller owns to one-sided access by the processes of a communicator")
                .in("base", PType.BUFFER, "void *base").in("size", AINT).in("disp_unit", PType.INT_AINT).in("info", INFO).in("comm", COMM)
                .out("win", WIN)
                .errorsOn("comm")
                .impl((r, a) -> {
                    long base = a.l(0), size = a.l(1);
                    checkShape(size, a.i(2));
                    if (size > 0 && !r.memory().valid(base, size)) {
                        throw new MpiException(ErrorClass.MPI_ERR_ARG, base == 0 ? "base is NULL but size is " + size
                                : size + " bytes at base 0x" + Long.toHexString(base) + " are not inside one allocated block of rank " + r.id());
                    }
                    return create(r, a, 4, 3, base, size, a.i(2), Win.FLAVOR_CREATE, "MPI_Win_create");
                });
        b.call("MPI_Win_allocate", "windows", "allocate memory and expose it to one-sided access in one collective call")
                .in("size", AINT).in("disp_unit", PType.INT_AINT).in("info", INFO).in("comm", COMM)
                .out("baseptr", PType.address("void *"), "void *baseptr").out("win", WIN)
                .errorsOn("comm")
                .impl((r, a) -> {
                    long size = a.l(0);
                    checkShape(size, a.i(1));
                    a.comm(3);
                    long base;
                    try {
                        base = r.memory().alloc(size);
                    } catch (MemoryFault f) {
                        throw new MpiException(ErrorClass.MPI_ERR_NO_MEM, f.getMessage());
                    }
                    Win w;
                    try {
                        w = create(r, a, 3, 2, base, size, a.i(1), Win.FLAVOR_ALLOCATE, "MPI_Win_allocate");
                    } catch (RuntimeException e) {
                        r.memory().free(base);
                        throw e;
                    }
                    return new Object[] {base, w};
                });
        b.call("MPI_Win_free", "windows", "free a window: collective, deletes its attributes first")
                .inout("win", WIN)
                .errorsOn("win")
                .impl((r, a) -> {
                    Win w = a.win(0);
                    MpiProcess p = MpiProcess.of(r);
                    WinLifecycle.checkFree(w); // R10: an open epoch refuses the free before any attribute is touched
                    Attributes.deleteAll(p, w); // A26, A29: a failing delete callback keeps the window
                    w.comm().exchange(null, "MPI_Win_free");
                    if (w.flavor() == Win.FLAVOR_ALLOCATE) r.memory().free(w.base());
                    WinLifecycle.freed(w); // the RMA machinery's clean-up (shared mappings, dynamic regions)
                    w.markFreed();
                    p.handles().remove(w);
                    Errhandlers.detach(p, w.errhandler());
                    return Handle.nullOf(HandleKind.WIN);
                });
        b.call("MPI_Win_set_name", "windows", "give a window a name for printing")
                .in("win", WIN).in("win_name", STRING, "const char *win_name")
                .errorsOn("win")
                .impl((r, a) -> {
                    a.win(0).setWinName(Handle.objectName(a.str(1)));
                    return null;
                });
        b.call("MPI_Win_get_name", "windows", "the name last given to a window")
                .in("win", WIN).out("win_name", STRING, "char *win_name").out("resultlen", INT)
                .errorsOn("win")
                .impl((r, a) -> {
                    String n = a.win(0).winName();
                    return new Object[] {n, n.length()};
                });
    }

    private static void checkShape(long size, int dispUnit) {
        if (size < 0) throw new MpiException(ErrorClass.MPI_ERR_SIZE, "size = " + size + " is negative");
        if (dispUnit <= 0) throw new MpiException(ErrorClass.MPI_ERR_DISP, "disp_unit = " + dispUnit + "; it must be positive");
    }


    /**
     * The collective part of window creation: the lowest rank makes the window's shared state and a private
     * communicator over the same group; every member registers its {@link Win} before anyone returns.
     */
    private static Win create(Rank r, Args a, int commArg, int infoArg, long base, long size, int dispUnit, int flavor, String call) {
        Comm comm = a.comm(commArg);
        Handle info = a.handle(infoArg);
        if (!info.isNull() && info.isFreed()) throw new MpiException(ErrorClass.MPI_ERR_INFO, "info has been freed");
        if (comm.isInter()) throw new MpiException(ErrorClass.MPI_ERR_COMM, comm.name() + " is an intercommunicator; windows need an intracommunicator");
        java.util.Map<String, String> hints = Info.entriesOf(info);
        new WinHints().apply(hints, true); // refuse bad hint values before anything collective happens
        MpiProcess p = MpiProcess.of(r);
        Object mine = comm.rank() == 0
                ? new Object[] {new CommShared(r.job(), Comms.participants(comm.shared())), new WinShared(comm.size())} : null;
        Object[] made = (Object[]) comm.exchange(mine, call)[0];
        Comm priv = new Comm(p, (CommShared) made[0], comm.group(), null, comm.rank(), false, "comm");
        WinShared ws = (WinShared) made[1];
        Win w = new Win(p, priv, ws, base, size, dispUnit, flavor);
        ws.setMember(comm.rank(), w);
        RmaWindow.of(w).hints(comm.rank()).apply(hints, true); // no_locks, accumulate_ordering, ... (R14-R16)
        p.handles().add(w);
        WinLifecycle.created(w);
        priv.exchange(null, call); // every member's window is in place before any returns
        return w;
    }
}
