package org.mpish.runtime.mpi.info;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.STRING;

import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.MpiConst;

/** MPI_Info_*: hint objects. */
public final class InfoCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_MAX_INFO_KEY", "int", MpiConst.MAX_INFO_KEY);
        b.constant("MPI_MAX_INFO_VAL", "int", MpiConst.MAX_INFO_VAL);
        b.constant("MPI_INFO_ENV", "info", r -> InfoEnv.of(MpiProcess.of(r)));
        b.call("MPI_Info_create_env", "info", "create an info object describing how the job was started")
                .in("argc", INT).in("argv", PType.STRING_ARRAY, "char *argv[]").out("info", INFO)
                .impl((r, a) -> MpiProcess.of(r).handles().add(new Info(InfoEnv.entries(MpiProcess.of(r), InfoEnv.args(a.i(0), a.obj(1))))));
        b.call("MPI_Info_get", "info", "the value of a key, cut to valuelen characters")
                .in("info", INFO).in("key", STRING, "const char *key").in("valuelen", INT)
                .out("value", STRING, "char *value").out("flag", BOOL)
                .deprecated()
                .impl((r, a) -> {
                    String v = info(a, 0).get(key(a.str(1)));
                    int valuelen = a.i(2);
                    if (valuelen < 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "valuelen is " + valuelen + "; it must be 0 or more");
                    if (v == null) return new Object[] {null, false};
                    return new Object[] {v.length() > valuelen ? v.substring(0, valuelen) : v, true};
                });
        b.call("MPI_Info_get_valuelen", "info", "the length of the value of a key")
                .in("info", INFO).in("key", STRING, "const char *key").out("valuelen", INT).out("flag", BOOL)
                .deprecated()
                .impl((r, a) -> {
                    String v = info(a, 0).get(key(a.str(1)));
                    return v == null ? new Object[] {null, false} : new Object[] {v.length(), true};
                });
        b.call("MPI_Info_create", "info", "create an empty info object")
                .out("info", INFO)
                .impl((r, a) -> MpiProcess.of(r).handles().add(new Info()));
        b.call("MPI_Info_set", "info", "add or replace a key in an info object")
                .inout("info", INFO, "MPI_Info info").in("key", STRING, "const char *key").in("value", STRING, "const char *value")
                .impl((r, a) -> {
                    Info i = writable(a, 0);
                    String k = key(a.str(1));
                    String v = a.str(2);
                    if (v == null) throw new MpiException(ErrorClass.MPI_ERR_INFO_VALUE, "value is NULL");
                    if (v.length() > MpiConst.MAX_INFO_VAL) throw new MpiException(ErrorClass.MPI_ERR_INFO_VALUE, "value longer than MPI_MAX_INFO_VAL (" + MpiConst.MAX_INFO_VAL + ")");
                    i.set(k, v);
                    return i;
                });
        b.call("MPI_Info_get_string", "info", "the value of a key, if present")
                .in("info", INFO).in("key", STRING, "const char *key").inout("buflen", INT, "int *buflen")
                .out("value", STRING, "char *value").out("flag", BOOL)
                .impl((r, a) -> {
                    String v = info(a, 0).get(key(a.str(1)));
                    int buflen = a.i(2);
                    if (buflen < 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "buflen is " + buflen + "; it must be 0 or more");
                    if (v == null) return new Object[] {buflen, null, false};
                    String cut = buflen <= 0 ? "" : v.length() >= buflen ? v.substring(0, buflen - 1) : v;
                    return new Object[] {v.length() + 1, cut, true};
                });
        b.call("MPI_Info_delete", "info", "remove a key from an info object")
                .inout("info", INFO, "MPI_Info info").in("key", STRING, "const char *key")
                .impl((r, a) -> {
                    Info i = writable(a, 0);
                    String k = key(a.str(1));
                    if (!i.delete(k)) throw new MpiException(ErrorClass.MPI_ERR_INFO_NOKEY, "key '" + k + "' is not in " + i.name());
                    return i;
                });
        b.call("MPI_Info_get_nkeys", "info", "the number of keys in an info object")
                .in("info", INFO).out("nkeys", INT)
                .impl((r, a) -> info(a, 0).size());
        b.call("MPI_Info_get_nthkey", "info", "the n-th key of an info object")
                .in("info", INFO).in("n", INT).out("key", STRING, "char *key")
                .impl((r, a) -> {
                    Info i = info(a, 0);
                    int n = a.i(1);
                    if (n < 0 || n >= i.size()) throw new MpiException(ErrorClass.MPI_ERR_ARG, "n = " + n + " but " + i.name() + " has " + i.size() + " keys");
                    return i.key(n);
                });
        b.call("MPI_Info_dup", "info", "copy an info object")
                .in("info", INFO).out("newinfo", INFO)
                .impl((r, a) -> MpiProcess.of(r).handles().add(new Info(info(a, 0).entries())));
        b.call("MPI_Info_free", "info", "free an info object")
                .inout("info", INFO)
                .impl((r, a) -> {
                    Info i = info(a, 0);
                    if (i.isPredefined()) throw new MpiException(ErrorClass.MPI_ERR_INFO, i.name() + " is predefined and cannot be freed");
                    i.markFreed();
                    MpiProcess.of(r).handles().remove(i);
                    return Handle.nullOf(HandleKind.INFO);
                });
    }

    private static Info info(Args a, int i) { return (Info) a.valid(i); }

    /** MPI_INFO_ENV describes the job: mpish does not let a program change what it says. */
    private static Info writable(Args a, int i) {
        Info info = info(a, i);
        if (info.isPredefined()) throw new MpiException(ErrorClass.MPI_ERR_INFO, info.name() + " is predefined and read-only (copy it with MPI_Info_dup to change it)");
        return info;
    }

    private static String key(String k) {
        if (k == null || k.isEmpty()) throw new MpiException(ErrorClass.MPI_ERR_INFO_KEY, "empty key");
        if (k.length() > MpiConst.MAX_INFO_KEY) throw new MpiException(ErrorClass.MPI_ERR_INFO_KEY, "key longer than MPI_MAX_INFO_KEY (" + MpiConst.MAX_INFO_KEY + ")");
        return k;
    }
}
