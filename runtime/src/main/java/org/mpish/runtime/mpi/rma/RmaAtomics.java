package org.mpish.runtime.mpi.rma;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.datatype.BasicType;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.ElemType;
import org.mpish.runtime.mpi.op.Op;
import org.mpish.runtime.mpi.op.Reduction;

/**
 * The single-element atomics: MPI_Fetch_and_op (R25) and MPI_Compare_and_swap (R26). Both go straight to
 * {@link AtomicElements}: a naturally aligned 4- or 8-byte element is one hardware atomic instruction on the
 * target's memory.
 */
final class RmaAtomics {
    private RmaAtomics() {}

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    /*
     * The hot case of both calls is an 8-byte element (MPI_LONG, MPI_INT64_T, MPI_DOUBLE...) of a predefined type,
     * inside a passive-target epoch, at a naturally aligned place inside the target's window, with origin, compare
     * and result buffers among the rank's recently used blocks and no trace listening. A leaf method checks that in
     * a few loads and compares and does it in straight-line code (one hardware atomic), or returns false having
     * changed nothing; then the checked path makes every check in the documented order, and the operation.
     *
     * The fast methods make no calls at all (not even cold ones): a compiled method that calls something sets up its
     * frame with a stack-banging store, and a store still in flight when the atomic instruction comes delays it.
     */

    public static void fetchAndOp(Rank r, Win w, long oaddr, long raddr, Datatype t, int trank, long tdisp, Op op) {
        if (!fetchAndOp8(r, w, oaddr, raddr, t, trank, tdisp, op)) fetchAndOpChecked(r, w, oaddr, raddr, t, trank, tdisp, op);
    }

