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
        b.constant("MPI_DISTRIBUTE_BLOCK", "distribute", Darray.BLOCK);
        b.constant("MPI_DISTRIBUTE_CYCLIC", "distribute", Darray.CYCLIC);
        b.constant("MPI_DISTRIBUTE_NONE", "distribute", Darray.NONE);
        b.constant("MPI_DISTRIBUTE_DFLT_DARG", "distribute", Darray.DFLT_DARG);
        for (String c : Combiners.NAMES) {
            if (!c.endsWith("_INTEGER") || c.equals("MPI_COMBINER_F90_INTEGER")) b.constant(c, "combiner", Combiners.value(c));
        }
        b.call("MPI_Type_contiguous", "datatypes", "a datatype of count copies of a datatype, one after the other")
                .in("count", PType.COUNT_INT).in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> {
                    long n = nonNegative(a.l(0), "count");
                    return add(r, a.type(1).contiguous(n), env(a, "MPI_COMBINER_CONTIGUOUS", counts(n), NONE, a.type(1)));
                });
        b.call("MPI_Type_vector", "datatypes", "a datatype of equally spaced blocks, stride counted in elements")
                .in("count", PType.COUNT_INT).in("blocklength", PType.COUNT_INT).in("stride", PType.COUNT_INT).in("oldtype", DATATYPE)
                .out("newtype", DATATYPE)
                .impl((r, a) -> {
                    long n = nonNegative(a.l(0), "count"), bl = nonNegative(a.l(1), "blocklength");
                    return add(r, a.type(3).vector(n, bl, a.l(2)), env(a, "MPI_COMBINER_VECTOR", counts(n, bl, a.l(2)), NONE, a.type(3)));
                });
        b.call("MPI_Type_create_hvector", "datatypes", "a datatype of equally spaced blocks, stride counted in bytes")
                .in("count", PType.COUNT_INT).in("blocklength", PType.COUNT_INT).in("stride", PType.AINT_COUNT).in("oldtype", DATATYPE)
                .out("newtype", DATATYPE)
                .impl((r, a) -> {
                    long n = nonNegative(a.l(0), "count"), bl = nonNegative(a.l(1), "blocklength");
                    return add(r, a.type(3).hvector(n, bl, a.l(2), "MPI_COMBINER_HVECTOR"),
                            env(a, "MPI_COMBINER_HVECTOR", counts(n, bl), new long[] {a.l(2)}, a.type(3)));
                });
        b.call("MPI_Type_indexed", "datatypes", "a datatype of blocks at displacements counted in elements")
                .in("count", PType.COUNT_INT).in("array_of_blocklengths", PType.COUNT_INT_ARRAY)
                .in("array_of_displacements", PType.COUNT_INT_ARRAY).in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> {
                    int n = count(a, 0, 1, 2);
                    long[] bl = blocks(a.longs(1), n), d = displs(a.longs(2), n);
                    return add(r, a.type(3).indexed(bl, d), env(a, "MPI_COMBINER_INDEXED", counts(n, bl, d), NONE, a.type(3)));
                });
        b.call("MPI_Type_create_hindexed", "datatypes", "a datatype of blocks at displacements counted in bytes")
                .in("count", PType.COUNT_INT).in("array_of_blocklengths", PType.COUNT_INT_ARRAY)
                .in("array_of_displacements", PType.AINT_COUNT_ARRAY).in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> {
                    int n = count(a, 0, 1, 2);
                    long[] bl = blocks(a.longs(1), n), d = displs(a.longs(2), n);
                    return add(r, a.type(3).hindexed(bl, d, "MPI_COMBINER_HINDEXED"),
                            env(a, "MPI_COMBINER_HINDEXED", counts(n, bl), d, a.type(3)));
                });
        b.call("MPI_Type_create_indexed_block", "datatypes", "a datatype of equal blocks at displacements counted in elements")
                .in("count", PType.COUNT_INT).in("blocklength", PType.COUNT_INT).in("array_of_displacements", PType.COUNT_INT_ARRAY)
                .in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> indexedBlock(r, a, false));
        b.call("MPI_Type_create_hindexed_block", "datatypes", "a datatype of equal blocks at displacements counted in bytes")
                .in("count", PType.COUNT_INT).in("blocklength", PType.COUNT_INT).in("array_of_displacements", PType.AINT_COUNT_ARRAY)
                .in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> indexedBlock(r, a, true));
        b.call("MPI_Type_create_struct", "datatypes", "a datatype of blocks of different datatypes at byte displacements")
                .in("count", PType.COUNT_INT).in("array_of_blocklengths", PType.COUNT_INT_ARRAY)
                .in("array_of_displacements", PType.AINT_COUNT_ARRAY).in("array_of_types", TYPE_ARRAY).out("newtype", DATATYPE)
                .impl((r, a) -> {
                    int n = count(a, 0, 1, 2, 3);
                    Handle[] hs = (Handle[]) a.raw(3);
                    Datatype[] ts = new Datatype[n];
                    for (int i = 0; i < n; i++) {
                        if (!hs[i].isValid()) throw new MpiException(ErrorClass.MPI_ERR_TYPE, "array_of_types[" + i + "] is " + hs[i].name());
                        ts[i] = (Datatype) hs[i];
                    }
                    long[] bl = blocks(a.longs(1), n), d = displs(a.longs(2), n);
                    return add(r, Datatype.struct(bl, d, ts, "MPI_COMBINER_STRUCT"), env(a, "MPI_COMBINER_STRUCT", counts(n, bl), d, ts));
                });
        b.call("MPI_Type_create_subarray", "datatypes", "a datatype for a sub-block of a multi-dimensional array")
                .in("ndims", INT).in("array_of_sizes", PType.COUNT_INT_ARRAY).in("array_of_subsizes", PType.COUNT_INT_ARRAY)
                .in("array_of_starts", PType.COUNT_INT_ARRAY).in("order", INT).in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> {
                    Datatype t = subarray(a);
                    int nd = a.i(0);
                    long[] sz = java.util.Arrays.copyOf(a.longs(1), nd), sb = java.util.Arrays.copyOf(a.longs(2), nd),
                            st = java.util.Arrays.copyOf(a.longs(3), nd);
                    Envelope e = large(a)
                            ? new Envelope("MPI_COMBINER_SUBARRAY", new int[] {nd, a.i(4)}, NONE, cat(sz, sb, st), new Datatype[] {a.type(5)})
                            : new Envelope("MPI_COMBINER_SUBARRAY", ints(cat(new long[] {nd}, sz, sb, st, new long[] {a.i(4)})), NONE, NONE,
                                    new Datatype[] {a.type(5)});
                    return add(r, t, e);
                });
        b.call("MPI_Type_create_darray", "datatypes", "a datatype for one process's part of an array distributed over a process grid")
                .in("size", INT).in("rank", INT).in("ndims", INT).in("array_of_gsizes", PType.COUNT_INT_ARRAY)
                .in("array_of_distribs", INT_ARRAY).in("array_of_dargs", INT_ARRAY).in("array_of_psizes", INT_ARRAY)
                .in("order", INT).in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> {
                    int size = a.i(0), rank = a.i(1), nd = a.i(2);
                    if (nd <= 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "ndims = " + nd + "; it must be positive");
                    for (int i = 3; i <= 6; i++) {
                        Object arr = a.raw(i);
                        int len = arr == null ? 0 : arr instanceof int[] x ? x.length : ((long[]) arr).length;
                        if (len < nd) throw new MpiException(ErrorClass.MPI_ERR_ARG, a.call().inputs().get(i).name() + " has " + len + " entries; ndims is " + nd);
                    }
                    int order = order(a.i(7));
                    long[] g = java.util.Arrays.copyOf(a.longs(3), nd);
                    int[] dist = java.util.Arrays.copyOf(a.ints(4), nd), darg = java.util.Arrays.copyOf(a.ints(5), nd),
                            ps = java.util.Arrays.copyOf(a.ints(6), nd);
                    Datatype t = Darray.create(size, rank, g, dist, darg, ps, order == ORDER_C, a.type(8));
                    int[] head = {size, rank, nd};
                    Envelope e = large(a)
                            ? new Envelope("MPI_COMBINER_DARRAY", concat(head, dist, darg, ps, new int[] {order}), NONE, g, new Datatype[] {a.type(8)})
                            : new Envelope("MPI_COMBINER_DARRAY", concat(head, ints(g), dist, darg, ps, new int[] {order}), NONE, NONE,
                                    new Datatype[] {a.type(8)});
                    return add(r, t, e);
                });
        b.call("MPI_Type_create_resized", "datatypes", "a copy of a datatype with a new lower bound and extent")
                .in("oldtype", DATATYPE).in("lb", PType.AINT_COUNT).in("extent", PType.AINT_COUNT).out("newtype", DATATYPE)
                .impl((r, a) -> add(r, a.type(0).resized(a.l(1), a.l(2)),
                        env(a, "MPI_COMBINER_RESIZED", new long[0], new long[] {a.l(1), a.l(2)}, a.type(0))));
        b.call("MPI_Type_dup", "datatypes", "a new handle for the same type map, with the attributes copied")
                .in("oldtype", DATATYPE).out("newtype", DATATYPE)
                .impl((r, a) -> {
                    MpiProcess p = MpiProcess.of(r);
                    Datatype old = a.type(0);
                    Datatype d = add(r, old.dup(), new Envelope("MPI_COMBINER_DUP", new int[0], NONE, NONE, new Datatype[] {old}));
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
                .in("datatype", DATATYPE).out("size", PType.COUNT_INT_OUT)
                .impl((r, a) -> a.type(0).size());
        b.call("MPI_Type_get_extent", "datatypes", "the lower bound and extent of a datatype")
                .in("datatype", DATATYPE).out("lb", PType.AINT_COUNT).out("extent", PType.AINT_COUNT)
                .impl((r, a) -> new Object[] {a.type(0).lb(), a.type(0).extent()});
    }

    private static Datatype add(org.mpish.runtime.Rank r, Datatype t) { return MpiProcess.of(r).handles().add(t); }

    private static Datatype add(org.mpish.runtime.Rank r, Datatype t, Envelope e) { return add(r, t.describe(e)); }

    /**
     * MPI_Type_create_indexed_block / hindexed_block: equal blocks at displacements counted in elements of the old
     * type or in bytes; the envelope keeps element displacements among the integers, byte ones among the addresses.
     */
    private static Object indexedBlock(org.mpish.runtime.Rank r, Args a, boolean bytes) {
        int n = count(a, 0, 2);
        long bl = nonNegative(a.l(1), "blocklength");
        long[] d = displs(a.longs(2), n), bls = new long[n];
        java.util.Arrays.fill(bls, bl);
        if (bytes) {
            Datatype t = a.type(3).hindexed(bls, d, "MPI_COMBINER_HINDEXED_BLOCK");
            return add(r, t, env(a, "MPI_COMBINER_HINDEXED_BLOCK", counts(n, bl), d, a.type(3)));
        }
        return add(r, a.type(3).indexed(bls, d), env(a, "MPI_COMBINER_INDEXED_BLOCK", counts(n, bl, d), NONE, a.type(3)));
    }

    private static final long[] NONE = {};

    /** The call is the _c form: its counts go to the envelope's large counts (MPI-4.1 section 5.1.13). */
    private static boolean large(Args a) { return a.call().name().endsWith("_c"); }

    /**
     * The envelope of a constructor whose count arguments are {@code counts} (integers, or large counts in the _c
     * form), whose byte arguments are {@code addrs} (addresses, or large counts after the counts in the _c form).
     */
    private static Envelope env(Args a, String combiner, long[] counts, long[] addrs, Datatype... types) {
        if (large(a)) return new Envelope(combiner, new int[0], NONE, cat(counts, addrs), types.clone());
        return new Envelope(combiner, ints(counts), addrs.clone(), NONE, types.clone());
    }

    /** Counts in the envelope's order: scalars and arrays, one after the other. */
    private static long[] counts(Object... parts) {
        java.util.List<long[]> l = new java.util.ArrayList<>();
        for (Object p : parts) l.add(p instanceof long[] x ? x : new long[] {((Number) p).longValue()});
        return cat(l.toArray(new long[0][]));
    }

    private static long[] cat(long[]... parts) {
        int n = 0;
        for (long[] p : parts) n += p.length;
        long[] out = new long[n];
        int i = 0;
        for (long[] p : parts) { System.arraycopy(p, 0, out, i, p.length); i += p.length; }
        return out;
    }

    private static int[] concat(int[]... parts) {
        int n = 0;
        for (int[] p : parts) n += p.length;
        int[] out = new int[n];
        int i = 0;
        for (int[] p : parts) { System.arraycopy(p, 0, out, i, p.length); i += p.length; }
        return out;
    }

    /** Values the int form received as ints (the int form's checks have already refused larger ones). */
    private static int[] ints(long[] l) {
        int[] out = new int[l.length];
        for (int i = 0; i < l.length; i++) out[i] = Math.toIntExact(l[i]);
        return out;
    }

    private static int order(int order) {
        if (order != ORDER_C && order != ORDER_FORTRAN) throw new MpiException(ErrorClass.MPI_ERR_ARG, "order must be MPI_ORDER_C or MPI_ORDER_FORTRAN, not " + order);
        return order;
    }

    private static long nonNegative(long v, String what) {
        if (v < 0) throw new MpiException(ErrorClass.MPI_ERR_COUNT, what + " = " + v + " is negative");
        return v;
    }

    /** The count argument, checked against the lengths of the array arguments. */
    private static int count(Args a, int countArg, int... arrays) {
        int n = Math.toIntExact(nonNegative(a.l(countArg), "count"));
        for (int i : arrays) {
            Object arr = a.raw(i);
            int len = arr == null ? 0 : arr instanceof int[] x ? x.length : arr instanceof long[] y ? y.length : ((Object[]) arr).length;
            if (len < n) {
                throw new MpiException(ErrorClass.MPI_ERR_ARG, a.call().inputs().get(i).name() + " has " + len + " entries; count is " + n);
            }
        }
        return n;
    }

    /** The first n displacements; an array left out (null) is empty, which count() allowed only for n = 0. */
    private static long[] displs(long[] d, int n) { return d == null ? new long[0] : java.util.Arrays.copyOf(d, n); }

    private static long[] blocks(long[] lens, int n) {
        if (lens == null) return new long[0];   // count 0 (count() refuses a missing array otherwise)
        for (int i = 0; i < n; i++) {
            if (lens[i] < 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "array_of_blocklengths[" + i + "] = " + lens[i] + " is negative");
        }
        return java.util.Arrays.copyOf(lens, n);
    }


    /** MPI_Type_create_subarray: one block per row of the innermost dimension, resized to the full array. */
    private static Datatype subarray(Args a) {
        int nd = a.i(0);
        if (nd <= 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "ndims = " + nd + "; it must be positive");
        // longs: the _c form takes MPI_Count sizes, and a sub-block past 2^31 elements is allowed there
        long[] sizes = a.longs(1), subs = a.longs(2), starts = a.longs(3);
        for (long[] arr : new long[][] {sizes, subs, starts}) {
            if (arr == null || arr.length < nd) throw new MpiException(ErrorClass.MPI_ERR_ARG, "each array needs ndims = " + nd + " entries");
        }
        int order = order(a.i(4));
        Datatype old = a.type(5);
        for (int d = 0; d < nd; d++) {
            if (sizes[d] <= 0 || subs[d] <= 0 || subs[d] > sizes[d] || starts[d] < 0 || starts[d] > sizes[d] - subs[d]) {
                throw new MpiException(ErrorClass.MPI_ERR_ARG, "dimension " + d + ": size " + sizes[d] + ", subsize " + subs[d] + ", start "
                        + starts[d] + " do not describe a sub-block (need 0 < subsize <= size and 0 <= start <= size - subsize)");
            }
        }
        // dims[0] is the slowest-varying dimension
        long[] sz = new long[nd], sb = new long[nd], st = new long[nd];
        for (int d = 0; d < nd; d++) {
            int src = order == ORDER_C ? d : nd - 1 - d;
            sz[d] = sizes[src];
            sb[d] = subs[src];
            st[d] = starts[src];
        }
        long[] stride = new long[nd];
        stride[nd - 1] = old.extent();
        for (int d = nd - 2; d >= 0; d--) stride[d] = Math.multiplyExact(stride[d + 1], sz[d + 1]);
        long rowCount = 1;
        for (int d = 0; d < nd - 1; d++) rowCount = Math.multiplyExact(rowCount, sb[d]);
        if (rowCount > Datatype.MAX_BLOCKS) {
            throw new MpiException(ErrorClass.MPI_ERR_NO_MEM, "the sub-array has " + rowCount + " rows; mpish keeps every block of a"
                    + " datatype in memory and takes at most " + Datatype.MAX_BLOCKS);
        }
        int rows = (int) rowCount;
        long[] lens = new long[rows];
        long[] displs = new long[rows];
        long[] idx = new long[nd];
        for (int row = 0; row < rows; row++) {
            long off = st[nd - 1] * stride[nd - 1];
            for (int d = 0; d < nd - 1; d++) off += (st[d] + idx[d]) * stride[d];
            lens[row] = sb[nd - 1];
            displs[row] = off;
            for (int d = nd - 2; d >= 0; d--) {
                if (++idx[d] < sb[d]) break;
                idx[d] = 0;
            }
        }
        return old.hindexed(lens, displs, "MPI_COMBINER_SUBARRAY").resized(0, Math.multiplyExact(stride[0], sz[0]));
    }
}
