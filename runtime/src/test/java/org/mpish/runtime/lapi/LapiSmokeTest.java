package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;

@Timeout(30)
class LapiSmokeTest {
    @Test
    void putThenGetThenAmsend() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                int h = L.init(r);
                long buf = L.alloc(r, 16);
                long c = L.cntr(r);
                long[] bufs = L.exchange(r, h, buf);
                long[] cs = L.exchange(r, h, c);
                if (r.id() == 0) {
                    long src = L.alloc(r, 16);
                    L.putInts(r, src, 1, 2, 3, 4);
                    long oc = L.cntr(r), cc = L.cntr(r);
                    L.call(r, "LAPI_Put", (long) h, 1L, 16L, bufs[1], src, cs[1], oc, cc);
                    L.waitcntr(r, h, cc, 1);
                    assertEquals(0, L.value(r, oc) - 1);
                }
                L.gfence(r, h);
                if (r.id() == 1) assertArrayEquals(new int[] {1, 2, 3, 4}, L.ints(r, buf, 4));
                L.gfence(r, h);
            });
        }
    }
}
