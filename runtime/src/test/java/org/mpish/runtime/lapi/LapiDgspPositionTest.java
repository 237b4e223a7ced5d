package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.lapi.LapiConst.DGSP_PACK;
import static org.mpish.runtime.lapi.LapiConst.DGSP_UNPACK;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.ArgError;

/**
 * L69: LAPI_Util DGSP_PACK / DGSP_UNPACK work at {@code position} in the packed buffer and advance it by
 * {@code bytes}; a transfer that ends exactly at the buffer's size fits, and no byte is moved for 0 bytes. Each
 * command takes only its own fields of lapi_util_t.
 */
@Timeout(30)
class LapiDgspPositionTest {
    @Test
    void packAndUnpackStartAtPositionAndMayEndExactlyAtTheSize_L69() {
        try (Fixture f = new Fixture(1)) {
            Rank r = f.r(0);
            long h = f.on(0, () -> LapiDgspTest.register(r, LapiDgspTest.everyOther()));
            long src = f.alloc(0, 32), packed = f.alloc(0, 16), back = f.alloc(0, 32);
            f.run(0, () -> L.putInts(r, src, 1, 2, 3, 4, 5, 6, 7, 8));
            f.run(0, () -> L.putInts(r, packed, -1, -1, -1, -1));
            // 12 bytes at position 4 of 16: ends exactly at out_size
            Map<?, ?> out = f.on(0, () -> (Map<?, ?>) L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) DGSP_PACK, "dgsp", h, "in_buf", src,
                    "bytes", 12L, "out_buf", packed, "out_size", 16L, "position", 4L)));
            assertEquals(16L, out.get("position"));
            assertArrayEquals(new int[] {-1, 1, 3, 5}, L.ints(r, packed, 4));
            // nothing to pack: accepted, nothing written, position unchanged
            out = f.on(0, () -> (Map<?, ?>) L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) DGSP_PACK, "dgsp", h, "in_buf", src,
                    "bytes", 0L, "out_buf", packed, "out_size", 16L, "position", 16L)));
            assertEquals(16L, out.get("position"));
            assertArrayEquals(new int[] {-1, 1, 3, 5}, L.ints(r, packed, 4));
            // unpack the 12 bytes from position 4 of 16
            out = f.on(0, () -> (Map<?, ?>) L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) DGSP_UNPACK, "dgsp", h, "in_buf", packed,
                    "in_size", 16L, "out_buf", back, "bytes", 12L, "position", 4L)));
            assertEquals(16L, out.get("position"));
            assertArrayEquals(new int[] {1, 0, 3, 0, 5, 0}, L.ints(r, back, 6));
            assertEquals(LapiErrors.PACK_SZ, f.code(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) DGSP_UNPACK, "dgsp", h,
                    "in_buf", packed, "in_size", 15L, "out_buf", back, "bytes", 12L, "position", 4L))));
            assertEquals(LapiErrors.PACK_SZ, f.code(0, () -> L.call(r, "LAPI_Util", 0L, L.m("Util_type", (long) DGSP_PACK, "dgsp", h,
                    "in_buf", src, "bytes", -1L, "out_buf", packed, "out_size", 16L, "position", 0L))));
        }
    }

    @Test
    void eachUtilCommandTakesOnlyItsOwnFields() {
        try (Fixture f = new Fixture(1)) {
            Rank r = f.r(0);
            for (String type : new String[] {"REGISTER_DGSP", "RESERVE_DGSP", "UNRESERVE_DGSP", "REG_DDM_FUNC", "DGSP_PACK", "DGSP_UNPACK"}) {
                ArgError e = assertThrows(ArgError.class, () -> f.run(0, () -> L.call(r, "LAPI_Util", 0L,
                        L.m("Util_type", type, "bogus", 1L))), type);
                assertTrue(e.getMessage().contains("no field 'bogus'"), type + ": " + e.getMessage());
            }
        }
    }
}
