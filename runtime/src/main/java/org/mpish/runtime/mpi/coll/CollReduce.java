package org.mpish.runtime.mpi.coll;

import org.mpish.runtime.mpi.MpiConst;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_BUFFER;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COMM;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COUNT;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_OP;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TYPE;
import static org.mpish.runtime.mpi.coll.CollCalls.IN_PLACE;
import static org.mpish.runtime.mpi.coll.Meeting.peer;
import static org.mpish.runtime.mpi.coll.Meeting.who;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.ElemType;
import org.mpish.runtime.mpi.env.EnvCalls;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.op.Op;
import org.mpish.runtime.mpi.coll.CollArgs.Role;
import org.mpish.runtime.mpi.coll.Meeting.Part;

/**
 * The reducing collectives (MPI-4.1 6.9-6.11): Reduce, Allreduce, Reduce_scatter_block, Reduce_scatter, Scan
 * and Exscan. Every rank brings its packed input; the ranks that need a result fold the inputs left to right
 * in rank order ({@link Reductions.Fold}), so all of them compute the same bits.
 */
final class CollReduce {
    private CollReduce() {}

    /** The shared arguments: sendbuf 0, recvbuf 1, count 2, datatype 3, op 4. */
    private record In(Datatype type, Op op, ElemType elem) {}

    private static In checkIn(Args a, int count, String countArg) {
        CollArgs.count(count, countArg);
        Datatype t = a.type(3);
        CollArgs.committed(t, "datatype");
        Op op = OpCalls.op(a, 4);
        return new In(t, op, Reductions.check(op, t));
    }

    /** The caller's input: sendbuf, or recvbuf when sendbuf is MPI_IN_PLACE. */
    private static Part input(Rank r, Comm c, Args a, In in, int count, int root, boolean recvbufMatters, boolean inPlaceAllowed) {
        return input(r, c, a, in, count, root, recvbufMatters, inPlaceAllowed, false);
    }

    /**
     * {@link #input}; with {@code direct}, a contiguous input is not copied: the part is a view of the caller's
     * memory, which the others read while the collective holds this rank (see {@link #splitAllreduce}).
     */
    private static Part input(Rank r, Comm c, Args a, In in, int count, int root, boolean recvbufMatters, boolean inPlaceAllowed,
                              boolean direct) {
        long sbuf = a.l(0), rbuf = a.l(1);
        boolean inPlace = sbuf == IN_PLACE;
        if (inPlace && (!inPlaceAllowed || c.isInter())) {
            CollArgs.notInPlace(sbuf, "sendbuf", c.isInter() ? "which an intercommunicator does not take" : "which only the root may pass");
        }
        if (recvbufMatters) {
            CollArgs.notInPlace(rbuf, "recvbuf", "which only sendbuf may be");
            if (!inPlace && sbuf == rbuf && count > 0 && in.type.size() > 0) {
                throw new MpiException(MPI_ERR_BUFFER, "sendbuf and recvbuf are the same buffer; pass MPI_IN_PLACE as sendbuf to reduce in place");
            }
        }
        long from = inPlace ? rbuf : sbuf;
        CollArgs.buffer(r.memory(), in.type, from, count, inPlace ? "recvbuf" : "sendbuf");
        if (direct && in.type.isContiguous()) {
            return Part.of(root, count, in.op, CollArgs.elem(in.type), r.memory().segment(from, count * in.type.size()));
        }
        return Part.of(root, count, in.op, CollArgs.elem(in.type), in.type.pack(r.memory(), from, count));
    }

    /** Every rank whose input is folded passed the same count, op and element type (MPI-4.1 6.9.1). */
    private static void agree(Comm c, Part[] parts, int from, int to, Part mine, String countArg) {
        for (int j = from; j < to; j++) {
            Part p = parts[peer(c, j)];
            if (p.count() != mine.count()) {
                throw new MpiException(MPI_ERR_COUNT, countArg + ": " + who(c, j) + " reduces " + p.count() + " elements but this rank "
                        + mine.count() + "; every rank must pass the same count");
            }
            if (p.op().isUser() || mine.op().isUser() ? p.op().isUser() != mine.op().isUser() : p.op().op() != mine.op().op()) {
                throw new MpiException(MPI_ERR_OP, "op: " + who(c, j) + " passed " + p.op().name() + " but this rank " + mine.op().name()
                        + "; every rank must pass the same op");
            }
            if (p.elem() != null && mine.elem() != null && !p.elem().equals(mine.elem())) {
                throw new MpiException(MPI_ERR_TYPE, "datatype: " + who(c, j) + " passed elements of " + p.elem() + " but this rank "
                        + mine.elem() + "; every rank must pass the same type signature");
            }
        }
    }

