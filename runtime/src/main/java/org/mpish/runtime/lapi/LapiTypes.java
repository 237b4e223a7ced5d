package org.mpish.runtime.lapi;

import org.mpish.runtime.CallbackFailure;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallImpl;
import org.mpish.runtime.catalog.PType;

/** The parameter types of the LAPI calls, and the guard every LAPI implementation runs in. */
final class LapiTypes {
    private LapiTypes() {}

    static final PType HNDL = PType.integer("lapi_handle_t", "lapi_handle");
    static final PType TASK = PType.integer("uint", "task");
    static final PType UINT = PType.integer("uint", null);
    static final PType INT = PType.INT;
    static final PType ULONG = PType.longInt("ulong", null);
    static final PType LONG = PType.longInt("lapi_long_t", null);
    static final PType CNTR = PType.address("lapi_cntr_t *");
    static final PType ADDR = PType.address("void *");
    static final PType INT_PTR = PType.address("int *");
    static final PType LL_PTR = PType.address("long long *");
    static final PType VEC = PType.struct(LapiStructs.VEC, "lapi_vec_t *");
    static final PType XFER = PType.struct(LapiStructs.XFER, "lapi_xfer_t *");
    static final PType INFO = PType.struct(LapiStructs.INFO, "lapi_info_t *");
    static final PType UTIL = PType.struct(LapiStructs.UTIL, "lapi_util_t *");
    /** An address or a function (which then stands for its code address). */
    static final PType ANY_ADDR = PType.of(PType.Kind.VALUE, "void *", "address");
    static final PType QUERY = PType.integer("lapi_query_t", "lapi_query");
    static final PType RMW_OP = PType.integer("RMW_ops_t", "lapi_rmw_op");

    /** Runs a LAPI implementation; memory faults and failing callbacks that got past the checks become LAPI codes. */
    static CallImpl guard(CallImpl body) {
        return (Rank r, Args a) -> {
            try {
                return body.invoke(r, a);
            } catch (RuntimeException e) {
                throw lapiError(e);
            }
        };
    }

    /** What a LAPI call that failed with {@code e} reports: a memory fault, a failed callback or a size overflow as a LAPI error. */
    static RuntimeException lapiError(RuntimeException e) {
        if (e instanceof MemoryFault f) return LapiErrors.fail(LapiErrors.ERR_UNKNOWN, f.getMessage());
        if (e instanceof CallbackFailure f) {
            return LapiErrors.fail(f.explicitCode() ? f.code() : LapiErrors.ERR_UNKNOWN, "a callback failed: " + f.getMessage());
        }
        // a size that does not fit what one call can move (Math.*Exact): a length error, never a Java exception
        if (e instanceof ArithmeticException f) return LapiErrors.fail(LapiErrors.DATA_LEN, "the data is larger than one call can move (" + f.getMessage() + ")");
        return e;
    }

    static Context ctx(Rank r, Args a) { return LapiRank.of(r).context(a.i(0)); }
}
