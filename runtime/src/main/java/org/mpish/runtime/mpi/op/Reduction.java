package org.mpish.runtime.mpi.op;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.mpish.runtime.mpi.datatype.BasicType;

/**
 * The element-wise reduction engine: how one element of a basic type is read, written and combined. Values
 * travel as "bits" in a long: integers sign-extended (signed types) or zero-extended (unsigned, logical, byte,
 * char), MPI_FLOAT as its raw 32 bits, MPI_DOUBLE as its raw 64 bits. {@link #combine} computes
 * {@code target op origin} as the C operators would (MPICH's MPL_MAX / MPL_MIN for max and min), with integer
 * results wrapping at the type's width.
 */
public final class Reduction {
    private Reduction() {}

    /** Reads one element of {@code b} at {@code off} as bits. */
    public static long load(MemorySegment s, long off, BasicType b) {
        boolean signed = b.family() == BasicType.Family.INT;
        return switch (b.size()) {
            case 1 -> signed ? s.get(ValueLayout.JAVA_BYTE, off) : s.get(ValueLayout.JAVA_BYTE, off) & 0xffL;
            case 2 -> signed ? s.get(ValueLayout.JAVA_SHORT_UNALIGNED, off) : s.get(ValueLayout.JAVA_SHORT_UNALIGNED, off) & 0xffffL;
            case 4 -> signed ? s.get(ValueLayout.JAVA_INT_UNALIGNED, off) : s.get(ValueLayout.JAVA_INT_UNALIGNED, off) & 0xffffffffL;
            default -> s.get(ValueLayout.JAVA_LONG_UNALIGNED, off);
        };
    }

    /** Writes the low bytes of {@code bits} as one element of {@code b}. */
    public static void store(MemorySegment s, long off, BasicType b, long bits) {
        switch (b.size()) {
            case 1 -> s.set(ValueLayout.JAVA_BYTE, off, (byte) bits);
            case 2 -> s.set(ValueLayout.JAVA_SHORT_UNALIGNED, off, (short) bits);
            case 4 -> s.set(ValueLayout.JAVA_INT_UNALIGNED, off, (int) bits);
            default -> s.set(ValueLayout.JAVA_LONG_UNALIGNED, off, bits);
        }
    }

    /** Brings raw low bits of an element to the canonical bits {@link #load} gives (sign or zero extension). */
    public static long canonical(BasicType b, long raw) {
        boolean signed = b.family() == BasicType.Family.INT;
        return switch (b.size()) {
            case 1 -> signed ? (byte) raw : raw & 0xffL;
            case 2 -> signed ? (short) raw : raw & 0xffffL;
            case 4 -> signed ? (int) raw : raw & 0xffffffffL;
            default -> raw;
        };
    }

    /** {@code target op origin} for one element of {@code b} (the op must be valid for {@code b}). */
    public static long combine(Op.Kind k, BasicType b, long target, long origin) {
        if (k == Op.Kind.REPLACE) return origin;
        if (k == Op.Kind.NO_OP) return target;
        if (b == BasicType.FLOAT) return floatCombine(k, target, origin);
        if (b == BasicType.DOUBLE) return doubleCombine(k, target, origin);
        boolean unsigned = b.family() != BasicType.Family.INT;
        long r = switch (k) {
            case SUM -> target + origin;
            case PROD -> target * origin;
            case MAX -> (unsigned ? Long.compareUnsigned(target, origin) > 0 : target > origin) ? target : origin;
            case MIN -> (unsigned ? Long.compareUnsigned(target, origin) < 0 : target < origin) ? target : origin;
            case LAND -> (target != 0 && origin != 0) ? 1 : 0;
            case LOR -> (target != 0 || origin != 0) ? 1 : 0;
            case LXOR -> ((target != 0) != (origin != 0)) ? 1 : 0;
            case BAND -> target & origin;
            case BOR -> target | origin;
            case BXOR -> target ^ origin;
            default -> throw new IllegalArgumentException(k + " on " + b.cName());
        };
        return canonical(b, r);
    }

    private static long floatCombine(Op.Kind k, long target, long origin) {
        float t = Float.intBitsToFloat((int) target), o = Float.intBitsToFloat((int) origin);
        float r = switch (k) {
            case SUM -> t + o;
            case PROD -> t * o;
            case MAX -> t > o ? t : o;
            case MIN -> t < o ? t : o;
            default -> throw new IllegalArgumentException(k + " on MPI_FLOAT");
        };
        return Float.floatToRawIntBits(r) & 0xffffffffL;
    }

    private static long doubleCombine(Op.Kind k, long target, long origin) {
        double t = Double.longBitsToDouble(target), o = Double.longBitsToDouble(origin);
        double r = switch (k) {
            case SUM -> t + o;
            case PROD -> t * o;
            case MAX -> t > o ? t : o;
            case MIN -> t < o ? t : o;
            default -> throw new IllegalArgumentException(k + " on MPI_DOUBLE");
        };
        return Double.doubleToRawLongBits(r);
    }

    /** Compares two value bits of {@code b} as numbers: negative, zero or positive. */
    public static int compare(BasicType b, long x, long y) {
        if (b == BasicType.FLOAT) return Float.compare(Float.intBitsToFloat((int) x), Float.intBitsToFloat((int) y));
        if (b == BasicType.DOUBLE) return Double.compare(Double.longBitsToDouble(x), Double.longBitsToDouble(y));
        return b.family() == BasicType.Family.INT ? Long.compare(x, y) : Long.compareUnsigned(x, y);
    }

    /**
     * MAXLOC / MINLOC on (value, index) pairs, as MPI-4.1 6.9.4 defines them: the larger (smaller) value wins;
     * on equal values the smaller index. Returns {value, index}.
     */
    public static long[] loc(Op.Kind k, BasicType value, long tv, long ti, long ov, long oi) {
        int c = compare(value, tv, ov);
        if (k == Op.Kind.MINLOC) c = -c;
        if (c > 0) return new long[] {tv, ti};
        if (c < 0) return new long[] {ov, oi};
        return new long[] {tv, Math.min(ti, oi)};
    }
}
