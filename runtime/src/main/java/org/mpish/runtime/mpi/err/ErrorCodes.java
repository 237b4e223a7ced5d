package org.mpish.runtime.mpi.err;

import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.STRING;

import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * User error classes, codes and strings (A60): MPI_Add_error_class / _code / _string and the MPI-4.1
 * MPI_Remove_error_string / _code / _class. Values continue after MPI_ERR_LASTCODE and are never reused;
 * MPI_LASTUSEDCODE follows the largest value still in use.
 */
final class ErrorCodes {
    private ErrorCodes() {}

    /** Per process: the next user code or class value. */
    private static final class Counter {
        int next = ErrorClass.MPI_ERR_LASTCODE + 1;
    }

    static void declare(Catalogue.Builder b) {
        b.call("MPI_Add_error_class", "errors", "create a new error class")
                .out("errorclass", INT)
                .impl((r, a) -> {
                    MpiProcess p = MpiProcess.of(r);
                    int c = next(p);
                    p.userCodes().put(c, c);
                    Errhandlers.updateLastUsed(p);
                    return c;
                });
        b.call("MPI_Add_error_code", "errors", "create a new error code in an error class")
                .in("errorclass", INT).out("errorcode", INT)
                .impl((r, a) -> {
                    MpiProcess p = MpiProcess.of(r);
                    int cls = a.i(0);
                    boolean isClass = ErrorClass.isPredefined(cls) && cls != ErrorClass.MPI_SUCCESS
                            || p.userCodes().containsKey(cls) && p.userCodes().get(cls) == cls;
                    if (!isClass) throw new MpiException(ErrorClass.MPI_ERR_ARG, cls + " is not an error class");
                    int c = next(p);
                    p.userCodes().put(c, cls);
                    Errhandlers.updateLastUsed(p);
                    return c;
                });
        b.call("MPI_Add_error_string", "errors", "set the text of a user error code or class")
                .in("errorcode", INT).in("string", STRING, "const char *string")
                .impl((r, a) -> {
                    MpiProcess p = MpiProcess.of(r);
                    int code = user(p, a.i(0), "set a string for");
                    String s = a.str(1);
                    if (s == null) throw new MpiException(ErrorClass.MPI_ERR_ARG, "string is NULL");
                    if (s.length() >= MpiConst.MAX_ERROR_STRING) {
                        throw new MpiException(ErrorClass.MPI_ERR_ARG, "the string has " + s.length() + " characters; at most "
                                + (MpiConst.MAX_ERROR_STRING - 1) + " fit MPI_MAX_ERROR_STRING");
                    }
                    p.userStrings().put(code, s);
                    return null;
                });
        b.call("MPI_Remove_error_string", "errors", "remove the text of a user error code or class")
                .in("errorcode", INT)
                .impl((r, a) -> {
                    MpiProcess p = MpiProcess.of(r);
                    int code = user(p, a.i(0), "remove the string of");
                    if (p.userStrings().remove(code) == null) throw new MpiException(ErrorClass.MPI_ERR_ARG, code + " has no string to remove");
                    return null;
                });
        b.call("MPI_Remove_error_code", "errors", "remove a user error code")
                .in("errorcode", INT)
                .impl((r, a) -> {
                    MpiProcess p = MpiProcess.of(r);
                    int code = user(p, a.i(0), "remove");
                    if (p.userCodes().get(code) == code) throw new MpiException(ErrorClass.MPI_ERR_ARG, code + " is an error class, not a code: use MPI_Remove_error_class");
                    if (p.userStrings().containsKey(code)) throw new MpiException(ErrorClass.MPI_ERR_ARG, "remove the string of code " + code + " first (MPI_Remove_error_string)");
                    p.userCodes().remove(code);
                    Errhandlers.updateLastUsed(p);
                    return null;
                });
        b.call("MPI_Remove_error_class", "errors", "remove a user error class")
                .in("errorclass", INT)
                .impl((r, a) -> {
                    MpiProcess p = MpiProcess.of(r);
                    int cls = user(p, a.i(0), "remove");
                    if (p.userCodes().get(cls) != cls) throw new MpiException(ErrorClass.MPI_ERR_ARG, cls + " is an error code, not a class: use MPI_Remove_error_code");
                    for (var e : p.userCodes().entrySet()) {
                        if (e.getValue() == cls && e.getKey() != cls) {
                            throw new MpiException(ErrorClass.MPI_ERR_ARG, "class " + cls + " still has code " + e.getKey() + "; remove its codes first");
                        }
                    }
                    if (p.userStrings().containsKey(cls)) throw new MpiException(ErrorClass.MPI_ERR_ARG, "remove the string of class " + cls + " first (MPI_Remove_error_string)");
                    p.userCodes().remove(cls);
                    Errhandlers.updateLastUsed(p);
                    return null;
                });
    }

    private static int next(MpiProcess p) {
        return p.rank().state(Counter.class, r -> new Counter()).next++;
    }

    /** A user-added code or class (predefined ones cannot be changed), else MPI_ERR_ARG. */
    private static int user(MpiProcess p, int code, String what) {
        if (code <= ErrorClass.MPI_ERR_LASTCODE) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "cannot " + what + " " + code + ": it is not above MPI_ERR_LASTCODE ("
                    + ErrorClass.MPI_ERR_LASTCODE + "), so not a user code or class");
        }
        if (!p.userCodes().containsKey(code)) throw new MpiException(ErrorClass.MPI_ERR_ARG, code + " is not a user error code or class (never added, or removed)");
        return code;
    }
}
