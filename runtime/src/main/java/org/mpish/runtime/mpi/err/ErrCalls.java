package org.mpish.runtime.mpi.err;

import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.ERRHANDLER;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.STRING;
import static org.mpish.runtime.catalog.PType.WIN;

import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.rma.Win;

/**
 * Error handlers (A50-A56) and error codes and classes (A57-A60). A user handler's handle stays usable while
 * objects use it: a handler is freed when its last reference (the user's handle from create or get, or an
 * object it is set on) goes away, as in MPICH.
 */
public final class ErrCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_ERRORS_ARE_FATAL", "eh", Errhandler.ERRORS_ARE_FATAL);
        b.constant("MPI_ERRORS_RETURN", "eh", Errhandler.ERRORS_RETURN);
        b.constant("MPI_ERRORS_ABORT", "eh", Errhandler.ERRORS_ABORT);

        b.call("MPI_Error_class", "errors", "the error class of an error code")
                .in("errorcode", INT).out("errorclass", INT)
                .impl((r, a) -> Errhandlers.classOf(MpiProcess.of(r), a.i(0)));
        b.call("MPI_Error_string", "errors", "the text of an error code or class")
                .in("errorcode", INT).out("string", STRING, "char *string").out("resultlen", INT)
                .impl((r, a) -> {
                    String s = Errhandlers.string(MpiProcess.of(r), a.i(0));
                    return new Object[] {s, s.length()};
                });
        handlers(b, "Comm", "comm", COMM, HandleKind.COMM);
        handlers(b, "Win", "win", WIN, HandleKind.WIN);
        handlers(b, "Session", "session", PType.SESSION, HandleKind.SESSION);
        b.call("MPI_Errhandler_free", "errors", "free an error handler handle")
                .inout("errhandler", ERRHANDLER)
                .impl((r, a) -> {
                    Errhandler eh = a.errhandler(0);
                    Errhandlers.detach(MpiProcess.of(r), eh); // predefined handlers: nothing to free
                    return Handle.nullOf(HandleKind.ERRHANDLER);
                });
        ErrorCodes.declare(b);
    }

    /** The create / set / get / call calls of one object kind. */
    private static void handlers(Catalogue.Builder b, String k, String obj, PType objType, HandleKind kind) {
        String lower = k.toLowerCase(java.util.Locale.ROOT);
        String noun = kind.noun();
        b.call("MPI_" + k + "_create_errhandler", "errors", "make an error handler for " + noun + "s from a function")
                .in(lower + "_errhandler_fn", PType.errhandlerFn("MPI_" + k + "_errhandler_function *"))
                .out("errhandler", ERRHANDLER)
                .impl((r, a) -> {
                    ErrhandlerFn fn = a.fn(0, ErrhandlerFn.class);
                    if (fn == null) throw new MpiException(ErrorClass.MPI_ERR_ARG, lower + "_errhandler_fn is NULL");
                    Errhandler eh = Errhandler.user(fn, kind);
                    eh.addUser(); // the user's reference
                    return MpiProcess.of(r).handles().add(eh);
                });
        b.call("MPI_" + k + "_set_errhandler", "errors", "attach an error handler to a " + noun)
                .in(obj, objType).in("errhandler", ERRHANDLER)
                .errorsOn(obj)
                .impl((r, a) -> {
                    Handle o = a.valid(0);
                    Errhandler eh = a.errhandler(1);
                    if (eh.objectKind() != null && eh.objectKind() != kind) {
                        throw new MpiException(ErrorClass.MPI_ERR_ARG, eh.name() + " was made for " + eh.objectKind().noun() + "s, not "
                                + noun + "s");
                    }
                    Errhandler old = Errhandlers.handlerOf(o);
                    Errhandlers.attach(o, eh);
                    Errhandlers.detach(MpiProcess.of(r), old);
                    return null;
                });
        b.call("MPI_" + k + "_get_errhandler", "errors", "the error handler of a " + noun + " (a new reference)")
                .in(obj, objType).out("errhandler", ERRHANDLER)
                .errorsOn(obj)
                .impl((r, a) -> {
                    Errhandler eh = Errhandlers.handlerOf(a.valid(0));
                    if (!eh.isPredefined()) eh.addUser();
                    return eh;
                });
        b.call("MPI_" + k + "_call_errhandler", "errors", "invoke a " + noun + "'s error handler with an error code")
                .in(obj, objType).in("errorcode", INT)
                .errorsOn(obj)
                .impl((r, a) -> {
                    Handle o = a.valid(0);
                    MpiProcess p = MpiProcess.of(r);
                    int code = a.i(1);
                    String text = Errhandlers.validCode(p, code) ? Errhandlers.string(p, code) : "error code " + code;
                    MpiException e = new MpiException(code, p.errorClassOf(code), "raised by MPI_" + k + "_call_errhandler: " + text);
                    try {
                        Errhandlers.raise(p, o, e, "MPI_" + k + "_call_errhandler");
                    } catch (MpiException returned) {
                        // the handler returned: so does the call, with MPI_SUCCESS (A54)
                    }
                    return null;
                });
    }
}
