package org.mpish.runtime.mpi.rma;

import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.mpish.runtime.Rank;

/**
 * The RMA machinery's state of one window, shared by all its ranks (hung off {@link WinShared#extension}):
 * every rank's {@link Epochs}, every rank's {@link TargetLock}, the post / complete counters that match PSCW
 * epochs, the target memory (resolved once per rank), the regions attached to a dynamic window, the info
 * hints in force, and the one segment behind a shared-memory window.
 */
public final class RmaWindow {
    private static final Object KEY = new Object();

    /** One region attached to a dynamic window (R7). */
    public record Region(long base, long size, MemorySegment segment) {
        public long end() { return base + size; }
    }

    final WinShared shared;
    final int n;
    private final Epochs[] epochs;
    private final TargetLock[] locks;
    /** Row t: posts by target t to each origin; completes by each origin to target t. */
    private final AtomicReferenceArray<AtomicLongArray> posted, completed;
    private final MemorySegment[] segments;
    /** Per rank: its window memory as operations see it, made on first use ({@link #target}). */
    final TargetMem[] targets;
    private final AtomicReferenceArray<ConcurrentSkipListMap<Long, Region>> regions;
    /** Bases of zero-byte attaches per rank: they cover nothing but can be detached. */
    private final AtomicReferenceArray<java.util.Set<Long>> emptyRegions;
    private final WinHints[] hints;
    /** Shared-memory windows: the one segment, each rank's offset in it, each rank's mapping address. */
    private volatile MemorySegment sharedSegment;
    volatile long[] sharedOffsets;
    final long[] sharedMappings;

    private RmaWindow(WinShared shared) {
        this.shared = shared;
        this.n = shared.size();
        this.targets = new TargetMem[n];
        this.epochs = new Epochs[n];
        this.locks = new TargetLock[n];
        this.hints = new WinHints[n];
        for (int i = 0; i < n; i++) {
            epochs[i] = new Epochs(this, i, n);
            locks[i] = new TargetLock(i);
            hints[i] = new WinHints();
        }
        this.posted = new AtomicReferenceArray<>(n);
        this.completed = new AtomicReferenceArray<>(n);
        this.segments = new MemorySegment[n];
        this.regions = new AtomicReferenceArray<>(n);
        this.emptyRegions = new AtomicReferenceArray<>(n);
        this.sharedMappings = new long[n];
    }

    public static RmaWindow of(Win w) { return of(w.shared()); }
    public static RmaWindow of(WinShared s) {
        Object v = s.rma;
        return v != null ? (RmaWindow) v : make(s);
    }

    private static RmaWindow make(WinShared s) {
        RmaWindow rw = s.extension(KEY, () -> new RmaWindow(s));
        s.rma = rw;
        return rw;
    }

    public int size() { return n; }
    public Epochs epochs(int rankInWin) { return epochs[rankInWin]; }
    public TargetLock lock(int rankInWin) { return locks[rankInWin]; }
    public WinHints hints(int rankInWin) { return hints[rankInWin]; }
    public Win member(int rankInWin) { return shared.member(rankInWin); }
    /** The job rank behind window rank {@code t}. */
    public Rank rankOf(int t) { return shared.member(t).process().rank(); }

    // ---- PSCW counters --------------------------------------------------------------------------

    private static AtomicLongArray row(AtomicReferenceArray<AtomicLongArray> a, int t, int n) {
        AtomicLongArray r = a.get(t);
        if (r == null) {
            a.compareAndSet(t, null, new AtomicLongArray(n));
            r = a.get(t);
        }
        return r;
    }

    long posts(int target, int origin) { return row(posted, target, n).get(origin); }
    void addPost(int target, int origin) { row(posted, target, n).incrementAndGet(origin); }
    long completes(int target, int origin) { return row(completed, target, n).get(origin); }
    void addComplete(int target, int origin) { row(completed, target, n).incrementAndGet(origin); }

    // ---- target memory ----------------------------------------------------------------------------

    /** The whole window memory of rank {@code t} (flavors other than dynamic), resolved once. */
    MemorySegment segment(int t) {
        MemorySegment s = segments[t];
        return s != null ? s : resolve(t);
    }

