package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COUNT;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.TypeCopy;
import org.mpish.runtime.mpi.coll.Meeting.Part;

/**
 * Collective data beyond one Java array (more than 2^31 - 9 bytes from one rank, which the _c forms of MPI-4.1
 * section 2.5.8 allow). A contiguous block that large is not packed: the sender's part is a {@link View} of its
 * memory, which the receivers copy from directly. Such a view is only safe while its owner's call (or request) is
 * not complete, so every rank marks a shared {@link Tally} when it has copied what it reads, and no rank completes
 * until every rank has marked it ({@link #delivered}). A non-contiguous block that large is not packed either: its
 * view is the span of the sender's memory it lies in, with the datatype, and a receiver copies it run by run
 * ({@link TypeCopy}) into its own layout, contiguous or not. The reductions still need contiguous data.
 */
final class CollLarge {
    private CollLarge() {}

    /** The largest packed array; a block of more bytes goes as a view. */
    static final long ARRAY_LIMIT = Integer.MAX_VALUE - 8;

    /**
     * A view of a rank's contiguous memory (in: its input; out: its receive buffer, for the reductions), read in
     * place by the others; {@code tally} is how far each participant has got (the first view's is the one used).
     * A non-contiguous block (or an in-place all-to-all's block, which its receiver also writes) is {@code typed}
     * instead: its datatype over the span of memory it lies in, and {@code in} is null.
     */
    record View(MemorySegment in, MemorySegment out, Tally tally, TypeCopy.Side typed) {
        View(MemorySegment in, MemorySegment out, Tally tally) { this(in, out, tally, null); }
    }

    /**
     * How far each participant of one collective has got with the memory the others lent it, as a number that only
     * grows; marking wakes every participant. Each rank makes one with its part, and all use the first view's
     * ({@link #of}), which every rank finds the same, since they see the same parts.
     */
    static final class Tally {
        /** A participant that will read or write no lent memory again. */
        static final int DONE = Integer.MAX_VALUE;

        private final AtomicIntegerArray marks;
        private final Job job;
        private final int[] ranks;

        Tally(Comm c) {
            int n = c.shared().participantCount();
            marks = new AtomicIntegerArray(n);
            ranks = new int[n];
            for (int i = 0; i < n; i++) ranks[i] = c.shared().participant(i);
            job = c.process().rank().job();
        }

        /** Participant p has got to v; the others wake, and those not done are nudged (their requests progress at their next MPI call). */
        void mark(int p, int v) {
            marks.accumulateAndGet(p, v, Math::max);
            for (int i = 0; i < ranks.length; i++) {
                if (i != p && marks.get(i) < DONE) nudge(job, ranks[i]);
                else job.rank(ranks[i]).wake();
            }
        }

        int at(int p) { return marks.get(p); }

        int min() {
            int m = DONE;
            for (int i = 0; i < marks.length(); i++) m = Math.min(m, marks.get(i));
            return m;
        }

        /** The tally of the first view among the parts (in a part's data or among its per-destination chunks); null if none. */
        static Tally of(Part[] parts) {
            for (Part p : parts) {
                if (p.data() instanceof View v) return v.tally;
                if (p.data() instanceof Coll.Chunks ch && ch.tally() != null) return ch.tally();
            }
            return null;
        }
    }

    /** A rank's nonblocking collective requests that are not complete yet, and whether a nudge is queued for it. */
    private static final class Open {
        /** Touched only on the rank's own thread. */
        final java.util.List<CollRequest> requests = new java.util.ArrayList<>();
        final java.util.concurrent.atomic.AtomicBoolean queued = new java.util.concurrent.atomic.AtomicBoolean();
    }

    private static final Object OPEN = new Object();

    private static Open open(Job job, int rank) {
        return job.<java.util.concurrent.ConcurrentHashMap<Integer, Open>>shared(OPEN, java.util.concurrent.ConcurrentHashMap::new)
                .computeIfAbsent(rank, k -> new Open());
    }

