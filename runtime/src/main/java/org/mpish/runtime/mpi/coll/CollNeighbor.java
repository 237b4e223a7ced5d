package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TOPOLOGY;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TYPE;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.coll.Meeting.Part;

/**
 * The neighbourhood collectives (MPI-4.1 8.6): each process sends one block to each of its destinations and
 * receives one from each of its sources, in the order {@link Topology} gives them. A Cartesian process receives
 * in block 2d what its neighbour one step back sent ahead (its block 2d+1), and in block 2d+1 what the one a step
 * ahead sent back (its block 2d); a graph or distributed-graph process receives the j-th block from source s that
 * s addressed to it the j-th time. MPI_PROC_NULL neighbours send nothing and leave their receive block as it was.
 */
final class CollNeighbor {
    private CollNeighbor() {}

    enum Form {
        ALLGATHER("MPI_Neighbor_allgather", 6), ALLGATHERV("MPI_Neighbor_allgatherv", 7), ALLTOALL("MPI_Neighbor_alltoall", 6),
        ALLTOALLV("MPI_Neighbor_alltoallv", 8), ALLTOALLW("MPI_Neighbor_alltoallw", 8);

        final String call;
        final int comm;

        Form(String call, int comm) {
            this.call = call;
            this.comm = comm;
        }
    }

    /** One side's blocks: per neighbour a count, a byte offset from the buffer and a datatype. */
    private record Side(long[] counts, long[] displs, Datatype[] types, IntFunction<String> countArg) {}

    static Object run(Rank r, Args a, Form form, Runner run) {
        String call = run.name(form.call);
        Comm c = a.comm(form.comm);
        int rb = form == Form.ALLTOALLV || form == Form.ALLTOALLW ? 4 : 3; // where recvbuf is
        long sbuf = a.l(0), rbuf = a.l(rb);
        Side[] recvSide = new Side[1];
        Topology[] topo = new Topology[1];
        return run.run(c, call, () -> {
            CollArgs.notInPlace(sbuf, "sendbuf", "which no neighbourhood collective takes");
            CollArgs.notInPlace(rbuf, "recvbuf", "which no neighbourhood collective takes");
            scalars(a, form, rb);
            Topology t = topo[0] = Topology.Registry.of(r).get(c);
            if (t == null) {
                throw new MpiException(MPI_ERR_TOPOLOGY, c.name() + " has no process topology; neighbourhood collectives need one"
                        + " (MPI_Cart_create, MPI_Graph_create, MPI_Dist_graph_create)");
            }
            int[] dst = t.destinations(c.rank()), src = t.sources(c.rank());
            Side rs = recvSide[0] = side(a, form, false, rb, src.length);
            for (int k = 0; k < src.length; k++) {
                if (src[k] != MpiConst.PROC_NULL) CollArgs.buffer(r.memory(), rs.types[k], rbuf + rs.displs[k], rs.counts[k], "recvbuf");
            }
            Side ss = side(a, form, true, rb, dst.length);
            Object[] data = new Object[dst.length];
            String[] elems = new String[dst.length];
            for (int k = 0; k < dst.length; k++) {
                if (dst[k] == MpiConst.PROC_NULL) continue;
                CollArgs.buffer(r.memory(), ss.types[k], sbuf + ss.displs[k], ss.counts[k], "sendbuf");
                data[k] = CollLarge.data(r, c, ss.types[k], sbuf + ss.displs[k], ss.counts[k], call, ss.countArg.apply(k));
                elems[k] = CollArgs.elem(ss.types[k]);
            }
            return Part.of(-1, -1, null, null, Coll.Chunks.of(data, elems));
        }, parts -> {
            Topology t = topo[0];
            int me = c.rank();
            int[] src = t.sources(me);
            Side rs = recvSide[0];
            List<Coll.Recv> recvs = new ArrayList<>();
            for (int k = 0; k < src.length; k++) {
                int s = src[k];
                if (s == MpiConst.PROC_NULL) continue;
                int j = sendersBlock(t, src, k, me);
                Coll.Chunks from = (Coll.Chunks) parts[s].data();
                recvs.add(new Coll.Recv("rank " + s, from.data()[j], from.elems()[j], rbuf + rs.displs[k], rs.counts[k], rs.types[k],
                        rs.countArg.apply(k)));
            }
            Coll.deliver(r, Coll.me(c), recvs);
        });
    }