    /** The left-to-right fold of the inputs of ranks from..to-1 of the source group. */
    private static byte[] fold(Rank r, Comm c, Part[] parts, In in, int count, int from, int to) {
        try (Reductions.Fold f = new Reductions.Fold(r, in.op, in.elem, in.type, count)) {
            for (int j = from; j < to; j++) f.add(parts[peer(c, j)].bytes());
            return f.result();
        }
    }

    private static void store(Rank r, byte[] result, int off, int len, Datatype t, long addr, int count) {
        t.unpack(result, off, len, r.memory(), addr, count);
    }

    /** MPI_Reduce: sendbuf, recvbuf, count, datatype, op, root, comm. */
    static Object reduce(Rank r, Args a, Runner run) {
        if (large(a, Kind.REDUCE, a.comm(6))) return large(r, a, Kind.REDUCE, run);
        String call = run.name("MPI_Reduce");
        Comm c = a.comm(6);
        int root = a.i(5), count = a.i(2);
        Role[] role = new Role[1];
        In[] in = new In[1];
        Part[] mine = new Part[1];
        return run.run(c, call, () -> {
            Role ro = role[0] = CollArgs.role(c, root);
            In i = in[0] = checkIn(a, count, "count");
            if (ro == Role.ROOT) {
                CollArgs.notInPlace(a.l(1), "recvbuf", "which only sendbuf may be");
                CollArgs.buffer(r.memory(), i.type, a.l(1), count, "recvbuf");
            }
            int key = ro == Role.ROOT && c.isInter() ? MpiConst.ROOT : root;
            if (ro == Role.NONE || ro == Role.ROOT && c.isInter()) { // sendbuf is not looked at
                return mine[0] = Part.of(key, count, i.op, CollArgs.elem(i.type), null);
            }
            return mine[0] = input(r, c, a, i, count, key, ro == Role.ROOT, ro == Role.ROOT);
        }, parts -> {
            if (role[0] == Role.NONE) return;
            Coll.sameRoot(c, parts, root);
            if (role[0] != Role.ROOT) return;
            int n = c.peerSize();
            agree(c, parts, 0, n, mine[0], "count");
            byte[] res = fold(r, c, parts, in[0], count, 0, n);
            store(r, res, 0, res.length, in[0].type, a.l(1), count);
        });
    }

    /**
     * From this many bytes on, a blocking MPI_Allreduce with a predefined op on an intracommunicator is a
     * reduce-scatter followed by an allgather ({@link #splitAllreduce}): each rank folds 1/p of the vector
     * instead of all of it. Below it, one meeting and every rank folding the (short) vector costs less.
     */
    static final long SPLIT_BYTES = Long.getLong("mpish.allreduceSplitBytes", 32 * 1024);

    /** Whether an allreduce of {@code count} elements of {@code in} is split; the same on every rank once counts, ops and types agree. */
    private static boolean split(Comm c, Runner run, In in, int count) {
        return run == Runner.BLOCKING && !c.isInter() && c.size() > 1 && !in.op.isUser()
                && (long) count * in.type.size() >= SPLIT_BYTES;
    }

    /** MPI_Allreduce: sendbuf, recvbuf, count, datatype, op, comm. */
    static Object allreduce(Rank r, Args a, Runner run) {
        if (large(a, Kind.ALLREDUCE, a.comm(5))) return large(r, a, Kind.ALLREDUCE, run);
        String call = run.name("MPI_Allreduce");
        Comm c = a.comm(5);
        int count = a.i(2);
        In[] in = new In[1];
        Part[] mine = new Part[1];
        return run.run(c, call, () -> {
            In i = in[0] = checkIn(a, count, "count");
            CollArgs.notInPlace(a.l(1), "recvbuf", "which only sendbuf may be");
            CollArgs.buffer(r.memory(), i.type, a.l(1), count, "recvbuf");
            return mine[0] = input(r, c, a, i, count, -1, true, true, split(c, run, i, count));
        }, parts -> {
            int n = c.peerSize();
            agree(c, parts, 0, n, mine[0], "count");
            if (split(c, run, in[0], count)) {
                splitAllreduce(r, c, call, parts, in[0], count, a.l(1));
                return;
            }
            byte[] res = fold(r, c, parts, in[0], count, 0, n);
            store(r, res, 0, res.length, in[0].type, a.l(1), count);
        });
    }

    /** A part's input: its packed bytes, or the view of the sender's memory that {@link #input} gave for a direct one. */
    private static MemorySegment data(Part p) {
        return p.data() instanceof MemorySegment m ? m : MemorySegment.ofArray(p.bytes());
    }

