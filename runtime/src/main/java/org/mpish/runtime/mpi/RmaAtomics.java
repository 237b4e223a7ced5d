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
        if (!t.isPredefined()) throw notPredefined(call, t);
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
        // origin and result as (block, offset): no views made on this hot path
        Memory.Block rb = mem.block(raddr, size);
        Memory.Block sb = noOp ? null : mem.block(oaddr, size);
        if (e.isPair()) {
            pair(op, e, tg, rb, raddr, sb, oaddr);
        } else {
            BasicType b = e.basic();
            long operand = noOp ? 0 : Reduction.load(sb.segment(), oaddr - sb.address(), b);
            long prev = AtomicElements.apply(op.op(), b, tg.seg(), tg.off(), operand);
            Reduction.store(rb.segment(), raddr - rb.address(), b, prev);
        }
        ep.issued(trank);
        RmaTrace.op(r, w, call, trank, tdisp, size, op);
    }

    private static void pair(Op op, ElemType e, Rma.Target tg, Memory.Block rb, long raddr, Memory.Block sb, long oaddr) {
        BasicType v = e.pairValue();
        boolean noOp = sb == null;
        long so = noOp ? 0 : oaddr - sb.address();
        long[] prev = AtomicElements.applyPair(op.op(), e, tg.seg(), tg.off(),
                noOp ? 0 : Reduction.load(sb.segment(), so, v), noOp ? 0 : Reduction.load(sb.segment(), so + e.indexOffset(), BasicType.INT));
        long ro = raddr - rb.address();
        Reduction.store(rb.segment(), ro, v, prev[0]);
        Reduction.store(rb.segment(), ro + e.indexOffset(), BasicType.INT, prev[1]);
    }

    private static MpiException notPredefined(String call, Datatype t) {
        return new MpiException(ErrorClass.MPI_ERR_TYPE, call + " takes a predefined datatype, not the derived " + t.name());
    }

    private static MpiException notCasType(String call, Datatype t) {
        return new MpiException(ErrorClass.MPI_ERR_TYPE, call + " takes a C integer, logical, MPI_AINT / MPI_OFFSET / "
                + "MPI_COUNT or MPI_BYTE datatype, not " + t.name());
    }

    /** The types Compare_and_swap takes: C integer, logical, multi-language (AINT, OFFSET, COUNT) and MPI_BYTE. */
    static boolean casType(Datatype t) {
        BasicType b = t.basic();
        if (!t.isPredefined() || t.isPair() || b == null) return false;
        return b.isInteger() || b.family() == BasicType.Family.LOGICAL || b == BasicType.BYTE;
    }

    public static void compareAndSwap(Rank r, Win w, long oaddr, long caddr, long raddr, Datatype t, int trank, long tdisp) {
        String call = "MPI_Compare_and_swap";
        if (!casType(t)) throw notCasType(call, t);
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
        Memory.Block ob = mem.block(oaddr, size);
        long value = Reduction.load(ob.segment(), oaddr - ob.address(), b);
        Memory.Block cb = mem.block(caddr, size);
        long compare = Reduction.load(cb.segment(), caddr - cb.address(), b);
        Memory.Block rb = mem.block(raddr, size);
        long prev = AtomicElements.compareAndSwap(b, tg.seg(), tg.off(), compare, value);
        Reduction.store(rb.segment(), raddr - rb.address(), b, prev);
        ep.issued(trank);
        RmaTrace.op(r, w, call, trank, tdisp, size, null);
    }
}