    /** Which of source {@code src[k]}'s send blocks is the one this process receives in block {@code k}. */
    private static int sendersBlock(Topology t, int[] src, int k, int me) {
        if (t instanceof Topology.Cart) return k ^ 1; // sent the other way along the same dimension
        int s = src[k], nth = 0;
        for (int i = 0; i < k; i++) if (src[i] == s) nth++;
        int[] out = t.destinations(s);
        for (int j = 0; j < out.length; j++) if (out[j] == me && nth-- == 0) return j;
        throw new MpiException(MPI_ERR_TOPOLOGY, "rank " + me + " receives from rank " + s + " more often than rank " + s
                + " sends to it: the graph is not symmetric, so this neighbourhood collective has no matching send");
    }

    /** The arguments that do not depend on the number of neighbours, checked first. */
    private static void scalars(Args a, Form form, int rb) {
        switch (form) {
            case ALLGATHER, ALLTOALL -> {
                CollArgs.count(a.l(1), "sendcount");
                CollArgs.committed(a.type(2), "sendtype");
                CollArgs.count(a.l(4), "recvcount");
                CollArgs.committed(a.type(5), "recvtype");
            }
            case ALLGATHERV -> {
                CollArgs.count(a.l(1), "sendcount");
                CollArgs.committed(a.type(2), "sendtype");
                CollArgs.committed(a.type(6), "recvtype");
            }
            case ALLTOALLV -> {
                CollArgs.committed(a.type(3), "sendtype");
                CollArgs.committed(a.type(7), "recvtype");
            }
            case ALLTOALLW -> { }
        }
    }

    /** One side of the call for {@code n} neighbours, in the MPI_Neighbor_alltoallw form (byte offsets). */
    private static Side side(Args a, Form form, boolean send, int rb, int n) {
        String pre = send ? "send" : "recv";
        int b = send ? 1 : rb + 1; // the side's count (or counts)
        switch (form) {
            case ALLGATHER, ALLTOALL, ALLGATHERV -> {
                if (send || form != Form.ALLGATHERV) {
                    Datatype t = a.type(b + 1);
                    long count = a.l(b);
                    long[] displs = send && form != Form.ALLTOALL ? new long[n] : Coll.blocks(n, count, t.extent()); // allgather sends one block to all
                    return new Side(Coll.repeat(n, count), displs, fill(n, t), k -> pre + "count");
                }
                Datatype t = a.type(b + 2);
                CollArgs.perEach(a.longs(b), n, "recvcounts", true, "neighbour");
                CollArgs.perEach(a.longs(b + 1), n, "displs", false, "neighbour");
                return new Side(a.longs(b), Coll.scaled(a.longs(b + 1), n, t.extent()), fill(n, t), k -> "recvcounts[" + k + "]");
            }
            case ALLTOALLV -> {
                Datatype t = a.type(b + 2);
                String dn = send ? "sdispls" : "rdispls";
                CollArgs.perEach(a.longs(b), n, pre + "counts", true, "neighbour");
                CollArgs.perEach(a.longs(b + 1), n, dn, false, "neighbour");
                return new Side(a.longs(b), Coll.scaled(a.longs(b + 1), n, t.extent()), fill(n, t), k -> pre + "counts[" + k + "]");
            }
            default -> {
                String dn = send ? "sdispls" : "rdispls";
                CollArgs.perEach(a.longs(b), n, pre + "counts", true, "neighbour");
                long[] displs = a.longs(b + 1);
                if (displs == null || displs.length < n) {
                    throw new MpiException(org.mpish.runtime.mpi.ErrorClass.MPI_ERR_ARG, dn + " has " + (displs == null ? 0 : displs.length)
                            + " entries; it needs one per neighbour (" + n + ")");
                }
                Handle[] hs = (Handle[]) a.raw(b + 2);
                Datatype[] types = new Datatype[n];
                for (int k = 0; k < Math.min(n, hs.length); k++) {
                    String arg = pre + "types[" + k + "]";
                    if (!hs[k].isValid() || !(hs[k] instanceof Datatype t)) throw new MpiException(MPI_ERR_TYPE, arg + ": " + hs[k].name() + " is not a valid datatype");
                    CollArgs.committed(t, arg);
                    types[k] = t;
                }
                if (hs.length < n) {
                    throw new MpiException(org.mpish.runtime.mpi.ErrorClass.MPI_ERR_ARG, pre + "types has " + hs.length
                            + " entries; it needs one per neighbour (" + n + ")");
                }
                return new Side(a.longs(b), java.util.Arrays.copyOf(displs, n), types, k -> pre + "counts[" + k + "]");
            }
        }
    }

    private static Datatype[] fill(int n, Datatype t) {
        Datatype[] d = new Datatype[n];
        java.util.Arrays.fill(d, t);
        return d;
    }

}
