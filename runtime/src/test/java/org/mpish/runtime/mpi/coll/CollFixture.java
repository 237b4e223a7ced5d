package org.mpish.runtime.mpi.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.ValueLayout;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/** Raw typed memory for the collective tests (independent of the runtime's own typed access) and call helpers. */
final class CollFixture {
    private CollFixture() {}

    static long alloc(Rank r, long bytes) { return r.memory().alloc(Math.max(bytes, 8)); }

    static long ints(Rank r, int... v) {
        long a = alloc(r, 4L * v.length);
        for (int i = 0; i < v.length; i++) r.memory().writeInt(a + 4L * i, v[i]);
        return a;
    }

    static int[] readInts(Rank r, long a, int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) out[i] = r.memory().readInt(a + 4L * i);
        return out;
    }

    static long longs(Rank r, long... v) {
        long a = alloc(r, 8L * v.length);
        for (int i = 0; i < v.length; i++) r.memory().writeLong(a + 8L * i, v[i]);
        return a;
    }

    static long[] readLongs(Rank r, long a, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) out[i] = r.memory().readLong(a + 8L * i);
        return out;
    }

    static long doubles(Rank r, double... v) {
        long a = alloc(r, 8L * v.length);
        for (int i = 0; i < v.length; i++) r.memory().writeLong(a + 8L * i, Double.doubleToRawLongBits(v[i]));
        return a;
    }

    static double[] readDoubles(Rank r, long a, int n) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) out[i] = Double.longBitsToDouble(r.memory().readLong(a + 8L * i));
        return out;
    }

    /** Writes {@code size} bytes of the low end of {@code bits} (little-endian, as the runtime's memory is). */
    static void put(Memory m, long addr, int size, long bits) {
        switch (size) {
            case 1 -> m.segment(addr, 1).set(ValueLayout.JAVA_BYTE, 0, (byte) bits);
            case 2 -> m.segment(addr, 2).set(ValueLayout.JAVA_SHORT_UNALIGNED, 0, (short) bits);
            case 4 -> m.writeInt(addr, (int) bits);
            default -> m.writeLong(addr, bits);
        }
    }

    static long get(Memory m, long addr, int size) {
        return switch (size) {
            case 1 -> m.segment(addr, 1).get(ValueLayout.JAVA_BYTE, 0);
            case 2 -> m.segment(addr, 2).get(ValueLayout.JAVA_SHORT_UNALIGNED, 0);
            case 4 -> m.readInt(addr);
            default -> m.readLong(addr);
        };
    }

    static Object[] call(Rank r, String name, Object... args) { return TestJob.call(r, name, args); }

    /** Calls {@code call} and asserts it fails with {@code errorClass}; returns the exception. */
    static MpiException fails(int errorClass, Rank r, String call, Object... args) {
        MpiException e = assertThrows(MpiException.class, () -> TestJob.call(r, call, args), call + " should fail");
        assertEquals(ErrorClass.name(errorClass), ErrorClass.name(e.errorClass()), e.getMessage());
        return e;
    }
}
