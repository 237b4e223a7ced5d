package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_OP;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.datatype.BasicType;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.ElemType;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.op.Op;
import org.mpish.runtime.mpi.op.Reduction;

/**
 * The reduction engine of the collectives and MPI_Reduce_local. Predefined ops work on packed data (the
 * elements of a datatype back to back, as {@link Datatype#pack} makes them) with the element arithmetic of
 * {@link Reduction}, which the one-sided accumulate calls share. A user-defined op runs its function on
 * copies laid out by the datatype in the calling rank's memory, as a C user function would see them.
 * {@link Fold} combines contributions strictly left to right in rank order, so a non-commutative op (and
 * floating-point rounding) gives the same result on every rank and in every run (MPI-4.1 6.9.1, 6.9.5).
 */
final class Reductions {
    private Reductions() {}

    /**
     * Checks that {@code op} may reduce {@code t} (MPI-4.1 6.9.2 for the predefined ops, 6.9.4 for MINLOC and
     * MAXLOC) and returns the element type it works on; null for a user-defined op, which takes any datatype.
     */
    public static ElemType check(Op op, Datatype t) {
        if (op.isUser()) return null;
        if (!op.isReduction()) {
            throw new MpiException(MPI_ERR_OP, "op: " + op.name() + " exists only for one-sided accumulate calls, not for reductions");
        }
        ElemType e = ElemType.of(t);
        if (e == null) {
            throw new MpiException(MPI_ERR_OP, "op: " + op.name() + " cannot reduce datatype " + t.name() + (t.isPair()
                    ? ", which is derived from a pair type (MINLOC and MAXLOC take the predefined pair types themselves)"
                    : ", which mixes basic types (a predefined op needs elements of one basic type)"));
        }
        if (!e.accepts(op)) {
            throw new MpiException(MPI_ERR_OP, "op: " + op.name() + " does not apply to " + e.cName() + " (it takes " + op.accepts() + ")");
        }
        return e;
    }

    /** {@code out[i] = left[i] op right[i]} for {@code bytes} of packed elements of {@code e}; out may alias either input. */
    public static void fold(Op.Kind k, ElemType e, MemorySegment left, MemorySegment right, MemorySegment out, long bytes) {
        if (e.isPair()) {
            foldPairs(k, e, left, right, out, bytes);
            return;
        }
        BasicType b = e.basic();
        if (b == BasicType.DOUBLE && foldDoubles(k, left, right, out, bytes)) return;
        if ((b.isInteger() || b == BasicType.BYTE) && foldIntegers(k, b.size(), left, right, out, bytes)) return;
        int sz = b.size();
        for (long off = 0; off + sz <= bytes; off += sz) {
            Reduction.store(out, off, b, Reduction.combine(k, b, Reduction.load(left, off, b), Reduction.load(right, off, b)));
        }
    }

    private static final ValueLayout.OfDouble D = ValueLayout.JAVA_DOUBLE_UNALIGNED;

    /** The common case of MPI_DOUBLE without going through the bits of {@link Reduction}; false for the other ops. */
    private static boolean foldDoubles(Op.Kind k, MemorySegment l, MemorySegment r, MemorySegment o, long bytes) {
        long end = bytes & ~7L;
        switch (k) {
            case SUM -> { for (long off = 0; off < end; off += 8) o.set(D, off, l.get(D, off) + r.get(D, off)); }
            case PROD -> { for (long off = 0; off < end; off += 8) o.set(D, off, l.get(D, off) * r.get(D, off)); }
            default -> { return false; }
        }
        return true;
    }

    /** Packed doubles in a byte array, in the order {@link #D} reads them from a segment. */
    private static final java.lang.invoke.VarHandle DA = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(double[].class,
            java.nio.ByteOrder.nativeOrder());

    /**
     * {@link #foldDoubles} on packed arrays: {@code acc[i] = acc[i] op in[i]} for SUM and PROD of MPI_DOUBLE, false
     * otherwise. A heap array needs none of the segment checks that cost a small reduction more than its arithmetic.
     */
    static boolean foldDoubles(Op.Kind k, ElemType e, byte[] acc, byte[] in) {
        if (e.isPair() || e.basic() != BasicType.DOUBLE || in.length < acc.length) return false;
        int end = acc.length & ~7;
        switch (k) {
            case SUM -> { for (int off = 0; off < end; off += 8) DA.set(acc, off, (double) DA.get(acc, off) + (double) DA.get(in, off)); }
            case PROD -> { for (int off = 0; off < end; off += 8) DA.set(acc, off, (double) DA.get(acc, off) * (double) DA.get(in, off)); }
            default -> { return false; }
        }
        return true;
    }

    private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG_UNALIGNED;

