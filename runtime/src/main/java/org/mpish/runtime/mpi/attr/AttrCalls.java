package org.mpish.runtime.mpi.attr;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.KEYVAL;
import static org.mpish.runtime.catalog.PType.VALUE;
import static org.mpish.runtime.catalog.PType.WIN;

import java.util.Map;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Predefined;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.rma.Win;

/**
 * Attribute caching calls: keyvals and attributes on communicators, windows and datatypes, the deprecated
 * MPI-1 keyval calls, the predefined copy and delete functions and the predefined attribute keys.
 * The semantics live in {@link Attributes}.
 */
public final class AttrCalls implements CallFamily {
    public static final CopyFn COMM_NULL_COPY_FN = new CopyFn.Predefined("MPI_COMM_NULL_COPY_FN", false);
    public static final CopyFn COMM_DUP_FN = new CopyFn.Predefined("MPI_COMM_DUP_FN", true);
    public static final DeleteFn COMM_NULL_DELETE_FN = new DeleteFn.Predefined("MPI_COMM_NULL_DELETE_FN");
    public static final CopyFn WIN_NULL_COPY_FN = new CopyFn.Predefined("MPI_WIN_NULL_COPY_FN", false);
    public static final CopyFn WIN_DUP_FN = new CopyFn.Predefined("MPI_WIN_DUP_FN", true);
    public static final DeleteFn WIN_NULL_DELETE_FN = new DeleteFn.Predefined("MPI_WIN_NULL_DELETE_FN");
    public static final CopyFn TYPE_NULL_COPY_FN = new CopyFn.Predefined("MPI_TYPE_NULL_COPY_FN", false);
    public static final CopyFn TYPE_DUP_FN = new CopyFn.Predefined("MPI_TYPE_DUP_FN", true);
    public static final DeleteFn TYPE_NULL_DELETE_FN = new DeleteFn.Predefined("MPI_TYPE_NULL_DELETE_FN");
    public static final CopyFn NULL_COPY_FN = new CopyFn.Predefined("MPI_NULL_COPY_FN", false);
    public static final CopyFn DUP_FN = new CopyFn.Predefined("MPI_DUP_FN", true);
    public static final DeleteFn NULL_DELETE_FN = new DeleteFn.Predefined("MPI_NULL_DELETE_FN");

    @Override
    public void declare(Catalogue.Builder b) {
        for (CopyFn f : new CopyFn[] {COMM_NULL_COPY_FN, COMM_DUP_FN, WIN_NULL_COPY_FN, WIN_DUP_FN, TYPE_NULL_COPY_FN, TYPE_DUP_FN,
                NULL_COPY_FN, DUP_FN}) {
            b.constant(f.describe(), "copyfn", f);
        }
        for (DeleteFn f : new DeleteFn[] {COMM_NULL_DELETE_FN, WIN_NULL_DELETE_FN, TYPE_NULL_DELETE_FN, NULL_DELETE_FN}) {
            b.constant(f.describe(), "deletefn", f);
        }
        for (Map.Entry<String, int[]> e : Predefined.KEYVALS.entrySet()) {
            int v = e.getValue()[0];
            b.constant(e.getKey(), HandleKind.KEYVAL.prefix(), r -> Attributes.keyvals(MpiProcess.of(r)).get(v));
        }
        family(b, "Comm", "comm", COMM, HandleKind.COMM);
        family(b, "Win", "win", WIN, HandleKind.WIN);
        family(b, "Type", "datatype", DATATYPE, HandleKind.DATATYPE);
        mpi1(b);
    }

