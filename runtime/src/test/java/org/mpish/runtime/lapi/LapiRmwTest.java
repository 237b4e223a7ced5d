package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;

/** Section L.8: read-modify-write. */
@Timeout(30)
class LapiRmwTest {
    private static long rmw(Fixture f, String call, int op, long tgtVar, long in, long prev) {
        Rank r0 = f.r(0);
        long oc = f.alloc(0, 8);
        f.run(0, () -> L.call(r0, call, 0L, (long) op, 1L, tgtVar, in, prev, oc));
        f.run(0, () -> L.waitcntr(r0, 0, oc, 1));     // L50: org_cntr once prev_tgt_val is written
        return call.equals("LAPI_Rmw") ? r0.memory().readInt(prev) : r0.memory().readLong(prev);
    }

    @Test
    void fetchAndAddOrSwapOn32Bits_L48() {
        try (Fixture f = new Fixture(2)) {
            long v = f.alloc(1, 4), in = f.alloc(0, 4), prev = f.alloc(0, 4);
            f.run(1, () -> f.r(1).memory().writeInt(v, 5));
            f.run(0, () -> f.r(0).memory().writeInt(in, 3));
            assertEquals(5, rmw(f, "LAPI_Rmw", LapiConst.FETCH_AND_ADD, v, in, prev));
            assertEquals(8, f.r(1).memory().readInt(v));
            f.run(0, () -> f.r(0).memory().writeInt(in, 0x10));
            assertEquals(8, rmw(f, "LAPI_Rmw", LapiConst.FETCH_AND_OR, v, in, prev));
            assertEquals(0x18, f.r(1).memory().readInt(v));
            assertEquals(0x18, rmw(f, "LAPI_Rmw", LapiConst.SWAP, v, in, prev));
            assertEquals(0x10, f.r(1).memory().readInt(v));
        }
    }

    @Test
    void compareAndSwapReportsSuccessNotTheOldValue_L49() {
        try (Fixture f = new Fixture(2)) {
            long v = f.alloc(1, 8), in = f.alloc(0, 16), prev = f.alloc(0, 8);
            f.run(1, () -> f.r(1).memory().writeLong(v, 7));
            f.run(0, () -> { f.r(0).memory().writeLong(in, 7); f.r(0).memory().writeLong(in + 8, 70); });
            assertEquals(1, rmw(f, "LAPI_Rmw64", LapiConst.COMPARE_AND_SWAP, v, in, prev));
            assertEquals(70, f.r(1).memory().readLong(v));
            assertEquals(0, rmw(f, "LAPI_Rmw64", LapiConst.COMPARE_AND_SWAP, v, in, prev));     // 70 != 7: nothing changes
            assertEquals(70, f.r(1).memory().readLong(v));
        }
    }

    @Test
    void noTargetCounterAndPrevMayBeNull_L50() {
        try (Fixture f = new Fixture(2)) {
            long v = f.alloc(1, 4), in = f.alloc(0, 4), oc = f.alloc(0, 8);
            f.run(0, () -> f.r(0).memory().writeInt(in, 2));
            f.run(0, () -> L.call(f.r(0), "LAPI_Rmw", 0L, 0L, 1L, v, in, null, oc));
            f.run(0, () -> L.waitcntr(f.r(0), 0, oc, 1));
            assertEquals(2, f.r(1).memory().readInt(v));
            assertEquals(7, org.mpish.runtime.catalog.Catalogue.get().call("LAPI_Rmw").inputs().size());   // no tgt_cntr
        }
    }

    @Test
    void concurrentFetchAndAddsFromEveryTaskHandOutDistinctValues_L51() {
        try (Fixture f = new Fixture(4)) {
            long ticket = f.alloc(0, 8);
            Set<Long> seen = java.util.Collections.synchronizedSet(new HashSet<>());
            f.t.spmd(r -> {
                long in = L.alloc(r, 8), prev = L.alloc(r, 8), oc = L.cntr(r);
                r.memory().writeLong(in, 1);
                for (int i = 0; i < 50; i++) {
                    L.call(r, "LAPI_Rmw64", 0L, (long) LapiConst.FETCH_AND_ADD, 0L, ticket, in, prev, oc);
                    L.waitcntr(r, 0, oc, 1);
                    seen.add(r.memory().readLong(prev));
                }
            });
            assertEquals(200, seen.size());
            assertEquals(200, f.r(0).memory().readLong(ticket));
        }
    }

    @Test
    void sizeThroughXferMustBe32Or64_L52() {
        try (Fixture f = new Fixture(2)) {
            long v = f.alloc(1, 8), in = f.alloc(0, 8), prev = f.alloc(0, 8), oc = f.alloc(0, 8);
            f.run(0, () -> f.r(0).memory().writeLong(in, 1L << 40));
            assertEquals(LapiErrors.OP_SZ, f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "RMW", "op", "FETCH_AND_ADD",
                    "tgt", 1L, "size", 16L, "tgt_var", v, "in_val", in))));
            f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "RMW", "op", "FETCH_AND_ADD", "tgt", 1L, "size", 64L,
                    "tgt_var", v, "in_val", in, "prev_tgt_val", prev, "org_cntr", oc)));
            f.run(0, () -> L.waitcntr(f.r(0), 0, oc, 1));
            assertEquals(1L << 40, f.r(1).memory().readLong(v));
        }
    }

    @Test
    void rmwErrors_L53() {
        try (Fixture f = new Fixture(2)) {
            long v = f.alloc(1, 4), in = f.alloc(0, 4);
            assertEquals(LapiErrors.RMW_OP, f.code(0, () -> L.call(f.r(0), "LAPI_Rmw", 0L, 4L, 1L, v, in, 0L, 0L)));
            assertEquals(LapiErrors.IN_VAL_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Rmw", 0L, 0L, 1L, v, 0L, 0L, 0L)));
            assertEquals(LapiErrors.TGT_VAR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Rmw", 0L, 0L, 1L, 0L, in, 0L, 0L)));
            assertEquals(LapiErrors.TGT, f.code(0, () -> L.call(f.r(0), "LAPI_Rmw", 0L, 0L, 5L, v, in, 0L, 0L)));
            // CAS needs two values at in_val
            assertEquals(LapiErrors.IN_VAL_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Rmw", 0L, 3L, 1L, v, in, 0L, 0L)));
            assertEquals(LapiErrors.RET_PTR_NULL, f.code(0, () -> L.call(f.r(0), "LAPI_Rmw", 0L, 0L, 1L, v, in, 8L, 0L)));
            assertEquals(Arrays.asList(0, 1, 2, 3), Arrays.asList(LapiConst.FETCH_AND_ADD, LapiConst.FETCH_AND_OR, LapiConst.SWAP,
                    LapiConst.COMPARE_AND_SWAP));
        }
    }
}
