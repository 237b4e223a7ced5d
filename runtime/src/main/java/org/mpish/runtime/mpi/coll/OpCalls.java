package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.OP;

import java.lang.foreign.MemorySegment;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.ElemType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.op.Op;

/** User-defined reduction operations (MPI-4.1 6.9.5, 6.9.6) and MPI_Reduce_local (6.9.7). */
public final class OpCalls implements CallFamily {
    /** A script function serves as both: its len argument is a number either way (MPI_User_function_c takes MPI_Count *len). */
    static final PType USER_FN = PType.callback("MPI_User_function *", UserFn.class, UserFn::of, "userfn")
            .withLarge(PType.callback("MPI_User_function_c *", UserFn.class, UserFn::of, "userfn"));

    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Op_create", "reductions", "make a reduction operation from a user function")
                .in("user_fn", USER_FN, "MPI_User_function *user_fn").in("commute", BOOL).out("op", OP)
                .impl((r, a) -> {
                    UserFn fn = a.fn(0, UserFn.class);
                    if (fn == null) throw new MpiException(ErrorClass.MPI_ERR_ARG, "user_fn: a function is required");
                    return MpiProcess.of(r).handles().add(Op.user(fn, a.bool(1)));
                });
        b.call("MPI_Op_free", "reductions", "free a user-defined reduction operation")
                .inout("op", OP)
                .impl((r, a) -> {
                    Op op = op(a, 0);
                    if (op.isPredefined()) throw new MpiException(ErrorClass.MPI_ERR_OP, "op: " + op.name() + " is predefined and cannot be freed");
                    op.markFreed();
                    MpiProcess.of(r).handles().remove(op);
                    return Handle.nullOf(HandleKind.OP);
                });
        b.call("MPI_Op_commutative", "reductions", "tell whether a reduction operation is commutative")
                .in("op", OP).out("commute", BOOL)
                .impl((r, a) -> op(a, 0).commutative());
        b.call("MPI_Reduce_local", "reductions", "combine two local buffers with a reduction operation")
                .in("inbuf", PType.BUFFER, "const void *inbuf").in("inoutbuf", PType.BUFFER, "void *inoutbuf")
                .in("count", PType.COUNT_INT).in("datatype", DATATYPE).in("op", OP)
                .impl(OpCalls::reduceLocal);
    }

    /** The op argument, live (MPI_OP_NULL or a freed op: MPI_ERR_OP). */
    static Op op(Args a, int i) { return (Op) a.valid(i); }

    /** inoutbuf = inbuf op inoutbuf, element by element. */
    private static Object reduceLocal(Rank r, Args a) {
        long in = a.l(0), inout = a.l(1);
        int count = a.i(2);
        Datatype t = a.type(3);
        Op op = op(a, 4);
        if (count < 0) throw new MpiException(ErrorClass.MPI_ERR_COUNT, "count = " + count + " is negative");
        CollArgs.committed(t, "datatype");
        ElemType e = Reductions.check(op, t);
        if (in == CollCalls.IN_PLACE || inout == CollCalls.IN_PLACE) {
            throw new MpiException(ErrorClass.MPI_ERR_BUFFER, (in == CollCalls.IN_PLACE ? "inbuf" : "inoutbuf")
                    + " is MPI_IN_PLACE, which MPI_Reduce_local does not take");
        }
        CollArgs.buffer(r.memory(), t, in, count, "inbuf");
        CollArgs.buffer(r.memory(), t, inout, count, "inoutbuf");
        if (count == 0 || t.size() == 0) return null;
        if (op.isUser()) {
            ((UserFn) op.userFn()).apply(in, inout, count, t);
            return null;
        }
        byte[] left = t.pack(r.memory(), in, count), right = t.pack(r.memory(), inout, count);
        MemorySegment rs = MemorySegment.ofArray(right);
        Reductions.fold(op.op(), e, MemorySegment.ofArray(left), rs, rs, right.length);
        t.unpack(right, 0, right.length, r.memory(), inout, count);
        return null;
    }
}
