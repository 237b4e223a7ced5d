package org.mpish.runtime.lapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.BadArgument;
import org.mpish.runtime.catalog.ArgError;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.StructType;

/**
 * The declared members of lapi_xfer_t are exactly what XferSpec.parse reads (L59): every field of every member is
 * read (a value it cannot take is refused, naming the field; an opaque one arrives as given), and nothing else is.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LapiStructsTest {
    /** Fields passed on as the user gave them: parse cannot refuse any value, so the spec must hold that value. */
    private static final List<String> KEPT = List.of("sinfo", "cinfo", "org_vec", "tgt_vec");

    @Test
    void xferParseReadsEveryDeclaredFieldOfEveryMember_L59() {
        try (Fixture f = new Fixture(1)) {
            List<String> notRead = new ArrayList<>();
            int checked = 0;
            for (StructType.Variant v : LapiStructs.XFER.variants()) {
                for (StructType.Field field : v.fields()) {
                    if (field.padding() || field.name().equals("status")) continue; // never read: see LAPI_Xfer(3)
                    checked++;
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("Xfer_type", v.tag());
                    if (KEPT.contains(field.name())) {
                        Object mine = new Object();
                        m.put(field.name(), mine);
                        XferSpec x = f.t.on(0, () -> XferSpec.parse(f.r(0), m));
                        Object got = switch (field.name()) {
                            case "sinfo" -> x.sinfo;
                            case "cinfo" -> x.cinfo;
                            case "org_vec" -> x.orgVecRaw;
                            default -> x.tgtVecRaw;
                        };
                        if (got != mine) notRead.add(v.tag() + "." + field.name());
                        continue;
                    }
                    m.put(field.name(), "no-such-name");
                    try {
                        f.t.on(0, () -> XferSpec.parse(f.r(0), m));
                        notRead.add(v.tag() + "." + field.name());
                    } catch (BadArgument e) {
                        assertTrue(e.getMessage().contains(field.name()), e.getMessage());
                    }
                }
            }
            assertTrue(checked > 80, "fields checked: " + checked);
            assertEquals(List.of(), notRead, "declared fields that XferSpec.parse does not read");
        }
    }

    @Test
    void aFieldOfAnotherMemberIsNotReadAndPaddingNever_L59() {
        try (Fixture f = new Fixture(1)) {
            // chndlr belongs to GET; on a PUT a value that is no function would be refused if it were read
            XferSpec x = f.t.on(0, () -> XferSpec.parse(f.r(0), L.m("Xfer_type", "LAPI_PUT_XFER", "chndlr", "junk",
                    "udata", 5L, "pad", "junk", "len", 8L)));
            assertEquals(8, x.len);
            assertEquals(0, x.udata);
            assertEquals(null, x.chndlr);
            BadArgument e = assertThrows(BadArgument.class,
                    () -> f.t.on(0, () -> XferSpec.parse(f.r(0), L.m("Xfer_type", "LAPI_RMW_XFER", "udata_lenn", 1L))));
            // lapi_rmw_t in lapi.h: op, tgt, size, tgt_var, in_val, prev_tgt_val, org_cntr, shdlr, sinfo (no pad)
            assertTrue(e.getMessage().endsWith("has no field 'udata_lenn' (fields: Xfer_type, op, tgt, size, tgt_var, in_val,"
                    + " prev_tgt_val, org_cntr, shdlr, sinfo)"), e.getMessage());
        }
    }

    @Test
    void theCallsTakeTheDeclaredStructures() {
        Catalogue cat = Catalogue.get();
        assertSame(LapiStructs.XFER, cat.call("LAPI_Xfer").inputs().get(1).type().struct());
        assertSame(LapiStructs.INFO, cat.call("LAPI_Init").inputs().get(0).type().struct());
        for (String c : List.of("LAPI_Putv", "LAPI_Getv", "LAPI_Amsendv")) {
            assertTrue(cat.call(c).inputs().stream().anyMatch(p -> p.type().struct() == LapiStructs.VEC), c);
        }
        // lapi.h's union: every transfer type mpish carries out has its member (RDMA and MC are refused)
        List<String> tags = LapiStructs.XFER.variants().stream().map(StructType.Variant::tag).toList();
        for (String t : LapiConst.XFER_NAMES) {
            boolean refused = t.equals("LAPI_RDMA_XFER") || t.equals("LAPI_MC_XFER") || t.equals("LAPI_LAST_XFER");
            assertEquals(!refused, tags.contains(t), t);
        }
    }

    @Test
    void utilReadsOnlyTheMemberItsTypeNames_L66() {
        try (Fixture f = new Fixture(1)) {
            // out_buf belongs to lapi_pack_dgsp_t: on a reserve it is not read
            f.run(0, () -> L.call(f.r(0), "LAPI_Util", 0L, L.m("Util_type", "LAPI_RESERVE_DGSP", "dgsp_handle", LapiConst.LAPI_BYTE,
                    "out_buf", "junk")));
            ArgError e = assertThrows(ArgError.class, () -> f.run(0, () -> L.call(f.r(0), "LAPI_Util", 0L,
                    L.m("Util_type", "LAPI_RESERVE_DGSP", "dgsp_handel", LapiConst.LAPI_BYTE))));
            // lapi_resv_dgsp_t in lapi.h
            assertTrue(e.getMessage().endsWith("has no field 'dgsp_handel' (fields: Util_type, dgsp_handle, in_usr_func, status)"),
                    e.getMessage());
        }
        assertSame(LapiStructs.UTIL, Catalogue.get().call("LAPI_Util").inputs().get(1).type().struct());
    }

    @Test
    void dgspDescriptionReadsEveryDeclaredField_L67() {
        try (Fixture f = new Fixture(1)) {
            for (StructType.Field field : LapiStructs.DGSP_DESCR.fields()) {
                BadArgument e = assertThrows(BadArgument.class, () -> f.run(0, () -> Dgsp.parse(f.r(0), L.m(field.name(), "no-such-name"))),
                        field.name());
                assertTrue(e.getMessage().contains(field.name()), e.getMessage());
            }
            BadArgument e = assertThrows(BadArgument.class, () -> f.run(0, () -> Dgsp.parse(f.r(0), L.m("codesize", 3L))));
            // lapi_dgsp_descr_t in lapi.h
            assertTrue(e.getMessage().endsWith("(fields: code, code_size, depth, density, size, extent, lext, rext, atom_size)"),
                    e.getMessage());
        }
    }

    @Test
    void lapiInfoRefusesANameItDoesNotHave_L1() {
        try (Fixture f = new Fixture(1)) {
            assertEquals(LapiErrors.INFO_NONZERO, f.code(0, () -> L.call(f.r(0), "LAPI_Init", L.m("instance", 1L))));
        }
    }
}
