package org.mpish.runtime.mpi.rma;

import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COUNT;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_DISP;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_OP;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RANK;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RMA_RANGE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TRUNCATE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TYPE;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.datatype.BasicType;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.ElemType;
import org.mpish.runtime.mpi.datatype.TypeCopy;
import org.mpish.runtime.mpi.op.Op;
import org.mpish.runtime.mpi.op.Reduction;
import org.mpish.runtime.mpi.MpiConst;

/**
 * The RMA communication calls (R17-R32): Put, Get, Accumulate, Get_accumulate, Fetch_and_op and
 * Compare_and_swap, used by the blocking and the request-based forms. In-process, an operation reaches the
 * target's memory before the call returns (a direct copy, or one atomic update per element); MPI-level
 * completion is still counted per target until the synchronization call that completes it.
 *
 * <p>Order of checks: counts and datatypes, the target rank, then MPI_PROC_NULL returns at once (R31, as MPICH
 * and Open MPI do, so it works outside an epoch), then the epoch (R33; zero-size operations still need one,
 * R32), the displacement (R18), type signatures and truncation (R19, R23), and the target bounds (R20).
 */
final class Rma {
    private Rma() {}

    /** Where a target buffer starts: a segment of target memory and the buffer's offset in it. */
    record Target(MemorySegment seg, long off) {}

    // ---- checks ----------------------------------------------------------------------------------

    // The checks are split so that the hot paths stay small enough to inline: the messages are built in cold methods.

    static void count(long c, String name) {
        if (c < 0) throw badCount(c, name);
    }

    private static MpiException badCount(long c, String name) {
        return new MpiException(MPI_ERR_COUNT, name + " is " + c + "; counts cannot be negative");
    }

    static void committed(Datatype t, String name) {
        if (!t.committed()) throw notCommitted(t, name);
    }

    private static MpiException notCommitted(Datatype t, String name) {
        return new MpiException(MPI_ERR_TYPE, name + " " + t.name() + " is not committed (MPI_Type_commit)");
    }

    /** Checks the rank; returns false for MPI_PROC_NULL (nothing to do). */
    static boolean target(RmaWindow rw, Win w, int t) {
        if (t >= 0 && t < rw.n) return true;
        if (t == MpiConst.PROC_NULL) return false;
        throw badTarget(rw, w, t);
    }

    private static MpiException badTarget(RmaWindow rw, Win w, int t) {
        return new MpiException(MPI_ERR_RANK, "target_rank " + t + " is not a rank of " + w.name() + " (0 to " + (rw.n - 1) + ")");
    }

    /**
     * MPI_PROC_NULL moves nothing (R31), but its arguments are still the caller's: the origin / result buffers
     * must lie in memory and a displacement may be negative only on a dynamic window (MPICH checks arguments before
     * its early return too). The callers check their buffers, then call this.
     */
    static void procNull(Rank r, Win w, long tdisp, String call) {
        if (tdisp < 0 && w.flavor() != Win.FLAVOR_DYNAMIC) {
            throw new MpiException(MPI_ERR_DISP, "target_disp " + tdisp + " is negative (only dynamic windows take negative displacements)");
        }
        RmaTrace.procNull(r, w, call);
    }

    private static MpiException truncated(String from, long fromBytes, String to, long toBytes) {
        return new MpiException(MPI_ERR_TRUNCATE, "the " + from + " data (" + fromBytes + " bytes) does not fit the " + to
                + " buffer (" + toBytes + " bytes)");
    }

    /** Type signatures of put / get must match (R19); mixed types and MPI_PACKED are not checked. */
    static void signature(Datatype o, Datatype t) {
        BasicType x = o.basic(), y = t.basic();
        if (x == null || y == null || x == y || x == BasicType.PACKED || y == BasicType.PACKED) return;
        throw new MpiException(MPI_ERR_TYPE, "type signatures do not match: the origin holds " + x.cName()
                + " elements, the target " + y.cName());
    }

    /** Locates the target buffer and checks it lies in the window (R18, R20; dynamic windows R6, R7). */
    static Target locate(RmaWindow rw, Win w, int t, long disp, Datatype tt, long tcount) {
        RmaWindow.TargetMem tm = rw.target(t);
        long off = fastOffset(tm, disp, tt, tcount);
        if (off >= 0) return new Target(tm.seg, off);
        return locateSlow(rw, w, rw.member(t), t, disp, tt, tcount);
    }

