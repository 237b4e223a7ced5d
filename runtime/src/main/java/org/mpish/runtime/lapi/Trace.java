package org.mpish.runtime.lapi;

import java.util.Map;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;

/** Trace events of family "lapi": sent, hdr, landed, cmpl, cntr, shdlr, chndlr, error, purge, fence, dropped. */
final class Trace {
    private Trace() {}

    static void emit(Context c, String kind, String text) { emit(c.rank(), kind, "h" + c.handle() + " " + text, null); }

    static void emit(Rank r, String kind, String text, Map<String, Object> fields) {
        Job j = r.job();
        if (j.tracing()) j.emit(r.id(), "lapi", kind, text, fields);
    }

    static String hex(long a) { return "0x" + Long.toHexString(a); }

    /** Whether anyone listens: hot paths build their event text only then. */
    static boolean on(Context c) { return c.rank().job().tracing(); }
    static boolean on(Rank r) { return r.job().tracing(); }
}
