package org.mpish.runtime.mpi.datatype;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mpish.runtime.Memory;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.attr.Attributable;

/**
 * A datatype: a type map flattened into the contiguous byte runs of one instance (offset, length; merged where
 * adjacent), with its size, lower bound and extent. {@link #basic()} is the one basic type every element has,
 * or null for mixed types; {@link #elements()} counts basic elements per instance. Mirrors {@code MPI_Datatype}.
 */
public final class Datatype extends Attributable {
    private final long[] runOffsets;
    private final long[] runLengths;
    private final long size;
    private final long lb;
    private final long extent;
    private final BasicType basic;
    private final long elements;
    private final boolean predefined;
    private final boolean pair;
    private final String combiner;
    private final boolean contiguous;
    /** {@link #basic} for a predefined basic (non-pair) type, else null: the single-element atomics' fast check. */
    private final BasicType basicElement;
    /** {@link #basicElement} when its elements are 8 bytes (MPI_LONG, MPI_DOUBLE, ...), else null. */
    private final BasicType basic8;
    private boolean committed;
    /** The alignment of its most strictly aligned basic element (on x86-64 each basic type's size). */
    private long align = 1;
    /**
     * How it was built, as blocks of other types (block i: kidLen[i] copies of kids[i] at byte kidDispl[i]); null
     * for a predefined type. The typed type map ({@link TypeMap}) walks it: the runs above have lost the types.
     */
    long[] kidDispl, kidLen;
    Datatype[] kids;
    /** For a predefined pair type (MPI_2INT, MPI_DOUBLE_INT, ...): its value and index types, where the index is. */
    BasicType pairValue, pairIndex;
    long pairIndexOffset;
    /** What MPI_Type_get_envelope / get_contents return: set by the constructor call; null for a named type. */
    private Envelope envelope;
    /** The name MPI_Type_get_name returns: the C name of a predefined type, empty for a derived one until set. */
    private String typeName;

    private Datatype with(long align) {
        this.align = align;
        return this;
    }

    /** The same type built of {@code kids} (see {@link #kids}). */
    private Datatype of(long[] displ, long[] len, Datatype[] ts) {
        kidDispl = displ;
        kidLen = len;
        kids = ts;
        return this;
    }

    /** Records the constructor call (its combiner and arguments) for MPI_Type_get_envelope / get_contents. */
    public Datatype describe(Envelope e) {
        envelope = e;
        return this;
    }

    /** The constructor call that made this type, or null for a named (predefined) type. */
    public Envelope envelope() { return envelope; }
    public String typeName() { return typeName != null ? typeName : predefined ? name() : ""; }
    public void typeName(String n) { typeName = n; }

    private Datatype(String name, long[] offs, long[] lens, long lb, long extent, BasicType basic, long elements,
                     boolean predefined, boolean pair, String combiner) {
        super(HandleKind.DATATYPE, name);
        this.runOffsets = offs;
        this.runLengths = lens;
        long s = 0;
        for (long l : lens) s += l;
        this.size = s;
        this.lb = lb;
        this.extent = extent;
        this.basic = basic;
        this.elements = elements;
        this.predefined = predefined;
        this.pair = pair;
        this.combiner = combiner;
        this.committed = predefined;
        this.contiguous = offs.length == 1 && offs[0] == 0 && lens[0] == extent;
        this.basicElement = predefined && !pair ? basic : null;
        this.basic8 = basicElement != null && basicElement.size() == 8 ? basicElement : null;
    }

    /** A predefined basic datatype (MPI_INT, ...). */
    public static Datatype predefined(BasicType b) {
        return new Datatype(b.cName(), new long[] {0}, new long[] {b.size()}, 0, b.size(), b, 1, true, false, "MPI_COMBINER_NAMED")
                .with(b.size());
    }

    /**
     * A predefined but unnamed type returned by MPI_Type_create_f90_*: the layout of {@code b}, the F90 combiner and
     * its (p, r) arguments in {@code e}; it cannot be freed, and has no name until one is set.
     */
    static Datatype f90(BasicType b, Envelope e) {
        Datatype d = predefined(b);
        d.envelope = e;
        d.typeName = "";
        return d;
    }

    /** A predefined pair type for MINLOC/MAXLOC (MPI_2INT, MPI_DOUBLE_INT, ...): value then int index. */
    public static Datatype predefinedPair(String name, BasicType value, BasicType index) {
        long idxOff = align(value.size(), index.size());
        long extent = align(idxOff + index.size(), Math.max(value.size(), index.size()));
        Datatype d = new Datatype(name, new long[] {0, idxOff}, new long[] {value.size(), index.size()}, 0, extent,
                value == index ? value : null, 2, true, true, "MPI_COMBINER_NAMED");
        d = d.with(Math.max(value.size(), index.size())).merged();
        d.pairValue = value;
        d.pairIndex = index;
        d.pairIndexOffset = idxOff;
        return d;
    }