    /**
     * The large allreduce, as shared-memory MPIs do it: rank k folds block k of every input (left to right in rank
     * order, so every element is reduced in the canonical order and all ranks get the same bits), then the ranks
     * meet again and each copies every block into its recvbuf. Inputs are read only before that second meeting:
     * once it completes, every rank may change its sendbuf (or, in place, its recvbuf).
     */
    private static void splitAllreduce(Rank r, Comm c, String call, Part[] parts, In in, int count, long rbuf) {
        int n = c.size(), me = c.rank(), unit = in.elem.packedSize();
        long total = (long) count * in.type.size(), elems = total / unit;
        long lo = elems * me / n * unit, len = elems * (me + 1) / n * unit - lo;
        byte[] block = new byte[Math.toIntExact(len)];
        MemorySegment acc = MemorySegment.ofArray(block);
        acc.copyFrom(data(parts[0]).asSlice(lo, len));
        for (int j = 1; j < n; j++) Reductions.fold(in.op.op(), in.elem, acc, data(parts[j]).asSlice(lo, len), acc, len);
        Object[] blocks = c.exchange(block, call);
        if (in.type.isContiguous()) {
            MemorySegment out = r.memory().segment(rbuf, total);
            for (int j = 0; j < n; j++) {
                byte[] b = (byte[]) blocks[j];
                MemorySegment.copy(b, 0, out, ValueLayout.JAVA_BYTE, elems * j / n * unit, b.length);
            }
        } else {
            byte[] all = new byte[Math.toIntExact(total)];
            for (int j = 0; j < n; j++) {
                byte[] b = (byte[]) blocks[j];
                System.arraycopy(b, 0, all, Math.toIntExact(elems * j / n * unit), b.length);
            }
            store(r, all, 0, all.length, in.type, rbuf, count);
        }
    }

    /** The reductions, for their large path: the call, where comm is, and where the count (or recvcount(s)) is. */
    private enum Kind {
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
    private static boolean large(Args a, Kind k, Comm c) {
        try {
            return CollLarge.large(c, a.type(3), sizes(a, k, c).total);
        } catch (RuntimeException e) {
            return false; // a bad argument: the ordinary path reports it, after meeting the others
        }
    }

