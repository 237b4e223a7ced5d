package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_BUFFER;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COUNT;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_OTHER;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.function.Supplier;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.op.Op;

/**
 * One collective's rendezvous over {@link Comm#start}. Each rank checks its own arguments first; a rank
 * whose arguments are bad still takes part, bringing its error instead of data, and returns at once: it fails
 * with its own error, and the others, when they arrive, with MPI_ERR_OTHER naming it; nobody waits for it. Afterwards every rank sees
 * every rank's {@link Part} in participant order.
 */
final class Meeting {
    private Meeting() {}

    /**
     * What one rank brings: the arguments every rank must agree on (root, count and op of a reduction; -1 / null
     * when not compared), the basic element its data is made of (null if mixed), and its data (packed bytes,
     * or one packed array per destination).
     */
    record Part(int root, long count, Op op, String elem, Object data, MpiException failed) {
        static Part of(int root, long count, Op op, String elem, Object data) { return new Part(root, count, op, elem, data, null); }
        byte[] bytes() { return (byte[]) data; }
        byte[] to(int dest) { return ((byte[][]) data)[dest]; }
    }

    static Part[] meet(Comm c, String call, Supplier<Part> prepare) {
        Comm.Pending pending = start(c, call, prepare);
        if (!pending.ready()) {
            c.process().rank().await(pending::ready, () -> call + " on " + c.name() + ": " + notCalled(c, pending));
        }
        return collect(c, call, pending);
    }

    /** This rank's half: checks and contributes, without waiting; its own argument error is thrown here. */
    static Comm.Pending start(Comm c, String call, Supplier<Part> prepare) {
        Part mine;
        try {
            mine = prepare.get();
        } catch (MpiException e) {
            mine = new Part(0, 0, null, null, null, e);
        } catch (MemoryFault f) {
            mine = new Part(0, 0, null, null, null, new MpiException(MPI_ERR_BUFFER, f.getMessage()));
        } catch (ArithmeticException f) {
            mine = new Part(0, 0, null, null, null, new MpiException(MPI_ERR_COUNT,
                    "the data is larger than one call can move (2^31-1 bytes): " + f.getMessage()));
        }
        Comm.Pending pending = c.start(mine, call);
        org.mpish.runtime.Rank r = c.process().rank();
        if (r.job().tracing()) {
            r.job().emit(r.id(), "coll", "begin", call + " on " + c.name() + ": " + (mine.failed != null
                    ? "fails here (" + ErrorClass.name(mine.failed.errorClass()) + ")" : size(mine.data) + " bytes in"),
                    java.util.Map.of("call", call, "comm", c.name(), "bytes_in", size(mine.data)));
        }
        if (mine.failed != null) { // the others learn of it when they arrive; this rank does not wait for them
            pending.abandon();
            throw mine.failed;
        }
        return pending;
    }

    /** Every rank's part once all have contributed; MPI_ERR_OTHER if another rank failed its own checks. */
    static Part[] collect(Comm c, String call, Comm.Pending pending) {
        Object[] all = pending.finish();
        Part[] parts = new Part[all.length];
        for (int i = 0; i < all.length; i++) {
            parts[i] = (Part) all[i];
            if (parts[i].failed != null) {
                throw new MpiException(MPI_ERR_OTHER, "world rank " + c.shared().participant(i) + " failed its part of " + call
                        + " (" + ErrorClass.name(parts[i].failed.errorClass()) + ": " + parts[i].failed.detail() + "), so the collective did not complete");
            }
        }
        org.mpish.runtime.Rank r = c.process().rank();
        if (r.job().tracing()) {
            long others = 0;
            StringBuilder who = new StringBuilder();
            for (int i = 0; i < parts.length; i++) {
                if (i != c.participantIndex()) others += size(parts[i].data);
                who.append(i == 0 ? "" : ",").append(c.shared().participant(i));
            }
            r.job().emit(r.id(), "coll", "end", call + " on " + c.name() + " matched world ranks " + who + "; "
                    + others + " bytes from the others", java.util.Map.of("call", call, "comm", c.name(), "bytes_out", others));
        }
        return parts;
    }

    /** Bytes of a part's data: packed bytes, or per-destination chunks. */
    private static long size(Object data) {
        if (data instanceof byte[] b) return b.length;
        if (data instanceof CollLarge.View v) return CollLarge.length(v); // a large contiguous input, read in place
        if (data instanceof java.lang.foreign.MemorySegment m) return m.byteSize(); // a direct input, read in place
        if (data instanceof Coll.Chunks ch) {
            long n = 0;
            for (Object b : ch.data()) n += CollLarge.length(b);
            return n;
        }
        return 0;
    }

    /** The participant index of rank {@code r} of the group this rank receives from (the remote group of an intercommunicator). */
    static int peer(Comm c, int r) {
        if (!c.isInter()) return r;
        boolean localFirst = c.group().rankOf(c.shared().participant(0)) >= 0;
        return localFirst ? c.group().size() + r : r;
    }

    /** The participant index of rank {@code r} of the caller's own group. */
    static int local(Comm c, int r) {
        if (!c.isInter()) return r;
        boolean localFirst = c.group().rankOf(c.shared().participant(0)) >= 0;
        return localFirst ? r : c.remoteGroup().size() + r;
    }

    /**
     * Who has not entered the collective yet, as ranks of {@code c}: "ranks 0 and 3 have not called it", with their
     * world ranks when those differ ("rank 1 (world rank 5) has not called it"); on an intercommunicator, ranks of
     * the local or the remote group.
     */
    static String notCalled(Comm c, Comm.Pending pending) {
        int[] idx = pending.absent();
        if (idx.length == 0) return "every rank has called it";
        List<String> who = new ArrayList<>();
        boolean same = true;
        for (int i : idx) same &= rankIn(c, i) == c.shared().participant(i) && !c.isInter();
        for (int k = 0; k < idx.length && k < 8; k++) {
            int i = idx[k], rank = rankIn(c, i);
            String side = c.isInter() ? (local(c, rank) == i ? "local rank " : "remote rank ") : "";
            who.add(side + rank + (same ? "" : " (world rank " + c.shared().participant(i) + ")"));
        }
        String list = who.size() == 1 ? who.get(0) : String.join(", ", who.subList(0, who.size() - 1)) + " and " + who.get(who.size() - 1);
        if (idx.length > 8) list = String.join(", ", who) + " and " + (idx.length - 8) + " more";
        boolean plain = !c.isInter();
        return (plain ? (idx.length == 1 ? "rank " : "ranks ") : "") + list + (idx.length == 1 ? " has" : " have") + " not called it";
    }

    /** The rank, in its own group, of participant {@code i}. */
    private static int rankIn(Comm c, int i) {
        if (!c.isInter()) return i;
        boolean localFirst = c.group().rankOf(c.shared().participant(0)) >= 0;
        int first = localFirst ? c.group().size() : c.remoteGroup().size();
        return i < first ? i : i - first;
    }

    /** "rank 2", or on an intercommunicator "remote rank 2". */
    static String who(Comm c, int r) {
        if (r >= 0 && r < WHO.size()) return c.isInter() ? REMOTE.get(r) : WHO.get(r);
        return (c.isInter() ? "remote rank " : "rank ") + r;
    }

    /** {@link #who} made once for the first ranks: every receive of a small all-to-all names its sender, and the concatenation was a tenth of its CPU (JFR). */
    private static final List<String> WHO = names("rank "), REMOTE = names("remote rank ");

    private static List<String> names(String prefix) {
        return IntStream.range(0, 64).mapToObj(i -> prefix + i).toList();
    }
}
