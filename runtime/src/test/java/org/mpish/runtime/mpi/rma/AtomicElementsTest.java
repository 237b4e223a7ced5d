package org.mpish.runtime.mpi.rma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.mpi.datatype.BasicType;
import org.mpish.runtime.mpi.datatype.ElemType;
import org.mpish.runtime.mpi.op.Op;

/**
 * One window element's read-modify-write, on each of its paths: the hardware's atomics for aligned 4- and 8-byte
 * elements, the lock stripes for 1- and 2-byte and unaligned elements, and pairs. Expected values are the
 * predefined operations' definitions (MPI-4.1 section 6.9.2, R24: target = target op origin; Fetch_and_op and
 * Get_accumulate return the old value, R26; Compare_and_swap replaces only on equality, R27), worked out by hand.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AtomicElementsTest {
    /** Offsets that put an element of each size on an aligned (fast) or an unaligned (locked) address. */
    private record Place(String name, BasicType type, long off) {}

    private static final List<Place> PLACES = List.of(
            new Place("aligned int", BasicType.INT, 8), new Place("unaligned int", BasicType.INT, 9),
            new Place("aligned long", BasicType.LONG, 16), new Place("unaligned long", BasicType.LONG, 20),
            new Place("short", BasicType.SHORT, 2), new Place("signed char", BasicType.SIGNED_CHAR, 1));

    private static MemorySegment segment(Arena a) {
        return a.allocate(64, 8);
    }

    private static void put(MemorySegment s, Place p, long v) {
        switch (p.type.size()) {
            case 1 -> s.set(ValueLayout.JAVA_BYTE, p.off, (byte) v);
            case 2 -> s.set(ValueLayout.JAVA_SHORT_UNALIGNED, p.off, (short) v);
            case 4 -> s.set(ValueLayout.JAVA_INT_UNALIGNED, p.off, (int) v);
            default -> s.set(ValueLayout.JAVA_LONG_UNALIGNED, p.off, v);
        }
    }

    private static long get(MemorySegment s, Place p) {
        return switch (p.type.size()) {
            case 1 -> s.get(ValueLayout.JAVA_BYTE, p.off);
            case 2 -> s.get(ValueLayout.JAVA_SHORT_UNALIGNED, p.off);
            case 4 -> s.get(ValueLayout.JAVA_INT_UNALIGNED, p.off);
            default -> s.get(ValueLayout.JAVA_LONG_UNALIGNED, p.off);
        };
    }

    /** target 12 (0b1100), operand 10 (0b1010): each integer op's new target, by its definition. */
    @Test
    void everyIntegerOpOnEveryPathGivesItsDefinitionAndReturnsTheOldValue_R24_R26() {
        Object[][] cases = {
            {Op.Kind.SUM, 22L}, {Op.Kind.PROD, 120L}, {Op.Kind.MAX, 12L}, {Op.Kind.MIN, 10L},
            {Op.Kind.LAND, 1L}, {Op.Kind.LOR, 1L}, {Op.Kind.LXOR, 0L},
            {Op.Kind.BAND, 8L}, {Op.Kind.BOR, 14L}, {Op.Kind.BXOR, 6L},
            {Op.Kind.REPLACE, 10L}, {Op.Kind.NO_OP, 12L},
        };
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = segment(a);
            for (Place p : PLACES) {
                for (Object[] c : cases) {
                    Op.Kind k = (Op.Kind) c[0];
                    s.fill((byte) 0x55);
                    put(s, p, 12);
                    long old = AtomicElements.apply(k, p.type, s, p.off, 10);
                    assertEquals(12, old, p.name + " " + k + ": the old value");
                    assertEquals((long) c[1], get(s, p), p.name + " " + k + ": the new value");
                    // the bytes beside the element are not touched
                    assertEquals((byte) 0x55, s.get(ValueLayout.JAVA_BYTE, p.off - 1), p.name + " " + k);
                    assertEquals((byte) 0x55, s.get(ValueLayout.JAVA_BYTE, p.off + p.type.size()), p.name + " " + k);
                }
            }
        }
    }

    /** A negative target comes back sign-extended for signed types, zero-extended for unsigned ones. */
    @Test
    void theOldValueIsSignExtendedOnlyForSignedTypes() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = segment(a);
            for (Op.Kind k : new Op.Kind[] {Op.Kind.SUM, Op.Kind.BAND, Op.Kind.BOR, Op.Kind.BXOR, Op.Kind.REPLACE,
                    Op.Kind.NO_OP, Op.Kind.PROD, Op.Kind.MAX}) {
                for (long off : new long[] {8, 9}) { // aligned (hardware) and unaligned (locked)
                    s.set(ValueLayout.JAVA_INT_UNALIGNED, off, -2);
                    assertEquals(-2L, AtomicElements.apply(k, BasicType.INT, s, off, 0), k + " int at " + off);
                    s.set(ValueLayout.JAVA_INT_UNALIGNED, off, -2);
                    assertEquals(0xFFFF_FFFEL, AtomicElements.apply(k, BasicType.UNSIGNED, s, off, 0),
                            k + " unsigned at " + off);
                }
            }
        }
    }

    /** MAX and MIN compare unsigned types as unsigned: 0xFFFFFFFF is the largest unsigned int. */
    @Test
    void maxAndMinOfUnsignedElements() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = segment(a);
            for (long off : new long[] {8, 9}) {
                s.set(ValueLayout.JAVA_INT_UNALIGNED, off, -1);
                AtomicElements.apply(Op.Kind.MAX, BasicType.UNSIGNED, s, off, 1);
                assertEquals(-1, s.get(ValueLayout.JAVA_INT_UNALIGNED, off), "unsigned max at " + off);
                AtomicElements.apply(Op.Kind.MIN, BasicType.UNSIGNED, s, off, 1);
                assertEquals(1, s.get(ValueLayout.JAVA_INT_UNALIGNED, off), "unsigned min at " + off);
                s.set(ValueLayout.JAVA_INT_UNALIGNED, off, -1);
                AtomicElements.apply(Op.Kind.MAX, BasicType.INT, s, off, 1);
                assertEquals(1, s.get(ValueLayout.JAVA_INT_UNALIGNED, off), "signed max at " + off);
            }
        }
    }

    /** Floating-point elements: the arithmetic ops on the value, not on its bits. */
    @Test
    void floatAndDoubleElementsCombineAsNumbers() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = segment(a);
            for (long off : new long[] {8, 9}) {
                s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, off, 1.5f);
                long old = AtomicElements.apply(Op.Kind.SUM, BasicType.FLOAT, s, off,
                        Float.floatToRawIntBits(2.25f) & 0xFFFF_FFFFL);
                assertEquals(1.5f, Float.intBitsToFloat((int) old), "float old at " + off);
                assertEquals(3.75f, s.get(ValueLayout.JAVA_FLOAT_UNALIGNED, off), "float sum at " + off);
                AtomicElements.apply(Op.Kind.PROD, BasicType.FLOAT, s, off, Float.floatToRawIntBits(-2f) & 0xFFFF_FFFFL);
                assertEquals(-7.5f, s.get(ValueLayout.JAVA_FLOAT_UNALIGNED, off), "float prod at " + off);
            }
            for (long off : new long[] {16, 20}) {
                s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, off, 0.5);
                long old = AtomicElements.apply(Op.Kind.SUM, BasicType.DOUBLE, s, off, Double.doubleToRawLongBits(0.25));
                assertEquals(0.5, Double.longBitsToDouble(old), "double old at " + off);
                assertEquals(0.75, s.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, off), "double sum at " + off);
                AtomicElements.apply(Op.Kind.MIN, BasicType.DOUBLE, s, off, Double.doubleToRawLongBits(-3.0));
                assertEquals(-3.0, s.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, off), "double min at " + off);
                AtomicElements.apply(Op.Kind.REPLACE, BasicType.DOUBLE, s, off, Double.doubleToRawLongBits(9.0));
                assertEquals(9.0, s.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, off), "double replace at " + off);
            }
        }
    }

    /** R27: the element is replaced only when it equals the compare value; the old value comes back either way. */
    @Test
    void compareAndSwapReplacesOnlyOnEquality_R27() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = segment(a);
            for (Place p : PLACES) {
                s.fill((byte) 0x55);
                put(s, p, -3);
                assertEquals(-3, AtomicElements.compareAndSwap(p.type, s, p.off, 4, 7), p.name + ": no match");
                assertEquals(-3, get(s, p), p.name + ": unchanged without a match");
                assertEquals(-3, AtomicElements.compareAndSwap(p.type, s, p.off, -3, 7), p.name + ": a match");
                assertEquals(7, get(s, p), p.name + ": replaced on a match");
                assertEquals((byte) 0x55, s.get(ValueLayout.JAVA_BYTE, p.off + p.type.size()), p.name);
            }
            // an unsigned element holding all ones matches the compare value -1 given as the raw bits
            for (long off : new long[] {8, 9}) {
                s.set(ValueLayout.JAVA_INT_UNALIGNED, off, -1);
                assertEquals(0xFFFF_FFFFL, AtomicElements.compareAndSwap(BasicType.UNSIGNED, s, off, -1, 5),
                        "unsigned at " + off);
                assertEquals(5, s.get(ValueLayout.JAVA_INT_UNALIGNED, off), "unsigned at " + off);
            }
        }
    }

    /** MAXLOC/MINLOC (section 6.9.4): the larger/smaller value wins; on a tie the smaller index. */
    @Test
    void pairsCombineValueAndIndex() {
        ElemType twoInt = new ElemType(null, "MPI_2INT", BasicType.INT, 4, 8);
        ElemType doubleInt = new ElemType(null, "MPI_DOUBLE_INT", BasicType.DOUBLE, 8, 16);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = segment(a);
            Object[][] cases = { // op, target (value, index), operand, expected new target
                {Op.Kind.MAXLOC, 5, 3, 9, 7, 9, 7}, {Op.Kind.MAXLOC, 5, 3, 2, 1, 5, 3}, {Op.Kind.MAXLOC, 5, 3, 5, 1, 5, 1},
                {Op.Kind.MINLOC, 5, 3, 2, 8, 2, 8}, {Op.Kind.MINLOC, 5, 3, 9, 1, 5, 3}, {Op.Kind.MINLOC, 5, 3, 5, 4, 5, 3},
                {Op.Kind.REPLACE, 5, 3, 9, 1, 9, 1}, {Op.Kind.NO_OP, 5, 3, 9, 1, 5, 3},
            };
            for (Object[] c : cases) {
                Op.Kind k = (Op.Kind) c[0];
                s.set(ValueLayout.JAVA_INT_UNALIGNED, 8, (int) c[1]);
                s.set(ValueLayout.JAVA_INT_UNALIGNED, 12, (int) c[2]);
                long[] old = AtomicElements.applyPair(k, twoInt, s, 8, (int) c[3], (int) c[4]);
                assertArrayEquals(new long[] {(int) c[1], (int) c[2]}, old, "2int " + k + " old");
                assertEquals((int) c[5], s.get(ValueLayout.JAVA_INT_UNALIGNED, 8), "2int " + k + " value");
                assertEquals((int) c[6], s.get(ValueLayout.JAVA_INT_UNALIGNED, 12), "2int " + k + " index");

                s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, 16, (int) c[1] + 0.5);
                s.set(ValueLayout.JAVA_INT_UNALIGNED, 24, (int) c[2]);
                AtomicElements.applyPair(k, doubleInt, s, 16, Double.doubleToRawLongBits((int) c[3] + 0.5), (int) c[4]);
                assertEquals((int) c[5] + 0.5, s.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, 16), "double_int " + k + " value");
                assertEquals((int) c[6], s.get(ValueLayout.JAVA_INT_UNALIGNED, 24), "double_int " + k + " index");
            }
        }
    }

    /** R50: concurrent updates of one element are atomic on both paths, so no increment is lost. */
    @Test
    void concurrentSumsLoseNothingOnEitherPath_R50() throws Exception {
        try (Arena a = Arena.ofShared()) {
            MemorySegment s = a.allocate(64, 8);
            int threads = 4, each = 20_000;
            List<Thread> ts = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                ts.add(Thread.ofPlatform().start(() -> {
                    for (int j = 0; j < each; j++) {
                        AtomicElements.apply(Op.Kind.SUM, BasicType.INT, s, 8, 1);       // hardware
                        AtomicElements.apply(Op.Kind.SUM, BasicType.INT, s, 17, 1);      // unaligned: locked
                        AtomicElements.apply(Op.Kind.SUM, BasicType.SHORT, s, 22, 1);    // 2 bytes: locked
                        AtomicElements.apply(Op.Kind.SUM, BasicType.DOUBLE, s, 32,       // CAS loop
                                Double.doubleToRawLongBits(1.0));
                        AtomicElements.apply(Op.Kind.SUM, BasicType.FLOAT, s, 40,        // CAS loop, 4 bytes
                                Float.floatToRawIntBits(1f) & 0xFFFF_FFFFL);
                    }
                }));
            }
            for (Thread t : ts) t.join();
            int n = threads * each;
            assertEquals(n, s.get(ValueLayout.JAVA_INT_UNALIGNED, 8));
            assertEquals(n, s.get(ValueLayout.JAVA_INT_UNALIGNED, 17));
            assertEquals((short) n, s.get(ValueLayout.JAVA_SHORT_UNALIGNED, 22));
            assertEquals(n, s.get(ValueLayout.JAVA_DOUBLE, 32));
            assertEquals(n, s.get(ValueLayout.JAVA_FLOAT, 40));
        }
    }
}