    /** The fast Fetch_and_op: SUM on an integer, REPLACE or NO_OP (one instruction each); false when not done. */
    private static boolean fetchAndOp8(Rank r, Win w, long oaddr, long raddr, Datatype t, int trank, long tdisp, Op op) {
        BasicType b = t.basic8();
        Epochs ep = w.epochs;
        if (b == null || ep == null || !ep.passiveTo(trank)) return false;
        Op.Kind k = op.op();
        boolean add = k == Op.Kind.SUM && b.isInteger();
        if (!add && k != Op.Kind.REPLACE && k != Op.Kind.NO_OP) return false; // the others: a CAS loop, out of line
        RmaWindow.TargetMem tm = ep.targetIfKnown(trank);
        if (tm == null) return false;
        long off = tm.offset8(tdisp);
        if (off < 0 || r.job().tracing()) return false;
        Memory mem = r.memory();
        Memory.Block rb = mem.cached(raddr, 8);
        if (rb == null) return false;
        long operand = 0;
        if (k != Op.Kind.NO_OP) {
            Memory.Block ob = mem.cached(oaddr, 8);
            if (ob == null) return false;
            operand = ob.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, oaddr - ob.address());
        }
        long prev = add ? (long) LONG.getAndAdd(tm.seg, off, operand)
                : k == Op.Kind.REPLACE ? (long) LONG.getAndSet(tm.seg, off, operand) : (long) LONG.getVolatile(tm.seg, off);
        rb.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, raddr - rb.address(), prev);
        ep.issuedPassive(trank);
        return true;
    }

    /** Fetch_and_op of one basic element: result = target; target = target op origin (the origin unread for NO_OP). */
    private static void apply(Rank r, long raddr, long oaddr, BasicType b, Op.Kind k, MemorySegment seg, long off) {
        Memory mem = r.memory();
        int size = b.size();
        // origin and result as (block, offset): no views made on this hot path
        Memory.Block rb = mem.block(raddr, size);
        long operand = 0;
        if (k != Op.Kind.NO_OP) {
            Memory.Block sb = mem.block(oaddr, size);
            operand = Reduction.load(sb.segment(), oaddr - sb.address(), b);
        }
        long prev = AtomicElements.apply(k, b, seg, off, operand);
        Reduction.store(rb.segment(), raddr - rb.address(), b, prev);
    }

    private static void fetchAndOpChecked(Rank r, Win w, long oaddr, long raddr, Datatype t, int trank, long tdisp, Op op) {
        String call = "MPI_Fetch_and_op";
        if (!t.isPredefined()) throw notPredefined(call, t);
        ElemType e = Rma.elem(t, "datatype");
        Rma.opFor(op, e, call);
        Epochs ep = Epochs.of(w);
        RmaWindow rw = ep.rw;
        if (!Rma.target(rw, w, trank)) {
            if (op.op() != Op.Kind.NO_OP) r.memory().segment(oaddr, t.size());
            r.memory().segment(raddr, t.size());
            Rma.procNull(r, w, tdisp, call);
            return;
        }
        ep.check(trank, w, call, false);
        Rma.Target tg = Rma.locate(rw, w, trank, tdisp, t, 1);
        if (e.isPair()) {
            Memory mem = r.memory();
            int size = (int) t.size();
            Memory.Block rb = mem.block(raddr, size);
            Memory.Block sb = op.op() == Op.Kind.NO_OP ? null : mem.block(oaddr, size);
            pair(op, e, tg, rb, raddr, sb, oaddr);
        } else {
            apply(r, raddr, oaddr, e.basic(), op.op(), tg.seg(), tg.off());
        }
        ep.issued(trank);
        RmaTrace.op(r, w, call, trank, tdisp, t.size(), op);
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
        BasicType b = t.basicElement();
        return b != null && casType(b);
    }

    /** {@link #casType} by basic type ordinal, worked out once. */
    private static final long CAS_TYPES;
    static {
        long m = 0;
        for (BasicType b : BasicType.values()) {
            if (b.isInteger() || b.family() == BasicType.Family.LOGICAL || b == BasicType.BYTE) m |= 1L << b.ordinal();
        }
        CAS_TYPES = m;
    }

    private static boolean casType(BasicType b) { return (CAS_TYPES >>> b.ordinal() & 1) != 0; }

    public static void compareAndSwap(Rank r, Win w, long oaddr, long caddr, long raddr, Datatype t, int trank, long tdisp) {
        if (!compareAndSwap8(r, w, oaddr, caddr, raddr, t, trank, tdisp)) compareAndSwapChecked(r, w, oaddr, caddr, raddr, t, trank, tdisp);
    }

    /** The fast Compare_and_swap (see fetchAndOp8); false when not done. */
    private static boolean compareAndSwap8(Rank r, Win w, long oaddr, long caddr, long raddr, Datatype t, int trank, long tdisp) {
        BasicType b = t.basic8();
        Epochs ep = w.epochs;
        if (b == null || !casType(b) || ep == null || !ep.passiveTo(trank)) return false;
        RmaWindow.TargetMem tm = ep.targetIfKnown(trank);
        if (tm == null) return false;
        long off = tm.offset8(tdisp);
        if (off < 0 || r.job().tracing()) return false;
        Memory mem = r.memory();
        Memory.Block ob = mem.cached(oaddr, 8), cb = mem.cached(caddr, 8), rb = mem.cached(raddr, 8);
        if (ob == null || cb == null || rb == null) return false;
        long value = ob.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, oaddr - ob.address());
        long compare = cb.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, caddr - cb.address());
        long prev = (long) LONG.compareAndExchange(tm.seg, off, compare, value);
        rb.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, raddr - rb.address(), prev);
        ep.issuedPassive(trank);
        return true;
    }

    private static void swap(Rank r, long oaddr, long caddr, long raddr, BasicType b, MemorySegment seg, long off) {
        Memory mem = r.memory();
        int size = b.size();
        Memory.Block ob = mem.block(oaddr, size);
        long value = Reduction.load(ob.segment(), oaddr - ob.address(), b);
        Memory.Block cb = mem.block(caddr, size);
        long compare = Reduction.load(cb.segment(), caddr - cb.address(), b);
        Memory.Block rb = mem.block(raddr, size);
        long prev = AtomicElements.compareAndSwap(b, seg, off, compare, value);
        Reduction.store(rb.segment(), raddr - rb.address(), b, prev);
    }

    private static void compareAndSwapChecked(Rank r, Win w, long oaddr, long caddr, long raddr, Datatype t, int trank, long tdisp) {
        String call = "MPI_Compare_and_swap";
        if (!casType(t)) throw notCasType(call, t);
        Epochs ep = Epochs.of(w);
        RmaWindow rw = ep.rw;
        if (!Rma.target(rw, w, trank)) {
            for (long a : new long[] {oaddr, caddr, raddr}) r.memory().segment(a, t.size());
            Rma.procNull(r, w, tdisp, call);
            return;
        }
        ep.check(trank, w, call, false);
        Rma.Target tg = Rma.locate(rw, w, trank, tdisp, t, 1);
        swap(r, oaddr, caddr, raddr, t.basic(), tg.seg(), tg.off());
        ep.issued(trank);
        RmaTrace.op(r, w, call, trank, tdisp, t.size(), null);
    }
}
