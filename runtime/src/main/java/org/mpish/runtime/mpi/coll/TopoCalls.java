package org.mpish.runtime.mpi.coll;

import org.mpish.runtime.mpi.MpiConst;
import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.INT_ARRAY;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_ARG;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COMM;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_DIMS;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_RANK;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TOPOLOGY;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.env.EnvCalls;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;

/** Cartesian process topologies (MPI-4.1 8.5) and MPI_Topo_test (8.5.5). */
public final class TopoCalls implements CallFamily {
    /** MPICH's values. */
    public static final int GRAPH = 1, CART = 2, DIST_GRAPH = 3;

    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_GRAPH", "topology", GRAPH);
        b.constant("MPI_CART", "topology", CART);
        b.constant("MPI_DIST_GRAPH", "topology", DIST_GRAPH);

        b.call("MPI_Dims_create", "topologies", "choose balanced grid extents for a number of processes")
                .in("nnodes", INT).in("ndims", INT).inout("dims", INT_ARRAY, "int dims[]")
                .impl((r, a) -> dimsCreate(a.i(0), a.i(1), a.ints(2)));
        b.call("MPI_Cart_create", "topologies", "a communicator with a Cartesian grid topology")
                .in("comm_old", COMM).in("ndims", INT).in("dims", INT_ARRAY).in("periods", INT_ARRAY).in("reorder", BOOL)
                .out("comm_cart", COMM)
                .errorsOn("comm_old").impl(TopoCalls::cartCreate);
        b.call("MPI_Cartdim_get", "topologies", "the number of dimensions of a Cartesian communicator")
                .in("comm", COMM).out("ndims", INT)
                .errorsOn("comm").impl((r, a) -> cart(r, a.comm(0)).ndims());
        b.call("MPI_Cart_get", "topologies", "the extents, periodicity and own coordinates of a Cartesian communicator")
                .in("comm", COMM).in("maxdims", INT).out("dims", INT_ARRAY).out("periods", INT_ARRAY).out("coords", INT_ARRAY)
                .errorsOn("comm").impl((r, a) -> {
                    Comm c = a.comm(0);
                    Topology.Cart t = cart(r, c);
                    maxdims(a.i(1), t);
                    int[] periods = new int[t.ndims()];
                    for (int i = 0; i < periods.length; i++) periods[i] = t.periods()[i] ? 1 : 0;
                    return new Object[] {t.dims().clone(), periods, t.coords(c.rank())};
                });
        b.call("MPI_Cart_rank", "topologies", "the rank at given coordinates of a Cartesian communicator")
                .in("comm", COMM).in("coords", INT_ARRAY).out("rank", INT)
                .errorsOn("comm").impl(TopoCalls::cartRank);
        b.call("MPI_Cart_coords", "topologies", "the coordinates of a rank of a Cartesian communicator")
                .in("comm", COMM).in("rank", INT).in("maxdims", INT).out("coords", INT_ARRAY)
                .errorsOn("comm").impl((r, a) -> {
                    Comm c = a.comm(0);
                    Topology.Cart t = cart(r, c);
                    int rank = a.i(1);
                    if (rank < 0 || rank >= c.size()) throw new MpiException(MPI_ERR_RANK, "rank = " + rank + " is not a rank of " + c.name() + " (size " + c.size() + ")");
                    maxdims(a.i(2), t);
                    return t.coords(rank);
                });
        b.call("MPI_Cart_shift", "topologies", "the neighbours of this process along one dimension of a Cartesian grid")
                .in("comm", COMM).in("direction", INT).in("disp", INT).out("rank_source", INT).out("rank_dest", INT)
                .errorsOn("comm").impl(TopoCalls::cartShift);
        b.call("MPI_Cart_sub", "topologies", "split a Cartesian communicator into sub-grids of the dimensions kept")
                .in("comm", COMM).in("remain_dims", INT_ARRAY).out("newcomm", COMM)
                .errorsOn("comm").impl(TopoCalls::cartSub);
        b.call("MPI_Cart_map", "topologies", "the rank this process would have in a Cartesian grid")
                .in("comm", COMM).in("ndims", INT).in("dims", INT_ARRAY).in("periods", INT_ARRAY).out("newrank", INT)
                .errorsOn("comm").impl((r, a) -> {
                    Comm c = intra(a.comm(0));
                    int n = grid(a.i(1), a.ints(2), a.ints(3), c);
                    return c.rank() < n ? c.rank() : MpiConst.UNDEFINED;
                });
        b.call("MPI_Topo_test", "topologies", "the kind of topology a communicator has")
                .in("comm", COMM).out("status", INT)
                .errorsOn("comm").impl((r, a) -> {
                    Topology t = Topology.Registry.of(r).get(a.comm(0));
                    return t == null ? MpiConst.UNDEFINED : t.kind();
                });
    }

    /**
     * MPI_Dims_create: the zero entries of {@code dims} get extents whose product with the fixed ones is
     * {@code nnodes}, as close to each other as possible and in non-increasing order. Prime factors, largest
     * first, each go to the free dimension that is smallest so far; MPICH and Open MPI give the same grids.
     */
    static int[] dimsCreate(int nnodes, int ndims, int[] in) {
        if (ndims < 0) throw new MpiException(MPI_ERR_DIMS, "ndims = " + ndims + " is negative");
        if (nnodes < 0) throw new MpiException(MPI_ERR_ARG, "nnodes = " + nnodes + " is negative");
        if (in == null || in.length < ndims) throw new MpiException(MPI_ERR_ARG, "dims has " + (in == null ? 0 : in.length) + " entries; ndims is " + ndims);
        int[] dims = Arrays.copyOf(in, ndims);
        long fixed = 1;
        List<Integer> free = new ArrayList<>();
        for (int i = 0; i < ndims; i++) {
            if (dims[i] < 0) throw new MpiException(MPI_ERR_DIMS, "dims[" + i + "] = " + dims[i] + " is negative");
            if (dims[i] == 0) free.add(i);
            else fixed *= dims[i];
        }
        if (fixed == 0 || nnodes % fixed != 0) {
            throw new MpiException(MPI_ERR_DIMS, "the given extents multiply to " + fixed + ", which does not divide nnodes = " + nnodes);
        }
        int rest = (int) (nnodes / fixed);
        if (free.isEmpty()) {
            if (rest != 1) throw new MpiException(MPI_ERR_DIMS, "the given extents multiply to " + fixed + ", not nnodes = " + nnodes);
            return dims;
        }
        List<Integer> primes = new ArrayList<>();
        for (int p = 2, m = rest; m > 1; p++) {
            if ((long) p * p > m) { primes.add(m); break; }
            while (m % p == 0) { primes.add(p); m /= p; }
        }
        int[] got = new int[free.size()];
        Arrays.fill(got, 1);
        for (int i = primes.size() - 1; i >= 0; i--) {
            int smallest = 0;
            for (int k = 1; k < got.length; k++) if (got[k] < got[smallest]) smallest = k;
            got[smallest] *= primes.get(i);
        }
        Arrays.sort(got);
        for (int k = 0; k < got.length; k++) dims[free.get(k)] = got[got.length - 1 - k];
        return dims;
    }

    private static Comm intra(Comm c) {
        if (c.isInter()) throw new MpiException(MPI_ERR_COMM, c.name() + " is an intercommunicator; process topologies need an intracommunicator");
        return c;
    }

    /** Checks a grid description against {@code c}; returns the number of processes it holds. */
    private static int grid(int ndims, int[] dims, int[] periods, Comm c) {
        if (ndims < 0) throw new MpiException(MPI_ERR_DIMS, "ndims = " + ndims + " is negative");
        if (dims == null || dims.length < ndims) throw new MpiException(MPI_ERR_ARG, "dims has " + (dims == null ? 0 : dims.length) + " entries; ndims is " + ndims);
        if (periods == null || periods.length < ndims) throw new MpiException(MPI_ERR_ARG, "periods has " + (periods == null ? 0 : periods.length) + " entries; ndims is " + ndims);
        long n = 1;
        for (int i = 0; i < ndims; i++) {
            if (dims[i] <= 0) throw new MpiException(MPI_ERR_DIMS, "dims[" + i + "] = " + dims[i] + "; every extent must be positive");
            n *= dims[i];
            if (n > c.size()) {
                throw new MpiException(MPI_ERR_ARG, "the grid " + Arrays.toString(Arrays.copyOf(dims, ndims)) + " needs more processes than "
                        + c.name() + " has (" + c.size() + ")");
            }
        }
        return (int) n;
    }

    /** MPI_Cart_create: the first prod(dims) ranks, in order (mpish does not reorder), get the grid; the others MPI_COMM_NULL. */
    private static Object cartCreate(Rank r, Args a) {
        Comm c = intra(a.comm(0));
        int ndims = a.i(1);
        int n = grid(ndims, a.ints(2), a.ints(3), c);
        boolean[] periods = new boolean[ndims];
        for (int i = 0; i < ndims; i++) periods[i] = a.ints(3)[i] != 0;
        Comm cart = c.split(c.rank() < n ? 0 : MpiConst.UNDEFINED, c.rank(), "MPI_Cart_create");
        if (cart == null) return Handle.nullOf(HandleKind.COMM);
        Topology.Registry.of(r).put(cart, new Topology.Cart(Arrays.copyOf(a.ints(2), ndims), periods));
        return cart;
    }

    /** The Cartesian topology of {@code c}; MPI_ERR_TOPOLOGY if it has none. */
    private static Topology.Cart cart(Rank r, Comm c) {
        if (!(Topology.Registry.of(r).get(c) instanceof Topology.Cart t)) throw new MpiException(MPI_ERR_TOPOLOGY, c.name() + " has no Cartesian topology (MPI_Cart_create makes one)");
        return t;
    }

    private static void maxdims(int maxdims, Topology.Cart t) {
        if (maxdims < t.ndims()) throw new MpiException(MPI_ERR_ARG, "maxdims = " + maxdims + " but the grid has " + t.ndims() + " dimensions");
    }

    private static Object cartRank(Rank r, Args a) {
        Topology.Cart t = cart(r, a.comm(0));
        int[] in = a.ints(1);
        if (in == null || in.length < t.ndims()) throw new MpiException(MPI_ERR_ARG, "coords has " + (in == null ? 0 : in.length) + " entries; the grid has " + t.ndims() + " dimensions");
        int[] c = new int[t.ndims()];
        for (int i = 0; i < c.length; i++) {
            int d = t.dims()[i];
            if (t.periods()[i]) c[i] = Math.floorMod(in[i], d);
            else if (in[i] < 0 || in[i] >= d) {
                throw new MpiException(MPI_ERR_ARG, "coords[" + i + "] = " + in[i] + " is off the grid (0.." + (d - 1) + ") in a dimension that is not periodic");
            } else c[i] = in[i];
        }
        return t.rank(c);
    }

    /** MPI_Cart_shift: the ranks disp steps behind and ahead along direction; MPI_PROC_NULL off the edge of a non-periodic one. */
    private static Object cartShift(Rank r, Args a) {
        Comm comm = a.comm(0);
        Topology.Cart t = cart(r, comm);
        int dir = a.i(1), disp = a.i(2);
        if (dir < 0 || dir >= t.ndims()) throw new MpiException(MPI_ERR_ARG, "direction = " + dir + "; the grid has dimensions 0.." + (t.ndims() - 1));
        int[] me = t.coords(comm.rank());
        return new Object[] {t.neighbour(me, dir, -(long) disp), t.neighbour(me, dir, disp)};
    }

    /** MPI_Cart_sub: processes that agree on the coordinates of the dropped dimensions form a sub-grid of the kept ones. */
    private static Object cartSub(Rank r, Args a) {
        Comm comm = a.comm(0);
        Topology.Cart t = cart(r, comm);
        int[] keep = a.ints(1);
        if (keep == null || keep.length < t.ndims()) throw new MpiException(MPI_ERR_ARG, "remain_dims has " + (keep == null ? 0 : keep.length) + " entries; the grid has " + t.ndims() + " dimensions");
        int[] me = t.coords(comm.rank());
        int color = 0;
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < t.ndims(); i++) {
            if (keep[i] != 0) kept.add(i);
            else color = color * t.dims()[i] + me[i];
        }
        Comm sub = comm.split(color, comm.rank(), "MPI_Cart_sub");
        int[] dims = new int[kept.size()];
        boolean[] periods = new boolean[kept.size()];
        for (int k = 0; k < dims.length; k++) { dims[k] = t.dims()[kept.get(k)]; periods[k] = t.periods()[kept.get(k)]; }
        Topology.Registry.of(r).put(sub, new Topology.Cart(dims, periods));
        return sub;
    }
}
