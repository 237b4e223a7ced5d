package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiConst.*;
import static org.mpish.runtime.lapi.LapiTypes.*;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;

/** LAPI_Util (L66-L70): DGSP registration, reference counting, pack and unpack, and the DDM function. */
public final class LapiUtilCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.call("LAPI_Util", "lapi", "DGSP services: register, reserve, unreserve, pack, unpack, DDM function")
                .in("hndl", HNDL).inout("util_p", UTIL, "lapi_util_t *util_p")
                .impl(guard((r, a) -> util(r, a.i(0), a.struct(1))));
    }

    private static Map<String, Object> util(Rank r, int hndl, Map<String, Object> in) {
        if (in == null) throw LapiErrors.fail(LapiErrors.UTIL_CMD, "util_p is NULL");
        Object t = in.get("Util_type");
        int type = t == null ? -1 : (int) Fields.number(r, t instanceof String s && UTIL_NAMES.contains("LAPI_" + s) ? "LAPI_" + s : t, "Util_type");
        if (type < 0 || type >= LAST_UTIL) throw LapiErrors.fail(LapiErrors.UTIL_CMD, "Util_type " + t + " is not a lapi_util_type_t value");
        if (type > DGSP_UNPACK) {
            throw LapiErrors.fail(LapiErrors.UTIL_CMD, UTIL_NAMES.get(type) + " is not available in mpish (no UDP, RDMA, triggers or thread hooks)");
        }
        if (type != REGISTER_DGSP && type != RESERVE_DGSP && type != UNRESERVE_DGSP) LapiRank.of(r).context(hndl);
        Dgsps reg = LapiRank.of(r).dgsps();
        // only the member Util_type names is read (a field of another member is ignored, as in C)
        String member = UTIL_NAMES.get(type);
        Fields f = new Fields(r, in, "lapi_util_t (" + member + ")", LapiStructs.UTIL, LapiStructs.UTIL.variant(member));
        Map<String, Object> out = new LinkedHashMap<>(in);
        out.put("status", 0L);
        switch (type) {
            case REGISTER_DGSP -> {
                long h = reg.register(Dgsp.parse(r, f.raw("idgsp")));
                Trace.emit(r, "dgsp", "registered DGSP " + Trace.hex(h), null);
                out.put("dgsp_handle", h);
            }
            case RESERVE_DGSP -> {
                reg.reserve(f.num("dgsp_handle"));
            }
            case UNRESERVE_DGSP -> {
                reg.unreserve(f.num("dgsp_handle"));
            }
            case REG_DDM_FUNC -> {
                LapiRank.of(r).setDdm(f.fn("ddm_func"));
            }
            case DGSP_PACK -> {
                Dgsp d = reg.get(f.num("dgsp"), "dgsp");
                long bytes = f.num("bytes"), pos = f.num("position"), size = f.num("out_size");
                if (bytes < 0 || pos < 0 || pos + bytes > size) {
                    throw LapiErrors.fail(LapiErrors.PACK_SZ, bytes + " bytes at position " + pos + " do not fit out_size " + size);
                }
                try {
                    byte[] data = DgspMachine.gather(d, r.memory(), f.num("in_buf"), bytes, 0);
                    r.memory().write(f.num("out_buf") + pos, data);
                } catch (MemoryFault e) {
                    throw LapiErrors.fail(LapiErrors.ORG_ADDR_NULL, "packing: " + e.getMessage());
                }
                out.put("position", pos + bytes);
            }
            case DGSP_UNPACK -> {
                Dgsp d = reg.get(f.num("dgsp"), "dgsp");
                long bytes = f.num("bytes"), pos = f.num("position"), size = f.num("in_size");
                if (bytes < 0 || pos < 0 || pos + bytes > size) {
                    throw LapiErrors.fail(LapiErrors.PACK_SZ, bytes + " bytes at position " + pos + " are not inside in_size " + size);
                }
                try {
                    byte[] data = r.memory().read(f.num("in_buf") + pos, Math.toIntExact(bytes));
                    DgspMachine.scatter(d, r, f.num("out_buf"), data, 0, LapiRank.of(r).ddm());
                } catch (MemoryFault e) {
                    throw LapiErrors.fail(LapiErrors.TGT_ADDR_NULL, "unpacking: " + e.getMessage());
                }
                out.put("position", pos + bytes);
            }
            default -> throw new IllegalStateException();
        }
        return out;
    }
}