    /** The five calls of one object kind: create_keyval, free_keyval, set_attr, get_attr, delete_attr. */
    private static void family(Catalogue.Builder b, String k, String obj, PType objType, HandleKind kind) {
        String lower = k.toLowerCase(java.util.Locale.ROOT);
        String noun = kind.noun();
        String keyval = lower + "_keyval";
        boolean errorsOnObject = kind != HandleKind.DATATYPE; // a datatype has no error handler: errors go to MPI_COMM_SELF
        b.call("MPI_" + k + "_create_keyval", "attributes", "create an attribute key for " + noun + "s")
                .in(lower + "_copy_attr_fn", PType.copyFn("MPI_" + k + "_copy_attr_function *"))
                .in(lower + "_delete_attr_fn", PType.deleteFn("MPI_" + k + "_delete_attr_function *"))
                .out(keyval, KEYVAL).in("extra_state", VALUE).optional("NULL")
                .impl((r, a) -> Attributes.createKeyval(MpiProcess.of(r), kind, a.fn(0, CopyFn.class), a.fn(1, DeleteFn.class), a.obj(2), false));
        b.call("MPI_" + k + "_free_keyval", "attributes", "free a " + noun + " attribute key")
                .inout(keyval, KEYVAL)
                .impl((r, a) -> {
                    Attributes.freeKeyval(MpiProcess.of(r), a.keyval(0), kind);
                    return Handle.nullOf(HandleKind.KEYVAL);
                });
        var set = b.call("MPI_" + k + "_set_attr", "attributes", "store an attribute value on a " + noun)
                .in(obj, objType).in(keyval, KEYVAL).in("attribute_val", VALUE);
        if (errorsOnObject) set.errorsOn(obj);
        set.typed(Set.class, (r, o, key, value) -> Attributes.set(MpiProcess.of(r), o, key, value));
        var get = b.call("MPI_" + k + "_get_attr", "attributes", "read an attribute value from a " + noun)
                .in(obj, objType).in(keyval, KEYVAL).out("attribute_val", VALUE, "void *attribute_val").out("flag", BOOL);
        if (errorsOnObject) get.errorsOn(obj);
        get.typed(Get.class, AttrCalls::get);
        var del = b.call("MPI_" + k + "_delete_attr", "attributes", "delete an attribute from a " + noun)
                .in(obj, objType).in(keyval, KEYVAL);
        if (errorsOnObject) del.errorsOn(obj);
        del.impl((r, a) -> {
            Attributes.delete(MpiProcess.of(r), (Attributable) a.valid(0), a.keyval(1));
            return null;
        });
    }

    private static Object[] get(org.mpish.runtime.Rank r, Attributable o, Keyval key) {
        Object v = Attributes.get(MpiProcess.of(r), o, key);
        return v == Attributes.ABSENT ? new Object[] {null, false} : new Object[] {v, true};
    }

    /** The typed body of MPI_*_set_attr (Catalogue.CallBuilder#typed): a live object and keyval, any value. */
    interface Set {
        void run(org.mpish.runtime.Rank r, Attributable object, Keyval keyval, Object value);
    }

    /** The typed body of MPI_*_get_attr: {attribute_val, flag}. */
    interface Get {
        Object[] run(org.mpish.runtime.Rank r, Attributable object, Keyval keyval);
    }

    /** The deprecated MPI-1 calls (A37): the communicator calls under their old names. */
    private static void mpi1(Catalogue.Builder b) {
        b.call("MPI_Keyval_create", "attributes", "create a communicator attribute key (deprecated MPI-1 form)")
                .in("copy_fn", PType.copyFn("MPI_Copy_function *")).in("delete_fn", PType.deleteFn("MPI_Delete_function *"))
                .out("keyval", KEYVAL).in("extra_state", VALUE).optional("NULL")
                .deprecated()
                .impl((r, a) -> Attributes.createKeyval(MpiProcess.of(r), HandleKind.COMM, a.fn(0, CopyFn.class), a.fn(1, DeleteFn.class), a.obj(2), true));
        b.call("MPI_Keyval_free", "attributes", "free a communicator attribute key (deprecated MPI-1 form)")
                .inout("keyval", KEYVAL)
                .deprecated()
                .impl((r, a) -> {
                    Attributes.freeKeyval(MpiProcess.of(r), a.keyval(0), HandleKind.COMM);
                    return Handle.nullOf(HandleKind.KEYVAL);
                });
        b.call("MPI_Attr_put", "attributes", "store an attribute value on a communicator (deprecated MPI-1 form)")
                .in("comm", COMM).in("keyval", KEYVAL).in("attribute_val", VALUE)
                .errorsOn("comm").deprecated()
                .impl((r, a) -> {
                    Attributes.set(MpiProcess.of(r), a.comm(0), a.keyval(1), a.obj(2));
                    return null;
                });
        b.call("MPI_Attr_get", "attributes", "read an attribute value from a communicator (deprecated MPI-1 form)")
                .in("comm", COMM).in("keyval", KEYVAL).out("attribute_val", VALUE, "void *attribute_val").out("flag", BOOL)
                .errorsOn("comm").deprecated()
                .typed(Get.class, AttrCalls::get);
        b.call("MPI_Attr_delete", "attributes", "delete an attribute from a communicator (deprecated MPI-1 form)")
                .in("comm", COMM).in("keyval", KEYVAL)
                .errorsOn("comm").deprecated()
                .impl((r, a) -> {
                    Attributes.delete(MpiProcess.of(r), a.comm(0), a.keyval(1));
                    return null;
                });
    }
}
