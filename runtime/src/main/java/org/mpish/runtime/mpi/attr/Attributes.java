package org.mpish.runtime.mpi.attr;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpish.runtime.CallbackFailure;
import org.mpish.runtime.Job;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.Predefined;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.rma.Win;
import org.mpish.runtime.mpi.MpiConst;

/**
 * Attribute caching on communicators, windows and datatypes: keyvals, set / get / delete, copy on duplication,
 * delete on free and at MPI_Finalize, and the predefined attributes. Everything runs on the owning rank's
 * thread. The rule ids (A1...) are those of semantics.md section A.
 *
 * <p>Choices where the sources differ (each documented in the man pages): a keyval freed while attributes use
 * it stays usable until its last attribute goes, and freeing it again meanwhile is a no-op (MPICH, A6/A8);
 * replacing a value keeps the attribute's place in the list, so finalize order is by first setting (MPICH,
 * A32); a failing delete callback leaves the attribute in place for delete_attr and set_attr (MPICH, A11/A13),
 * while free runs every callback, removes every attribute and fails with the last error (MPICH, A29); a failing
 * copy callback fails the duplication with the callback's code after deleting what was already copied (MPICH,
 * A22); the predefined communicator attributes read the same on every communicator (MPICH).
 */
public final class Attributes {
    /** The key of a process's keyvals (by value) in {@link MpiProcess#extension}. */
    private static final Object KEYVALS = new Object();

    /** The keyvals of a process, predefined and user-made, by their values. */
    public static Map<Integer, Keyval> keyvals(MpiProcess p) {
        return p.extension(KEYVALS, java.util.concurrent.ConcurrentHashMap::new);
    }

    private Attributes() {}

    /** What {@link #get} returns when the key is valid but has no value on the object (flag = false). */
    public static final Object ABSENT = new Object() {
        @Override public String toString() { return "(not set)"; }
    };


    /** Per process: the next keyval value. Values only grow, so a freed key is never handed out again (A7). */
    private static final class Counter {
        int next = Predefined.FIRST_USER_KEYVAL;
    }

    // ---- keyvals ----------------------------------------------------------------------------------

    /** *_create_keyval and MPI_Keyval_create (A1, A5): a new key for objects of {@code kind}. */
    public static Keyval createKeyval(MpiProcess p, HandleKind kind, CopyFn copy, DeleteFn delete, Object extra, boolean mpi1) {
        Counter c = p.rank().state(Counter.class, r -> new Counter());
        int value = c.next++;
        Keyval k = new Keyval(value, kind, copy, delete, extra, false, mpi1, "kv");
        p.handles().add(k);
        keyvals(p).put(value, k);
        return k;
    }

    /**
     * *_free_keyval and MPI_Keyval_free: predefined keys cannot be freed (A9), a key of another kind is
     * MPI_ERR_KEYVAL (A2); a key still used by attributes lives on for them (A6) and freeing it again
     * meanwhile does nothing (A8, as MPICH).
     */
    public static void freeKeyval(MpiProcess p, Keyval k, HandleKind kind) {
        if (k.isPredefined()) throw new MpiException(ErrorClass.MPI_ERR_KEYVAL, k.name() + " is a predefined key and cannot be freed");
        if (k.objectKind() != kind) throw wrongKind(k, kind);
        if (k.userFreed()) return;
        k.setUserFreed();
        if (k.references() == 0) destroy(p, k);
    }

    private static void destroy(MpiProcess p, Keyval k) {
        k.markFreed();
        keyvals(p).remove(k.value(), k);
        p.handles().remove(k);
    }

    private static void release(MpiProcess p, Keyval k) {
        k.dropReference();
        if (k.references() == 0 && k.userFreed()) destroy(p, k);
    }

    private static MpiException wrongKind(Keyval k, HandleKind used) {
        return new MpiException(ErrorClass.MPI_ERR_KEYVAL, k.name() + " is a " + k.objectKind().noun() + " keyval; it cannot be used with a "
                + used.noun());
    }

    private static void check(Attributable obj, Keyval k) {
        if (k.objectKind() != obj.kind()) {
            throw new MpiException(ErrorClass.MPI_ERR_KEYVAL, k.name() + " is a " + k.objectKind().noun() + " keyval; "
                    + obj.name() + " is a " + obj.kind().noun());
        }
    }

    private static void checkWritable(Keyval k, String what) {
        if (k.isPredefined()) {
            throw new MpiException(ErrorClass.MPI_ERR_KEYVAL, k.name() + " is a predefined attribute: it can be read but not " + what);
        }
    }

