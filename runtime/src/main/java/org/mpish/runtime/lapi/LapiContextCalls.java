package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiTypes.*;

import java.util.List;
import java.util.Map;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Rank;
import org.mpish.runtime.BadArgument;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;

/** LAPI contexts (L1-L12): Init, Term, Qenv, Senv, Msg_string and the address calls. */
public final class LapiContextCalls implements CallFamily {
    static final List<String> INFO_FIELDS = List.of("protocol", "lib_vers", "epoch_num", "num_compl_hndlr_thr", "instance_no",
            "info6", "err_hndlr", "lapi_thread_attr", "adapter_name", "add_info");

    /** Names in struct fields ("PUT_XFER", a counter's name) resolve through this job's catalogue. */
    @Override
    public void wire(org.mpish.runtime.Job job, Catalogue catalogue) {
        job.hooks().add(Fields.NAMES, (r, name) -> {
            org.mpish.runtime.catalog.Constant c = catalogue.constant(name);
            return c == null ? null : c.value().apply(r);
        });
    }

    @Override
    public void declare(Catalogue.Builder b) {
        LapiConstCalls.declare(b);
        b.call("LAPI_Init", "lapi", "open a LAPI context on the calling task and return its handle")
                .out("hndl", HNDL).in("lapi_info", PType.of(PType.Kind.STRUCT, "lapi_info_t *"))
                .impl(guard((r, a) -> init(r, a.struct(0)).handle()));
        b.call("LAPI_Term", "lapi", "close a LAPI context")
                .in("hndl", HNDL)
                .impl(guard((r, a) -> {
                    Context c = ctx(r, a);
                    c.terminate();
                    Trace.emit(c, "term", "LAPI_Term: handle closed");
                    return null;
                }));
        b.call("LAPI_Qenv", "lapi", "query a LAPI environment value")
                .in("hndl", HNDL).in("query", QUERY).out("ret_val", PType.of(PType.Kind.VALUE, "int"), "int *ret_val")
                .impl(guard((r, a) -> Environment.query(ctx(r, a), a.i(1))));
        b.call("LAPI_Senv", "lapi", "set a LAPI environment value")
                .in("hndl", HNDL).in("query", QUERY).in("set_val", INT)
                .impl(guard((r, a) -> {
                    Environment.set(ctx(r, a), a.i(1), a.i(2));
                    return null;
                }));
        b.call("LAPI_Msg_string", "lapi", "the text of a LAPI return code")
                .in("error_code", INT).out("buf", PType.STRING, "void *buf")
                .impl(guard((r, a) -> {
                    String t = LapiErrors.text(a.i(0));
                    if (t == null) throw LapiErrors.fail(LapiErrors.CODE_UNKNOWN, "error_code " + a.i(0) + " is not a LAPI code");
                    return t;
                }));
        b.call("LAPI_Address", "lapi", "an address (or a function's address) as an integer")
                .in("my_addr", ANY_ADDR).out("ret_addr", PType.address("ulong"))
                .impl(guard((r, a) -> {
                    if (a.obj(0) == null || a.obj(0) instanceof Number n && n.longValue() == 0) {
                        throw LapiErrors.fail(LapiErrors.ORG_ADDR_NULL, "my_addr is NULL");
                    }
                    return LapiRank.of(r).addressOf(a.obj(0));
                }));
        b.call("LAPI_Address_init", "lapi", "exchange one address with every task (collective)")
                .in("hndl", HNDL).in("my_addr", ANY_ADDR).out("add_tab", PType.of(PType.Kind.LONG_ARRAY, "void *"), "void *add_tab[]")
                .impl(guard((r, a) -> exchange(r, a.i(0), a.obj(1), "LAPI_Address_init")));
        b.call("LAPI_Address_init64", "lapi", "exchange one 64-bit value with every task (collective)")
                .in("hndl", HNDL).in("my_addr", PType.of(PType.Kind.VALUE, "lapi_long_t", "address"))
                .out("add_tab", PType.of(PType.Kind.LONG_ARRAY, "lapi_long_t"), "lapi_long_t *add_tab")
                .impl(guard((r, a) -> exchange(r, a.i(0), a.obj(1), "LAPI_Address_init64")));
        b.call("LAPI_Addr_set", "lapi", "register an address (a header handler) at an index of the address table")
                .in("hndl", HNDL).in("addr", ANY_ADDR).in("addr_hndl", INT)
                .impl(guard((r, a) -> {
                    Context c = ctx(r, a);
                    int i = index(a.i(2));
                    c.addrTable()[i] = LapiRank.of(r).addressOf(a.obj(1));
                    Trace.emit(c, "addr", "address table[" + i + "] = " + Trace.hex(c.addrTable()[i]));
                    return null;
                }));
        b.call("LAPI_Addr_get", "lapi", "the address registered at an index of the address table")
                .in("hndl", HNDL).out("addr", ADDR, "void **addr").in("addr_hndl", INT)
                .impl(guard((r, a) -> ctx(r, a).addrTable()[index(a.i(1))]));
    }

    /** L10, L11. */
    private static int index(int i) {
        if (i < 1 || i >= LapiConst.LOC_ADDRTBL_SZ) {
            throw LapiErrors.fail(LapiErrors.ADDR_HNDL_RANGE, "addr_hndl " + i + " is outside 1.." + (LapiConst.LOC_ADDRTBL_SZ - 1));
        }
        return i;
    }

    /** L8, L9: every task's value, by task; a function becomes its code address. */
    private static long[] exchange(Rank r, int h, Object mine, String call) {
        Context c = LapiRank.of(r).context(h);
        long v = LapiRank.of(r).addressOf(mine);
        Object[] all = LapiWorld.of(r).exchange(c, v, call);
        long[] out = new long[all.length];
        for (int i = 0; i < out.length; i++) out[i] = (Long) all[i];
        Trace.emit(c, "addr", call + ": exchanged " + Trace.hex(v));
        return out;
    }

    /** L1, L2: lapi_info_t; left out means all zero. */
    static Context init(Rank r, Map<String, Object> info) {
        Fields f = new Fields(r, info, "lapi_info_t");
        try {
            f.only(INFO_FIELDS);
        } catch (BadArgument e) {
            throw LapiErrors.fail(LapiErrors.INFO_NONZERO, e.getMessage());
        }
        for (String unused : List.of("info6", "lapi_thread_attr", "add_info")) {
            if (f.has(unused) && !(f.raw(unused) instanceof Number n && n.longValue() == 0)) {
                throw LapiErrors.fail(LapiErrors.INFO_NONZERO, unused + " is " + f.raw(unused) + "; mpish uses no such extension");
            }
        }
        int lib = f.integer("lib_vers");
        if (lib < LapiConst.L1_LIB || lib > LapiConst.LAST_LIB) throw LapiErrors.fail(LapiErrors.INFO_NONZERO, "lib_vers " + lib);
        int instance = f.integer("instance_no");
        if (instance < 0) throw LapiErrors.fail(LapiErrors.INFO_NONZERO, "instance_no " + instance);
        Callback eh = f.fn("err_hndlr");
        boolean interrupt = (f.num("protocol") & LapiConst.INTERRUPT_OFF) == 0;
        Context c = LapiRank.of(r).open(instance, new Context.Settings(eh, lib, f.integer("epoch_num"), interrupt));
        Trace.emit(c, "init", "LAPI_Init: handle " + c.handle() + (interrupt ? ", interrupt mode" : ", polling mode")
                + (eh != null ? ", err_hndlr " + eh.describe() : ""));
        return c;
    }
}