    private static long align(long off, long a) { return (off + a - 1) / a * a; }

    public long size() { return size; }
    public long lb() { return lb; }
    public long extent() { return extent; }
    public long ub() { return lb + extent; }
    public BasicType basic() { return basic; }
    public long elements() { return elements; }
    public boolean isPair() { return pair; }
    public String combiner() { return combiner; }
    @Override public boolean isPredefined() { return predefined; }
    public boolean committed() { return committed; }
    public void commit() { committed = true; }
    /** One contiguous run starting at offset 0 whose length equals the extent: a plain array of bytes. */
    public boolean isContiguous() { return contiguous; }
    /** The basic type of a predefined basic datatype (MPI_INT, ...); null for pairs and derived types. */
    public BasicType basicElement() { return basicElement; }
    /** {@link #basicElement} of an 8-byte type, else null. */
    public BasicType basic8() { return basic8; }
    public int runCount() { return runOffsets.length; }
    public long runOffset(int i) { return runOffsets[i]; }
    public long runLength(int i) { return runLengths[i]; }

    // ---- constructors ---------------------------------------------------------------------------

    /** MPI_Type_contiguous. */
    public Datatype contiguous(long count) {
        return hvector(count, 1, extent, "MPI_COMBINER_CONTIGUOUS");
    }

    /** MPI_Type_vector: {@code count} blocks of {@code blocklength} elements, {@code stride} elements apart. */
    public Datatype vector(long count, long blocklength, long stride) {
        return hvector(count, blocklength, Math.multiplyExact(stride, extent), "MPI_COMBINER_VECTOR");
    }

    /** MPI_Type_create_hvector: stride in bytes. */
    public Datatype hvector(long count, long blocklength, long strideBytes, String combiner) {
        // blocks laid end to end (MPI_Type_contiguous, most vectors of a basic type): one block of them all
        if (count > 1 && lb == 0 && contiguous && strideBytes == blocklength * extent) {
            return hindexed(new long[] {Math.multiplyExact(count, blocklength)}, new long[] {0}, combiner);
        }
        // a block of a type with no gaps is one run (as struct() makes it); otherwise each element brings its runs
        boolean solid = lb == 0 && contiguous;
        checkBlocks(solid ? count : Math.multiplyExact(Math.multiplyExact(count, Math.max(1, blocklength)), (long) runOffsets.length));
        int n = (int) count;
        long[] displs = new long[n];
        long[] lens = new long[n];
        for (int i = 0; i < n; i++) { displs[i] = i * strideBytes; lens[i] = blocklength; }
        return hindexed(lens, displs, combiner);
    }

    /** MPI_Type_indexed: displacements in multiples of this type's extent. */
    public Datatype indexed(int[] blocklengths, long[] displacements) { return indexed(widen(blocklengths), displacements); }

    /** MPI_Type_indexed (and MPI_Type_create_indexed_block): displacements in multiples of this type's extent. */
    public Datatype indexed(long[] blocklengths, long[] displacements) {
        long[] b = new long[displacements.length];
        for (int i = 0; i < b.length; i++) b[i] = Math.multiplyExact(displacements[i], extent);
        return hindexed(blocklengths, b, "MPI_COMBINER_INDEXED");
    }

    /** MPI_Type_create_hindexed: displacements in bytes. */
    public Datatype hindexed(int[] blocklengths, long[] byteDisplacements, String combiner) {
        return hindexed(widen(blocklengths), byteDisplacements, combiner);
    }

    public Datatype hindexed(long[] blocklengths, long[] byteDisplacements, String combiner) {
        Datatype[] types = new Datatype[blocklengths.length];
        Arrays.fill(types, this);
        return struct(blocklengths, byteDisplacements, types, combiner);
    }

    private static long[] widen(int[] a) {
        long[] l = new long[a.length];
        for (int i = 0; i < a.length; i++) l[i] = a[i];
        return l;
    }

    public static Datatype struct(int[] blocklengths, long[] displacements, Datatype[] types, String combiner) {
        return struct(widen(blocklengths), displacements, types, combiner);
    }