    /** A request started on its owner's thread: a nudge may progress it until it completes. */
    static void opened(CollRequest q) { open(q.owner().job(), q.owner().id()).requests.add(q); }

    static void closed(CollRequest q) { open(q.owner().job(), q.owner().id()).requests.remove(q); }

    /**
     * Has rank {@code id} progress its open collective requests at its next progress point (MPI-4.1 2.9: an operation
     * progresses while its process is in any MPI call), so that a rank waiting for it to copy lent memory is not left
     * waiting while it sits in some other call: a blocking receive, say, that only the waiting rank's next send ends.
     * At most one nudge is queued for a rank at a time.
     */
    static void nudge(Job job, int id) {
        Open o = open(job, id);
        Rank r = job.rank(id);
        if (!o.queued.compareAndSet(false, true)) {
            r.wake();
            return;
        }
        r.post(() -> {
            o.queued.set(false);
            for (CollRequest q : o.requests.toArray(new CollRequest[0])) q.progressHere();
        });
    }

    /**
     * What is left of a collective after its meeting: polled on the rank's own thread until it returns true (a
     * blocking call waits on it; a request's completion calls poll it); it throws the collective's error when that
     * is all that is left.
     */
    interface Rest {
        boolean poll();
    }

    /**
     * The end of a delivery that read lent memory: this rank marks the tally whether or not its delivery worked,
     * and is done once every rank has (then its own error, if any, is thrown). Null when nobody lent memory.
     */
    static Rest delivered(Comm c, Part[] parts, Runnable deliver) {
        Tally t = Tally.of(parts);
        if (t == null) {
            deliver.run();
            return null;
        }
        try {
            deliver.run();
        } catch (RuntimeException e) {
            return failed(t, c.participantIndex(), e);
        }
        return finished(t, c.participantIndex());
    }

    /** This rank is done with the lent memory; the rest is waiting for the others to be. */
    static Rest finished(Tally t, int me) {
        t.mark(me, Tally.DONE);
        return () -> t.min() == Tally.DONE;
    }

    /** This rank failed: it reads and writes no lent memory from now on, and throws {@code error} once the others are done too. */
    static Rest failed(Tally t, int me, RuntimeException error) {
        t.mark(me, Tally.DONE);
        return () -> {
            if (t.min() < Tally.DONE) return false;
            throw error;
        };
    }

    /** Bytes the large reductions fold at a time: small enough that a user op's two scratch copies fit beside 2^31-byte buffers. */
    static final long CHUNK = 16 << 20;

    /**
     * A job's sizes for this path: blocks of more than {@code limit} bytes go as views; the reductions fold
     * {@code chunk} bytes at a time. Tests lower both to drive the large path with small data.
     */
    record Limits(long limit, long chunk) {}

    private static final Limits DEFAULT = new Limits(ARRAY_LIMIT, CHUNK);
    private static final Object LIMITS = new Object();

    static Limits limits(Comm c) { return job(c).shared(LIMITS, () -> new AtomicReference<>(DEFAULT)).get(); }

    /** Sets a job's sizes (tests: the large path with small data); limit at most {@link #ARRAY_LIMIT}. */
    static void setLimits(Job job, long limit, long chunk) {
        job.<AtomicReference<Limits>>shared(LIMITS, () -> new AtomicReference<>(DEFAULT)).set(new Limits(Math.min(limit, ARRAY_LIMIT), chunk));
    }

    private static Job job(Comm c) { return c.process().rank().job(); }

    /** Whether {@code count} x {@code t} is more than one packed array holds (the job's limit, {@link #limits}). */
    static boolean large(Comm c, Datatype t, long count) {
        long size = t.size();
        if (size <= 0) return false;
        if (count > ARRAY_LIMIT / size) return true;
        return count > limits(c).limit / size;
    }