    private MemorySegment resolve(int t) {
        Win m = shared.member(t);
        MemorySegment s = m.size() == 0 ? MemorySegment.NULL : rankOf(t).memory().segment(m.base(), m.size());
        segments[t] = s;
        return s;
    }

    /**
     * What an operation needs of rank t's window memory, in one object: the segment, its size in bytes and the
     * displacement unit. A dynamic window has no fixed memory: its size is -1, so no range fits and every
     * operation takes the region lookup ({@link Rma#locate}).
     */
    static final class TargetMem {
        final MemorySegment seg;
        /** seg.address(), kept here for the alignment checks of the atomics. */
        final long address;
        final long size;
        final int dispUnit;

        TargetMem(MemorySegment seg, long size, int dispUnit) {
            this.seg = seg;
            this.address = seg.address();
            this.size = size;
            this.dispUnit = dispUnit;
        }

        /**
         * The byte offset of {@code len} bytes at displacement {@code disp} when they lie inside the window, else -1
         * (a negative or huge displacement, a range past the end, a dynamic window: {@link Rma#locate} says which).
         * No overflow: disp is below 2^31 and so is the unit; len is at most 2^31 * 2^31.
         */
        long offset(long disp, long len) {
            if ((disp >>> 31) != 0) return -1;
            long start = disp * dispUnit;
            return start + len <= size ? start : -1;
        }

        /** {@link #offset} of an 8-byte element that is also naturally aligned in memory (for the atomics), else -1. */
        long offset8(long disp) {
            long start = disp * dispUnit;
            // one test: disp in [0, 2^31), start <= size - 8 and an aligned address (start cannot overflow when disp fits)
            return ((disp >>> 31) | ((size - 8 - start) >>> 63) | ((address + start) & 7)) == 0 ? start : -1;
        }
    }

    /** Rank {@code t}'s window memory for the hot paths (made once; every rank sees the same). */
    TargetMem target(int t) {
        TargetMem m = targets[t];
        return m != null ? m : resolveTarget(t);
    }

    TargetMem resolveTarget(int t) {
        Win m = shared.member(t);
        TargetMem tm = m.flavor() == Win.FLAVOR_DYNAMIC ? new TargetMem(MemorySegment.NULL, -1, 1)
                : new TargetMem(segment(t), m.size(), m.dispUnit());
        targets[t] = tm; // final fields: safe to publish racily
        return tm;
    }

    /** The regions attached at rank {@code t} of a dynamic window, by base address. */
    public ConcurrentSkipListMap<Long, Region> regions(int t) {
        ConcurrentSkipListMap<Long, Region> m = regions.get(t);
        if (m == null) {
            regions.compareAndSet(t, null, new ConcurrentSkipListMap<>());
            m = regions.get(t);
        }
        return m;
    }

    /** The bases of zero-byte regions attached at rank {@code t}. */
    public java.util.Set<Long> emptyRegions(int t) {
        java.util.Set<Long> m = emptyRegions.get(t);
        if (m == null) {
            emptyRegions.compareAndSet(t, null, java.util.concurrent.ConcurrentHashMap.newKeySet());
            m = emptyRegions.get(t);
        }
        return m;
    }

    /** The attached region of rank {@code t} holding all of {@code [lo, hi)}, or null. */
    Region region(int t, long lo, long hi) {
        Map.Entry<Long, Region> e = regions(t).floorEntry(lo);
        if (e == null) return null;
        Region r = e.getValue();
        return hi <= r.end() ? r : null;
    }

    // ---- shared-memory windows --------------------------------------------------------------------

    /** The segment behind a shared window, made by the first rank that asks (all ask with the same size). */
    synchronized MemorySegment sharedSegment(long total) {
        if (sharedSegment == null) {
            sharedSegment = total == 0 ? MemorySegment.NULL
                    : java.lang.foreign.Arena.ofAuto().allocate(total, 64);
        }
        return sharedSegment;
    }

    public MemorySegment sharedSegment() { return sharedSegment; }
}
