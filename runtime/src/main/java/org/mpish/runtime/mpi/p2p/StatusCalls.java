package org.mpish.runtime.mpi.p2p;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.REQUEST;
import static org.mpish.runtime.catalog.PType.STATUS;

import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.TypeMap;

/**
 * Calls that write a status or read one without completing anything (MPI-4.1 sections 3.7.3, 3.8.2 and 13.2, the
 * last for the layered libraries that set the status of a generalized request): MPI_Request_get_status,
 * MPI_Status_set_elements (+ _x, _c) and MPI_Status_set_cancelled.
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
