package org.mpish.runtime.lapi;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A task's registered DGSPs by handle, with the reference count of LAPI_RESERVE / UNRESERVE_DGSP (L67). */
final class Dgsps {
    private final Map<Long, Dgsp> byHandle = new ConcurrentHashMap<>();
    private long next = LapiConst.DGSP_BASE;

    Dgsps() {
        Dgsp b = Dgsp.bytes();
        byHandle.put(b.handle, b);
    }

    synchronized long register(Dgsp d) {
        d.validate();
        next += 16;
        d.handle = next;
        d.refs = 1;
        byHandle.put(d.handle, d);
        return d.handle;
    }

    /** The DGSP at {@code h}, else LAPI_ERR_DGSP (L62). */
    Dgsp get(long h, String what) {
        Dgsp d = h == 0 ? null : byHandle.get(h);
        if (d == null) throw LapiErrors.fail(LapiErrors.DGSP, what + " " + Trace.hex(h) + " is " + (h == 0 ? "NULL" : "not a registered DGSP"));
        return d;
    }

    synchronized void reserve(long h) {
        Dgsp d = get(h, "dgsp_handle");
        if (!d.predefined) d.refs++;
    }

    synchronized void unreserve(long h) {
        Dgsp d = h == 0 ? null : byHandle.get(h);
        if (d == null || d.predefined) {
            throw LapiErrors.fail(LapiErrors.DGSP_FREE, "dgsp_handle " + Trace.hex(h) + (d == null ? " is not registered" : " is predefined"));
        }
        if (--d.refs == 0) byHandle.remove(h);
    }

    int count() { return byHandle.size() - 1; }
}