    /**
     * The common case of {@link #locate} in few bytecodes: {@code tcount > 0} instances of a contiguous, non-empty
     * type inside a window of the other flavors. Returns the byte offset in {@code tm.seg}, or -1 for anything else
     * ({@link #locateSlow} then checks it fully and says what is wrong).
     */
    static long fastOffset(RmaWindow.TargetMem tm, long disp, Datatype tt, long tcount) {
        long ext = tt.extent();
        if (tcount <= 0 || tcount > Integer.MAX_VALUE || !tt.isContiguous() || ext <= 0 || ext > Integer.MAX_VALUE) return -1;
        return tm.offset(disp, tcount * ext);
    }

    private static Target locateSlow(RmaWindow rw, Win w, Win m, int t, long disp, Datatype tt, long tcount) {
        boolean empty = tcount == 0 || tt.size() == 0;
        if (m.flavor() == Win.FLAVOR_DYNAMIC) {
            if (empty) return new Target(MemorySegment.NULL, 0);
            long lo, hi;
            try {
                lo = Math.addExact(disp, TargetLayout.lo(tt, tcount));
                hi = Math.addExact(disp, TargetLayout.hi(tt, tcount));
            } catch (ArithmeticException e) {
                throw new MpiException(MPI_ERR_RMA_RANGE, "target address 0x" + Long.toHexString(disp) + " overflows");
            }
            RmaWindow.Region reg = rw.region(t, lo, hi);
            if (reg == null) {
                throw new MpiException(MPI_ERR_RMA_RANGE, "bytes [0x" + Long.toHexString(lo) + ", 0x" + Long.toHexString(hi)
                        + ") of rank " + t + " are not inside one region attached to dynamic window " + w.name()
                        + " (" + rw.regions(t).size() + " attached)");
            }
            return new Target(reg.segment(), disp - reg.base());
        }
        if (disp < 0) {
            throw new MpiException(MPI_ERR_DISP, "target_disp " + disp + " is negative (only dynamic windows take negative displacements)");
        }
        if (empty) return new Target(MemorySegment.NULL, 0);
        long start, lo, hi;
        try {
            start = Math.multiplyExact(disp, (long) m.dispUnit());
            lo = Math.addExact(start, TargetLayout.lo(tt, tcount));
            hi = Math.addExact(start, TargetLayout.hi(tt, tcount));
        } catch (ArithmeticException e) {
            throw new MpiException(MPI_ERR_RMA_RANGE, "target_disp " + disp + " x disp_unit " + m.dispUnit() + " overflows");
        }
        if (lo < 0 || hi > m.size()) {
            throw new MpiException(MPI_ERR_RMA_RANGE, "target_disp " + disp + " x disp_unit " + m.dispUnit()
                    + " reaches bytes [" + lo + ", " + hi + ") of rank " + t + "'s part of " + w.name() + ", which has "
                    + m.size() + " bytes");
        }
        return new Target(rw.segment(t), start);
    }

    /** The element type shared by the datatypes of an accumulate-family call (R23). */
    static ElemType elem(Datatype t, String name) {
        ElemType e = ElemType.of(t);
        if (e == null) throw notElem(t, name);
        return e;
    }

    private static MpiException notElem(Datatype t, String name) {
        return new MpiException(MPI_ERR_TYPE, name + " " + t.name() + (t.isPair()
                ? " is derived from a pair type: mpish takes MINLOC / MAXLOC pairs only as the predefined pair types"
                : " mixes basic types; accumulate-family datatypes are built from one predefined type"));
    }

    static void sameElem(ElemType a, ElemType b, String what) {
        if (!a.equals(b)) {
            throw new MpiException(MPI_ERR_TYPE, what + " are built from " + a.cName() + " and " + b.cName()
                    + "; every datatype of an accumulate-family call must be built from the same predefined type");
        }
    }

    static void opFor(Op op, ElemType e, String call) {
        if (!e.accepts(op)) throw opRefused(op, e, call);
    }

    private static MpiException opRefused(Op op, ElemType e, String call) {
        return new MpiException(MPI_ERR_OP, call + ": " + op.name() + " does not apply to " + e.cName()
                + " (it takes " + op.accepts() + ")");
    }

