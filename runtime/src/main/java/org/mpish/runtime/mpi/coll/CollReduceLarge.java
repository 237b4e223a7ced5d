package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_BUFFER;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COMM;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COUNT;
import static org.mpish.runtime.mpi.coll.CollCalls.IN_PLACE;
import static org.mpish.runtime.mpi.coll.Meeting.peer;

import java.lang.foreign.MemorySegment;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.op.Op;
import org.mpish.runtime.mpi.coll.CollArgs.Role;
import org.mpish.runtime.mpi.coll.Meeting.Part;

/**
 * The reductions of {@link CollReduce} when the vector is past one packed copy: the arguments of each call brought to
 * one plan for {@link LargeReduce} (which inputs this rank folds, which part of the vector, where the result goes).
 */
final class CollReduceLarge {
    private CollReduceLarge() {}

    /** The reductions, for their large path: the call, where comm is, and where the count (or recvcount(s)) is. */
    enum Kind {
        REDUCE("MPI_Reduce", 6), ALLREDUCE("MPI_Allreduce", 5), BLOCK("MPI_Reduce_scatter_block", 5),
        SCATTER("MPI_Reduce_scatter", 5), SCAN("MPI_Scan", 5), EXSCAN("MPI_Exscan", 5);

        final String call;
        final int comm;

        Kind(String call, int comm) {
            this.call = call;
            this.comm = comm;
        }

        String countArg() { return this == BLOCK ? "recvcount" : this == SCATTER ? "recvcounts" : "count"; }
    }

    /** The elements this rank reduces and, of the result, the block it gets: [first, first + count) of the vector. */
    private record Sizes(long total, long first, long count) {}

    /** The vector's length and this rank's block of the result, from the count arguments of {@code k}. */
    private static Sizes sizes(Args a, Kind k, Comm c) {
        switch (k) {
            case BLOCK -> {
                long rc = a.l(2);
                CollArgs.count(rc, "recvcount");
                return new Sizes(Math.multiplyExact(rc, (long) c.size()), c.rank() * rc, rc);
            }
            case SCATTER -> {
                long[] rcs = a.longs(2);
                CollArgs.perRank(rcs, c.size(), "recvcounts", true);
                long sum = 0, before = 0;
                for (int j = 0; j < c.size(); j++) {
                    if (j == c.rank()) before = sum;
                    sum = Math.addExact(sum, rcs[j]);
                }
                return new Sizes(sum, before, rcs[c.rank()]);
            }
            default -> {
                CollArgs.count(a.l(2), "count");
                return new Sizes(a.l(2), 0, a.l(2));
            }
        }
    }

    /** Whether the reduction of {@code k} with these arguments takes the large path (the same on every rank whose counts agree). */
    static boolean takes(Args a, Kind k, Comm c) {
        try {
            return CollLarge.large(c, a.type(3), sizes(a, k, c).total);
        } catch (RuntimeException e) {
            return false; // a bad argument: the ordinary path reports it, after meeting the others
        }
    }