    // ---- set / get / delete -------------------------------------------------------------------------

    /** *_set_attr (A10, A11): a value already there is deleted first (its delete callback runs); if that fails, the old value stays. */
    public static void set(MpiProcess p, Attributable obj, Keyval k, Object value) {
        check(obj, k);
        checkWritable(k, "set");
        AttrList m = obj.attrs();
        int s = m.slot(k);
        if (s >= 0) {
            if (obj.beginDelete(k)) {
                try {
                    callDelete(p, obj, k, m.valueAt(s));
                } finally {
                    obj.endDelete(k);
                }
            }
            if (!m.put(k, value)) return; // replaced in place: finalize order is by first setting (A32)
        } else {
            m.append(k, value);
        }
        k.addReference();
    }

    /** *_get_attr (A12): the value exactly as stored, or {@link #ABSENT}. Predefined keys give their values (A39-A49). */
    public static Object get(MpiProcess p, Attributable obj, Keyval k) {
        AttrList m = obj.attrs();
        int s = m.slot(k);
        if (s >= 0) return m.valueAt(s); // set, so of the object's kind and not predefined: only the key's value was read
        check(obj, k);
        return k.isPredefined() ? predefinedValue(p, obj, k) : ABSENT;
    }

    /**
     * *_delete_attr (A13, A14, A16): runs the delete callback, and removes the attribute only if it succeeds.
     * A key not set is no error. Deleting, from inside a delete callback, the attribute whose callback is running
     * does nothing.
     */
    public static void delete(MpiProcess p, Attributable obj, Keyval k) {
        check(obj, k);
        checkWritable(k, "deleted");
        AttrList m = obj.attrs();
        int s = m.slot(k);
        if (s < 0) return;
        if (!obj.beginDelete(k)) return;
        try {
            callDelete(p, obj, k, m.valueAt(s));
        } finally {
            obj.endDelete(k);
        }
        if (m.remove(k)) release(p, k);
    }

    /**
     * Copies the attributes of {@code from} to the new object {@code to} through the copy callbacks (A19, A24).
     * A failing callback (A22) deletes what was already copied to {@code to} and throws its error.
     */
    public static void copyAll(MpiProcess p, Attributable from, Attributable to) {
        AttrList src = from.attrs();
        if (src.isEmpty()) return;
        AttrList dst = to.attrs();
        if (!p.rank().job().tracing()) {
            int kind = predefinedCopies(src);
            if (kind == ALL_DUP && dst.isEmpty()) { // every attribute copied as it is: copy the list itself
                dst.copyOf(src);
                for (int i = 0; i < src.end(); i++) if (src.keyAt(i) != null) src.keyAt(i).addReference();
                return;
            }
            if (kind != USER) { // no user code can run: one pass, no lookups
                for (int i = 0; i < src.end(); i++) {
                    Keyval k = src.keyAt(i);
                    if (k != null && k.copyFn() instanceof CopyFn.Predefined c && c.duplicates() && dst.put(k, src.valueAt(i))) {
                        k.addReference();
                    }
                }
                return;
            }
        }
        for (Keyval k : src.keys()) { // a snapshot: callbacks may change the old object's list
            int s = src.slot(k);
            if (s < 0) continue;
            Object out;
            try {
                out = callCopy(p, from, k, src.valueAt(s));
            } catch (MpiException e) {
                try {
                    deleteAll(p, to);
                } catch (MpiException ignored) {
                    // the copy failure is the error reported
                }
                throw e;
            }
            if (out != CopyFn.NO_COPY && dst.put(k, out)) k.addReference();
        }
    }

    /**
     * Deletes every attribute of an object being freed, most recently (first-)set first (A28, A30). Every
     * delete callback runs even if one fails, and every attribute is removed; then the last failure is thrown
     * (A29). Callbacks may delete other attributes of the object (A16) and read it (A17).
     */
    public static void deleteAll(MpiProcess p, Attributable obj) {
        AttrList m = obj.attrs();
        if (m.isEmpty()) return;
        boolean tracing = p.rank().job().tracing();
        if (!tracing && predefinedDeletes(m)) { // nothing to call: just let go of the keys
            for (int i = 0; i < m.end(); i++) if (m.keyAt(i) != null) release(p, m.keyAt(i));
            m.clear();
            return;
        }
        MpiException last = tracing ? deleteEachGeneral(p, obj, m) : deleteEach(p, obj, m);
        if (last != null) throw last;
    }