    /** The origin data of count instances as one contiguous segment (a view, or a packed copy). */
    static MemorySegment originData(Memory mem, long addr, long count, Datatype t) {
        long bytes = count * t.size();
        if (bytes == 0) return MemorySegment.NULL;
        if (t.isContiguous()) return mem.segment(addr, bytes);
        MemorySegment out = scratch(bytes);
        TypeCopy.copy(new TypeCopy.Side(TypeCopy.of(mem), addr, t, count), new TypeCopy.Side(TypeCopy.of(out), 0, null, bytes), bytes);
        return out;
    }

    /**
     * Room for a packed copy of {@code bytes} bytes: a Java array when one holds them, else native memory of its own
     * (freed when no longer referenced), so that a non-contiguous accumulate passes 2^31 bytes.
     */
    static MemorySegment scratch(long bytes) {
        if (bytes <= Integer.MAX_VALUE - 8) return MemorySegment.ofArray(new byte[(int) bytes]);
        for (int attempt = 0; ; attempt++) {
            try {
                return java.lang.foreign.Arena.ofAuto().allocate(bytes, 8);
            } catch (OutOfMemoryError e) { // an earlier copy goes back only after a garbage collection: ask for one, retry
                if (attempt == 5) {
                    throw new MpiException(ErrorClass.MPI_ERR_NO_MEM, "a packed copy of " + bytes + " bytes of a non-contiguous datatype:"
                            + " the system did not give that much memory");
                }
                System.gc();
                try { Thread.sleep(200L << attempt); } catch (InterruptedException ie) { Thread.currentThread().interrupt(); }
            }
        }
    }

    // ---- put and get ---------------------------------------------------------------------------

    /*
     * The hot case of put and get is one word (4 or 8 bytes) of a committed contiguous type, the same basic type on
     * both sides, inside a passive-target epoch, the target range inside its window, the origin buffer among the
     * rank's recently used blocks and no trace listening: a leaf method (no calls: see RmaAtomics) checks that and
     * moves the word, or returns false having changed nothing; then the checked path below makes every check in
     * the documented order.
     */