    /** What a sender contributes for {@code count} x {@code t} at {@code addr}: packed bytes, or a view when it is large. */
    static Object data(Rank r, Comm c, Datatype t, long addr, long count, String call, String arg) {
        if (!large(c, t, count)) return t.pack(r.memory(), addr, count);
        if (!t.isContiguous()) return new View(null, null, new Tally(c), lend(r, t, addr, count));
        return new View(r.memory().segment(addr, count * t.size()), null, new Tally(c));
    }

    /** {@code count} x {@code t} at {@code addr} of this rank's memory, lent as a {@link TypeCopy.Side} ({@link TypeCopy#lend}). */
    static TypeCopy.Side lend(Rank r, Datatype t, long addr, long count) { return TypeCopy.lend(r.memory(), t, addr, count); }

    /**
     * Exchanges the packed streams of two blocks of {@code bytes} bytes each, {@code chunk} bytes at a time through
     * two scratch arrays: an in-place all-to-all's pair of blocks, one in each rank's receive buffer, each of which is
     * what the other rank receives. Only one thread runs it for a pair, so neither block is read after it is written.
     */
    static void swap(TypeCopy.Side a, TypeCopy.Side b, long bytes, long chunk) {
        if (bytes <= 0) return;
        int step = (int) Math.min(Math.max(1, Math.min(chunk, bytes)), ARRAY_LIMIT);
        MemorySegment ta = MemorySegment.ofArray(new byte[step]), tb = MemorySegment.ofArray(new byte[step]);
        TypeCopy.Stream readA = new TypeCopy.Stream(a), readB = new TypeCopy.Stream(b);
        TypeCopy.Stream writeA = new TypeCopy.Stream(a), writeB = new TypeCopy.Stream(b);
        for (long done = 0; done < bytes; done += step) {
            long n = Math.min(step, bytes - done);
            TypeCopy.Stream sa = scratch(ta, n), sb = scratch(tb, n);
            readA.copyTo(sa, n);
            readB.copyTo(sb, n);
            scratch(tb, n).copyTo(writeA, n);
            scratch(ta, n).copyTo(writeB, n);
        }
    }

    private static TypeCopy.Stream scratch(MemorySegment s, long n) { return new TypeCopy.Stream(new TypeCopy.Side(TypeCopy.of(s), 0, null, n)); }

    /** MPI_ERR_COUNT unless a large block can go to the reductions as a view: a contiguous datatype. */
    static void allowed(Datatype t, long count, String call, String arg) {
        if (!t.isContiguous()) {
            throw new MpiException(MPI_ERR_COUNT, arg + ": " + count + " x " + t.name() + " is "
                    + count * t.size() + " bytes; a non-contiguous datatype goes through one packed copy of at most " + ARRAY_LIMIT
                    + " bytes in " + call);
        }
    }

    /** The byte length of a part's data: packed bytes or a view. */
    static long length(Object data) {
        if (data instanceof byte[] b) return b.length;
        if (data instanceof View v) return v.typed != null ? v.typed.bytes() : v.in == null ? 0 : v.in.byteSize();
        return 0;
    }

    /** Stores received data (packed bytes or a view) into {@code count} x {@code t} at {@code addr}. */
    static void unpack(Rank r, Object data, Datatype t, long addr, long count, String arg) {
        if (data instanceof byte[] b) {
            t.unpack(b, 0, b.length, r.memory(), addr, count);
            return;
        }
        View v = (View) data;
        MemorySegment src = v.in;
        if (src != null && t.isContiguous()) {
            MemorySegment.copy(src, 0, r.memory().segment(addr, src.byteSize()), 0, src.byteSize());
            return;
        }
        long n = length(v); // the receiver checked that its layout holds this much (CollArgs.matches)
        TypeCopy.Side from = v.typed != null ? v.typed : new TypeCopy.Side(TypeCopy.of(src), 0, null, n);
        TypeCopy.copy(from, new TypeCopy.Side(TypeCopy.of(r.memory()), addr, t, count), n);
    }
}
