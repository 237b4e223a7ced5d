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
    record In(Datatype type, Op op, ElemType elem) {}

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
    static void agree(Comm c, Part[] parts, int from, int to, Part mine, String countArg) {
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
        if (CollReduceLarge.takes(a, CollReduceLarge.Kind.REDUCE, a.comm(6))) return CollReduceLarge.run(r, a, CollReduceLarge.Kind.REDUCE, run);
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
        if (CollReduceLarge.takes(a, CollReduceLarge.Kind.ALLREDUCE, a.comm(5))) return CollReduceLarge.run(r, a, CollReduceLarge.Kind.ALLREDUCE, run);
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

    /** MPI_Reduce_scatter_block (block = true: recvcount) and MPI_Reduce_scatter (recvcounts[]). */
    static Object reduceScatter(Rank r, Args a, boolean block, Runner run) {
        CollReduceLarge.Kind k = block ? CollReduceLarge.Kind.BLOCK : CollReduceLarge.Kind.SCATTER;
        if (CollReduceLarge.takes(a, k, a.comm(5))) return CollReduceLarge.run(r, a, k, run);
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
        CollReduceLarge.Kind k = exclusive ? CollReduceLarge.Kind.EXSCAN : CollReduceLarge.Kind.SCAN;
        if (CollReduceLarge.takes(a, k, a.comm(5))) return CollReduceLarge.run(r, a, k, run);
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
