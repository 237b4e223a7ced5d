package org.mpish.runtime.mpi.datatype;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.mpish.runtime.Memory;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * The "external32" data representation (MPI-4.1 section 14.5.2, used by MPI_Pack_external): every basic element
 * big-endian, IEEE floating point, with the sizes of the standard's table: MPI_LONG and MPI_UNSIGNED_LONG take
 * 4 bytes there (8 in mpish's memory: the low 4 bytes are kept, the sign of MPI_LONG restored on unpacking) and
 * MPI_WCHAR 2 (4 in memory: the low 2 bytes); every other type mpish has its own size.
 */
final class External32 {
    private External32() {}

    public static final String NAME = "external32";

    /** The size of one element of {@code b} in external32. */
    public static int size(BasicType b) {
        return switch (b) {
            case LONG, UNSIGNED_LONG -> 4;
            case WCHAR -> 2;
            default -> b.size();
        };
    }

    /** The bytes {@code count} instances of {@code t} take in external32. */
    public static long packSize(Datatype t, long count) {
        long[] per = {0};
        TypeMap.walk(t, 0, (b, d) -> { per[0] += size(b); return true; });
        return Math.multiplyExact(per[0], count);
    }

    public static void checkRep(String datarep) {
        if (datarep == null || !datarep.equals(NAME)) {
            throw new MpiException(ErrorClass.MPI_ERR_UNSUPPORTED_DATAREP, "datarep is '" + datarep + "'; MPI_Pack_external knows only \"external32\"");
        }
    }

    /**
     * The basic type of every element of {@code t} when it has one and the same size in memory and in external32
     * (not MPI_LONG, MPI_WCHAR): then each run is whole elements, turned big-endian in place of the type-map walk.
     */
    private static BasicType sameSize(Datatype t) {
        BasicType b = t.basic();
        return b != null && size(b) == b.size() ? b : null;
    }

    /** Copies {@code n} bytes of elements of {@code size} bytes, reversing the bytes of each (little- to big-endian or back). */
    private static void swapped(MemorySegment from, long fo, MemorySegment to, long to0, long n, int size) {
        switch (size) {
            case 1 -> MemorySegment.copy(from, fo, to, to0, n);
            case 2 -> { for (long k = 0; k < n; k += 2) to.set(ValueLayout.JAVA_SHORT_UNALIGNED, to0 + k, Short.reverseBytes(from.get(ValueLayout.JAVA_SHORT_UNALIGNED, fo + k))); }
            case 4 -> { for (long k = 0; k < n; k += 4) to.set(ValueLayout.JAVA_INT_UNALIGNED, to0 + k, Integer.reverseBytes(from.get(ValueLayout.JAVA_INT_UNALIGNED, fo + k))); }
            case 8 -> { for (long k = 0; k < n; k += 8) to.set(ValueLayout.JAVA_LONG_UNALIGNED, to0 + k, Long.reverseBytes(from.get(ValueLayout.JAVA_LONG_UNALIGNED, fo + k))); }
            default -> throw new IllegalStateException("no basic type has " + size + " bytes");
        }
    }

    /** Packs {@code count} instances at {@code addr} into {@code out} from {@code pos}; returns the position after them. */
    public static long pack(Memory mem, long addr, Datatype t, long count, MemorySegment out, long pos) {
        BasicType same = sameSize(t);
        if (same != null) { // run by run, as fast as a copy (MPI_Pack_external_c of gigabytes)
            for (long i = 0; i < count; i++) {
                for (int r = 0; r < t.runCount(); r++) {
                    long n = t.runLength(r);
                    swapped(mem.segment(addr + i * t.extent() + t.runOffset(r), n), 0, out, pos, n, same.size());
                    pos += n;
                }
            }
            return pos;
        }
        long[] p = {pos};
        for (long i = 0; i < count; i++) {
            TypeMap.walk(t, addr + i * t.extent(), (b, d) -> {
                MemorySegment src = mem.segment(d, b.size());
                long raw = 0;
                for (int k = b.size() - 1; k >= 0; k--) raw = raw << 8 | (src.get(ValueLayout.JAVA_BYTE, k) & 0xff); // little-endian in memory
                int n = size(b);
                for (int k = 0; k < n; k++) out.set(ValueLayout.JAVA_BYTE, p[0] + k, (byte) (raw >>> (8 * (n - 1 - k)))); // big-endian out
                p[0] += n;
                return true;
            });
        }
        return p[0];
    }

    /** Unpacks {@code count} instances from {@code in} at {@code pos} into memory at {@code addr}; returns the new position. */
    public static long unpack(MemorySegment in, long pos, Memory mem, long addr, Datatype t, long count) {
        BasicType same = sameSize(t);
        if (same != null) {
            for (long i = 0; i < count; i++) {
                for (int r = 0; r < t.runCount(); r++) {
                    long n = t.runLength(r);
                    swapped(in, pos, mem.segment(addr + i * t.extent() + t.runOffset(r), n), 0, n, same.size());
                    pos += n;
                }
            }
            return pos;
        }
        long[] p = {pos};
        for (long i = 0; i < count; i++) {
            TypeMap.walk(t, addr + i * t.extent(), (b, d) -> {
                int n = size(b);
                long raw = 0;
                for (int k = 0; k < n; k++) raw = raw << 8 | (in.get(ValueLayout.JAVA_BYTE, p[0] + k) & 0xff);
                if (n < b.size() && b.family() == BasicType.Family.INT && n < 8) raw = raw << (64 - 8 * n) >> (64 - 8 * n); // sign
                MemorySegment dst = mem.segment(d, b.size());
                for (int k = 0; k < b.size(); k++) dst.set(ValueLayout.JAVA_BYTE, k, (byte) (raw >>> (8 * k)));
                p[0] += n;
                return true;
            });
        }
        return p[0];
    }
}