    /**
     * The reductions of a contiguous vector beyond one packed copy ({@link LargeReduce}): every input and receive
     * buffer is lent as a view; after the meeting each rank folds its share. Any op, blocking or not; all but the
     * scans also on an intercommunicator (a rank folds the remote group's inputs, and Reduce_scatter(_block) gives
     * it its local group's share of that result, MPI-4.1 6.11).
     */
    static Object run(Rank r, Args a, Kind k, Runner run) {
        String call = run.name(k.call);
        Comm c = a.comm(k.comm);
        int root = k == Kind.REDUCE ? a.i(5) : -1;
        Role[] role = new Role[1];
        CollReduce.In[] in = new CollReduce.In[1];
        Part[] mine = new Part[1];
        Sizes[] sz = new Sizes[1];
        return run.staged(c, call, () -> {
            Role ro = role[0] = k == Kind.REDUCE ? CollArgs.role(c, root) : Role.ROOT;
            if ((k == Kind.SCAN || k == Kind.EXSCAN) && c.isInter()) {
                throw new MpiException(MPI_ERR_COMM, c.name() + " is an intercommunicator; " + call + " needs an intracommunicator");
            }
            Sizes s = sz[0] = sizes(a, k, c);
            Datatype t = a.type(3);
            CollArgs.committed(t, "datatype");
            Op op = OpCalls.op(a, 4);
            CollReduce.In i = in[0] = new CollReduce.In(t, op, Reductions.check(op, t));
            long sbuf = a.l(0), rbuf = a.l(1), bytes = s.total * t.size();
            boolean inPlace = sbuf == IN_PLACE, out = ro == Role.ROOT, input = k != Kind.REDUCE || ro == Role.LEAF || ro == Role.ROOT && !c.isInter();
            if (inPlace && (!out || c.isInter())) {
                CollArgs.notInPlace(sbuf, "sendbuf", c.isInter() ? "which an intercommunicator does not take" : "which only the root may pass");
            }
            if (out) {
                CollArgs.notInPlace(rbuf, "recvbuf", "which only sendbuf may be");
                CollArgs.buffer(r.memory(), t, rbuf, inPlace ? s.total : s.count, "recvbuf");
                if (input && sbuf == rbuf && s.count > 0) { // an intercommunicator's root passes no input
                    throw new MpiException(MPI_ERR_BUFFER, "sendbuf and recvbuf are the same buffer; pass MPI_IN_PLACE as sendbuf to reduce in place");
                }
            }
            long from = inPlace ? rbuf : sbuf;
            if (input) CollArgs.buffer(r.memory(), t, from, s.total, inPlace ? "recvbuf" : "sendbuf");
            CollLarge.allowed(t, s.total, call, k.countArg());
            CollLarge.View v = new CollLarge.View(input ? r.memory().segment(from, bytes) : null,
                    out ? r.memory().segment(rbuf, (inPlace ? s.total : s.count) * t.size()) : null, new CollLarge.Tally(c));
            int key = ro == Role.ROOT && c.isInter() ? MpiConst.ROOT : root;
            return mine[0] = Part.of(key, s.total, op, CollArgs.elem(t), v);
        }, parts -> {
            int me = c.participantIndex();
            CollLarge.Tally tally = CollLarge.Tally.of(parts);
            try {
                return plan(r, c, k, root, parts, me, tally, role[0], in[0], sz[0], mine[0]);
            } catch (RuntimeException e) {
                return CollLarge.failed(tally, me, e);
            }
        });
    }

    /** This rank's share of a large reduction, once every rank's part is known; checks agreement first. */
    private static LargeReduce plan(Rank r, Comm c, Kind k, int root, Part[] parts, int me, CollLarge.Tally tally, Role role, CollReduce.In in,
                                    Sizes s, Part mine) {
        if (k == Kind.REDUCE) Coll.sameRoot(c, parts, root);
        for (Part p : parts) {
            if (!(p.data() instanceof CollLarge.View)) {
                throw new MpiException(MPI_ERR_COUNT, k.countArg() + ": another rank did not pass as large a vector as this rank ("
                        + s.total + " elements)");
            }
        }
        boolean folds = role == Role.ROOT;
        int n = c.peerSize();
        if (folds || k != Kind.REDUCE) CollReduce.agree(c, parts, 0, n, mine, k.countArg());
        long size = in.type().size(), total = s.total * size;
        MemorySegment[] none = new MemorySegment[0];
        MemorySegment out = ((CollLarge.View) mine.data()).out();
        if (!folds) return new LargeReduce(r, CollLarge.limits(c).chunk(), me, tally, in.op(), in.elem(), in.type(), total, none, 0, 0, null, 0, null, null);
        int upTo = k == Kind.SCAN ? c.rank() + 1 : k == Kind.EXSCAN ? c.rank() : n;
        MemorySegment[] src = new MemorySegment[upTo];
        for (int j = 0; j < upTo; j++) src[j] = ((CollLarge.View) parts[peer(c, j)].data()).in();
        if (k == Kind.ALLREDUCE && !c.isInter()) { // rank j folds block j; then each copies the others' blocks
            long unit = in.op().isUser() ? size : in.elem().packedSize(), elems = total / unit;
            long[] blocks = new long[n + 1];
            MemorySegment[] outs = new MemorySegment[n];
            for (int j = 0; j <= n; j++) blocks[j] = elems * j / n * unit;
            for (int j = 0; j < n; j++) outs[j] = ((CollLarge.View) parts[j].data()).out();
            return new LargeReduce(r, CollLarge.limits(c).chunk(), me, tally, in.op(), in.elem(), in.type(), total, src, blocks[me], blocks[me + 1], out, 0, outs, blocks);
        }
        long lo = s.first * size, hi = lo + s.count * size;
        return new LargeReduce(r, CollLarge.limits(c).chunk(), me, tally, in.op(), in.elem(), in.type(), total, src, lo, hi, out, lo, null, null);
    }
}
