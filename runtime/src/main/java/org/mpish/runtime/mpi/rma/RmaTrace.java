package org.mpish.runtime.mpi.rma;

import java.util.Map;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.op.Op;

/** Trace events of family "rma": each operation as issued, its completion, and each synchronization call. */
final class RmaTrace {
    private RmaTrace() {}

    static void op(Rank r, Win w, String call, int target, long disp, long bytes, Op op) {
        if (r.job().tracing()) emitOp(r, w, call, target, disp, bytes, op);
    }

    private static void emitOp(Rank r, Win w, String call, int target, long disp, long bytes, Op op) {
        Job j = r.job();
        String kind = call.substring(4).toLowerCase(java.util.Locale.ROOT);
        j.emit(r.id(), "rma", kind, call + (op == null ? "" : " " + op.name()) + ": " + bytes + " bytes, rank " + target
                + " disp " + disp + " on " + w.name() + " (applied at the target; completes at the next synchronization)",
                Map.of("win", w.name(), "target", target, "disp", disp, "bytes", bytes));
    }

    static void procNull(Rank r, Win w, String call) {
        Job j = r.job();
        if (j.tracing()) j.emit(r.id(), "rma", "proc_null", call + " to MPI_PROC_NULL on " + w.name() + ": nothing moves", null);
    }

    /** Operations completed by a synchronization call (fence, complete, unlock, flush...). */
    static void completed(Rank r, Win w, String call, int target, int count, String where) {
        Job j = r.job();
        if (!j.tracing() || count == 0) return;
        j.emit(r.id(), "rma", "completed", count + " operation" + (count == 1 ? "" : "s") + " to "
                + (target < 0 ? "all targets" : "rank " + target) + " on " + w.name() + " complete " + where + " (" + call + ")",
                Map.of("win", w.name(), "target", target, "count", count));
    }

    static void sync(Rank r, Win w, String call, String what) {
        Job j = r.job();
        if (j.tracing()) j.emit(r.id(), "rma", "sync", call + " on " + w.name() + ": " + what, Map.of("win", w.name()));
    }
}
