package org.mpish.runtime.mpi.rma;

import java.util.List;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.mpish.runtime.mpi.datatype.BasicType;
import org.mpish.runtime.mpi.datatype.ElemType;
import org.mpish.runtime.mpi.op.Op;
import org.mpish.runtime.mpi.op.Reduction;

/**
 * Read-modify-write of one window element, atomic with respect to every other accumulate-family operation on
 * the same element from any rank (R50, R51). Naturally aligned 4- and 8-byte elements use the hardware's
 * atomic instructions (VarHandle getAndAdd / getAndBitwise* / compareAndExchange on the memory segment);
 * other elements (1 and 2 bytes, unaligned, pairs) take one of 1024 lock stripes chosen by the element's
 * address. Which path an element takes depends only on its type and address, so every rank agrees.
 */
public final class AtomicElements {
    private AtomicElements() {}

    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final int STRIPES = 1024;
    /** Lock objects only (nothing is stored in them): a stripe serialises updates of the elements mapped to it. */
    private static final List<Object> LOCKS = java.util.stream.Stream.generate(Object::new).limit(STRIPES).toList();

    private static Object stripe(MemorySegment s, long off) {
        long a = s.address() + off;
        return LOCKS.get((int) ((a ^ (a >>> 10)) >>> 3) & (STRIPES - 1));
    }

    private static boolean aligned(MemorySegment s, long off, int size) {
        return (size == 4 || size == 8) && ((s.address() + off) & (size - 1)) == 0;
    }

    /** Applies {@code target = target op operand} to the element at {@code off}; returns the old bits. */
    public static long apply(Op.Kind k, BasicType b, MemorySegment s, long off, long operand) {
        int size = b.size();
        if (aligned(s, off, size)) return size == 8 ? apply8(k, b, s, off, operand) : apply4(k, b, s, off, operand);
        return applyLocked(k, b, s, off, operand);
    }

    private static long applyLocked(Op.Kind k, BasicType b, MemorySegment s, long off, long operand) {
        synchronized (stripe(s, off)) {
            long old = Reduction.load(s, off, b);
            long nw = Reduction.combine(k, b, old, operand);
            if (nw != old) Reduction.store(s, off, b, nw);
            return old;
        }
    }

    private static long apply8(Op.Kind k, BasicType b, MemorySegment s, long off, long operand) {
        if (k == Op.Kind.SUM && b.isInteger()) return (long) LONG.getAndAdd(s, off, operand); // the hot case
        boolean integer = b.isInteger();
        switch (k) {
            case NO_OP: return (long) LONG.getVolatile(s, off);
            case REPLACE: return (long) LONG.getAndSet(s, off, operand);
            case SUM: if (integer) return (long) LONG.getAndAdd(s, off, operand); break;
            case BAND: if (integer) return (long) LONG.getAndBitwiseAnd(s, off, operand); break;
            case BOR: if (integer) return (long) LONG.getAndBitwiseOr(s, off, operand); break;
            case BXOR: if (integer) return (long) LONG.getAndBitwiseXor(s, off, operand); break;
            default: break;
        }
        return apply8Cas(k, b, s, off, operand);
    }

    private static long apply8Cas(Op.Kind k, BasicType b, MemorySegment s, long off, long operand) {
        long old = (long) LONG.getVolatile(s, off);
        while (true) {
            long nw = Reduction.combine(k, b, old, operand);
            if (nw == old) return old;
            long seen = (long) LONG.compareAndExchange(s, off, old, nw);
            if (seen == old) return old;
            old = seen;
        }
    }

    private static long apply4(Op.Kind k, BasicType b, MemorySegment s, long off, long operand) {
        boolean integer = b.isInteger();
        int o = (int) operand;
        switch (k) {
            case NO_OP: return Reduction.canonical(b, (int) INT.getVolatile(s, off));
            case REPLACE: return Reduction.canonical(b, (int) INT.getAndSet(s, off, o));
            case SUM: if (integer) return Reduction.canonical(b, (int) INT.getAndAdd(s, off, o)); break;
            case BAND: if (integer) return Reduction.canonical(b, (int) INT.getAndBitwiseAnd(s, off, o)); break;
            case BOR: if (integer) return Reduction.canonical(b, (int) INT.getAndBitwiseOr(s, off, o)); break;
            case BXOR: if (integer) return Reduction.canonical(b, (int) INT.getAndBitwiseXor(s, off, o)); break;
            default: break;
        }
        int old = (int) INT.getVolatile(s, off);
        while (true) {
            long oldBits = Reduction.canonical(b, old);
            long nw = Reduction.combine(k, b, oldBits, operand);
            if (nw == oldBits) return oldBits;
            int seen = (int) INT.compareAndExchange(s, off, old, (int) nw);
            if (seen == old) return oldBits;
            old = seen;
        }
    }

    /** Replaces the element by {@code value} if it equals {@code compare}; returns the old bits either way. */
    public static long compareAndSwap(BasicType b, MemorySegment s, long off, long compare, long value) {
        int size = b.size();
        if (aligned(s, off, size)) {
            if (size == 8) return (long) LONG.compareAndExchange(s, off, compare, value);
            return Reduction.canonical(b, (int) INT.compareAndExchange(s, off, (int) compare, (int) value));
        }
        return compareAndSwapLocked(b, s, off, compare, value);
    }

    private static long compareAndSwapLocked(BasicType b, MemorySegment s, long off, long compare, long value) {
        synchronized (stripe(s, off)) {
            long old = Reduction.load(s, off, b);
            if (old == Reduction.canonical(b, compare)) Reduction.store(s, off, b, value);
            return old;
        }
    }

    /**
     * Applies {@code op} to the (value, index) pair at {@code off} with operand ({@code ov}, {@code oi}); returns
     * the old {value, index}. Pairs always take the lock stripe of their first byte.
     */
    public static long[] applyPair(Op.Kind k, ElemType e, MemorySegment s, long off, long ov, long oi) {
        synchronized (stripe(s, off)) {
            long tv = Reduction.load(s, off, e.pairValue());
            long ti = Reduction.load(s, off + e.indexOffset(), BasicType.INT);
            long[] nw = switch (k) {
                case NO_OP -> null;
                case REPLACE -> new long[] {ov, oi};
                default -> Reduction.loc(k, e.pairValue(), tv, ti, ov, oi);
            };
            if (nw != null) {
                Reduction.store(s, off, e.pairValue(), nw[0]);
                Reduction.store(s, off + e.indexOffset(), BasicType.INT, nw[1]);
            }
            return new long[] {tv, ti};
        }
    }
}
