package org.mpish.runtime.mpi;

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
        this.epochs = new Epochs[n];
        this.locks = new TargetLock[n];
        this.hints = new WinHints[n];
        for (int i = 0; i < n; i++) {
            epochs[i] = new Epochs(i, n);
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
