package org.mpish.runtime.mpi.rma;

import org.mpish.runtime.catalog.PType;
import static org.mpish.runtime.catalog.PType.AINT;
import static org.mpish.runtime.catalog.PType.BUFFER;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.OP;
import static org.mpish.runtime.catalog.PType.REQUEST;
import static org.mpish.runtime.catalog.PType.WIN;

import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.op.Op;

/** The RMA communication calls and the predefined reduction operations (MPI_SUM ... MPI_NO_OP). */
public final class RmaCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        for (Op op : Op.PREDEFINED) b.constant(op.name(), "op", op);

        for (boolean req : new boolean[] {false, true}) {
            String p = req ? "MPI_R" : "MPI_";
            String what = req ? ", with a request for origin completion" : "";
            String putName = p + (req ? "put" : "Put"), getName = p + (req ? "get" : "Get"); // made once, not per call
            Catalogue.CallBuilder put = b.call(putName, "rma", "write origin data into a target's window" + what);
            origin(put, "const void *origin_addr");
            target(put).in("win", WIN);
            if (req) put.out("request", REQUEST);
            if (!req) {
                put.errorsOn("win").typed(Transfer.class, (r, o, oc, ot, t, d, tc, tt, w) -> Rma.put(r, w, o, oc, ot, t, d, tc, tt, putName, false));
            } else put.errorsOn("win").typed(RequestTransfer.class, (r, o, oc, ot, t, d, tc, tt, w) -> {
                Rma.put(r, w, o, oc, ot, t, d, tc, tt, putName, true);
                return request(r, w, "MPI_Rput", t);
            });

            Catalogue.CallBuilder get = b.call(getName, "rma", "read a target's window into origin memory" + what);
            origin(get, "void *origin_addr");
            target(get).in("win", WIN);
            if (req) get.out("request", REQUEST);
            if (!req) {
                get.errorsOn("win").typed(Transfer.class, (r, o, oc, ot, t, d, tc, tt, w) -> Rma.get(r, w, o, oc, ot, t, d, tc, tt, getName, false));
            } else get.errorsOn("win").typed(RequestTransfer.class, (r, o, oc, ot, t, d, tc, tt, w) -> {
                Rma.get(r, w, o, oc, ot, t, d, tc, tt, getName, true);
                return request(r, w, "MPI_Rget", t);
            });

            String accName = p + (req ? "accumulate" : "Accumulate");
            Catalogue.CallBuilder acc = b.call(accName, "rma", "combine origin data into a target's window, element by element" + what);
            origin(acc, "const void *origin_addr");
            target(acc).in("op", OP).in("win", WIN);
            if (req) acc.out("request", REQUEST);
            if (!req) {
                acc.errorsOn("win").typed(Accumulate.class, (r, o, oc, ot, t, d, tc, tt, op, w) ->
                        Rma.accumulate(r, w, o, oc, ot, null, t, d, tc, tt, op, accName, false));
            } else acc.errorsOn("win").typed(RequestAccumulate.class, (r, o, oc, ot, t, d, tc, tt, op, w) -> {
                Rma.accumulate(r, w, o, oc, ot, null, t, d, tc, tt, op, accName, true);
                return request(r, w, accName, t);
            });

            String gaName = p + (req ? "get_accumulate" : "Get_accumulate");
            Catalogue.CallBuilder ga = b.call(gaName, "rma", "fetch a target's data and combine origin data into it, atomically per element" + what);
            origin(ga, "const void *origin_addr");
            ga.in("result_addr", BUFFER, "void *result_addr").in("result_count", PType.COUNT_INT).in("result_datatype", DATATYPE);
            target(ga).in("op", OP).in("win", WIN);
            if (req) ga.out("request", REQUEST);
            ga.errorsOn("win").impl((r, a) -> {
                Win w = a.win(11);
                Op op = op(a, 10);
                boolean noOp = op.op() == Op.Kind.NO_OP;
                Datatype ot = noOp && !a.handle(2).isValid() ? null : a.type(2);
                Rma.accumulate(r, w, a.l(0), a.l(1), ot, new Rma.Result(a.l(3), a.l(4), a.type(5)), a.i(6), a.l(7),
                        a.l(8), a.type(9), op, gaName, req);
                return req ? request(r, w, gaName, a.i(6)) : null;
            });
        }

        b.call("MPI_Fetch_and_op", "rma", "fetch one target element and combine an origin element into it, atomically")
                .in("origin_addr", BUFFER, "const void *origin_addr").in("result_addr", BUFFER, "void *result_addr")
                .in("datatype", DATATYPE).in("target_rank", SyncCalls.RANK).in("target_disp", AINT).in("op", OP).in("win", WIN)
                .errorsOn("win")
                .typed(FetchAndOp.class, (r, o, res, type, t, d, op, w) -> RmaAtomics.fetchAndOp(r, w, o, res, type, t, d, op));
        b.call("MPI_Compare_and_swap", "rma", "replace one target element if it equals a compare value, atomically")
                .in("origin_addr", BUFFER, "const void *origin_addr").in("compare_addr", BUFFER, "const void *compare_addr")
                .in("result_addr", BUFFER, "void *result_addr").in("datatype", DATATYPE).in("target_rank", SyncCalls.RANK)
                .in("target_disp", AINT).in("win", WIN)
                .errorsOn("win")
                .typed(CompareAndSwap.class, (r, o, c, res, type, t, d, w) -> RmaAtomics.compareAndSwap(r, w, o, c, res, type, t, d));
    }

    // the typed bodies' shapes (Catalogue.CallBuilder#typed): the inputs in C order, counts as long for the _c forms

    /** MPI_Put, MPI_Get: origin address, count, datatype; target rank, displacement, count, datatype; window. */
    interface Transfer {
        void run(Rank r, long origin, long originCount, Datatype originType, int target, long disp, long targetCount, Datatype targetType, Win win);
    }

    /** MPI_Rput, MPI_Rget: a transfer that returns its request. */
    interface RequestTransfer {
        RmaRequest run(Rank r, long origin, long originCount, Datatype originType, int target, long disp, long targetCount, Datatype targetType,
                       Win win);
    }

    /** MPI_Raccumulate: an accumulate that returns its request. */
    interface RequestAccumulate {
        RmaRequest run(Rank r, long origin, long originCount, Datatype originType, int target, long disp, long targetCount, Datatype targetType,
                       Op op, Win win);
    }

    /** MPI_Accumulate: a transfer with an operation before the window. */
    interface Accumulate {
        void run(Rank r, long origin, long originCount, Datatype originType, int target, long disp, long targetCount, Datatype targetType,
                 Op op, Win win);
    }

    /** MPI_Fetch_and_op. */
    interface FetchAndOp {
        void run(Rank r, long origin, long result, Datatype type, int target, long disp, Op op, Win win);
    }

    /** MPI_Compare_and_swap. */
    interface CompareAndSwap {
        void run(Rank r, long origin, long compare, long result, Datatype type, int target, long disp, Win win);
    }

    private static void origin(Catalogue.CallBuilder c, String decl) {
        c.in("origin_addr", BUFFER, decl).in("origin_count", PType.COUNT_INT).in("origin_datatype", DATATYPE);
    }

    private static Catalogue.CallBuilder target(Catalogue.CallBuilder c) {
        return c.in("target_rank", SyncCalls.RANK).in("target_disp", AINT).in("target_count", PType.COUNT_INT).in("target_datatype", DATATYPE);
    }

    static Op op(Args a, int i) {
        Op op = (Op) a.valid(i);
        return op;
    }

    /** A request-based call's request: already complete (R28); a fresh one even for MPI_PROC_NULL (R31). */
    private static RmaRequest request(Rank r, Win w, String call, int target) {
        return MpiProcess.of(r).handles().add(new RmaRequest(r, call, call + " to rank " + target + " on " + w.name()));
    }
}
