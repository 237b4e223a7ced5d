package org.mpish.shell;

import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The memory cap of a job: what its ranks hold, the live Java heap (script objects, message copies) plus the
 * blocks of {@code mem.alloc}, may not go past it. All ranks of every job share one JVM, so GraalVM's per-context
 * heap limits (not in the community edition) are out; instead one daemon thread looks every
 * {@link #POLL_MILLIS} ms. While the heap in use is below the cap it only reads one number. Above it, the heap
 * left after the last collection says how much is live; when that is over the cap too, one full collection
 * confirms it, then the job ends with one line naming the rank that allocated most and the cap. The cap stays
 * below the JVM's maximum heap, so it is reached before the collector starts thrashing.
 *
 * <p>Set by {@code mpish --memory-cap} / {@code mpish run --memory-cap}, or the environment variable
 * {@value #ENV}; the default is {@link #defaultCap()}. The cap, the watcher and its weak set of jobs are static on
 * purpose: the Java heap they measure is one per process, whatever the number of jobs.
 */
public final class MemoryCap {
    private MemoryCap() {}

    public static final String ENV = "MPISH_MEMORY_CAP";
    static final long POLL_MILLIS = 100;
    private static final long GIB = 1L << 30;
    /** Room the shell itself (the JavaScript engine, the terminal) keeps besides the jobs' data. */
    private static final long HEADROOM = 512L << 20;

    /** The jobs not closed yet; weakly, so a job dropped without close() is not kept alive by the cap. */
    private static final Set<Job> JOBS = java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>());
    private static final MemoryMXBean HEAP = ManagementFactory.getMemoryMXBean();
    private static volatile long cap = fromEnvironment();
    private static Thread watcher;
    private static long lastForcedGc;

    /**
     * 2 GiB, or half the JVM's maximum heap if that is less: far more than any example or benchmark script holds
     * (they peak under 200 MiB), and far enough below the maximum heap that the collector still works normally.
     */
    public static long defaultCap() {
        return Math.min(2 * GIB, Runtime.getRuntime().maxMemory() / 2);
    }

    /** The largest cap this JVM can enforce before its own heap runs out. */
    public static long largestCap() {
        return Math.max(64L << 20, Runtime.getRuntime().maxMemory() - HEADROOM);
    }

    public static long cap() { return cap; }

    /**
     * Sets the cap of the jobs from now on (and of those running). Returns a warning when it had to be lowered to
     * what the heap allows, else null.
     */
    public static String set(long bytes) {
        if (bytes <= 0) throw new IllegalArgumentException("the memory cap must be above 0");
        long max = largestCap();
        cap = Math.min(bytes, max);
        return bytes > max ? "the memory cap of " + bytes(bytes) + " is more than the Java heap allows; using " + bytes(max)
                + " (give the JVM more with JAVA_OPTS=-Xmx...)" : null;
    }

    private static long fromEnvironment() {
        String v = System.getenv(ENV);
        if (v == null || v.isBlank()) return defaultCap();
        long b = parse(v);
        return b > 0 ? Math.min(b, largestCap()) : defaultCap();
    }

    /** "512M", "2G", "1048576": bytes (powers of 1024), or -1 when it is not such a number. */
    public static long parse(String v) {
        String t = v.trim().toUpperCase(Locale.ROOT);
        int shift = t.endsWith("K") ? 10 : t.endsWith("M") ? 20 : t.endsWith("G") ? 30 : 0;
        if (shift > 0) t = t.substring(0, t.length() - 1);
        try {
            long n = Long.parseLong(t);
            return n <= 0 || n > (Long.MAX_VALUE >> shift) ? -1 : n << shift;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public static synchronized void watch(Job job) {
        JOBS.add(job);
        job.onAbort(a -> forget(job)); // an ended job (closed, or aborted for any cause) holds nothing to watch
        if (watcher == null) watcher = Thread.ofPlatform().name("mpish-memory-cap").daemon(true).start(MemoryCap::loop);
    }

    static synchronized void forget(Job job) { JOBS.remove(job); }

    private static synchronized java.util.List<Job> jobs() { return new java.util.ArrayList<>(JOBS); }

    private static void loop() {
        while (true) {
            try {
                Thread.sleep(POLL_MILLIS);
                check();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // a job closing under us: look again next time
            }
        }
    }

    /** One look: ends every running job when what the jobs hold is over the cap. */
    static void check() {
        java.util.List<Job> jobs = jobs();
        if (jobs.isEmpty()) return;
        long limit = cap;
        long held = nativeHeld(jobs);
        long heapNow = HEAP.getHeapMemoryUsage().getUsed();
        if (heapNow + held <= limit) return;
        long live = liveAfterLastGc();
        if (live + held <= limit) return;
        // the last collection may have left garbage in the old generation: one full collection tells (at most
        // one every 2 s, so a script that churns through garbage near the cap is not slowed down much)
        long now = System.nanoTime();
        if (now - lastForcedGc > 2_000_000_000L) {
            lastForcedGc = now;
            System.gc();
            live = HEAP.getHeapMemoryUsage().getUsed();
            held = nativeHeld(jobs);
            if (live + held <= limit) return;
        } else {
            return;
        }
        for (Job j : jobs) {
            if (j.abortReason() != null || j.isOver()) continue;
            Rank r = biggest(j);
            j.abort(new Job.Abort(1, (r == null ? "the job" : "rank " + r.id()) + " went over the job's memory cap of " + bytes(limit)
                    + " (" + bytes(live + held) + " in use; mpish --memory-cap or " + ENV + " sets the cap)",
                    Job.Abort.Kind.MEMORY, r == null ? -1 : r.id()));
        }
    }

    private static long nativeHeld(java.util.List<Job> jobs) {
        long n = 0;
        for (Job j : jobs) for (Rank r : j.ranks()) n += r.memory().bytesInUse();
        return n;
    }

    /** The heap in use right after the most recent collection, whichever collector made it. */
    private static long liveAfterLastGc() {
        long bestTime = -1, used = Long.MAX_VALUE;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!(gc instanceof com.sun.management.GarbageCollectorMXBean g)) continue;
            com.sun.management.GcInfo info = g.getLastGcInfo();
            if (info == null || info.getEndTime() < bestTime) continue;
            bestTime = info.getEndTime();
            long sum = 0;
            for (Map.Entry<String, MemoryUsage> e : info.getMemoryUsageAfterGc().entrySet()) sum += e.getValue().getUsed();
            used = sum;
        }
        return used == Long.MAX_VALUE ? HEAP.getHeapMemoryUsage().getUsed() : used;
    }

    /** The rank that holds the most: its mem.alloc blocks plus what its thread allocated on the heap. */
    private static Rank biggest(Job j) {
        Rank best = null;
        long most = -1;
        java.lang.management.ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        com.sun.management.ThreadMXBean sun = tm instanceof com.sun.management.ThreadMXBean s ? s : null;
        for (Rank r : j.ranks()) {
            long a = r.memory().bytesInUse();
            // rank threads live as long as their job: what a thread allocated is what its rank allocated
            if (sun != null) a += Math.max(0, sun.getThreadAllocatedBytes(r.thread().threadId()));
            if (a > most) {
                most = a;
                best = r;
            }
        }
        return best;
    }

    /** 2147483648 -> "2.0 GiB". */
    public static String bytes(long b) {
        if (b >= GIB) return String.format(Locale.ROOT, "%.1f GiB", b / (double) GIB);
        if (b >= 1 << 20) return String.format(Locale.ROOT, "%.0f MiB", b / (double) (1 << 20));
        return b + " bytes";
    }
}