    /**
     * Integers without going element by element through {@link Reduction}: the bitwise ops eight bytes at a time
     * (whatever the element's width, the bits are the same), sums at the element's width, wrapping as the C types
     * do (signed or not, the low bits agree); false for the other ops.
     */
    private static boolean foldIntegers(Op.Kind k, int size, MemorySegment l, MemorySegment r, MemorySegment o, long bytes) {
        long end = bytes / size * size, words = end & ~7L;
        switch (k) {
            case BAND -> { for (long off = 0; off < words; off += 8) o.set(L, off, l.get(L, off) & r.get(L, off)); }
            case BOR -> { for (long off = 0; off < words; off += 8) o.set(L, off, l.get(L, off) | r.get(L, off)); }
            case BXOR -> { for (long off = 0; off < words; off += 8) o.set(L, off, l.get(L, off) ^ r.get(L, off)); }
            case SUM -> {
                sum(size, l, r, o, end);
                return true;
            }
            default -> { return false; }
        }
        for (long off = words; off < end; off++) { // a tail shorter than a word: bytes of 1-, 2- or 4-byte elements
            byte x = l.get(ValueLayout.JAVA_BYTE, off), y = r.get(ValueLayout.JAVA_BYTE, off);
            o.set(ValueLayout.JAVA_BYTE, off, (byte) (k == Op.Kind.BAND ? x & y : k == Op.Kind.BOR ? x | y : x ^ y));
        }
        return true;
    }

    private static void sum(int size, MemorySegment l, MemorySegment r, MemorySegment o, long end) {
        switch (size) {
            case 1 -> {
                ValueLayout.OfByte t = ValueLayout.JAVA_BYTE;
                for (long off = 0; off < end; off++) o.set(t, off, (byte) (l.get(t, off) + r.get(t, off)));
            }
            case 2 -> {
                ValueLayout.OfShort t = ValueLayout.JAVA_SHORT_UNALIGNED;
                for (long off = 0; off < end; off += 2) o.set(t, off, (short) (l.get(t, off) + r.get(t, off)));
            }
            case 4 -> {
                ValueLayout.OfInt t = ValueLayout.JAVA_INT_UNALIGNED;
                for (long off = 0; off < end; off += 4) o.set(t, off, l.get(t, off) + r.get(t, off));
            }
            default -> { for (long off = 0; off < end; off += 8) o.set(L, off, l.get(L, off) + r.get(L, off)); }
        }
    }

    private static void foldPairs(Op.Kind k, ElemType e, MemorySegment l, MemorySegment r, MemorySegment o, long bytes) {
        BasicType v = e.pairValue();
        int stride = e.packedSize(), idx = v.size();
        for (long off = 0; off + stride <= bytes; off += stride) {
            long[] w = Reduction.loc(k, v, Reduction.load(l, off, v), l.get(ValueLayout.JAVA_INT_UNALIGNED, off + idx),
                    Reduction.load(r, off, v), r.get(ValueLayout.JAVA_INT_UNALIGNED, off + idx));
            Reduction.store(o, off, v, w[0]);
            o.set(ValueLayout.JAVA_INT_UNALIGNED, off + idx, (int) w[1]);
        }
    }

    /**
     * A left-to-right reduction of packed contributions: {@code add(v0)}, {@code add(v1)}, ... then
     * {@link #result} = ((v0 op v1) op v2) ... A user op's function runs on this rank, on two scratch buffers
     * in its memory laid out by the datatype (freed by {@link #close}): in = the result so far, inout = the next
     * contribution, which then holds the new result.
     */
    static final class Fold implements AutoCloseable {
        private final Rank rank;
        private final Op op;
        private final ElemType elem;
        private final Datatype type;
        private final int count;
        private byte[] acc;
        private long blockA, blockB, baseA, baseB;
        private boolean started;

        public Fold(Rank rank, Op op, ElemType elem, Datatype type, int count) {
            this.rank = rank;
            this.op = op;
            this.elem = elem;
            this.type = type;
            this.count = count;
        }

        public boolean started() { return started; }

        public void add(byte[] packed) {
            if (!op.isUser()) {
                if (!started) acc = packed.clone();
                else if (!foldDoubles(op.op(), elem, acc, packed)) {
                    fold(op.op(), elem, MemorySegment.ofArray(acc), MemorySegment.ofArray(packed), MemorySegment.ofArray(acc), acc.length);
                }
            } else if (count > 0 && type.size() > 0) {
                Memory mem = rank.memory();
                if (!started) {
                    long span = type.span(count), lowest = lowestOffset(type);
                    blockA = mem.alloc(span);
                    blockB = mem.alloc(span);
                    baseA = blockA - lowest;
                    baseB = blockB - lowest;
                    type.unpack(packed, 0, packed.length, mem, baseA, count);
                } else {
                    type.unpack(packed, 0, packed.length, mem, baseB, count);
                    ((UserFn) op.userFn()).apply(baseA, baseB, count, type);
                    long t = baseA; baseA = baseB; baseB = t;
                }
            } else if (!started) {
                acc = packed.clone();
            }
            started = true;
        }

        /** The reduction so far, packed. */
        public byte[] result() {
            if (op.isUser() && blockA != 0) return type.pack(rank.memory(), baseA, count);
            return acc;
        }

        @Override public void close() {
            Memory mem = rank.memory();
            if (blockA != 0) mem.free(blockA);
            if (blockB != 0) mem.free(blockB);
            blockA = blockB = 0;
        }
    }

    /** The lowest byte offset of a datatype's type map (its runs may start before 0 or after it). */
    static long lowestOffset(Datatype t) {
        long low = Long.MAX_VALUE;
        for (int i = 0; i < t.runCount(); i++) low = Math.min(low, t.runOffset(i));
        return low == Long.MAX_VALUE ? 0 : low;
    }
}