    private static boolean putWord(Rank r, Win w, long oaddr, long ocount, Datatype ot, int trank, long tdisp, long tcount, Datatype tt) {
        Epochs e = w.epochs;
        long obytes = ocount * ot.size();
        if (e == null || (obytes != 8 && obytes != 4) || obytes > tcount * tt.size() || !ot.committed() || !tt.committed()
                || !ot.isContiguous() || ot.basic() != tt.basic() || ot.basic() == null || !e.passiveTo(trank)) return false;
        RmaWindow.TargetMem tm = e.targetIfKnown(trank);
        if (tm == null) return false;
        long off = fastOffset(tm, tdisp, tt, tcount);
        if (off < 0 || r.job().tracing()) return false;
        Memory.Block ob = r.memory().cached(oaddr, obytes);
        if (ob == null) return false;
        long o = oaddr - ob.address();
        if (obytes == 8) tm.seg.set(ValueLayout.JAVA_LONG_UNALIGNED, off, ob.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, o));
        else tm.seg.set(ValueLayout.JAVA_INT_UNALIGNED, off, ob.segment().get(ValueLayout.JAVA_INT_UNALIGNED, o));
        e.issuedPassive(trank);
        return true;
    }

    private static boolean getWord(Rank r, Win w, long oaddr, long ocount, Datatype ot, int trank, long tdisp, long tcount, Datatype tt) {
        Epochs e = w.epochs;
        long tbytes = tcount * tt.size(), obytes = ocount * ot.size();
        if (e == null || (tbytes != 8 && tbytes != 4) || tbytes > obytes || !ot.committed() || !tt.committed()
                || !ot.isContiguous() || ot.basic() != tt.basic() || ot.basic() == null || !e.passiveTo(trank)) return false;
        RmaWindow.TargetMem tm = e.targetIfKnown(trank);
        if (tm == null) return false;
        long off = fastOffset(tm, tdisp, tt, tcount);
        if (off < 0 || r.job().tracing()) return false;
        Memory.Block ob = r.memory().cached(oaddr, obytes); // the whole origin buffer must be memory
        if (ob == null) return false;
        long o = oaddr - ob.address();
        if (tbytes == 8) ob.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, o, tm.seg.get(ValueLayout.JAVA_LONG_UNALIGNED, off));
        else ob.segment().set(ValueLayout.JAVA_INT_UNALIGNED, o, tm.seg.get(ValueLayout.JAVA_INT_UNALIGNED, off));
        e.issuedPassive(trank);
        return true;
    }

    public static void put(Rank r, Win w, long oaddr, long ocount, Datatype ot, int trank, long tdisp, long tcount,
                           Datatype tt, String call, boolean request) {
        if (putWord(r, w, oaddr, ocount, ot, trank, tdisp, tcount, tt)) return;
        count(ocount, "origin_count");
        count(tcount, "target_count");
        committed(ot, "origin_datatype");
        committed(tt, "target_datatype");
        Epochs e = Epochs.of(w);
        RmaWindow rw = e.rw;
        if (!target(rw, w, trank)) { ot.checkBuffer(r.memory(), oaddr, ocount); procNull(r, w, tdisp, call); return; }
        e.check(trank, w, call, request);
        long obytes = ocount * ot.size(), tbytes = tcount * tt.size();
        if (obytes > 0) signature(ot, tt);
        if (obytes > tbytes) throw truncated("origin", obytes, "target", tbytes);
        Target tg = locate(rw, w, trank, tdisp, tt, tcount);
        MemorySegment seg = tg.seg();
        long off = tg.off();
        if (obytes > 0) {
            if (ot.isContiguous() && tt.isContiguous()) {
                r.memory().copyOut(oaddr, seg, off, obytes); // one copy, no view made
            } else { // run by run, straight from the origin's memory into the window: any length
                ot.checkBuffer(r.memory(), oaddr, ocount);
                TypeCopy.copy(new TypeCopy.Side(TypeCopy.of(r.memory()), oaddr, ot, ocount), new TypeCopy.Side(TypeCopy.of(seg), off, tt, tcount),
                        obytes);
            }
        }
        e.issued(trank);
        RmaTrace.op(r, w, call, trank, tdisp, obytes, null);
    }

    public static void get(Rank r, Win w, long oaddr, long ocount, Datatype ot, int trank, long tdisp, long tcount,
                           Datatype tt, String call, boolean request) {
        if (getWord(r, w, oaddr, ocount, ot, trank, tdisp, tcount, tt)) return;
        count(ocount, "origin_count");
        count(tcount, "target_count");
        committed(ot, "origin_datatype");
        committed(tt, "target_datatype");
        Epochs e = Epochs.of(w);
        RmaWindow rw = e.rw;
        if (!target(rw, w, trank)) { ot.checkBuffer(r.memory(), oaddr, ocount); procNull(r, w, tdisp, call); return; }
        e.check(trank, w, call, request);
        long obytes = ocount * ot.size(), tbytes = tcount * tt.size();
        if (tbytes > 0) signature(ot, tt);
        if (tbytes > obytes) throw truncated("target", tbytes, "origin", obytes);
        Target tg = locate(rw, w, trank, tdisp, tt, tcount);
        MemorySegment seg = tg.seg();
        long off = tg.off();
        if (tbytes > 0) {
            Memory mem = r.memory();
            if (ot.isContiguous() && tt.isContiguous()) {
                // the whole origin buffer must be memory (as a receive buffer must), not only the bytes fetched
                if (obytes != tbytes) mem.segment(oaddr, obytes);
                mem.copyIn(seg, off, oaddr, tbytes);
            } else {
                ot.checkBuffer(mem, oaddr, ocount);
                TypeCopy.copy(new TypeCopy.Side(TypeCopy.of(seg), off, tt, tcount), new TypeCopy.Side(TypeCopy.of(mem), oaddr, ot, ocount),
                        tbytes);
            }
        }
        e.issued(trank);
        RmaTrace.op(r, w, call, trank, tdisp, tbytes, null);
    }

    // ---- the accumulate family -------------------------------------------------------------------

    /**
     * Accumulate (result null) and Get_accumulate (result given): applies {@code op} element by element,
     * atomically per element (R22-R24). With MPI_NO_OP the origin triple is ignored (R24).
     */
    public static void accumulate(Rank r, Win w, long oaddr, long ocount, Datatype ot, Result result, int trank,
                                  long tdisp, long tcount, Datatype tt, Op op, String call, boolean request) {
        boolean noOp = op.op() == Op.Kind.NO_OP;
        if (result == null && noOp) {
            throw new MpiException(MPI_ERR_OP, call + " does not take MPI_NO_OP (only MPI_Get_accumulate, "
                    + "MPI_Rget_accumulate and MPI_Fetch_and_op do)");
        }
        if (!noOp) {
            count(ocount, "origin_count");
            committed(ot, "origin_datatype");
        }
        count(tcount, "target_count");
        committed(tt, "target_datatype");
        if (result != null) {
            count(result.count, "result_count");
            committed(result.type, "result_datatype");
        }
        Epochs e = Epochs.of(w);
        RmaWindow rw = e.rw;
        if (!target(rw, w, trank)) {
            if (!noOp) ot.checkBuffer(r.memory(), oaddr, ocount);
            if (result != null) result.type.checkBuffer(r.memory(), result.addr, result.count);
            procNull(r, w, tdisp, call);
            return;
        }
        e.check(trank, w, call, request);
        long obytes = noOp ? 0 : ocount * ot.size();
        long tbytes = tcount * tt.size();
        long moved = noOp ? tbytes : obytes;
        ElemType te = null;
        long n = 0;
        if (moved > 0) {
            te = elem(tt, "target_datatype");
            if (!noOp) sameElem(elem(ot, "origin_datatype"), te, "origin_datatype and target_datatype");
            if (result != null) sameElem(elem(result.type, "result_datatype"), te, "result_datatype and target_datatype");
            opFor(op, te, call);
            long tElems = TargetLayout.elementCount(tt, tcount, te);
            n = noOp ? tElems : obytes / te.packedSize();
            if (n > tElems) {
                throw new MpiException(MPI_ERR_TRUNCATE, "the origin holds " + n + " " + te.cName() + " elements, the target buffer "
                        + tElems);
            }
            if (result != null && n * te.packedSize() > result.count * result.type.size()) {
                throw new MpiException(MPI_ERR_TRUNCATE, "the result buffer holds fewer than the " + n + " " + te.cName()
                        + " elements fetched");
            }
        }
        Target tg = locate(rw, w, trank, tdisp, tt, tcount);
        if (moved > 0) {
            Memory mem = r.memory();
            MemorySegment src = noOp ? MemorySegment.NULL : originData(mem, oaddr, ocount, ot);
            if (result != null) result.type.checkBuffer(mem, result.addr, result.count);
            long oldBytes = n * te.packedSize();
            // the old contents go straight into a contiguous result buffer; otherwise through one packed copy
            boolean direct = result != null && result.type.isContiguous();
            MemorySegment copy = result != null && !direct ? scratch(oldBytes) : null;
            MemorySegment old = result == null ? null : direct ? mem.segment(result.addr, oldBytes) : copy;
            apply(op.op(), te, src, old, tt, tcount, n, tg);
            if (copy != null) {
                TypeCopy.copy(new TypeCopy.Side(TypeCopy.of(copy), 0, null, oldBytes),
                        new TypeCopy.Side(TypeCopy.of(mem), result.addr, result.type, result.count), oldBytes);
            }
        }
        e.issued(trank);
        RmaTrace.op(r, w, call, trank, tdisp, moved, op);
    }

    /** Where Get_accumulate puts the old target contents. */
    record Result(long addr, long count, Datatype type) {}

    /** Applies {@code k} to the first {@code n} target elements with origin elements from {@code src}. */
    static void apply(Op.Kind k, ElemType te, MemorySegment src, MemorySegment res, Datatype tt, long tcount, long n, Target tg) {
        MemorySegment seg = tg.seg();
        int pk = te.packedSize();
        boolean noOp = k == Op.Kind.NO_OP;
        if (te.isPair()) {
            BasicType v = te.pairValue();
            TargetLayout.elements(tt, tcount, te, n, tg.off(), (i, off) -> {
                long ov = noOp ? 0 : Reduction.load(src, i * pk, v);
                long oi = noOp ? 0 : Reduction.load(src, i * pk + v.size(), BasicType.INT);
                long[] prev = AtomicElements.applyPair(k, te, seg, off, ov, oi);
                if (res != null) {
                    Reduction.store(res, i * pk, v, prev[0]);
                    Reduction.store(res, i * pk + v.size(), BasicType.INT, prev[1]);
                }
            });
            return;
        }
        BasicType b = te.basic();
        TargetLayout.elements(tt, tcount, te, n, tg.off(), (i, off) -> {
            long operand = noOp ? 0 : Reduction.load(src, i * pk, b);
            long prev = AtomicElements.apply(k, b, seg, off, operand);
            if (res != null) Reduction.store(res, i * pk, b, prev);
        });
    }
}
