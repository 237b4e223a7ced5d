package org.mpish.runtime.mpi.rma;

import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.attr.Attributable;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.err.ErrhandlerOwner;

/**
 * One rank's handle of a window: the memory it exposes (base address, size, displacement unit), how it was
 * made (flavor), the communicator it spans, its error handler, name and attributes. The RMA machinery keeps
 * its shared state in {@link WinShared}. Mirrors {@code MPI_Win}.
 */
public final class Win extends Attributable implements ErrhandlerOwner {
    public static final int FLAVOR_CREATE = 1, FLAVOR_ALLOCATE = 2, FLAVOR_DYNAMIC = 3, FLAVOR_SHARED = 4;
    public static final int SEPARATE = 1, UNIFIED = 2;

    private final MpiProcess process;
    private final Comm comm;
    private final WinShared shared;
    private final long base;
    private final long size;
    private final int dispUnit;
    private final int flavor;
    private Errhandler errhandler = Errhandler.ERRORS_ARE_FATAL;
    private String winName = "";
    /** This rank's {@link Epochs} on the window, once looked up ({@link Epochs#of}): every RMA call needs it. */
    Epochs epochs;

    public Win(MpiProcess process, Comm comm, WinShared shared, long base, long size, int dispUnit, int flavor) {
        super(HandleKind.WIN, "win");
        this.process = process;
        this.comm = comm;
        this.shared = shared;
        this.base = base;
        this.size = size;
        this.dispUnit = dispUnit;
        this.flavor = flavor;
    }

    public MpiProcess process() { return process; }
    /** A private duplicate of the creating communicator's group (no attributes, no user visibility). */
    public Comm comm() { return comm; }
    public WinShared shared() { return shared; }
    public long base() { return base; }
    public long size() { return size; }
    public int dispUnit() { return dispUnit; }
    public int flavor() { return flavor; }
    /** mpish keeps one copy of window memory: the unified model. */
    public int model() { return UNIFIED; }
    public int rank() { return comm.rank(); }

    @Override public Errhandler errhandler() { return errhandler; }
    public void setErrhandler(Errhandler eh) { errhandler = eh; }
    public String winName() { return winName; }
    public void setWinName(String n) { winName = n; }
}