    /**
     * MPI_Type_create_struct, and the other constructors through it. For MPI_Type_create_struct the extent is
     * padded up to a multiple of the alignment of its most strictly aligned member, as the standard's type-map
     * rule (the epsilon of ub) says and as Open MPI and MPICH do: {CHAR, INT, DOUBLE, SHORT} at natural offsets has
     * extent 24, like the C struct. A resized member counts with its elements' alignment, as in MPICH (Open MPI
     * does not pad then).
     */
    public static Datatype struct(long[] blocklengths, long[] displacements, Datatype[] types, String combiner) {
        List<long[]> runs = new ArrayList<>();
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        BasicType basic = null;
        boolean mixed = false;
        long elements = 0, align = 1, blocks = 0;
        for (int i = 0; i < blocklengths.length; i++) {
            if (blocklengths[i] > 0 && !(types[i].lb == 0 && types[i].contiguous)) {
                blocks = Math.addExact(blocks, Math.multiplyExact(blocklengths[i], (long) types[i].runOffsets.length));
            }
        }
        checkBlocks(blocks);
        for (int i = 0; i < blocklengths.length; i++) {
            Datatype t = types[i];
            if (blocklengths[i] == 0) continue;
            align = Math.max(align, t.align);
            if (t.lb == 0 && t.contiguous) {   // k elements end to end: one run
                runs.add(new long[] {displacements[i], Math.multiplyExact(blocklengths[i], t.extent)});
            } else for (int k = 0; k < blocklengths[i]; k++) {
                long base = displacements[i] + k * t.extent;
                for (int r = 0; r < t.runOffsets.length; r++) runs.add(new long[] {base + t.runOffsets[r], t.runLengths[r]});
            }
            lo = Math.min(lo, displacements[i] + t.lb);
            hi = Math.max(hi, displacements[i] + t.lb + Math.multiplyExact(blocklengths[i], t.extent));
            elements += Math.multiplyExact(blocklengths[i], t.elements);
            if (t.basic == null) mixed = true;
            else if (basic == null) basic = t.basic;
            else if (basic != t.basic) mixed = true;
        }
        if (lo == Long.MAX_VALUE) { lo = 0; hi = 0; }
        if (combiner.equals("MPI_COMBINER_STRUCT")) hi = lo + align(hi - lo, align);
        long[] offs = new long[runs.size()];
        long[] lens = new long[runs.size()];
        for (int i = 0; i < offs.length; i++) { offs[i] = runs.get(i)[0]; lens[i] = runs.get(i)[1]; }
        return new Datatype("type", offs, lens, lo, hi - lo, mixed ? null : basic, elements, false, false, combiner)
                .with(align).of(displacements.clone(), blocklengths.clone(), types.clone()).merged();
    }

    /** The most runs mpish flattens one datatype into (each costs memory): beyond, MPI_ERR_NO_MEM, not an OutOfMemoryError. */
    static final long MAX_BLOCKS = 1L << 22;

    private static void checkBlocks(long blocks) {
        if (blocks > MAX_BLOCKS) {
            throw new MpiException(ErrorClass.MPI_ERR_NO_MEM, "the datatype would have " + blocks + " separate blocks; mpish keeps"
                    + " every block of a datatype in memory and takes at most " + MAX_BLOCKS);
        }
    }

    /** MPI_Type_create_resized. */
    public Datatype resized(long newLb, long newExtent) {
        return new Datatype("type", runOffsets, runLengths, newLb, newExtent, basic, elements, false, pair, "MPI_COMBINER_RESIZED")
                .with(align).of(new long[] {0}, new long[] {1}, new Datatype[] {this});
    }

    /** MPI_Type_dup: the same type map, a new handle (uncommitted state copied from the original). */
    public Datatype dup() {
        Datatype d = new Datatype("type", runOffsets, runLengths, lb, extent, basic, elements, false, pair, "MPI_COMBINER_DUP")
                .with(align).of(new long[] {0}, new long[] {1}, new Datatype[] {this});
        d.committed = committed;
        return d;
    }

    /**
     * A new handle for the same type, built the same way (same envelope, committed state and kids): what
     * MPI_Type_get_contents returns for a derived type it was built from (the caller frees it).
     */
    public Datatype copy() {
        Datatype d = new Datatype("type", runOffsets, runLengths, lb, extent, basic, elements, false, pair, combiner).with(align);
        d.kidDispl = kidDispl;
        d.kidLen = kidLen;
        d.kids = kids;
        d.envelope = envelope;
        d.committed = committed;
        return d;
    }

    /** The lowest byte the data of one instance occupies (MPI_Type_get_true_extent), or 0 for a type with no data. */
    public long trueLb() {
        if (runOffsets.length == 0) return 0;
        long m = Long.MAX_VALUE;
        for (long o : runOffsets) m = Math.min(m, o);
        return m;
    }

