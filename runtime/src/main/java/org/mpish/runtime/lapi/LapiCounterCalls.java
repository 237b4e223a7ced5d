package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiTypes.*;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;

/** Counters (L20-L24), progress and ordering (L71-L75), purge and resume (L76, L77). */
public final class LapiCounterCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.call("LAPI_Setcntr", "lapi", "set a counter to a value")
                .in("hndl", HNDL).in("cntr", CNTR).in("val", INT)
                .impl(guard((r, a) -> {
                    ctx(r, a);
                    Counters.check(r, a.l(1), LapiErrors.CNTR_NULL, "cntr");
                    Counters.set(r, a.l(1), a.i(2), "LAPI_Setcntr");
                    return null;
                }));
        b.call("LAPI_Getcntr", "lapi", "read a counter")
                .in("hndl", HNDL).in("cntr", CNTR).out("val", INT)
                .impl(guard((r, a) -> {
                    ctx(r, a);
                    Counters.check(r, a.l(1), LapiErrors.CNTR_NULL, "cntr");
                    Counters.note(r, a.l(1), LapiRank.of(r).counter(a.l(1)).role == null ? "counter" : LapiRank.of(r).counter(a.l(1)).role);
                    return (int) Counters.get(r, a.l(1));
                }));
        b.call("LAPI_Waitcntr", "lapi", "wait, dispatching handlers, until a counter reaches a value, then subtract it")
                .in("hndl", HNDL).in("cntr", CNTR).in("val", INT).out("cur_cntr_val", INT)
                .typed(Wait.class, (r, h, cntr, val) -> {
                    try {
                        return (int) waitFor(r, LapiRank.of(r).context(h), cntr, val, false);
                    } catch (RuntimeException e) {
                        throw lapiError(e);
                    }
                });
        b.call("LAPI_Nopoll_wait", "lapi", "wait without dispatching until a counter reaches a value, then subtract it")
                .in("hndl", HNDL).in("cntr_ptr", CNTR).in("val", INT).out("cur_cntr_val", INT)
                .impl(guard((r, a) -> {
                    Context c = ctx(r, a);
                    if (a.i(2) <= 0) throw LapiErrors.fail(LapiErrors.CNTR_VAL, "val " + a.i(2) + " must be above 0");
                    // L23: the call belongs to LAPI 2; a handle made for L1_LIB (the zeroed lapi_info_t's) does not have it
                    if (c.settings().libVers() < LapiConst.L2_LIB) {
                        throw LapiErrors.fail(LapiErrors.HNDL_INVALID, "handle " + c.handle() + " was made with lib_vers L1_LIB;"
                                + " LAPI_Nopoll_wait needs L2_LIB or later (give lib_vers: L2_LIB or LAST_LIB to LAPI_Init)");
                    }
                    return (int) waitFor(r, c, a.l(1), a.i(2), true);
                }));
        b.call("LAPI_Setcntr_wstatus", "lapi", "set a counter to 0 and track which tasks have updated it")
                .in("hndl", HNDL).in("cntr", CNTR).in("num_dest", INT).in("dest_list", PType.INT_ARRAY, "uint *dest_list")
                .in("dest_status", INT_PTR)
                .impl(guard((r, a) -> {
                    ctx(r, a);
                    long c = a.l(1);
                    Counters.check(r, c, LapiErrors.CNTR_NULL, "cntr");
                    int n = a.i(2);
                    int[] list = a.ints(3);
                    if (n < 0) throw LapiErrors.fail(LapiErrors.CNTR_VAL, "num_dest " + n);
                    if (n > 0 && (list == null || list.length < n)) {
                        throw LapiErrors.fail(LapiErrors.RET_PTR_NULL, "dest_list must hold num_dest (" + n + ") tasks");
                    }
                    long st = a.l(4);
                    if (n > 0 && (st == 0 || !r.memory().valid(st, 4L * n))) {
                        throw LapiErrors.fail(LapiErrors.RET_PTR_NULL, "dest_status must be " + n + " ints of allocated memory");
                    }
                    Counters.WStatus w = new Counters.WStatus(n == 0 ? new int[0] : java.util.Arrays.copyOf(list, n), st, r.job().size());
                    synchronized (r.memory()) {
                        LapiRank.of(r).counter(c).wstatus = w;
                        w.write(r);
                    }
                    Counters.set(r, c, 0, "LAPI_Setcntr_wstatus for " + n + " task(s)");
                    return null;
                }));
        b.call("LAPI_Fence", "lapi", "wait until every transfer this task started on the handle has moved its data")
                .in("hndl", HNDL)
                .impl(guard((r, a) -> {
                    fence(r, ctx(r, a), "LAPI_Fence");
                    return null;
                }));
        b.call("LAPI_Gfence", "lapi", "barrier of all tasks after which every task's transfers have moved their data")
                .in("hndl", HNDL)
                .impl(guard((r, a) -> {
                    Context c = ctx(r, a);
                    fence(r, c, "LAPI_Gfence");
                    LapiWorld.of(r).exchange(c, null, "LAPI_Gfence");
                    if (Trace.on(c)) Trace.emit(c, "fence", "LAPI_Gfence: every task is through");
                    return null;
                }));
        b.call("LAPI_Probe", "lapi", "run the dispatcher once: handlers and data that arrived for the handle")
                .in("hndl", HNDL)
                .impl(guard((r, a) -> {
                    ctx(r, a).dispatch();
                    return null;
                }));
        b.call("LAPI_Msgpoll", "lapi", "poll the dispatcher up to cnt times and report what completed")
                .in("hndl", HNDL).in("cnt", UINT).out("info", PType.of(PType.Kind.STRUCT, "lapi_msg_info_t"), "lapi_msg_info_t *info")
                .impl(guard((r, a) -> msgpoll(ctx(r, a), a.i(1))));
        b.call("LAPI_Purge_totask", "lapi", "cancel the transfers to a task and refuse new ones until resumed")
                .in("hndl", HNDL).in("dest", PType.integer("css_task_t", "task"))
                .impl(guard((r, a) -> {
                    Context c = ctx(r, a);
                    int d = dest(r, a.i(1));
                    int n = c.purge(d);
                    Counters.WStatus.purged(r, d);
                    if (Trace.on(c)) Trace.emit(c, "purge", "LAPI_Purge_totask " + d + ": " + n + " message(s) cancelled");
                    return null;
                }));
        b.call("LAPI_Resume_totask", "lapi", "allow transfers to a purged task again")
                .in("hndl", HNDL).in("dest", PType.integer("css_task_t", "task"))
                .impl(guard((r, a) -> {
                    Context c = ctx(r, a);
                    c.resume(dest(r, a.i(1)));
                    if (Trace.on(c)) Trace.emit(c, "purge", "LAPI_Resume_totask " + a.i(1));
                    return null;
                }));
    }

    private static int dest(Rank r, int d) {
        if (d < 0 || d >= r.job().size()) throw LapiErrors.fail(LapiErrors.TGT, "dest " + d + ": there are " + r.job().size() + " tasks");
        return d;
    }

    /** L22 / L23: wait until cntr >= val, then subtract val; returns what is left. */
    static long waitFor(Rank r, Context c, long cntr, int val, boolean noPoll) {
        r.checkMayWait();   // L32: refused inside a header handler even when the counter is already there
        Counters.check(r, cntr, LapiErrors.CNTR_NULL, noPoll ? "cntr_ptr" : "cntr");
        LapiRank.CounterInfo info = LapiRank.of(r).counter(cntr);
        String call = noPoll ? "LAPI_Nopoll_wait" : "LAPI_Waitcntr";
        if (info.waiterCall != null) {
            throw LapiErrors.fail(LapiErrors.MULTIPLE_WAITERS, "counter " + Trace.hex(cntr) + " is already awaited by " + info.waiter()
                    + " on this task (a handler waits while the code it interrupted waits on the same counter)");
        }
        int purges = c.purges();
        info.waiterVal = val;
        info.waiterCall = call;
        if (noPoll) c.setNoPoll(true);
        try {
            r.await(() -> Counters.get(r, cntr) >= val || noPoll && c.purges() != purges,
                    () -> call + ": counter " + Trace.hex(cntr) + (info.role != null ? " (" + info.role + ")" : "") + " to reach " + val
                            + ", now " + Counters.get(r, cntr) + (noPoll ? " (not dispatching)" : ""));
        } finally {
            info.waiterCall = null;
            if (noPoll) c.setNoPoll(false);
        }
        if (Counters.get(r, cntr) < val) {
            throw LapiErrors.fail(LapiErrors.TGT_PURGED, "a task was purged while " + call + " waited; the counter is " + Counters.get(r, cntr));
        }
        long left = Counters.decrement(r, cntr, val);
        if (Trace.on(c)) Trace.emit(c, "cntr", call + ": counter " + Trace.hex(cntr) + " reached " + val + ", " + left + " left");
        return left;
    }

    /** L71: every transfer this context started has moved its data. Handlers keep running meanwhile (L73). */
    static void fence(Rank r, Context c, String call) {
        r.checkMayWait();
        r.await(c::quiet, () -> call + ": " + c.moving() + " transfer(s) of handle " + c.handle() + " still moving data");
        if (Trace.on(c)) Trace.emit(c, "fence", call + ": this task's transfers have moved their data");
    }

    /** L74. */
    private static Map<String, Object> msgpoll(Context c, int cnt) {
        if (c.dispatching()) {
            throw LapiErrors.fail(LapiErrors.POLLING_NET, "the dispatcher of this task is already running (a handler called LAPI_Msgpoll)");
        }
        int bits = c.takeCompletions();
        boolean any = false;
        for (int i = 0; i < cnt && bits == 0; i++) {
            int n = c.dispatch();
            if (n < 0) throw LapiErrors.fail(LapiErrors.POLLING_NET, "the dispatcher of this task is already running (a handler called LAPI_Msgpoll)");
            any |= n > 0;
            bits |= c.takeCompletions();
        }
        if (bits == 0 && !any && cnt > 0) bits = LapiConst.DISP_CNTR;
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("status", (long) bits);
        return info;
    }

    /** The typed body of LAPI_Waitcntr (Catalogue.CallBuilder#typed): hndl, cntr, val; the counter's value. */
    interface Wait {
        int run(Rank r, int hndl, long cntr, int val);
    }
}
