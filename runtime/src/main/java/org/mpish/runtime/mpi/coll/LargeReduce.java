package org.mpish.runtime.mpi.coll;

import java.lang.foreign.MemorySegment;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.ElemType;
import org.mpish.runtime.mpi.op.Op;

/**
 * One rank's share of a reduction of a contiguous vector beyond one packed copy (MPI_Reduce, Allreduce,
 * Reduce_scatter_block, Reduce_scatter, Scan, Exscan with their _c forms, blocking, nonblocking or persistent): every
 * input is read in place from its owner's memory. The vector is cut into chunks of {@link CollLarge#CHUNK} bytes on a grid
 * all ranks share. For each chunk, this rank folds its range of it from its sources, left to right in rank order
 * (so every element is reduced in the same order everywhere and non-commutative ops work), into a scratch buffer;
 * marks the {@link CollLarge.Tally} "chunk c read"; and writes the result to its receive buffer only once every rank
 * has read chunk c. A result never lands after the input bytes it may overwrite (in place the result of byte x goes
 * to x or before it), so a receive buffer that is also an input changes only after everyone has read that part.
 * An allreduce folds only its own block (1/p of the vector) and then copies the other blocks from their owners'
 * receive buffers. Nobody completes until every rank is done, since each reads the others' memory until then.
 *
 * <p>A user-defined op's function runs on this rank's thread, once per chunk and source after the first, on two
 * scratch copies of {@link CollLarge#CHUNK} bytes (at most) in the rank's memory: len is the number of whole datatype
 * elements in the chunk, and the datatype is the one the caller passed.
 */
final class LargeReduce implements CollLarge.Rest {
    private final Rank rank;
    private final Op op;
    private final ElemType elem;
    private final Datatype type;
    private final MemorySegment[] sources;
    private final long lo, hi, outBase, step, unit;
    private final MemorySegment out;
    private final int chunks, me;
    private final CollLarge.Tally tally;
    /** For an allreduce: each participant's receive buffer and the bounds of the block it folds (n + 1 entries); else null. */
    private final MemorySegment[] gather;
    private final long[] blocks;

    private int next;
    private boolean holding, gathered;
    private MemorySegment acc;
    private long scratchA, scratchB;
    private RuntimeException failed;

    /**
     * This rank (participant {@code me}) folds bytes [lo, hi) of the {@code total}-byte inputs {@code sources} (in fold
     * order; none: nothing to fold) and writes byte x's result to {@code out} at x - outBase; with {@code gather}, it
     * then copies block j, bytes [blocks[j], blocks[j + 1]), of participant j's buffer into its own.
     */
    LargeReduce(Rank rank, long chunk, int me, CollLarge.Tally tally, Op op, ElemType elem, Datatype type, long total,
                MemorySegment[] sources, long lo, long hi, MemorySegment out, long outBase, MemorySegment[] gather, long[] blocks) {
        this.rank = rank;
        this.me = me;
        this.tally = tally;
        this.op = op;
        this.elem = elem;
        this.type = type;
        this.sources = sources;
        this.lo = lo;
        this.hi = hi;
        this.out = out;
        this.outBase = outBase;
        this.gather = gather;
        this.blocks = blocks;
        unit = op.isUser() ? type.size() : elem.packedSize();
        step = Math.max(unit, chunk / unit * unit);
        chunks = (int) ((total + step - 1) / step);
        if (sources.length == 0 || hi <= lo) { // nothing to fold: every chunk is read and written at once
            next = chunks;
            tally.mark(me, 2 * chunks);
        }
    }

    /** Advances as far as the others allow; true once every rank is done. Throws this rank's error then, if it had one. */
    @Override
    public boolean poll() {
        if (failed == null) {
            try {
                if (!advance()) return false;
            } catch (RuntimeException e) {
                failed = e;
            }
            release();
            tally.mark(me, CollLarge.Tally.DONE);
        }
        if (tally.min() < CollLarge.Tally.DONE) return false;
        if (failed != null) throw failed;
        return true;
    }

    /** True when this rank's part is done; false when it must wait for another rank. */
    private boolean advance() {
        while (next < chunks) {
            if (!holding) {
                read(next);
                holding = true;
                tally.mark(me, 2 * next + 1);
            }
            if (tally.min() < 2 * next + 1) return false; // someone has not read this chunk yet
            write(next);
            holding = false;
            tally.mark(me, 2 * next + 2);
            next++;
        }
        if (gather != null && !gathered) {
            for (int j = 0; j < gather.length; j++) if (j != me && tally.at(j) < 2 * chunks) return false;
            for (int j = 0; j < gather.length; j++) {
                if (j != me) MemorySegment.copy(gather[j], blocks[j], out, blocks[j], blocks[j + 1] - blocks[j]);
            }
            gathered = true;
        }
        return true;
    }

    /** This rank's range of chunk c: [from, to), empty when it does not meet [lo, hi). */
    private long from(int c) { return Math.max(lo, c * step); }
    private long to(int c) { return Math.min(hi, (c + 1) * step); }

    /** Folds this rank's range of chunk c from every source into the scratch buffer. */
    private void read(int c) {
        long from = from(c), m = to(c) - from;
        if (m <= 0) return;
        if (!op.isUser()) {
            if (acc == null) acc = MemorySegment.ofArray(new byte[(int) Math.min(step, hi - lo)]);
            MemorySegment a = acc.asSlice(0, m);
            a.copyFrom(sources[0].asSlice(from, m));
            for (int j = 1; j < sources.length; j++) Reductions.fold(op.op(), elem, a, sources[j].asSlice(from, m), a, m);
            return;
        }
        Memory mem = rank.memory();
        if (scratchA == 0) {
            long size = Math.min(step, hi - lo);
            scratchA = mem.alloc(size);
            scratchB = mem.alloc(size);
        }
        MemorySegment.copy(sources[0], from, mem.segment(scratchA, m), 0, m);
        for (int j = 1; j < sources.length; j++) {
            MemorySegment.copy(sources[j], from, mem.segment(scratchB, m), 0, m);
            ((UserFn) op.userFn()).apply(scratchA, scratchB, (int) (m / type.size()), type); // B = A op B
            long t = scratchA; scratchA = scratchB; scratchB = t;
        }
    }

    /** Stores the folded chunk c at its place in the receive buffer. */
    private void write(int c) {
        long from = from(c), m = to(c) - from;
        if (m <= 0) return;
        MemorySegment result = op.isUser() ? rank.memory().segment(scratchA, m) : acc.asSlice(0, m);
        MemorySegment.copy(result, 0, out, from - outBase, m);
    }

    private void release() {
        Memory mem = rank.memory();
        if (scratchA != 0) mem.free(scratchA);
        if (scratchB != 0) mem.free(scratchB);
        scratchA = scratchB = 0;
        acc = null;
    }
}