    /**
     * The reductions of a contiguous vector beyond one packed copy ({@link LargeReduce}): every input and receive
     * buffer is lent as a view; after the meeting each rank folds its share. Any op, blocking or not; Reduce and
     * Allreduce also on an intercommunicator (a rank folds the remote group's inputs).
     */
    private static Object large(Rank r, Args a, Kind k, Runner run) {
        String call = run.name(k.call);
        Comm c = a.comm(k.comm);
        int root = k == Kind.REDUCE ? a.i(5) : -1;
        Role[] role = new Role[1];
        In[] in = new In[1];
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
            In i = in[0] = new In(t, op, Reductions.check(op, t));
            if (c.isInter() && (k == Kind.BLOCK || k == Kind.SCATTER)) {
                throw new MpiException(MPI_ERR_COUNT, k.countArg() + ": " + s.total * t.size() + " bytes; on an intercommunicator "
                        + call + " reduces at most " + CollLarge.ARRAY_LIMIT + " bytes");
            }
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
    private static LargeReduce plan(Rank r, Comm c, Kind k, int root, Part[] parts, int me, CollLarge.Tally tally, Role role, In in,
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
        if (folds || k != Kind.REDUCE) agree(c, parts, 0, n, mine, k.countArg());
        long size = in.type.size(), total = s.total * size;
        MemorySegment[] none = new MemorySegment[0];
        MemorySegment out = ((CollLarge.View) mine.data()).out();
        if (!folds) return new LargeReduce(r, CollLarge.sizes(c).chunk(), me, tally, in.op, in.elem, in.type, total, none, 0, 0, null, 0, null, null);
        int upTo = k == Kind.SCAN ? c.rank() + 1 : k == Kind.EXSCAN ? c.rank() : n;
        MemorySegment[] src = new MemorySegment[upTo];
        for (int j = 0; j < upTo; j++) src[j] = ((CollLarge.View) parts[peer(c, j)].data()).in();
        if (k == Kind.ALLREDUCE && !c.isInter()) { // rank j folds block j; then each copies the others' blocks
            long unit = in.op.isUser() ? size : in.elem.packedSize(), elems = total / unit;
            long[] blocks = new long[n + 1];
            MemorySegment[] outs = new MemorySegment[n];
            for (int j = 0; j <= n; j++) blocks[j] = elems * j / n * unit;
            for (int j = 0; j < n; j++) outs[j] = ((CollLarge.View) parts[j].data()).out();
            return new LargeReduce(r, CollLarge.sizes(c).chunk(), me, tally, in.op, in.elem, in.type, total, src, blocks[me], blocks[me + 1], out, 0, outs, blocks);
        }
        long lo = s.first * size, hi = lo + s.count * size;
        return new LargeReduce(r, CollLarge.sizes(c).chunk(), me, tally, in.op, in.elem, in.type, total, src, lo, hi, out, lo, null, null);
    }

    /** MPI_Reduce_scatter_block (block = true: recvcount) and MPI_Reduce_scatter (recvcounts[]). */
    static Object reduceScatter(Rank r, Args a, boolean block, Runner run) {
        Kind k = block ? Kind.BLOCK : Kind.SCATTER;
        if (large(a, k, a.comm(5))) return large(r, a, k, run);
        String call = run.name(block ? "MPI_Reduce_scatter_block" : "MPI_Reduce_scatter");
        Comm c = a.comm(5);
        int size = c.size(), me = c.rank(), n = c.peerSize();
        In[] in = new In[1];
        Part[] mine = new Part[1];
        int[] mineAt = new int[2]; // offset (elements) and count of this rank's block
        return run.run(c, call, () -> {
            long total;
            if (block) {
                CollArgs.count(a.i(2), "recvcount");
                CollArgs.notInPlace(a.l(1), "recvbuf", "which only sendbuf may be");
                CollArgs.buffer(r.memory(), a.type(3), a.l(1), a.i(2), "recvbuf"); // before the total, which may overflow
                mineAt[0] = me * a.i(2);
                mineAt[1] = a.i(2);
                total = (long) a.i(2) * n;
            } else {
                CollArgs.perRank(a.ints(2), size, "recvcounts", true);
                long sum = 0, before = 0;
                for (int j = 0; j < size; j++) { if (j == me) before = sum; sum += a.ints(2)[j]; }
                mineAt[0] = Math.toIntExact(before);
                mineAt[1] = a.ints(2)[me];
                total = sum;
            }
            int count = Math.toIntExact(total);
            In i = in[0] = checkIn(a, count, block ? "recvcount" : "recvcounts");
            CollArgs.notInPlace(a.l(1), "recvbuf", "which only sendbuf may be");
            CollArgs.buffer(r.memory(), i.type, a.l(1), mineAt[1], "recvbuf");
            return mine[0] = input(r, c, a, i, count, -1, false, true);
        }, parts -> {
            if (!c.isInter()) agree(c, parts, 0, n, mine[0], block ? "recvcount" : "recvcounts");
            long count = parts[peer(c, 0)].count();
            for (int j = 1; j < n; j++) {
                if (parts[peer(c, j)].count() != count) {
                    throw new MpiException(MPI_ERR_COUNT, (block ? "recvcount" : "recvcounts") + ": " + who(c, j) + " reduces "
                            + parts[peer(c, j)].count() + " elements, " + who(c, 0) + " " + count + "; they must agree");
                }
            }
            byte[] res = fold(r, c, parts, in[0], (int) count, 0, n);
            long esz = in[0].type.size();
            long off = mineAt[0] * esz, len = mineAt[1] * esz;
            if (off + len > res.length) {
                throw new MpiException(MPI_ERR_COUNT, (block ? "recvcount" : "recvcounts") + ": this rank's block ends at element "
                        + (mineAt[0] + mineAt[1]) + " but the reduced vector has " + count);
            }
            // in place, the result block lands at the start of recvbuf (MPI-4.1 6.10.1)
            store(r, res, (int) off, (int) len, in[0].type, a.l(1), mineAt[1]);
        });
    }

    /** MPI_Scan (exclusive = false) and MPI_Exscan (true): sendbuf, recvbuf, count, datatype, op, comm. */
    static Object scan(Rank r, Args a, boolean exclusive, Runner run) {
        Kind k = exclusive ? Kind.EXSCAN : Kind.SCAN;
        if (large(a, k, a.comm(5))) return large(r, a, k, run);
        String call = run.name(exclusive ? "MPI_Exscan" : "MPI_Scan");
        Comm c = a.comm(5);
        int count = a.i(2);
        In[] in = new In[1];
        Part[] mine = new Part[1];
        return run.run(c, call, () -> {
            if (c.isInter()) throw new MpiException(MPI_ERR_COMM, c.name() + " is an intercommunicator; " + call + " needs an intracommunicator");
            In i = in[0] = checkIn(a, count, "count");
            CollArgs.notInPlace(a.l(1), "recvbuf", "which only sendbuf may be");
            CollArgs.buffer(r.memory(), i.type, a.l(1), count, "recvbuf");
            return mine[0] = input(r, c, a, i, count, -1, true, true);
        }, parts -> {
            int me = c.rank(), upTo = exclusive ? me : me + 1;
            agree(c, parts, 0, c.size(), mine[0], "count");
            if (upTo == 0) return; // rank 0 of an exclusive scan: recvbuf is left as it is
            byte[] res = fold(r, c, parts, in[0], count, 0, upTo);
            store(r, res, 0, res.length, in[0].type, a.l(1), count);
        });
    }
}
