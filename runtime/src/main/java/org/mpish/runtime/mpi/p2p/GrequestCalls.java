package org.mpish.runtime.mpi.p2p;

import static org.mpish.runtime.catalog.PType.REQUEST;
import static org.mpish.runtime.catalog.PType.VALUE;

import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * Generalized requests (MPI-4.1 section 13.2): MPI_Grequest_start and MPI_Grequest_complete. The completion calls,
 * MPI_Request_get_status, MPI_Request_free and MPI_Cancel run the request's functions (see {@link GRequest}).
 */
public final class GrequestCalls implements CallFamily {
    static final PType QUERY_FN = fn("MPI_Grequest_query_function *");
    static final PType FREE_FN = fn("MPI_Grequest_free_function *");
    static final PType CANCEL_FN = fn("MPI_Grequest_cancel_function *");

    private static PType fn(String cType) { return PType.callback(cType, GRequest.Fn.class, GRequest.Fn::of, "grequestfn"); }

    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Grequest_start", "requests", "make a request for an operation your own code carries out and completes")
                .in("query_fn", QUERY_FN).in("free_fn", FREE_FN).in("cancel_fn", CANCEL_FN)
                .in("extra_state", VALUE).out("request", REQUEST)
                .impl((r, a) -> {
                    String[] names = {"query_fn", "free_fn", "cancel_fn"};
                    GRequest.Fn[] fns = new GRequest.Fn[3];
                    for (int i = 0; i < 3; i++) {
                        fns[i] = a.fn(i, GRequest.Fn.class);
                        if (fns[i] == null) throw new MpiException(ErrorClass.MPI_ERR_ARG, names[i] + ": a function is required");
                    }
                    GRequest g = new GRequest(r, fns[0], fns[1], fns[2], a.obj(3));
                    P2p.trace(r, "p2p", "grequest", "generalized request started");
                    return MpiProcess.of(r).handles().add(g);
                });
        b.call("MPI_Grequest_complete", "requests", "declare a generalized request's operation finished")
                .in("request", REQUEST, "MPI_Request request").errorsOn("request")
                .impl((r, a) -> {
                    Handle h = a.handle(0);
                    if (h == null || h.isNull()) throw new MpiException(ErrorClass.MPI_ERR_REQUEST, "request: MPI_REQUEST_NULL is not a generalized request");
                    if (h.isFreed()) throw new MpiException(ErrorClass.MPI_ERR_REQUEST, "request: " + h.name() + " has been freed or completed already");
                    if (!(h instanceof GRequest g)) throw new MpiException(ErrorClass.MPI_ERR_REQUEST, "request: " + h.name() + " is not a generalized request");
                    g.markComplete();
                    if (g.freeRequested()) release(r, g); // MPI_Request_free came first: free_fn runs now
                    return null;
                });
    }

    /** Frees a complete generalized request the user has let go of: free_fn, then the handle. */
    static void release(Rank r, GRequest g) {
        int code = g.runFree();
        Completion.release(r, g);
        g.fail(code, "free_fn");
    }
}
