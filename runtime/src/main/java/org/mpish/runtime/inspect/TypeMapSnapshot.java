package org.mpish.runtime.inspect;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.datatype.BasicType;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.Envelope;
import org.mpish.runtime.mpi.datatype.TypeMap;

/**
 * A read-only picture of one datatype for the shell's {@code type} view: its bounds, true bounds, size and its type
 * map as blocks (consecutive elements of one basic type, end to end), in type-map order (MPI-4.1 section 5.1).
 *
 * @param blocks     at most the number asked for; {@code truncated} says whether the map has more
 * @param picture    the bytes from min(lb, true lb) ({@code pictureFrom}) to max(ub, true ub), {@code bytesPerChar}
 *                   to a character: the letter of the basic type there ({@link #letter}), '.' where there is no data
 */
public record TypeMapSnapshot(String handle, String typeName, String combiner, boolean predefined, boolean committed,
                              long size, long elements, long lb, long extent, long trueLb, long trueExtent,
                              List<Block> blocks, boolean truncated, String picture, long pictureFrom, long bytesPerChar) {
    /** Characters the picture has at most. */
    public static final int WIDTH = 64;
    /** Elements the snapshot walks at most (the picture of a larger type shows only their bytes). */
    public static final long MAX_ELEMENTS = 1 << 20;

    /** {@code count} elements of {@code type} from byte {@code offset}, end to end. */
    public record Block(long offset, String type, int typeSize, long count) {
        public long end() { return offset + (long) typeSize * count; }
    }

    public long ub() { return lb + extent; }
    public long trueUb() { return trueLb + trueExtent; }

    /**
     * The datatype rank {@code r} knows by {@code name} (a handle name such as type0, or a predefined name such as
     * MPI_INT), or null if there is none (or it is not a datatype, or freed). Safe from another thread: a type's
     * map never changes once made.
     */
    public static TypeMapSnapshot of(Rank r, String name, int maxBlocks) {
        Handle h = MpiProcess.of(r).handles().lookup(name);
        if (!(h instanceof Datatype t) || !t.isValid()) return null;
        List<Block> blocks = new ArrayList<>();
        boolean[] more = {false};
        long from = Math.min(t.lb(), t.trueLb()), to = Math.max(t.lb() + t.extent(), t.trueLb() + t.trueExtent());
        long per = Math.max(1, (to - from + WIDTH - 1) / WIDTH);
        char[] pic = new char[(int) Math.max(0, (to - from + per - 1) / per)];
        java.util.Arrays.fill(pic, '.');
        long[] seen = {0};
        TypeMap.walk(t, 0, (b, d) -> {
            for (long c = (d - from) / per; c <= (d + b.size() - 1 - from) / per; c++) pic[(int) c] = letter(b.cName()); // every character it touches
            if (++seen[0] > MAX_ELEMENTS) { more[0] = true; return false; }
            Block last = blocks.isEmpty() ? null : blocks.get(blocks.size() - 1);
            if (last != null && last.type().equals(b.cName()) && last.end() == d) {
                blocks.set(blocks.size() - 1, new Block(last.offset(), last.type(), last.typeSize(), last.count() + 1));
                return true;
            }
            if (blocks.size() == maxBlocks) { more[0] = true; return true; }   // no more blocks listed; the picture goes on
            blocks.add(new Block(d, b.cName(), b.size(), 1));
            return true;
        });
        Envelope e = t.envelope();
        return new TypeMapSnapshot(name, t.typeName(), e == null ? "MPI_COMBINER_NAMED" : e.combiner(), t.isPredefined(),
                t.committed(), t.size(), t.elements(), t.lb(), t.extent(), t.trueLb(), t.trueExtent(), List.copyOf(blocks), more[0], new String(pic), from, per);
    }

    /** The letter the picture draws a byte of this basic type with. */
    public static char letter(String cName) {
        for (BasicType b : BasicType.values()) {
            if (b.cName().equals(cName)) {
                return switch (b.family()) {
                    case FLOAT -> b.size() == 4 ? 'f' : 'd';
                    case CHAR -> 'c';
                    case BYTE -> 'b';
                    case LOGICAL -> 'o';
                    default -> switch (b.size()) { case 1 -> '1'; case 2 -> 's'; case 4 -> 'i'; default -> 'l'; };
                };
            }
        }
        return '?';
    }
}
