package org.mpish.shell;

import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The job memory cap (issue 19 item 18): a rank that keeps allocating ends its job within 5 s of the job reaching
 * the cap, with one line naming the rank and the cap; below the cap nothing happens.
 */
@Timeout(120)
class MemoryCapTest {
    private static final long MIB = 1L << 20;

    @AfterEach
    void defaultCapAgain() { MemoryCap.set(MemoryCap.defaultCap()); }

    private static long heapAfterGc() throws InterruptedException {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(30);
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    /**
     * Rank 1 of 2 keeps 1 MiB arrays (the Java heap, as a script's objects) until the job ends; returns the seconds
     * from the moment what it holds took the job over the cap to the abort, and checks the message.
     */
    private static double overTheCap(boolean viaMemAlloc) throws Exception {
        long cap = heapAfterGc() + 160 * MIB;
        MemoryCap.set(cap);
        AtomicLong crossed = new AtomicLong();
        try (Job job = new Job(2)) {
            MemoryCap.watch(job);
            Rank r1 = job.rank(1);
            var f = r1.submit(() -> {
                List<byte[]> kept = new ArrayList<>();
                long held = 0;
                while (true) {
                    r1.checkAbort();
                    if (viaMemAlloc) r1.memory().alloc(MIB);
                    else kept.add(new byte[(int) MIB]);
                    held += MIB;
                    // the heap the test JVM held before, plus this: over the cap from here on
                    if (held > 160 * MIB && crossed.get() == 0) crossed.set(System.nanoTime());
                    if (held > 4096 * MIB) throw new AssertionError("4 GiB held and the job still runs");
                    Thread.sleep(2);   // about 500 MiB/s: a fast script
                }
            });
            long end = System.nanoTime() + 60_000_000_000L;
            while (job.abortReason() == null && System.nanoTime() < end) Thread.sleep(10);
            long abortedAt = System.nanoTime();
            Job.Abort a = job.abortReason();
            assertNotNull(a, "the job was not ended");
            assertEquals(Job.Abort.Kind.MEMORY, a.kind());
            assertTrue(a.message().startsWith("rank 1 went over the job's memory cap of " + MemoryCap.bytes(cap)), a.message());
            assertEquals(1, a.message().lines().count(), a.message());
            try {
                f.get();
            } catch (java.util.concurrent.ExecutionException expected) {
                assertTrue(expected.getCause() instanceof JobAbortedException, String.valueOf(expected.getCause()));
            }
            assertTrue(crossed.get() != 0, "the job ended before rank 1 held the cap: " + a.message());
            return (abortedAt - crossed.get()) / 1e9;
        }
    }

    @Test
    void aRankThatFillsTheHeapEndsItsJobWithin5Seconds() throws Exception {
        double s = overTheCap(false);
        System.out.printf("memory cap (Java heap): the job ended %.2f s after it went over the cap%n", s);
        assertTrue(s < 5, s + " s after the cap");
    }

    @Test
    void memAllocCountsToo() throws Exception {
        double s = overTheCap(true);
        System.out.printf("memory cap (mem.alloc): the job ended %.2f s after it went over the cap%n", s);
        assertTrue(s < 5, s + " s after the cap");
    }

    @Test
    void belowTheCapNothingHappens() throws Exception {
        MemoryCap.set(heapAfterGc() + 400 * MIB);
        try (Job job = new Job(2)) {
            MemoryCap.watch(job);
            job.rank(0).submit(() -> {
                // 1 GiB allocated in all, never more than 64 MiB held: garbage is not counted
                for (int i = 0; i < 1024; i++) {
                    byte[][] churn = new byte[64][];
                    churn[i % 64] = new byte[(int) MIB];
                }
                long b = job.rank(0).memory().alloc(100 * MIB);
                job.rank(0).memory().free(b);
                return null;
            }).get();
            Thread.sleep(3 * MemoryCap.POLL_MILLIS);
            assertEquals(null, job.abortReason());
        }
    }

    @Test
    void theCapStaysBelowTheHeapAndParsesSizes() {
        assertTrue(MemoryCap.defaultCap() <= Runtime.getRuntime().maxMemory() / 2);
        assertTrue(MemoryCap.set(Long.MAX_VALUE / 2) != null, "a cap beyond the heap is lowered, with a warning");
        assertTrue(MemoryCap.cap() < Runtime.getRuntime().maxMemory());
        assertEquals(512 * MIB, MemoryCap.parse("512M"));
        assertEquals(2L << 30, MemoryCap.parse("2g"));
        assertEquals(-1, MemoryCap.parse("lots"));
        assertEquals(-1, MemoryCap.parse("-5"));
    }
}
