package org.mpish.runtime.mpi.session;

import java.util.Map;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.err.ErrhandlerOwner;

/**
 * One session of a process (MPI_Session): its error handler, the thread level it runs at and the hints it was
 * started with. Sessions are local: each MPI_Session_init makes a new one, independent of the world model and of
 * the process's other sessions.
 */
public final class Session extends Handle implements ErrhandlerOwner {
    private volatile Errhandler errhandler;
    private final int threadLevel;

    Session(Errhandler errhandler, int threadLevel) {
        super(HandleKind.SESSION, "session");
        this.errhandler = errhandler;
        this.threadLevel = threadLevel;
    }

    @Override public Errhandler errhandler() { return errhandler; }
    public void setErrhandler(Errhandler eh) { errhandler = eh; }
    int threadLevel() { return threadLevel; }

    /** What MPI_Session_get_info reports. */
    Map<String, String> info() {
        return Map.of("thread_level", org.mpish.runtime.mpi.env.ProcessInfo.levelName(threadLevel));
    }
}