    /** {@link #deleteAll}'s loop: every callback through {@link #callDelete} (traced), any change to the list allowed; returns the last failure. */
    private static MpiException deleteEachGeneral(MpiProcess p, Attributable obj, AttrList m) {
        MpiException last = null;
        Keyval k;
        while ((k = m.last()) != null) {
            Object value = m.valueAt(m.end() - 1); // the last key's slot
            if (obj.beginDelete(k)) {
                try {
                    callDelete(p, obj, k, value);
                } catch (MpiException x) {
                    last = x;
                } finally {
                    obj.endDelete(k);
                }
            }
            if (m.removeLast(k)) release(p, k); // still last unless the callback changed the list
        }
        return last;
    }

    /**
     * The same loop untraced, the hot path of freeing an object with many attributes. Only user delete functions
     * are called (a predefined one does nothing). A deleted key's slot is left behind the end of the list instead
     * of being cleared (the list ends empty, and cleared). A callback that moves the end or the slot arrays (adds a
     * key, frees the object again, writes to arrays shared with a duplicate) hands the rest to the general loop;
     * holes left by deleting other keys and values replaced in place are simply seen here.
     */
    private static MpiException deleteEach(MpiProcess p, Attributable obj, AttrList m) {
        MpiException last = null;
        Keyval[] ks = m.keySlots(); // replaced together with the values' array
        Object[] vs = m.valueSlots();
        for (int i = m.end() - 1; i >= 0; i = m.dropLast(ks[i])) {
            Keyval k = ks[i];
            if ((k.kinds & Keyval.USER_DELETE) != 0 && obj.beginDelete(k)) {
                DeleteFn fn = k.deleteFn();
                Object value = vs[i];
                try {
                    fn.delete(obj, k, value, k.extraState());
                } catch (CallbackFailure f) {
                    last = deleteFailed(p, obj, k, value, fn, f);
                } catch (MpiException x) {
                    last = x;
                } finally {
                    obj.endDelete(k);
                }
                if (m.end() != i + 1 || m.keySlots() != ks) {
                    if (m.removeLast(k)) release(p, k);
                    MpiException rest = deleteEachGeneral(p, obj, m);
                    return rest != null ? rest : last;
                }
            }
            release(p, k);
        }
        return last;
    }

    private static final int ALL_DUP = 0, PREDEFINED = 1, USER = 2;

    /** ALL_DUP when every copy function is a predefined DUP_FN, PREDEFINED when all are predefined or NULL, else USER. */
    private static int predefinedCopies(AttrList m) {
        return m.userCopy() ? USER : m.allDup() ? ALL_DUP : PREDEFINED;
    }

    /** Whether every delete function is predefined or NULL: no user code to run. */
    private static boolean predefinedDeletes(AttrList m) { return !m.userDelete(); }

    /**
     * MPI_Finalize's attribute step: COMM_SELF's attributes last-set-first (A30, A31), then, as MPICH does,
     * those left on COMM_WORLD and on the predefined datatypes (A33). Returns the last failure, or null.
     */
    public static MpiException finalizeAttributes(MpiProcess p) {
        MpiException err = null;
        try {
            deleteAll(p, Comm.self(p));
        } catch (MpiException e) {
            err = e;
        }
        try {
            deleteAll(p, Comm.world(p));
        } catch (MpiException e) {
            err = e;
        }
        for (Handle h : p.handles().all()) {
            if (h instanceof Datatype d && d.isPredefined() && d.attributeCount() > 0) {
                try {
                    deleteAll(p, d);
                } catch (MpiException e) {
                    err = e;
                }
            }
        }
        return err;
    }

    // ---- callbacks --------------------------------------------------------------------------------

    private static Object callCopy(MpiProcess p, Attributable old, Keyval k, Object in) {
        CopyFn fn = k.copyFn();
        Object out;
        try {
            out = fn == null ? CopyFn.NO_COPY : fn.copy(old, k, k.extraState(), in);
        } catch (CallbackFailure f) {
            MpiException e = failure(p, f, "copy callback " + fnName(fn) + " of " + k.name() + " on " + old.name());
            trace(p, "copy", fnName(fn) + "(" + old.name() + ", " + k.name() + ", extra=" + show(k.extraState()) + ", in=" + show(in)
                    + ") failed: " + result(e), old, k, in, "failed " + e.code());
            throw e;
        }
        if (p.rank().job().tracing()) {
            trace(p, "copy", fnName(fn) + "(" + old.name() + ", " + k.name() + ", extra=" + show(k.extraState()) + ", in=" + show(in)
                    + ") -> " + (out == CopyFn.NO_COPY ? "not copied (flag 0)" : show(out) + " (flag 1)"), old, k, in,
                    out == CopyFn.NO_COPY ? "not copied" : out);
        }
        return out;
    }

