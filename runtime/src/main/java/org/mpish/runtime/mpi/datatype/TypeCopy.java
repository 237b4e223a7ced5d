package org.mpish.runtime.mpi.datatype;

import java.lang.foreign.MemorySegment;
import org.mpish.runtime.Memory;

/**
 * Copies data from one typed buffer to another run by run, with no copy in between, so a non-contiguous datatype
 * moves any number of bytes (more than one Java array holds: MPI_Pack_c, MPI_Put_c, ... past 2^31 bytes). Each
 * side is a {@link Side}: where its bytes live (a rank's memory, by address, or one segment, by offset), the
 * datatype (null for plain bytes) and the count; the bytes go in type-map order from one side's packed stream to
 * the other's.
 */
public final class TypeCopy {
    private TypeCopy() {}

    /** Where a side's bytes live: {@code len} bytes at {@code at} (an address, or an offset into one segment). */
    public interface Place {
        MemorySegment at(long at, long len);
    }

    /** A rank's memory: every run is checked to lie in an allocated block (MemoryFault if not). */
    public static Place of(Memory m) { return m::segment; }

    /** One segment (a window's memory, a scratch copy), at offsets into it. */
    public static Place of(MemorySegment s) { return s::asSlice; }

    /**
     * {@code count} x {@code t} at {@code addr} of {@code m} as a side over the span of memory that holds it (from
     * the lowest byte of data to just past the highest), for another rank's thread to read or write while the owner's
     * call is not complete (the large collectives lend memory so). MemoryFault when the span is not in one block.
     */
    public static Side lend(Memory m, Datatype t, long addr, long count) {
        if (count == 0 || t.size() == 0) return new Side(of(MemorySegment.NULL), 0, null, 0);
        long reach = (count - 1) * t.extent(); // a negative extent lays the instances out downwards
        long lo = t.trueLb() + Math.min(0, reach), hi = t.trueLb() + t.trueExtent() + Math.max(0, reach);
        return new Side(of(m.segment(addr + lo, hi - lo)), -lo, t, count);
    }

    /** {@code count} instances of {@code type} (null: {@code count} plain bytes) at {@code base} of {@code place}. */
    public record Side(Place place, long base, Datatype type, long count) {
        public long bytes() { return type == null ? count : count * type.size(); }
    }

    /** Copies the first {@code bytes} bytes of {@code from}'s packed stream into {@code to}'s. */
    public static void copy(Side from, Side to, long bytes) {
        if (bytes <= 0) return;
        new Stream(from).copyTo(new Stream(to), bytes);
    }

    /**
     * A side's packed stream, walked from its start a piece at a time: a copy that goes in several steps (through a
     * bounded scratch buffer, say) keeps its place in a non-contiguous type instead of finding it again each time.
     */
    public static final class Stream {
        private final Cursor at;

        public Stream(Side s) { at = new Cursor(s); }

        /** Copies the next {@code bytes} bytes of this stream into the next bytes of {@code to} (fewer if either ends first). */
        public void copyTo(Stream to, long bytes) {
            Cursor src = at, dst = to.at;
            long left = bytes;
            while (left > 0 && src.remaining > 0 && dst.remaining > 0) {
                long n = Math.min(left, Math.min(src.remaining, dst.remaining));
                MemorySegment.copy(src.segment(n), 0, dst.segment(n), 0, n);
                src.advance(n);
                dst.advance(n);
                left -= n;
            }
        }
    }

    /** A position in the packed stream of one side: the instance, the run in it and the offset in the run. */
    private static final class Cursor {
        private final Side s;
        private final boolean bytes;
        private long instance;
        private int run;
        private long inRun;
        long remaining;

        Cursor(Side s) {
            this.s = s;
            // a contiguous type is one range, walked as plain bytes: one copy per meeting run, not one per instance
            bytes = s.type == null || s.type.isContiguous();
            if (bytes) remaining = s.bytes();
            else {
                run = -1;
                instance = 0;
                next();
            }
        }

        MemorySegment segment(long n) {
            long a = bytes ? s.base + inRun : s.base + instance * s.type.extent() + s.type.runOffset(run) + inRun;
            return s.place.at(a, n);
        }

        void advance(long n) {
            inRun += n;
            remaining -= n;
            if (remaining == 0 && !bytes) next();
        }

        /** Moves to the next run that holds data, or leaves remaining 0 past the last instance. */
        private void next() {
            inRun = 0;
            remaining = 0;
            Datatype t = s.type;
            if (t.runCount() == 0) return;
            while (remaining == 0) {
                if (++run == t.runCount()) {
                    run = 0;
                    instance++;
                }
                if (instance >= s.count) return;
                remaining = t.runLength(run);
            }
        }
    }
}
