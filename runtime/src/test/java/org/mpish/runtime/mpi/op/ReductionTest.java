package org.mpish.runtime.mpi.op;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.mpi.datatype.BasicType;
import org.mpish.runtime.mpi.rma.AtomicElements;

/** The element engine on its own: combine per op and type, op validity per type group (R22, R23, R27). */
class ReductionTest {
    static long c(Op op, BasicType b, long t, long o) { return Reduction.combine(op.op(), b, t, o); }

    @Test
    void integerOpsWrapAtTheTypesWidth() {
        assertEquals(-128, c(Op.SUM, BasicType.INT8_T, 127, 1));
        assertEquals(0, c(Op.SUM, BasicType.UINT8_T, 255, 1));
        assertEquals(Integer.MIN_VALUE, c(Op.SUM, BasicType.INT, Integer.MAX_VALUE, 1));
        assertEquals(0xFFFFFFFEL, c(Op.PROD, BasicType.UNSIGNED, 0x7FFFFFFFL, 2));
        assertEquals(-1, c(Op.MIN, BasicType.LONG, -1, 3));
        assertEquals(-1L, c(Op.MAX, BasicType.UINT64_T, -1L, 3), "2^64-1 is the larger unsigned value");
        assertEquals(1, c(Op.LXOR, BasicType.INT, 5, 0));
        assertEquals(0, c(Op.LXOR, BasicType.INT, 5, 9));
        assertEquals(1, c(Op.LOR, BasicType.C_BOOL, 0, 1));
        assertEquals(0x0F, c(Op.BAND, BasicType.BYTE, 0xFF, 0x0F));
        assertEquals(9, c(Op.REPLACE, BasicType.CHAR, 1, 9));
        assertEquals(1, c(Op.NO_OP, BasicType.CHAR, 1, 9));
    }

    @Test
    void floatingPointOpsWorkOnRawBits() {
        long f = Float.floatToRawIntBits(1.5f) & 0xffffffffL, g = Float.floatToRawIntBits(2.5f) & 0xffffffffL;
        assertEquals(4.0f, Float.intBitsToFloat((int) c(Op.SUM, BasicType.FLOAT, f, g)));
        assertEquals(2.5f, Float.intBitsToFloat((int) c(Op.MAX, BasicType.FLOAT, f, g)));
        long d = Double.doubleToRawLongBits(-3.0), e = Double.doubleToRawLongBits(0.5);
        assertEquals(-1.5, Double.longBitsToDouble(c(Op.PROD, BasicType.DOUBLE, d, e)));
        assertEquals(-3.0, Double.longBitsToDouble(c(Op.MIN, BasicType.DOUBLE, d, e)));
    }

    @Test
    void locPairsTakeTheExtremeValueAndOnTiesTheSmallerIndex() {
        assertArrayEquals(new long[] {5, 2}, Reduction.loc(Op.Kind.MAXLOC, BasicType.INT, 5, 7, 5, 2));
        assertArrayEquals(new long[] {9, 4}, Reduction.loc(Op.Kind.MAXLOC, BasicType.INT, 5, 7, 9, 4));
        assertArrayEquals(new long[] {5, 7}, Reduction.loc(Op.Kind.MINLOC, BasicType.INT, 5, 7, 9, 4));
    }

    @Test
    void opValidityFollowsTheTypeGroups() {
        assertTrue(Op.SUM.validFor(BasicType.DOUBLE));
        assertFalse(Op.SUM.validFor(BasicType.CHAR));
        assertFalse(Op.SUM.validFor(BasicType.C_BOOL));
        assertTrue(Op.LAND.validFor(BasicType.C_BOOL));
        assertFalse(Op.LAND.validFor(BasicType.DOUBLE));
        assertTrue(Op.BXOR.validFor(BasicType.BYTE));
        assertFalse(Op.BXOR.validFor(BasicType.PACKED));
        assertFalse(Op.MAX.validFor(BasicType.BYTE));
        assertFalse(Op.MAXLOC.validFor(BasicType.INT));
        assertTrue(Op.REPLACE.validFor(BasicType.WCHAR));
    }

    @Test
    void atomicPathsAgreeWithTheLockedPath() { // aligned VarHandle ops and striped locks compute the same thing
        MemorySegment s = Arena.ofAuto().allocate(64, 16);
        for (Op op : new Op[] {Op.SUM, Op.PROD, Op.MAX, Op.MIN, Op.BAND, Op.BOR, Op.BXOR, Op.LAND, Op.LOR, Op.LXOR, Op.REPLACE, Op.NO_OP}) {
            Reduction.store(s, 0, BasicType.INT, -6);
            Reduction.store(s, 5, BasicType.INT, -6);
            long a = AtomicElements.apply(op.op(), BasicType.INT, s, 0, 11);
            long b = AtomicElements.apply(op.op(), BasicType.INT, s, 5, 11);
            assertEquals(a, b);
            assertEquals(Reduction.load(s, 0, BasicType.INT), Reduction.load(s, 5, BasicType.INT), op.name());
            assertEquals(c(op, BasicType.INT, -6, 11), Reduction.load(s, 0, BasicType.INT), op.name());
        }
        Reduction.store(s, 8, BasicType.UNSIGNED, 0xFFFFFFFFL);
        assertEquals(0xFFFFFFFFL, AtomicElements.compareAndSwap(BasicType.UNSIGNED, s, 8, 0xFFFFFFFFL, 3));
        assertEquals(3, Reduction.load(s, 8, BasicType.UNSIGNED));
    }
}