    /** From the first byte of data to just past the last, in one instance (MPI_Type_get_true_extent). */
    public long trueExtent() {
        if (runOffsets.length == 0) return 0;
        long m = Long.MIN_VALUE;
        for (int r = 0; r < runOffsets.length; r++) m = Math.max(m, runOffsets[r] + runLengths[r]);
        return m - trueLb();
    }

    private Datatype merged() {
        if (runOffsets.length < 2) return this;
        int n = 0;
        long[] o = new long[runOffsets.length];
        long[] l = new long[runOffsets.length];
        for (int i = 0; i < runOffsets.length; i++) {
            if (runLengths[i] == 0) continue;
            if (n > 0 && o[n - 1] + l[n - 1] == runOffsets[i]) l[n - 1] += runLengths[i];
            else { o[n] = runOffsets[i]; l[n] = runLengths[i]; n++; }
        }
        if (n == runOffsets.length) return this;
        Datatype d = new Datatype(name(), Arrays.copyOf(o, n), Arrays.copyOf(l, n), lb, extent, basic, elements, predefined, pair, combiner)
                .with(align).of(kidDispl, kidLen, kids);
        d.committed = committed;
        return d;
    }

    // ---- moving data ----------------------------------------------------------------------------

    /** Bytes spanned by {@code count} instances starting at the buffer address (from lb of the first to ub of the last). */
    public long span(long count) {
        if (count == 0 || size == 0) return 0;
        long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
        for (int r = 0; r < runOffsets.length; r++) {
            first = Math.min(first, runOffsets[r]);
            last = Math.max(last, runOffsets[r] + runLengths[r]);
        }
        return (count - 1) * extent + last - first;
    }

    /** Packs {@code count} instances at {@code addr} in {@code mem} into a new byte array. */
    public byte[] pack(Memory mem, long addr, long count) {
        byte[] out = new byte[Math.toIntExact(size * count)];
        MemorySegment dst = MemorySegment.ofArray(out);
        if (contiguous && out.length > 0) { // the instances are one range: one copy, not one per instance
            MemorySegment.copy(mem.segment(addr, out.length), 0, dst, 0, out.length);
            return out;
        }
        long pos = 0;
        for (long i = 0; i < count; i++) {
            long base = addr + i * extent;
            for (int r = 0; r < runOffsets.length; r++) {
                MemorySegment src = mem.segment(base + runOffsets[r], runLengths[r]);
                MemorySegment.copy(src, 0, dst, pos, runLengths[r]);
                pos += runLengths[r];
            }
        }
        return out;
    }

    /** Unpacks {@code data} (packed bytes) into {@code count} instances at {@code addr}; stops when data runs out. */
    public void unpack(byte[] data, int offset, int length, Memory mem, long addr, long count) {
        MemorySegment src = MemorySegment.ofArray(data);
        long pos = offset, end = (long) offset + length;
        if (contiguous && length > 0 && count > 0) { // one range, filled up to the data there is (at most count instances)
            long n = Math.min(length, size * count);
            MemorySegment.copy(src, pos, mem.segment(addr, n), 0, n);
            return;
        }
        for (long i = 0; i < count && pos < end; i++) {
            long base = addr + i * extent;
            for (int r = 0; r < runOffsets.length && pos < end; r++) {
                long n = Math.min(runLengths[r], end - pos);
                MemorySegment.copy(src, pos, mem.segment(base + runOffsets[r], n), 0, n);
                pos += n;
            }
        }
    }

    /** Checks that {@code count} instances at {@code addr} lie in allocated memory; throws MemoryFault if not. */
    public void checkBuffer(Memory mem, long addr, long count) {
        if (count == 0 || size == 0) return;
        if (contiguous) { // one run covering the extent: the whole buffer is one range (as the loop below finds)
            mem.block(addr, runLengths[0]);
            mem.block(addr, count * extent);
            return;
        }
        for (long i = 0; i < count; i++) {
            long base = addr + i * extent;
            for (int r = 0; r < runOffsets.length; r++) mem.segment(base + runOffsets[r], runLengths[r]);
            if (isContiguous()) { mem.segment(addr, count * extent); return; }
        }
    }

    /** This process's predefined datatype of the given C name ("MPI_INT"), or null. */
    public static Datatype named(org.mpish.runtime.mpi.MpiProcess p, String cName) {
        return p.handles().lookup(cName) instanceof Datatype d ? d : null;
    }
}
