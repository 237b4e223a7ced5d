package org.mpish.runtime.mpi;

import java.lang.foreign.MemorySegment;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;

/**
 * The single-element atomics: MPI_Fetch_and_op (R25) and MPI_Compare_and_swap (R26). Both go straight to
 * {@link AtomicElements}: a naturally aligned 4- or 8-byte element is one hardware atomic instruction on the
 * target's memory.
 */
public final class RmaAtomics {
    private RmaAtomics() {}

    public static void fetchAndOp(Rank r, Win w, long oaddr, long raddr, Datatype t, int trank, long tdisp, Op op) {
        String call = "MPI_Fetch_and_op";
        if (!t.isPredefined()) {
            throw new MpiException(ErrorClass.MPI_ERR_TYPE, call + " takes a predefined datatype, not the derived " + t.name());
        }
        ElemType e = Rma.elem(t, "datatype");
        Rma.opFor(op, e, call);
        RmaWindow rw = RmaWindow.of(w);
        if (!Rma.target(rw, w, trank)) {
            if (op.op() != Op.Kind.NO_OP) r.memory().segment(oaddr, t.size());
            r.memory().segment(raddr, t.size());
            Rma.procNull(r, w, tdisp, call);
            return;
        }
        Epochs ep = rw.epochs(w.rank());
        ep.check(trank, w, call, false);
        Rma.Target tg = Rma.locate(rw, w, trank, tdisp, t, 1);
        Memory mem = r.memory();
        int size = (int) t.size();
        boolean noOp = op.op() == Op.Kind.NO_OP;
        MemorySegment res = mem.segment(raddr, size);
        MemorySegment src = noOp ? null : mem.segment(oaddr, size);
        if (e.isPair()) {
            BasicType v = e.pairValue();
            long[] prev = AtomicElements.applyPair(op.op(), e, tg.seg(), tg.off(),
                    noOp ? 0 : Reduction.load(src, 0, v), noOp ? 0 : Reduction.load(src, e.indexOffset(), BasicType.INT));
            Reduction.store(res, 0, v, prev[0]);
            Reduction.store(res, e.indexOffset(), BasicType.INT, prev[1]);
        } else {
            BasicType b = e.basic();
            long prev = AtomicElements.apply(op.op(), b, tg.seg(), tg.off(), noOp ? 0 : Reduction.load(src, 0, b));
            Reduction.store(res, 0, b, prev);
        }
        ep.issued(trank);
        RmaTrace.op(r, w, call, trank, tdisp, size, op);
    }

    /** The types Compare_and_swap takes: C integer, logical, multi-language (AINT, OFFSET, COUNT) and MPI_BYTE. */
    static boolean casType(Datatype t) {
        BasicType b = t.basic();
        if (!t.isPredefined() || t.isPair() || b == null) return false;
        return b.isInteger() || b.family() == BasicType.Family.LOGICAL || b == BasicType.BYTE;
    }

    public static void compareAndSwap(Rank r, Win w, long oaddr, long caddr, long raddr, Datatype t, int trank, long tdisp) {
        String call = "MPI_Compare_and_swap";
        if (!casType(t)) {
            throw new MpiException(ErrorClass.MPI_ERR_TYPE, call + " takes a C integer, logical, MPI_AINT / MPI_OFFSET / "
                    + "MPI_COUNT or MPI_BYTE datatype, not " + t.name());
        }
        RmaWindow rw = RmaWindow.of(w);
        if (!Rma.target(rw, w, trank)) {
            for (long a : new long[] {oaddr, caddr, raddr}) r.memory().segment(a, t.size());
            Rma.procNull(r, w, tdisp, call);
            return;
        }
        Epochs ep = rw.epochs(w.rank());
        ep.check(trank, w, call, false);
        Rma.Target tg = Rma.locate(rw, w, trank, tdisp, t, 1);
        Memory mem = r.memory();
        BasicType b = t.basic();
        int size = b.size();
        long value = Reduction.load(mem.segment(oaddr, size), 0, b);
        long compare = Reduction.load(mem.segment(caddr, size), 0, b);
        MemorySegment res = mem.segment(raddr, size);
        long prev = AtomicElements.compareAndSwap(b, tg.seg(), tg.off(), compare, value);
        Reduction.store(res, 0, b, prev);
        ep.issued(trank);
        RmaTrace.op(r, w, call, trank, tdisp, size, null);
    }
}
