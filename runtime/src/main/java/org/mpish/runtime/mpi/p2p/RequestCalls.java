package org.mpish.runtime.mpi.p2p;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.REQUEST;
import static org.mpish.runtime.catalog.PType.REQUESTS;
import static org.mpish.runtime.catalog.PType.STATUS;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.MpiConst;

/** Completing requests (Wait, Test and their any/all/some forms), cancelling, freeing, starting, and reading statuses. */
public final class RequestCalls implements CallFamily {
    private static final PType INDICES = PType.INT_ARRAY;

    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Wait", "requests", "wait until a request completes, then free it (or make a persistent one inactive)")
                .inout("request", REQUEST).out("status", STATUS).errorsOn("request")
                .typed(Wait.class, (r, request) -> {
                    Request q = Completion.request(request, "request");
                    if (Completion.idle(q)) return new Object[] {request, Status.EMPTY};
                    Completion.await(r, q::isComplete, new Request[] {q}, "");
                    return single(r, q);
                });
        b.call("MPI_Test", "requests", "tell whether a request has completed; if so, free it as MPI_Wait would")
                .inout("request", REQUEST).out("flag", BOOL).out("status", STATUS).errorsOn("request")
                .impl((r, a) -> {
                    Request q = Completion.request(a.handle(0), "request");
                    if (Completion.idle(q)) return new Object[] {a.handle(0), true, Status.EMPTY};
                    if (ExploreP2p.on(r) && !ExploreP2p.testSees(r, q, "MPI_Test")) return new Object[] {q, false, Status.EMPTY};
                    r.progress();
                    if (!q.isComplete()) return new Object[] {q, false, Status.EMPTY};
                    Object[] w = single(r, q);
                    return new Object[] {w[0], true, w[1]};
                });
        b.call("MPI_Waitall", "requests", "wait until every request of an array completes")
                .in("count", INT).inout("array_of_requests", REQUESTS).out("array_of_statuses", STATUS, "MPI_Status array_of_statuses[]")
                .impl((r, a) -> {
                    Request[] qs = Completion.requests((Handle[]) a.obj(1), a.i(0), "array_of_requests");
                    Completion.await(r, () -> all(qs), qs, "MPI_Waitall");
                    return releaseAll(r, (Handle[]) a.obj(1), qs);
                });
        b.call("MPI_Testall", "requests", "tell whether every request of an array has completed; if so, free them all")
                .in("count", INT).inout("array_of_requests", REQUESTS).out("flag", BOOL)
                .out("array_of_statuses", STATUS, "MPI_Status array_of_statuses[]")
                .impl((r, a) -> {
                    Handle[] hs = (Handle[]) a.obj(1);
                    Request[] qs = Completion.requests(hs, a.i(0), "array_of_requests");
                    if (ExploreP2p.on(r)) ExploreP2p.yieldTurn(r, "MPI_Testall");
                    r.progress();
                    if (!all(qs)) return new Object[] {hs, false, new Status[0]};
                    Object[] w = releaseAll(r, hs, qs);
                    return new Object[] {w[0], true, w[1]};
                });
        b.call("MPI_Waitany", "requests", "wait until one request of an array completes and free that one")
                .in("count", INT).inout("array_of_requests", REQUESTS).out("index", INT).out("status", STATUS)
                .impl((r, a) -> {
                    Handle[] hs = (Handle[]) a.obj(1);
                    Request[] qs = Completion.requests(hs, a.i(0), "array_of_requests");
                    if (ExploreP2p.on(r)) return any(r, hs, qs, ExploreP2p.pickAny(r, qs, "MPI_Waitany", true), false);
                    Completion.await(r, () -> Completion.firstDone(qs) != -2, qs, "MPI_Waitany: any of");
                    return any(r, hs, qs, Completion.firstDone(qs), false);
                });
        b.call("MPI_Testany", "requests", "tell whether any request of an array has completed; if so, free that one")
                .in("count", INT).inout("array_of_requests", REQUESTS).out("index", INT).out("flag", BOOL).out("status", STATUS)
                .impl((r, a) -> {
                    Handle[] hs = (Handle[]) a.obj(1);
                    Request[] qs = Completion.requests(hs, a.i(0), "array_of_requests");
                    int i;
                    if (ExploreP2p.on(r)) {
                        i = ExploreP2p.pickAny(r, qs, "MPI_Testany", false);
                    } else {
                        r.progress();
                        i = Completion.firstDone(qs);
                    }
                    if (i == -2) return new Object[] {hs, MpiConst.UNDEFINED, false, Status.EMPTY};
                    Object[] w = any(r, hs, qs, i, true);
                    return new Object[] {w[0], w[1], true, w[2]};
                });
        b.call("MPI_Waitsome", "requests", "wait until at least one request of an array completes and free every completed one")
                .in("incount", INT).inout("array_of_requests", REQUESTS).out("outcount", INT)
                .out("array_of_indices", INDICES, "int array_of_indices[]").out("array_of_statuses", STATUS, "MPI_Status array_of_statuses[]")
                .impl((r, a) -> {
                    Handle[] hs = (Handle[]) a.obj(1);
                    Request[] qs = Completion.requests(hs, a.i(0), "array_of_requests");
                    if (ExploreP2p.on(r)) return some(r, hs, qs, ExploreP2p.pickSome(r, qs, "MPI_Waitsome", true));
                    Completion.await(r, () -> Completion.firstDone(qs) != -2, qs, "MPI_Waitsome: some of");
                    return some(r, hs, qs, ExploreP2p.ALL);
                });
        b.call("MPI_Testsome", "requests", "free every request of an array that has completed, without waiting")
                .in("incount", INT).inout("array_of_requests", REQUESTS).out("outcount", INT)
                .out("array_of_indices", INDICES, "int array_of_indices[]").out("array_of_statuses", STATUS, "MPI_Status array_of_statuses[]")
                .impl((r, a) -> {
                    Handle[] hs = (Handle[]) a.obj(1);
                    Request[] qs = Completion.requests(hs, a.i(0), "array_of_requests");
                    if (ExploreP2p.on(r)) return some(r, hs, qs, ExploreP2p.pickSome(r, qs, "MPI_Testsome", false));
                    r.progress();
                    return some(r, hs, qs, ExploreP2p.ALL);
                });
        b.call("MPI_Request_free", "requests", "free a request; a started operation still completes")
                .inout("request", REQUEST).errorsOn("request")
                .impl((r, a) -> {
                    Request q = Completion.request(a.handle(0), "request");
                    if (q == null) throw new MpiException(ErrorClass.MPI_ERR_REQUEST, "MPI_REQUEST_NULL cannot be freed");
                    if (q instanceof GRequest g) {
                        // free_fn runs once both MPI_Request_free and MPI_Grequest_complete have happened (MPI-4.1 13.2)
                        if (g.requestFree()) GrequestCalls.release(r, g);
                        return Completion.NULL;
                    }
                    q.markFreed();
                    MpiProcess.of(r).handles().remove(q);
                    P2p.trace(r, "p2p", "free", q.name() + " (" + q.operation() + ") freed" + (q.isComplete() || !q.isActive() ? "" : "; the operation goes on"));
                    return Completion.NULL;
                });
        b.call("MPI_Cancel", "requests", "ask for a pending send or receive to be cancelled; complete the request afterwards")
                .in("request", REQUEST, "MPI_Request *request").errorsOn("request")
                .impl((r, a) -> {
                    Request q = Completion.request(a.handle(0), "request");
                    if (q == null) throw new MpiException(ErrorClass.MPI_ERR_REQUEST, "MPI_REQUEST_NULL cannot be cancelled");
                    if (!q.isActive()) throw new MpiException(ErrorClass.MPI_ERR_REQUEST, q.name() + " is an inactive persistent request; there is nothing to cancel");
                    q.cancel();
                    return null;
                });
        b.call("MPI_Test_cancelled", "requests", "tell whether the operation a status belongs to was cancelled")
                .in("status", STATUS, "const MPI_Status *status").out("flag", BOOL)
                .impl((r, a) -> status(a.obj(0)).cancelled());
        b.call("MPI_Get_count", "requests", "the number of whole datatype elements a status says were received")
                .in("status", STATUS, "const MPI_Status *status").in("datatype", DATATYPE).out("count", PType.COUNT_INT_OUT)
                .impl((r, a) -> count(status(a.obj(0)).bytes(), a.type(1)));
        b.call("MPI_Get_elements", "requests", "the number of basic elements a status says were received")
                .in("status", STATUS, "const MPI_Status *status").in("datatype", DATATYPE).out("count", PType.COUNT_INT_OUT)
                .impl((r, a) -> elements(status(a.obj(0)).bytes(), a.type(1)));
        b.call("MPI_Get_elements_x", "requests", "the number of basic elements a status says were received, as an MPI_Count")
                .in("status", STATUS, "const MPI_Status *status").in("datatype", DATATYPE).out("count", PType.COUNT)
                .impl((r, a) -> elements(status(a.obj(0)).bytes(), a.type(1)));
        b.call("MPI_Start", "requests", "start the operation of an inactive persistent request")
                .inout("request", REQUEST).errorsOn("request")
                .impl((r, a) -> {
                    start(r, Completion.request(a.handle(0), "request"), "request");
                    return a.handle(0);
                });
        b.call("MPI_Startall", "requests", "start every persistent request of an array")
                .in("count", INT).inout("array_of_requests", REQUESTS)
                .impl((r, a) -> {
                    Handle[] hs = (Handle[]) a.obj(1);
                    Request[] qs = Completion.requests(hs, a.i(0), "array_of_requests");
                    for (int i = 0; i < qs.length; i++) start(r, qs[i], "array_of_requests[" + i + "]");
                    return hs;
                });
    }

    private static void start(Rank r, Request q, String what) {
        if (!(q instanceof org.mpish.runtime.mpi.Restartable p)) {
            throw new MpiException(ErrorClass.MPI_ERR_REQUEST, what + ": " + (q == null ? "MPI_REQUEST_NULL" : q.name() + " (" + q.operation() + ")")
                    + " is not a persistent request");
        }
        p.start(r);
    }

    private static Object[] single(Rank r, Request q) {
        Status s = Completion.statusOf(q);
        Handle out = Completion.release(r, q);
        Status.remember(r, s);
        Completion.raise(q, s);
        return new Object[] {out, s};
    }

    private static boolean all(Request[] qs) {
        for (Request q : qs) if (!Completion.done(q)) return false;
        return true;
    }


    private static Object[] releaseAll(Rank r, Handle[] hs, Request[] qs) {
        Handle[] out = hs.clone();
        Status[] st = new Status[qs.length];
        List<String> failed = new ArrayList<>();
        Request first = null;
        for (int i = 0; i < qs.length; i++) {
            if (Completion.idle(qs[i])) { st[i] = Status.EMPTY; continue; }
            st[i] = Completion.statusOf(qs[i]);
            out[i] = Completion.release(r, qs[i]);
            if (st[i].error() != ErrorClass.MPI_SUCCESS) {
                failed.add(Completion.failure(i, st[i]));
                if (first == null) first = qs[i];
            }
        }
        Completion.raiseInStatus(failed, first);
        return new Object[] {out, st};
    }

    private static Object[] any(Rank r, Handle[] hs, Request[] qs, int i, boolean test) {
        Handle[] out = hs.clone();
        if (i < 0) return new Object[] {out, MpiConst.UNDEFINED, Status.EMPTY};
        Status s = Completion.statusOf(qs[i]);
        out[i] = Completion.release(r, qs[i]);
        Status.remember(r, s);
        Completion.raise(qs[i], s);
        return new Object[] {out, i, s};
    }

    /** Releases the completed requests ({@code only}: just that index; {@link ExploreP2p#ALL}: every one). */
    private static Object[] some(Rank r, Handle[] hs, Request[] qs, int only) {
        Handle[] out = hs.clone();
        if (Completion.firstDone(qs) == -1) return new Object[] {out, MpiConst.UNDEFINED, new int[0], new Status[0]};
        List<Integer> idx = new ArrayList<>();
        List<Status> st = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        Request first = null;
        for (int i = 0; i < qs.length; i++) {
            if (Completion.idle(qs[i]) || !qs[i].isComplete() || (only != ExploreP2p.ALL && i != only)) continue;
            Status s = Completion.statusOf(qs[i]);
            idx.add(i);
            st.add(s);
            out[i] = Completion.release(r, qs[i]);
            if (s.error() != ErrorClass.MPI_SUCCESS) {
                failed.add(Completion.failure(i, s));
                if (first == null) first = qs[i];
            }
        }
        Completion.raiseInStatus(failed, first);
        return new Object[] {out, idx.size(), idx.stream().mapToInt(Integer::intValue).toArray(), st.toArray(new Status[0])};
    }

    private static Status status(Object o) {
        Status s = (Status) o;
        if (s == Status.IGNORE) throw new MpiException(ErrorClass.MPI_ERR_ARG, "MPI_STATUS_IGNORE holds no status to read");
        return s;
    }

    /** MPI_Get_count: whole elements of {@code t}, or MPI_UNDEFINED when the bytes are not a whole number of them. */
    static long count(long bytes, Datatype t) {
        if (t.size() == 0) return 0;
        if (bytes % t.size() != 0) return MpiConst.UNDEFINED;
        return bytes / t.size();
    }

    /**
     * MPI_Get_elements: the basic elements in {@code bytes} of data of {@code t}: whole instances, then the elements
     * of the partial one in type-map order (MPI-4.1 section 5.1.12); MPI_UNDEFINED if the data ends inside an element.
     */
    static long elements(long bytes, Datatype t) {
        if (t.size() == 0) return 0;
        long n = bytes / t.size() * t.elements(), rest = bytes % t.size();
        if (rest == 0) return n;
        if (t.basic() != null) { // one basic type throughout: whole elements of it, without walking the type map
            long b = t.basic().size();
            return rest % b == 0 ? n + rest / b : MpiConst.UNDEFINED;
        }
        long[] got = {0, rest};
        org.mpish.runtime.mpi.datatype.TypeMap.walk(t, 0, (b, d) -> {
            if (got[1] < b.size()) return false;
            got[1] -= b.size();
            got[0]++;
            return true;
        });
        return got[1] != 0 ? MpiConst.UNDEFINED : n + got[0];
    }

    /** The typed body of MPI_Wait (Catalogue.CallBuilder#typed): the request as given (MPI_REQUEST_NULL too); {request, status}. */
    interface Wait {
        Object[] run(org.mpish.runtime.Rank r, Handle request);
    }
}