    private static void callDelete(MpiProcess p, Attributable obj, Keyval k, Object value) {
        DeleteFn fn = k.deleteFn();
        try {
            if (fn != null) fn.delete(obj, k, value, k.extraState());
        } catch (CallbackFailure f) {
            throw deleteFailed(p, obj, k, value, fn, f);
        }
        if (p.rank().job().tracing()) traceDelete(p, obj, k, value, fn);
    }

    // cold: kept out of callDelete so that it inlines into the loops that free objects

    private static MpiException deleteFailed(MpiProcess p, Attributable obj, Keyval k, Object value, DeleteFn fn, CallbackFailure f) {
        MpiException e = failure(p, f, "delete callback " + fnName(fn) + " of " + k.name() + " on " + obj.name());
        trace(p, "delete", fnName(fn) + "(" + obj.name() + ", " + k.name() + ", " + show(value) + ", extra=" + show(k.extraState())
                + ") failed: " + result(e), obj, k, value, "failed " + e.code());
        return e;
    }

    private static void traceDelete(MpiProcess p, Attributable obj, Keyval k, Object value, DeleteFn fn) {
        trace(p, "delete", fnName(fn) + "(" + obj.name() + ", " + k.name() + ", " + show(value) + ", extra=" + show(k.extraState())
                + ") -> ok", obj, k, value, "ok");
    }

    /** The error a failed callback makes its call fail with: the code it reported (A22), MPI_ERR_OTHER otherwise. */
    static MpiException failure(MpiProcess p, CallbackFailure f, String what) {
        int code = f.explicitCode() ? f.code() : ErrorClass.MPI_ERR_OTHER;
        if (code == ErrorClass.MPI_SUCCESS) {
            return new MpiException(ErrorClass.MPI_ERR_OTHER, what + " threw MPI_SUCCESS (0), which is not an error code");
        }
        return new MpiException(code, p.errorClassOf(code), what + " failed: " + f.getMessage());
    }

    private static String result(MpiException e) {
        return "code " + e.code() + " (" + e.className() + ")";
    }

    private static String fnName(Object fn) {
        return fn == null ? "NULL" : fn instanceof CopyFn c ? c.describe() : ((DeleteFn) fn).describe();
    }

    private static void trace(MpiProcess p, String kind, String text, Handle obj, Keyval k, Object value, Object result) {
        Job job = p.rank().job();
        if (!job.tracing()) return;
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("object", obj.name());
        f.put("keyval", k.name());
        f.put("extra_state", show(k.extraState()));
        f.put("value", show(value));
        f.put("result", show(result));
        job.emit(p.rank().id(), "attr", kind, text, f);
    }

    /** How a value appears in the trace. */
    static String show(Object v) {
        if (v == null) return "NULL";
        if (v instanceof Handle h) return h.name();
        if (v instanceof String s) return '"' + s + '"';
        String s = String.valueOf(v);
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    // ---- predefined attributes -----------------------------------------------------------------

    /** The values of the predefined keys: COMM_WORLD's environment (A39-A46) and a window's shape (A47-A49). */
    private static Object predefinedValue(MpiProcess p, Attributable obj, Keyval k) {
        return switch (k.value()) {
            case Predefined.TAG_UB -> MpiConst.TAG_UB;
            case Predefined.HOST -> MpiConst.PROC_NULL;
            case Predefined.IO -> MpiConst.ANY_SOURCE;
            case Predefined.WTIME_IS_GLOBAL -> 1;
            case Predefined.UNIVERSE_SIZE -> p.rank().job().size();
            case Predefined.LASTUSEDCODE -> p.lastUsedCode();
            case Predefined.APPNUM -> 0;
            case Predefined.WIN_BASE -> ((Win) obj).base();
            case Predefined.WIN_SIZE -> ((Win) obj).size();
            case Predefined.WIN_DISP_UNIT -> ((Win) obj).dispUnit();
            case Predefined.WIN_CREATE_FLAVOR -> ((Win) obj).flavor();
            case Predefined.WIN_MODEL -> ((Win) obj).model();
            default -> ABSENT;
        };
    }
}
