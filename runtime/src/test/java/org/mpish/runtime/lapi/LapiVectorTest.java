package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Section L.7: vectors for Putv, Getv, Amsendv and the Xfer vector types. */
@Timeout(30)
class LapiVectorTest {
    static Map<String, Object> io(long[] addrs, long[] lens) {
        return L.m("vec_type", (long) LapiConst.GEN_IOVECTOR, "num_vecs", (long) addrs.length,
                "info", java.util.Arrays.stream(addrs).boxed().toList(), "len", java.util.Arrays.stream(lens).boxed().toList());
    }

    static Map<String, Object> strided(long base, long block, long stride, long n) {
        return L.m("vec_type", (long) LapiConst.GEN_STRIDED_XFER, "num_vecs", n, "info", L.list(base, block, stride));
    }

    @Test
    void iovectorPutvMovesEachPieceToItsPlace_L43_L44_L47() {
        try (Fixture f = new Fixture(2)) {
            long a = f.alloc(0, 8), b = f.alloc(0, 4), t1 = f.alloc(1, 8), t2 = f.alloc(1, 4);
            long tc = f.alloc(1, 8), oc = f.alloc(0, 8), cc = f.alloc(0, 8);
            f.run(0, () -> { L.putInts(f.r(0), a, 1, 2); L.putInts(f.r(0), b, 3); });
            f.run(0, () -> L.call(f.r(0), "LAPI_Putv", 0L, 1L, io(new long[] {t1, t2}, new long[] {8, 4}), io(new long[] {a, b}, new long[] {8, 4}),
                    tc, oc, cc));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
            assertArrayEquals(new int[] {1, 2}, L.ints(f.r(1), t1, 2));
            assertEquals(3, L.ints(f.r(1), t2, 1)[0]);
            assertEquals(1, f.cntr(1, tc));
            assertEquals(1, f.cntr(0, oc));
        }
    }

    @Test
    void stridedGetvReadsAColumnIntoARow_L43_L47() {
        try (Fixture f = new Fixture(2)) {
            long m = f.alloc(1, 64), row = f.alloc(0, 16), oc = f.alloc(0, 8), tc = f.alloc(1, 8);
            f.run(1, () -> { for (int i = 0; i < 16; i++) f.r(1).memory().writeInt(m + 4L * i, i); });
            f.run(0, () -> L.call(f.r(0), "LAPI_Getv", 0L, 1L, strided(m + 8, 4, 16, 4), strided(row, 4, 4, 4), tc, oc));
            f.run(0, () -> L.waitcntr(f.r(0), 0, oc, 1));
            assertArrayEquals(new int[] {2, 6, 10, 14}, L.ints(f.r(0), row, 4));
            assertEquals(1, f.cntr(1, tc));
        }
    }

