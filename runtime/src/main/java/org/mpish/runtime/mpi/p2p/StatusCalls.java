package org.mpish.runtime.mpi.p2p;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.REQUEST;
import static org.mpish.runtime.catalog.PType.REQUESTS;
import static org.mpish.runtime.catalog.PType.STATUS;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.TypeMap;

/**
 * Calls that write a status or read one without completing anything (MPI-4.1 sections 3.7.3, 3.8.2 and 13.2, the
 * last for the layered libraries that set the status of a generalized request): MPI_Request_get_status,
 * MPI_Status_set_elements (+ _x, _c) and MPI_Status_set_cancelled; and the MPI-4.1 additions (section 3.2.5 and
 * the non-destructive status tests of 3.7): MPI_Status_get_ / set_source, _tag, _error, which read and write the three public fields for languages
 * that cannot reach into a C struct, and MPI_Request_get_status_all / _any / _some, the array forms of
 * MPI_Request_get_status, which leave every request as it was.
 */
public final class StatusCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Request_get_status", "requests", "tell whether a request has completed, without freeing it")
                .in("request", REQUEST).out("flag", BOOL).out("status", STATUS).errorsOn("request")
                .impl((r, a) -> {
                    Request q = Completion.request(a.handle(0), "request");
                    if (Completion.idle(q)) return new Object[] {true, Status.EMPTY};
                    if (ExploreP2p.on(r) && !ExploreP2p.testSees(r, q, "MPI_Request_get_status")) return new Object[] {false, Status.EMPTY};
                    r.progress();
                    if (!q.isComplete()) return new Object[] {false, Status.EMPTY};
                    if (q instanceof GRequest g) { // query_fn fills the status; the request stays (no free_fn)
                        Status s = g.query();
                        g.fail(s.error(), "query_fn");
                        return new Object[] {true, s};
                    }
                    return new Object[] {true, q.status()};
                });
        b.call("MPI_Status_set_elements", "requests", "set a status so that MPI_Get_elements finds a number of elements of a datatype")
                .inout("status", STATUS, "MPI_Status *status").in("datatype", DATATYPE).in("count", PType.COUNT_INT)
                .impl((r, a) -> withElements(a.obj(0), a.type(1), a.l(2)));
        b.call("MPI_Status_set_elements_x", "requests", "MPI_Status_set_elements with an MPI_Count")
                .inout("status", STATUS, "MPI_Status *status").in("datatype", DATATYPE).in("count", PType.COUNT)
                .impl((r, a) -> withElements(a.obj(0), a.type(1), a.l(2)));
        b.call("MPI_Status_set_cancelled", "requests", "set whether a status says its operation was cancelled")
                .inout("status", STATUS, "MPI_Status *status").in("flag", BOOL)
                .impl((r, a) -> {
                    Status s = writable(a.obj(0));
                    return new Status(s.source(), s.tag(), s.error(), s.bytes(), a.bool(1));
                });
        fields(b);
        arrays(b);
    }

    /** The MPI-4.1 accessors of MPI_SOURCE, MPI_TAG and MPI_ERROR. */
    private static void fields(Catalogue.Builder b) {
        String[][] fs = {{"source", "MPI_SOURCE"}, {"tag", "MPI_TAG"}, {"error", "MPI_ERROR"}};
        for (String[] f : fs) {
            String name = f[0];
            b.call("MPI_Status_get_" + name, "requests", "read the " + f[1] + " field of a status")
                    .in("status", STATUS, "MPI_Status *status").out(name, INT)
                    .impl((r, a) -> {
                        Status s = readable(a.obj(0));
                        return switch (name) { case "source" -> s.source(); case "tag" -> s.tag(); default -> s.error(); };
                    });
            b.call("MPI_Status_set_" + name, "requests", "write the " + f[1] + " field of a status")
                    .inout("status", STATUS, "MPI_Status *status").in(name, INT)
                    .impl((r, a) -> {
                        Status s = writable(a.obj(0));
                        int v = a.i(1);
                        return switch (name) {
                            case "source" -> new Status(v, s.tag(), s.error(), s.bytes(), s.cancelled());
                            case "tag" -> new Status(s.source(), v, s.error(), s.bytes(), s.cancelled());
                            default -> new Status(s.source(), s.tag(), v, s.bytes(), s.cancelled());
                        };
                    });
        }
    }

    /** MPI_Request_get_status_all / _any / _some: like Testall / Testany / Testsome, but nothing is freed or made inactive. */
    private static void arrays(Catalogue.Builder b) {
        b.call("MPI_Request_get_status_all", "requests", "tell whether every request of an array has completed, without freeing any")
                .in("count", INT).in("array_of_requests", REQUESTS).out("flag", BOOL)
                .out("array_of_statuses", STATUS, "MPI_Status array_of_statuses[]")
                .impl((r, a) -> {
                    Request[] qs = Completion.requests((Handle[]) a.obj(1), a.i(0), "array_of_requests");
                    if (ExploreP2p.on(r)) ExploreP2p.yieldTurn(r, "MPI_Request_get_status_all");
                    r.progress();
                    Status[] st = new Status[qs.length];
                    for (int i = 0; i < qs.length; i++) {
                        if (!Completion.done(qs[i])) return new Object[] {false, new Status[0]};
                        st[i] = Completion.idle(qs[i]) ? Status.EMPTY : qs[i].status();
                    }
                    return new Object[] {true, st};
                });
        b.call("MPI_Request_get_status_any", "requests", "tell whether any request of an array has completed, without freeing it")
                .in("count", INT).in("array_of_requests", REQUESTS).out("index", INT).out("flag", BOOL).out("status", STATUS)
                .impl((r, a) -> {
                    Request[] qs = Completion.requests((Handle[]) a.obj(1), a.i(0), "array_of_requests");
                    int i;
                    if (ExploreP2p.on(r)) {
                        i = ExploreP2p.pickAny(r, qs, "MPI_Request_get_status_any", false);
                    } else {
                        r.progress();
                        i = Completion.firstDone(qs);
                    }
                    if (i == -1) return new Object[] {MpiConst.UNDEFINED, true, Status.EMPTY}; // no active request at all
                    if (i == -2) return new Object[] {MpiConst.UNDEFINED, false, Status.EMPTY};
                    return new Object[] {i, true, qs[i].status()};
                });
        b.call("MPI_Request_get_status_some", "requests", "list the requests of an array that have completed, without freeing them")
                .in("incount", INT).in("array_of_requests", REQUESTS).out("outcount", INT)
                .out("array_of_indices", PType.INT_ARRAY, "int array_of_indices[]").out("array_of_statuses", STATUS, "MPI_Status array_of_statuses[]")
                .impl((r, a) -> {
                    Request[] qs = Completion.requests((Handle[]) a.obj(1), a.i(0), "array_of_requests");
                    int only = ExploreP2p.on(r) ? ExploreP2p.pickSome(r, qs, "MPI_Request_get_status_some", false) : ExploreP2p.ALL;
                    if (!ExploreP2p.on(r)) r.progress();
                    if (Completion.firstDone(qs) == -1) return new Object[] {MpiConst.UNDEFINED, new int[0], new Status[0]};
                    List<Integer> idx = new ArrayList<>();
                    List<Status> st = new ArrayList<>();
                    for (int i = 0; i < qs.length; i++) {
                        if (Completion.idle(qs[i]) || !qs[i].isComplete() || (only != ExploreP2p.ALL && i != only)) continue;
                        idx.add(i);
                        st.add(qs[i].status());
                    }
                    return new Object[] {idx.size(), idx.stream().mapToInt(Integer::intValue).toArray(), st.toArray(new Status[0])};
                });
    }


    private static Status readable(Object o) {
        Status s = (Status) o;
        if (s == Status.IGNORE) throw new MpiException(ErrorClass.MPI_ERR_ARG, "MPI_STATUS_IGNORE holds no status to read");
        return s;
    }

    private static Status writable(Object o) {
        Status s = (Status) o;
        if (s == Status.IGNORE) throw new MpiException(ErrorClass.MPI_ERR_ARG, "MPI_STATUS_IGNORE is not a status to set");
        return s;
    }

    /**
     * The status with the byte count that {@code count} basic elements of {@code t} take: whole instances, then the
     * first elements of one more in type-map order, so that MPI_Get_elements gives {@code count} back and
     * MPI_Get_count gives the whole instances, or MPI_UNDEFINED when the last one is partial.
     */
    private static Status withElements(Object o, Datatype t, long count) {
        Status s = writable(o);
        if (count < 0) throw new MpiException(ErrorClass.MPI_ERR_COUNT, "count = " + count + " is negative");
        long per = t.elements();
        if (per == 0) {
            if (count != 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "count = " + count + " but " + t.name() + " holds no elements");
            return new Status(s.source(), s.tag(), s.error(), 0, s.cancelled());
        }
        long bytes = Math.multiplyExact(count / per, t.size());
        long[] left = {count % per};
        long[] extra = {0};
        if (left[0] > 0) {
            TypeMap.walk(t, 0, (blk, d) -> {
                if (left[0] == 0) return false;
                extra[0] += blk.size();
                left[0]--;
                return true;
            });
        }
        return new Status(s.source(), s.tag(), s.error(), bytes + extra[0], s.cancelled());
    }
}
