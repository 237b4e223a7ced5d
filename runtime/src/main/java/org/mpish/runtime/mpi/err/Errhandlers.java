package org.mpish.runtime.mpi.err;

import java.util.Map;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.rma.Win;

/** The engine of error handlers and codes: who holds which handler, and the text and class of a code. */
public final class Errhandlers {
    private Errhandlers() {}

    // ---- handler references ---------------------------------------------------------------------

    public static Errhandler handlerOf(Handle o) {
        if (o instanceof Comm c) return c.errhandler();
        if (o instanceof org.mpish.runtime.mpi.session.Session s) return s.errhandler();
        return ((Win) o).errhandler();
    }

    /** Sets {@code eh} on a communicator or window, counting the reference. */
    public static void attach(Handle o, Errhandler eh) {
        if (o instanceof Comm c) c.setErrhandler(eh);
        else if (o instanceof org.mpish.runtime.mpi.session.Session s) s.setErrhandler(eh);
        else ((Win) o).setErrhandler(eh);
        if (!eh.isPredefined()) eh.addUser();
    }

    /** Drops one reference to {@code eh}; the last one frees it (A53). */
    public static void detach(MpiProcess p, Errhandler eh) {
        if (eh == null || eh.isPredefined()) return;
        eh.dropUser();
        if (eh.users() <= 0) {
            eh.markFreed();
            p.handles().remove(eh);
        }
    }

    // ---- codes and classes ------------------------------------------------------------------------

    public static boolean validCode(MpiProcess p, int code) {
        return ErrorClass.isPredefined(code) || code == ErrorClass.MPI_ERR_LASTCODE || p.userCodes().containsKey(code);
    }

    public static int classOf(MpiProcess p, int code) {
        if (!validCode(p, code)) throw new MpiException(ErrorClass.MPI_ERR_ARG, code + " is not an error code or class of rank " + p.rank().id());
        return code == ErrorClass.MPI_ERR_LASTCODE ? code : p.errorClassOf(code);
    }

    /** The text of any valid code or class: the predefined text, the string added for a user code, or a generic one. */
    public static String string(MpiProcess p, int code) {
        if (!validCode(p, code)) throw new MpiException(ErrorClass.MPI_ERR_ARG, code + " is not an error code or class of rank " + p.rank().id());
        String s = p.userStrings().get(code);
        if (s != null) return s;
        if (ErrorClass.text(code) != null) return ErrorClass.text(code);
        int cls = p.errorClassOf(code);
        return cls == code ? "user-defined error class " + code : "user-defined error code " + code + " of class " + cls;
    }

    /** Every user code and class of a process with its class, for MPI_LASTUSEDCODE (A46). */
    public static void updateLastUsed(MpiProcess p) {
        int last = ErrorClass.MPI_ERR_LASTCODE;
        for (Map.Entry<Integer, Integer> e : p.userCodes().entrySet()) last = Math.max(last, e.getKey());
        p.setLastUsedCode(last);
    }

    // ---- routing an error to its handler ------------------------------------------------------------

    /**
     * Routes an error to the error handler of {@code object} (a communicator or window; anything else, or an
     * invalid handle, goes to MPI_COMM_SELF's handler, as MPI-4 says for calls with no valid object), then
     * throws: fatal handlers abort the job; MPI_ERRORS_RETURN and user handlers rethrow {@code e} to the caller.
     */
    public static RuntimeException raise(MpiProcess p, Handle object, MpiException e, String call) {
        Rank rank = p.rank();
        Comm self = Comm.self(p);
        e.at(call, rank.id());
        Errhandler eh = handlerFor(p, object);
        Handle target = object != null && object.isValid() && (object instanceof Comm || object.kind() == HandleKind.WIN || object.kind() == HandleKind.SESSION)
                ? object : self;
        if (rank.job().tracing()) {
            rank.job().emit(rank.id(), "err", "raised", e.getMessage() + " -> " + eh.name() + " on " + target.name(), null);
        }
        if (eh.builtin() == Errhandler.Builtin.FATAL || eh.builtin() == Errhandler.Builtin.ABORT) {
            Job.Abort a = new Job.Abort(1, e.getMessage() + " (fatal: " + eh.name() + " on " + target.name() + ")",
                    Job.Abort.Kind.FATAL_ERROR, rank.id());
            rank.job().abort(a);
            throw new JobAbortedException(rank.job().abortReason());
        }
        if (eh.builtin() == null) {
            try {
                eh.fn().handle(target, e.code());
            } catch (org.mpish.runtime.CallbackFailure f) {
                // a handler that fails still leaves the call failing with its own error; say what the handler did
                throw new MpiException(e.code(), e.errorClass(), e.detail() + " (then the error handler " + eh.name() + " failed: "
                        + f.getMessage() + ")").at(call, rank.id());
            }
        }
        throw e;
    }

    /** The handler that applies to errors raised on {@code object}. */
    public static Errhandler handlerFor(MpiProcess p, Handle object) {
        if (object instanceof Comm c && c.isValid()) return c.errhandler();
        if (object instanceof ErrhandlerOwner o && object.isValid()) return o.errhandler();
        return Comm.self(p).errhandler();
    }

}
