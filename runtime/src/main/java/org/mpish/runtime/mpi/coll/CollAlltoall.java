package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.mpi.coll.CollCalls.IN_PLACE;
import static org.mpish.runtime.mpi.coll.Meeting.peer;
import static org.mpish.runtime.mpi.coll.Meeting.who;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.coll.Meeting.Part;

/** MPI_Alltoall, MPI_Alltoallv and MPI_Alltoallw (MPI-4.1 6.8), brought to one form: per peer a count, a byte displacement and a datatype. */
final class CollAlltoall {
    private CollAlltoall() {}

    // ---- all to all -----------------------------------------------------------------------------

    /** The arguments of one side of an all-to-all, brought to the MPI_Alltoallw form (displacements in bytes). */
    private record Side(long[] counts, long[] displs, Datatype[] types, IntFunction<String> countArg) {}

    /** MPI_Alltoall (form 0), MPI_Alltoallv (1), MPI_Alltoallw (2). */
    static Object alltoall(Rank r, Args a, int form, Runner run) {
        String call = run.name(form == 0 ? "MPI_Alltoall" : form == 1 ? "MPI_Alltoallv" : "MPI_Alltoallw");
        Comm c = a.comm(form == 0 ? 6 : 8);
        int n = c.peerSize();
        long sbuf = a.l(0), rbuf = a.l(form == 0 ? 3 : 4);
        boolean inPlace = sbuf == IN_PLACE;
        Side[] recvSide = new Side[1];
        return run.run(c, call, () -> {
            CollArgs.notInPlace(rbuf, "recvbuf", "which only sendbuf may be");
            if (inPlace && c.isInter()) CollArgs.notInPlace(sbuf, "sendbuf", "which an intercommunicator does not take");
            Side rs = recvSide[0] = side(a, form, false, n);
            for (int j = 0; j < n; j++) CollArgs.buffer(r.memory(), rs.types[j], rbuf + rs.displs[j], rs.counts[j], "recvbuf");
            Side ss = inPlace ? rs : side(a, form, true, n);
            long base = inPlace ? rbuf : sbuf;
            Object[] data = new Object[n];
            String[] elems = new String[n];
            for (int j = 0; j < n; j++) {
                CollArgs.buffer(r.memory(), ss.types[j], base + ss.displs[j], ss.counts[j], inPlace ? "recvbuf" : "sendbuf");
                if (inPlace && CollLarge.large(c, ss.types[j], ss.counts[j])) { // lent to be swapped, see swapped()
                    data[j] = new CollLarge.View(null, null, new CollLarge.Tally(c), CollLarge.lend(r, ss.types[j], base + ss.displs[j], ss.counts[j]));
                } else {
                    data[j] = CollLarge.data(r, c, ss.types[j], base + ss.displs[j], ss.counts[j], call, ss.countArg.apply(j));
                }
                elems[j] = CollArgs.elem(ss.types[j]);
            }
            return Part.of(-1, -1, null, null, Coll.Chunks.of(data, elems));
        }, parts -> {
            Side rs = recvSide[0];
            int me = c.rank();
            List<Coll.Recv> recvs = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                Coll.Chunks from = (Coll.Chunks) parts[peer(c, j)].data();
                recvs.add(new Coll.Recv(who(c, j), from.data()[me], from.elems()[me], rbuf + rs.displs[j], rs.counts[j], rs.types[j], rs.countArg.apply(j)));
            }
            if (inPlace) swapped(r, c, parts, recvs);
            else Coll.deliver(r, Coll.me(c), recvs);
        });
    }

    /**
     * The delivery of an in-place all-to-all. A block small enough was copied before the meeting and lands as usual.
     * A large block was not: block j of this rank's buffer is what rank j receives, and it is also where this rank
     * puts what rank j sends it, so the two blocks of each pair of ranks (equal in size, as MPI-4.1 6.8 requires) are
     * exchanged by the lower rank of the pair alone, a piece at a time ({@link CollLarge#swap}); this rank's own block
     * stays where it is. Nobody completes until both ranks of every pair are done (the tally).
     */
    private static void swapped(Rank r, Comm c, Meeting.Part[] parts, List<Coll.Recv> recvs) {
        int me = c.rank();
        Object[] mine = ((Coll.Chunks) parts[me].data()).data();
        for (Coll.Recv v : recvs) CollArgs.matches(v.from(), CollLarge.length(v.data()), v.elem(), Coll.me(c), v.count(), v.type(), v.countArg());
        for (int j = 0; j < recvs.size(); j++) {
            Coll.Recv v = recvs.get(j);
            if (!(v.data() instanceof CollLarge.View theirs)) CollLarge.unpack(r, v.data(), v.type(), v.addr(), v.count(), v.countArg());
            else if (me < j) CollLarge.swap(((CollLarge.View) mine[j]).typed(), theirs.typed(), CollLarge.length(theirs), CollLarge.limits(c).chunk());
        }
    }

    /** Reads the send (or receive) arguments of an all-to-all and checks them. */
    private static Side side(Args a, int form, boolean send, int n) {
        String pre = send ? "send" : "recv";
        if (form == 0) {
            int b = send ? 1 : 4;
            Datatype t = a.type(b + 1);
            CollArgs.count(a.l(b), pre + "count");
            CollArgs.committed(t, pre + "type");
            Datatype[] types = new Datatype[n];
            java.util.Arrays.fill(types, t);
            String countArg = pre + "count"; // once, not once per block
            return new Side(Coll.repeat(n, a.l(b)), Coll.blocks(n, a.l(b), t.extent()), types, j -> countArg);
        }
        int b = send ? 1 : 5;
        String dn = send ? "sdispls" : "rdispls";
        CollArgs.perRank(a.longs(b), n, pre + "counts", true);
        CollArgs.perRank(a.longs(b + 1), n, dn, false);
        long[] counts = a.longs(b);
        Datatype[] types = new Datatype[n];
        long[] displs;
        if (form == 1) {
            Datatype t = a.type(b + 2);
            CollArgs.committed(t, pre + "type");
            java.util.Arrays.fill(types, t);
            displs = Coll.scaled(a.longs(b + 1), n, t.extent());
        } else {
            Handle[] hs = (Handle[]) a.raw(b + 2);
            for (int j = 0; j < Math.min(n, hs.length); j++) { // the entries given first, then whether there are enough
                String arg = pre + "types[" + j + "]";
                if (!hs[j].isValid() || !(hs[j] instanceof Datatype)) {
                    throw new MpiException(org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TYPE, arg + ": " + hs[j].name() + " is not a valid datatype");
                }
            }
            if (hs.length < n) {
                throw new MpiException(org.mpish.runtime.mpi.ErrorClass.MPI_ERR_ARG, pre + "types has " + hs.length + " entries; it needs one per rank (" + n + ")");
            }
            for (int j = 0; j < n; j++) {
                String arg = pre + "types[" + j + "]";
                if (!hs[j].isValid() || !(hs[j] instanceof Datatype t)) {
                    throw new MpiException(org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TYPE, arg + ": " + hs[j].name() + " is not a valid datatype");
                }
                CollArgs.committed(t, arg);
                types[j] = t;
            }
            displs = Coll.scaled(a.longs(b + 1), n, 1);
        }
        return new Side(counts, displs, types, j -> pre + "counts[" + j + "]");
    }
}