    @Test
    void originAndTargetVectorsMustAgree_L45() {
        try (Fixture f = new Fixture(2)) {
            long a = f.alloc(0, 16), t = f.alloc(1, 16);
            assertEquals(LapiErrors.VEC_TYPE_DIFF, f.code(0, () -> L.call(f.r(0), "LAPI_Putv", 0L, 1L, strided(t, 4, 4, 2),
                    io(new long[] {a, a + 4}, new long[] {4, 4}), 0L, 0L, 0L)));
            assertEquals(LapiErrors.VEC_NUM_DIFF, f.code(0, () -> L.call(f.r(0), "LAPI_Putv", 0L, 1L, io(new long[] {t}, new long[] {8}),
                    io(new long[] {a, a + 4}, new long[] {4, 4}), 0L, 0L, 0L)));
            assertEquals(LapiErrors.VEC_LEN_DIFF, f.code(0, () -> L.call(f.r(0), "LAPI_Putv", 0L, 1L, io(new long[] {t, t + 8}, new long[] {8, 4}),
                    io(new long[] {a, a + 8}, new long[] {4, 8}), 0L, 0L, 0L)));
            assertEquals(LapiErrors.VEC_LEN_DIFF, f.code(0, () -> L.call(f.r(0), "LAPI_Getv", 0L, 1L, strided(t, 8, 8, 2),
                    strided(a, 4, 4, 2), 0L, 0L)));
            // USE_TGT_VEC_TYPE: each side read by its own type; only the byte count must agree
            long cc = f.alloc(0, 8);
            f.run(0, () -> L.putInts(f.r(0), a, 5, 6, 7, 8));
            f.run(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "PUTV", "tgt", 1L, "flags", (long) LapiConst.USE_TGT_VEC_TYPE,
                    "org_vec", io(new long[] {a, a + 4}, new long[] {4, 12}), "tgt_vec", strided(t, 4, 4, 4), "cmpl_cntr", cc)));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
            assertArrayEquals(new int[] {5, 6, 7, 8}, L.ints(f.r(1), t, 4));
            assertEquals(LapiErrors.VEC_LEN_DIFF, f.code(0, () -> L.call(f.r(0), "LAPI_Xfer", 0L, L.m("Xfer_type", "PUTV", "tgt", 1L,
                    "flags", (long) LapiConst.USE_TGT_VEC_TYPE, "org_vec", io(new long[] {a}, new long[] {4}), "tgt_vec", strided(t, 4, 4, 2)))));
        }
    }

    @Test
    void genericVectorsNeedOnlyTheSameTotal_L43() {
        try (Fixture f = new Fixture(2)) {
            long a = f.alloc(0, 12), t = f.alloc(1, 12), cc = f.alloc(0, 8);
            f.run(0, () -> L.putInts(f.r(0), a, 1, 2, 3));
            Map<String, Object> org = io(new long[] {a}, new long[] {12});
            org.put("vec_type", (long) LapiConst.GEN_GENERIC);
            Map<String, Object> tgt = io(new long[] {t + 8, t}, new long[] {4, 8});
            tgt.put("vec_type", (long) LapiConst.GEN_GENERIC);
            assertEquals(LapiErrors.VEC_NUM_DIFF, f.code(0, () -> L.call(f.r(0), "LAPI_Putv", 0L, 1L, tgt, org, 0L, 0L, 0L)));
            Map<String, Object> org2 = io(new long[] {a, a + 4}, new long[] {4, 8});
            org2.put("vec_type", (long) LapiConst.GEN_GENERIC);
            Map<String, Object> tgt2 = io(new long[] {t + 4, t}, new long[] {8, 4});
            tgt2.put("vec_type", (long) LapiConst.GEN_GENERIC);
            Map<String, Object> short8 = io(new long[] {a, a}, new long[] {4, 4});
            short8.put("vec_type", (long) LapiConst.GEN_GENERIC);
            assertEquals(LapiErrors.VEC_LEN_DIFF, f.code(0, () -> L.call(f.r(0), "LAPI_Putv", 0L, 1L, tgt2, short8, 0L, 0L, 0L)));
            f.run(0, () -> L.call(f.r(0), "LAPI_Putv", 0L, 1L, tgt2, org2, 0L, 0L, cc));
            f.run(0, () -> L.waitcntr(f.r(0), 0, cc, 1));
            assertArrayEquals(new int[] {3, 1, 2}, L.ints(f.r(1), t, 3));    // 1,2 went to t+4; 3 to t
        }
    }

    @Test
    void perSideChecksReportOriginAndTargetCodes_L46() {
        try (Fixture f = new Fixture(2)) {
            long a = f.alloc(0, 16), t = f.alloc(1, 16);
            Map<String, Object> okT = io(new long[] {t}, new long[] {4}), okO = io(new long[] {a}, new long[] {4});
            Object[][] cases = {
                    {LapiErrors.ORG_VEC_NULL, okT, null},
                    {LapiErrors.TGT_VEC_NULL, null, okO},
                    {LapiErrors.ORG_VEC_TYPE, okT, L.m("vec_type", 9L, "num_vecs", 1L)},
                    {LapiErrors.TGT_VEC_TYPE, L.m("vec_type", -1L, "num_vecs", 1L), okO},
                    {LapiErrors.ORG_VEC_ADDR, okT, io(new long[] {0}, new long[] {4})},
                    {LapiErrors.TGT_VEC_ADDR, io(new long[] {0}, new long[] {4}), okO},
                    {LapiErrors.ORG_VEC_LEN, okT, io(new long[] {a}, new long[] {-4})},
                    {LapiErrors.TGT_VEC_LEN, io(new long[] {t}, new long[] {-1}), okO},
                    {LapiErrors.ORG_STRIDE, strided(t, 4, 4, 2), strided(a, 4, 2, 2)},
                    {LapiErrors.TGT_STRIDE, strided(t, 4, 0, 2), strided(a, 4, 4, 2)},
                    {LapiErrors.ORG_EXTENT, strided(t, 4, 4, 2), strided(a, 4, 16, 2)},
                    {LapiErrors.TGT_EXTENT, strided(t, 4, 100, 2), strided(a, 4, 4, 2)},
                    {LapiErrors.STRIDE_ORG_VEC_ADDR_NULL, strided(t, 4, 4, 2), strided(0, 4, 4, 2)},
                    {LapiErrors.STRIDE_TGT_VEC_ADDR_NULL, strided(0, 4, 4, 2), strided(a, 4, 4, 2)},
            };
            for (Object[] c : cases) {
                int code = f.code(0, () -> L.call(f.r(0), "LAPI_Putv", 0L, 1L, c[1], c[2], 0L, 0L, 0L));
                assertEquals(c[0], code, LapiErrors.name((Integer) c[0]));
            }
        }
    }
}
