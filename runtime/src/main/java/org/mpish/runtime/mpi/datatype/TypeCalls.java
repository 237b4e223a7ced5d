package org.mpish.runtime.mpi.datatype;

import static org.mpish.runtime.catalog.PType.AINT;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.INT_ARRAY;

import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.attr.Attributes;
import org.mpish.runtime.mpi.MpiConst;

/** Derived datatypes: constructors, commit, free (with attribute deletion), dup (with attribute copy), size, extent. */
public final class TypeCalls implements CallFamily {
    public static final int ORDER_C = 56, ORDER_FORTRAN = 57;

    private static final PType AINT_ARRAY = PType.of(PType.Kind.LONG_ARRAY, "MPI_Aint");
    private static final PType TYPE_ARRAY = PType.handleArray(HandleKind.DATATYPE);

    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_ORDER_C", "order", ORDER_C);
        b.constant("MPI_ORDER_FORTRAN", "order", ORDER_FORTRAN);
        b.call("MPI_Type_contiguous", "datatypes", "a datatype of count copies of a datatype, one after the other")
                .in("count", INT).in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> add(r, a.type(1).contiguous(nonNegative(a.i(0), "count"))));
        b.call("MPI_Type_vector", "datatypes", "a datatype of equally spaced blocks, stride counted in elements")
                .in("count", INT).in("blocklength", INT).in("stride", INT).in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> add(r, a.type(3).vector(nonNegative(a.i(0), "count"), nonNegative(a.i(1), "blocklength"), a.i(2))));
        b.call("MPI_Type_create_hvector", "datatypes", "a datatype of equally spaced blocks, stride counted in bytes")
                .in("count", INT).in("blocklength", INT).in("stride", AINT).in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> add(r, a.type(3).hvector(nonNegative(a.i(0), "count"), nonNegative(a.i(1), "blocklength"), a.l(2),
                        "MPI_COMBINER_HVECTOR")));
        b.call("MPI_Type_indexed", "datatypes", "a datatype of blocks at displacements counted in elements")
                .in("count", INT).in("array_of_blocklengths", INT_ARRAY).in("array_of_displacements", INT_ARRAY)
                .in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> {
                    int n = count(a, 0, 1, 2);
                    int[] displs = a.ints(2);
                    long[] d = new long[n];
                    for (int i = 0; i < n; i++) d[i] = displs[i];
                    return add(r, a.type(3).indexed(blocks(a.ints(1), n), d));
                });
        b.call("MPI_Type_create_struct", "datatypes", "a datatype of blocks of different datatypes at byte displacements")
                .in("count", INT).in("array_of_blocklengths", INT_ARRAY).in("array_of_displacements", AINT_ARRAY)
                .in("array_of_types", TYPE_ARRAY).out("newtype", DATATYPE)
                .impl((r, a) -> {
                    int n = count(a, 0, 1, 2, 3);
                    Handle[] hs = (Handle[]) a.raw(3);
                    Datatype[] ts = new Datatype[n];
                    for (int i = 0; i < n; i++) {
                        if (!hs[i].isValid()) throw new MpiException(ErrorClass.MPI_ERR_TYPE, "array_of_types[" + i + "] is " + hs[i].name());
                        ts[i] = (Datatype) hs[i];
                    }
                    return add(r, Datatype.struct(blocks(a.ints(1), n), java.util.Arrays.copyOf(a.longs(2), n), ts, "MPI_COMBINER_STRUCT"));
                });
        b.call("MPI_Type_create_subarray", "datatypes", "a datatype for a sub-block of a multi-dimensional array")
                .in("ndims", INT).in("array_of_sizes", INT_ARRAY).in("array_of_subsizes", INT_ARRAY).in("array_of_starts", INT_ARRAY)
                .in("order", INT).in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> add(r, subarray(a)));
        b.call("MPI_Type_create_resized", "datatypes", "a copy of a datatype with a new lower bound and extent")
                .in("oldtype", DATATYPE).in("lb", AINT).in("extent", AINT).out("newtype", DATATYPE)
                .impl((r, a) -> add(r, a.type(0).resized(a.l(1), a.l(2))));
        b.call("MPI_Type_dup", "datatypes", "a new handle for the same type map, with the attributes copied")
                .in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> {
                    MpiProcess p = MpiProcess.of(r);
                    Datatype old = a.type(0);
                    Datatype d = add(r, old.dup());
                    try {
                        Attributes.copyAll(p, old, d); // A24
                    } catch (MpiException e) {
                        d.markFreed(); // newtype is MPI_DATATYPE_NULL (MPICH)
                        p.handles().remove(d);
                        throw e;
                    }
                    return d;
                });
        b.call("MPI_Type_commit", "datatypes", "make a datatype usable in communication")
                .inout("datatype", DATATYPE)
                .impl((r, a) -> {
                    Datatype t = a.type(0);
                    t.commit();
                    return t;
                });
        b.call("MPI_Type_free", "datatypes", "free a datatype handle (its attributes are deleted first)")
                .inout("datatype", DATATYPE)
                .impl((r, a) -> {
                    Datatype t = a.type(0);
                    if (t.isPredefined()) throw new MpiException(ErrorClass.MPI_ERR_TYPE, t.name() + " is predefined and cannot be freed");
                    MpiProcess p = MpiProcess.of(r);
                    Attributes.deleteAll(p, t); // A24, A29: a failing callback keeps the type
                    t.markFreed();
                    p.handles().remove(t);
                    return Handle.nullOf(HandleKind.DATATYPE);
                });
        b.call("MPI_Type_size", "datatypes", "the number of bytes of data in one element of a datatype")
                .in("datatype", DATATYPE).out("size", INT)
                .impl((r, a) -> {
                    long s = a.type(0).size();
                    return s > Integer.MAX_VALUE ? MpiConst.UNDEFINED : (int) s;
                });
        b.call("MPI_Type_get_extent", "datatypes", "the lower bound and extent of a datatype")
                .in("datatype", DATATYPE).out("lb", AINT).out("extent", AINT)
                .impl((r, a) -> new Object[] {a.type(0).lb(), a.type(0).extent()});
    }

    private static Datatype add(org.mpish.runtime.Rank r, Datatype t) { return MpiProcess.of(r).handles().add(t); }

    private static int nonNegative(int v, String what) {
        if (v < 0) throw new MpiException(ErrorClass.MPI_ERR_COUNT, what + " = " + v + " is negative");
        return v;
    }

    /** The count argument, checked against the lengths of the array arguments. */
    private static int count(Args a, int countArg, int... arrays) {
        int n = nonNegative(a.i(countArg), "count");
        for (int i : arrays) {
            Object arr = a.raw(i);
            int len = arr == null ? 0 : arr instanceof int[] x ? x.length : arr instanceof long[] y ? y.length : ((Object[]) arr).length;
            if (len < n) {
                throw new MpiException(ErrorClass.MPI_ERR_ARG, a.call().inputs().get(i).name() + " has " + len + " entries; count is " + n);
            }
        }
        return n;
    }

    private static int[] blocks(int[] lens, int n) {
        for (int i = 0; i < n; i++) {
            if (lens[i] < 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "array_of_blocklengths[" + i + "] = " + lens[i] + " is negative");
        }
        return java.util.Arrays.copyOf(lens, n);
    }

    /** MPI_Type_create_subarray: one block per row of the innermost dimension, resized to the full array. */
    private static Datatype subarray(Args a) {
        int nd = a.i(0);
        if (nd <= 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "ndims = " + nd + "; it must be positive");
        int[] sizes = a.ints(1), subs = a.ints(2), starts = a.ints(3);
        for (int[] arr : new int[][] {sizes, subs, starts}) {
            if (arr == null || arr.length < nd) throw new MpiException(ErrorClass.MPI_ERR_ARG, "each array needs ndims = " + nd + " entries");
        }
        int order = a.i(4);
        if (order != ORDER_C && order != ORDER_FORTRAN) throw new MpiException(ErrorClass.MPI_ERR_ARG, "order must be MPI_ORDER_C or MPI_ORDER_FORTRAN");
        Datatype old = a.type(5);
        for (int d = 0; d < nd; d++) {
            if (sizes[d] <= 0 || subs[d] <= 0 || subs[d] > sizes[d] || starts[d] < 0 || starts[d] > sizes[d] - subs[d]) {
                throw new MpiException(ErrorClass.MPI_ERR_ARG, "dimension " + d + ": size " + sizes[d] + ", subsize " + subs[d] + ", start "
                        + starts[d] + " do not describe a sub-block (need 0 < subsize <= size and 0 <= start <= size - subsize)");
            }
        }
        // dims[0] is the slowest-varying dimension
        int[] sz = new int[nd], sb = new int[nd], st = new int[nd];
        for (int d = 0; d < nd; d++) {
            int src = order == ORDER_C ? d : nd - 1 - d;
            sz[d] = sizes[src];
            sb[d] = subs[src];
            st[d] = starts[src];
        }
        long[] stride = new long[nd];
        stride[nd - 1] = old.extent();
        for (int d = nd - 2; d >= 0; d--) stride[d] = stride[d + 1] * sz[d + 1];
        int rows = 1;
        for (int d = 0; d < nd - 1; d++) rows = Math.multiplyExact(rows, sb[d]);
        int[] lens = new int[rows];
        long[] displs = new long[rows];
        int[] idx = new int[nd];
        for (int row = 0; row < rows; row++) {
            long off = (long) st[nd - 1] * stride[nd - 1];
            for (int d = 0; d < nd - 1; d++) off += (long) (st[d] + idx[d]) * stride[d];
            lens[row] = sb[nd - 1];
            displs[row] = off;
            for (int d = nd - 2; d >= 0; d--) {
                if (++idx[d] < sb[d]) break;
                idx[d] = 0;
            }
        }
        return old.hindexed(lens, displs, "MPI_COMBINER_SUBARRAY").resized(0, stride[0] * sz[0]);
    }
}
