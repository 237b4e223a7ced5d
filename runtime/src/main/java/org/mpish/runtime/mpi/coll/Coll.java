package org.mpish.runtime.mpi.coll;

import org.mpish.runtime.mpi.MpiConst;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_ROOT;
import static org.mpish.runtime.mpi.coll.CollCalls.IN_PLACE;
import static org.mpish.runtime.mpi.coll.Meeting.peer;
import static org.mpish.runtime.mpi.coll.Meeting.who;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.env.EnvCalls;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.coll.CollArgs.Role;
import org.mpish.runtime.mpi.coll.Meeting.Part;

/**
 * The data-moving collectives (MPI-4.1 6.4-6.7): barrier and broadcast (nonblocking and persistent forms),
 * gather, scatter and allgather in their plain and "v" forms, on intra- and intercommunicators
 * ({@link CollAlltoall} has the all-to-all ones). Every sender packs what it sends before the
 * rendezvous; after it, every receiver checks all it is about to receive against its receive arguments and
 * only then unpacks, so a mismatch leaves its buffer untouched.
 */
final class Coll {
    private Coll() {}

    /**
     * Per-destination data (packed bytes, or a {@link CollLarge.View}) and the basic element each is made of; tally is
     * the first view's (null when none), found once here rather than by every receiver.
     */
    record Chunks(Object[] data, String[] elems, CollLarge.Tally tally) {
        static Chunks of(Object[] data, String[] elems) {
            for (Object d : data) if (d instanceof CollLarge.View v) return new Chunks(data, elems, v.tally());
            return new Chunks(data, elems, null);
        }
    }

    /** One receive: where the data of {@code from} lands. */
    record Recv(String from, Object data, String elem, long addr, long count, Datatype type, String countArg) {}

    static void deliver(Rank r, String to, List<Recv> recvs) {
        for (Recv v : recvs) CollArgs.matches(v.from, CollLarge.length(v.data), v.elem, to, v.count, v.type, v.countArg);
        for (Recv v : recvs) CollLarge.unpack(r, v.data, v.type, v.addr, v.count, v.countArg);
    }

    static String me(Comm c) { return "rank " + c.rank(); }

    /** Every rank of an intracommunicator passed the same root (MPI-4.1 6.1); an intercommunicator's leaves name the process that passed MPI_ROOT. */
    static void sameRoot(Comm c, Part[] parts, int root) {
        if (!c.isInter()) {
            for (int i = 0; i < parts.length; i++) {
                if (parts[i].root() != root) {
                    throw new MpiException(MPI_ERR_ROOT, "root: rank " + c.rank() + " passed root = " + root + " but rank " + i
                            + " passed " + parts[i].root() + "; every rank must pass the same root");
                }
            }
        } else if (root >= 0 && parts[peer(c, root)].root() != MpiConst.ROOT) {
            throw new MpiException(MPI_ERR_ROOT, "root = " + root + " but remote rank " + root + " did not pass MPI_ROOT");
        }
    }

    static int[] repeat(int n, int v) { int[] a = new int[n]; java.util.Arrays.fill(a, v); return a; }
    static long[] repeat(int n, long v) { long[] a = new long[n]; java.util.Arrays.fill(a, v); return a; }

    static long[] scaled(int[] displs, int n, long unit) {
        long[] b = new long[n];
        for (int i = 0; i < n; i++) b[i] = displs[i] * unit;
        return b;
    }

    static long[] scaled(long[] displs, int n, long unit) {
        long[] b = new long[n];
        for (int i = 0; i < n; i++) b[i] = Math.multiplyExact(displs[i], unit);
        return b;
    }

    static long[] blocks(int n, long count, long extent) {
        long[] b = new long[n];
        for (int i = 0; i < n; i++) b[i] = i * (long) count * extent;
        return b;
    }

    private static void checkRecvs(Memory m, long addr, int[] counts, long[] displs, Datatype t, int n, String arg) {
        for (int i = 0; i < n; i++) CollArgs.buffer(m, t, addr + displs[i], counts[i], arg);
    }

    private static void checkRecvs(Memory m, long addr, long[] counts, long[] displs, Datatype t, int n, String arg) {
        for (int i = 0; i < n; i++) CollArgs.buffer(m, t, addr + displs[i], counts[i], arg);
    }

    // ---- barrier and broadcast (their blocking forms are MPI_Barrier and MPI_Bcast of the environment and communicator families) ----

    /** MPI_Ibarrier, MPI_Barrier_init: comm. */
    static Object barrier(Rank r, Args a, Runner run) {
        Comm c = a.comm(0);
        return run.run(c, run.name("MPI_Barrier"), () -> Part.of(-1, -1, null, null, null), parts -> { });
    }

    /** MPI_Ibcast, MPI_Bcast_init: buffer, count, datatype, root, comm; as MPI_Bcast, a receiver may describe more room than the root sends. */
    static Object bcast(Rank r, Args a, Runner run) {
        String call = run.name("MPI_Bcast");
        Comm c = a.comm(4);
        long addr = a.l(0), count = a.l(1);
        int root = a.i(3);
        Role[] role = new Role[1];
        return run.run(c, call, () -> {
            Role ro = role[0] = CollArgs.role(c, root);
            CollArgs.count(count, "count");
            Datatype t = a.type(2);
            CollArgs.committed(t, "datatype");
            CollArgs.notInPlace(addr, "buffer", "which no broadcast takes");
            Object data = null;
            if (ro != Role.NONE) CollArgs.buffer(r.memory(), t, addr, count, "buffer");
            if (ro == Role.ROOT) data = CollLarge.data(r, c, t, addr, count, call, "count");
            return Part.of(ro == Role.ROOT && c.isInter() ? MpiConst.ROOT : root, -1, null, CollArgs.elem(t), data);
        }, parts -> {
            if (role[0] != Role.LEAF) return;
            sameRoot(c, parts, root);
            Object got = parts[peer(c, root)].data();
            Datatype t = a.type(2);
            long room = t.size() * count, sent = CollLarge.length(got);
            if (sent > room) {
                throw new MpiException(org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TRUNCATE, "count: the root sent " + sent
                        + " bytes; this buffer holds " + room);
            }
            CollLarge.unpack(r, got, t, addr, count, "count");
        });
    }

    // ---- gather ---------------------------------------------------------------------------------

    /** MPI_Gather (v = false) and MPI_Gatherv (v = true). */
    static Object gather(Rank r, Args a, boolean v, Runner run) {
        String call = run.name(v ? "MPI_Gatherv" : "MPI_Gather");
        int ri = v ? 7 : 6;
        Comm c = a.comm(ri + 1);
        int root = a.i(ri), n = c.peerSize();
        long sbuf = a.l(0), rbuf = a.l(3);
        boolean inPlace = sbuf == IN_PLACE;
        Role[] role = new Role[1];
        Datatype[] rt = new Datatype[1];
        long[][] rcounts = new long[1][];
        long[][] displs = new long[1][];
        return run.run(c, call, () -> {
            Role ro = role[0] = CollArgs.role(c, root);
            if (inPlace && (c.isInter() || ro != Role.ROOT)) {
                CollArgs.notInPlace(sbuf, "sendbuf", c.isInter() ? "which an intercommunicator does not take" : "which only the root may pass");
            }
            Object data = null;
            String elem = null;
            if (ro == Role.LEAF || ro == Role.ROOT && !c.isInter() && !inPlace) {
                Datatype st = a.type(2);
                CollArgs.count(a.l(1), "sendcount");
                CollArgs.committed(st, "sendtype");
                CollArgs.buffer(r.memory(), st, sbuf, a.l(1), "sendbuf");
                data = CollLarge.data(r, c, st, sbuf, a.l(1), call, "sendcount");
                elem = CollArgs.elem(st);
            }
            if (ro == Role.ROOT) {
                Datatype t = rt[0] = a.type(v ? 6 : 5);
                CollArgs.committed(t, "recvtype");
                if (v) {
                    CollArgs.perRank(a.longs(4), n, "recvcounts", true);
                    CollArgs.perRank(a.longs(5), n, "displs", false);
                    rcounts[0] = a.longs(4);
                    displs[0] = scaled(a.longs(5), n, t.extent());
                } else {
                    CollArgs.count(a.l(4), "recvcount");
                    rcounts[0] = repeat(n, a.l(4));
                    displs[0] = blocks(n, a.l(4), t.extent());
                }
                CollArgs.notInPlace(rbuf, "recvbuf", "which only sendbuf may be");
                checkRecvs(r.memory(), rbuf, rcounts[0], displs[0], t, n, "recvbuf");
            }
            return Part.of(ro == Role.ROOT && c.isInter() ? MpiConst.ROOT : root, -1, null, elem, data);
        }, parts -> {
            if (role[0] == Role.NONE) return;
            sameRoot(c, parts, root);
            if (role[0] != Role.ROOT) return;
            List<Recv> recvs = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                if (!c.isInter() && j == c.rank() && inPlace) continue;
                Part p = parts[peer(c, j)];
                recvs.add(new Recv(who(c, j), p.data(), p.elem(), rbuf + displs[0][j], rcounts[0][j], rt[0], v ? "recvcounts[" + j + "]" : "recvcount"));
            }
            deliver(r, "the root", recvs);
        });
    }

    // ---- scatter --------------------------------------------------------------------------------

    /** MPI_Scatter (v = false) and MPI_Scatterv (v = true). */
    static Object scatter(Rank r, Args a, boolean v, Runner run) {
        String call = run.name(v ? "MPI_Scatterv" : "MPI_Scatter");
        int ri = v ? 7 : 6, rb = v ? 4 : 3;
        Comm c = a.comm(ri + 1);
        int root = a.i(ri), n = c.peerSize();
        long sbuf = a.l(0), rbuf = a.l(rb);
        boolean inPlace = rbuf == IN_PLACE;
        Role[] role = new Role[1];
        return run.run(c, call, () -> {
            Role ro = role[0] = CollArgs.role(c, root);
            if (inPlace && (c.isInter() || ro != Role.ROOT)) {
                CollArgs.notInPlace(rbuf, "recvbuf", c.isInter() ? "which an intercommunicator does not take" : "which only the root may pass");
            }
            if (ro == Role.LEAF || ro == Role.ROOT && !c.isInter() && !inPlace) {
                Datatype t = a.type(rb + 2);
                CollArgs.count(a.l(rb + 1), "recvcount");
                CollArgs.committed(t, "recvtype");
                CollArgs.buffer(r.memory(), t, rbuf, a.l(rb + 1), "recvbuf");
            }
            Chunks out = null;
            if (ro == Role.ROOT) {
                CollArgs.notInPlace(sbuf, "sendbuf", "which only recvbuf may be");
                Datatype st = a.type(v ? 3 : 2);
                CollArgs.committed(st, "sendtype");
                long[] counts;
                long[] displs;
                if (v) {
                    CollArgs.perRank(a.longs(1), n, "sendcounts", true);
                    CollArgs.perRank(a.longs(2), n, "displs", false);
                    counts = a.longs(1);
                    displs = scaled(a.longs(2), n, st.extent());
                } else {
                    CollArgs.count(a.l(1), "sendcount");
                    counts = repeat(n, a.l(1));
                    displs = blocks(n, a.l(1), st.extent());
                }
                checkRecvs(r.memory(), sbuf, counts, displs, st, n, "sendbuf");
                Object[] data = new Object[n];
                String[] elems = new String[n];
                for (int j = 0; j < n; j++) {
                    if (!c.isInter() && j == c.rank() && inPlace) continue;
                    data[j] = CollLarge.data(r, c, st, sbuf + displs[j], counts[j], call, v ? "sendcounts[" + j + "]" : "sendcount");
                    elems[j] = CollArgs.elem(st);
                }
                out = Chunks.of(data, elems);
            }
            return Part.of(ro == Role.ROOT && c.isInter() ? MpiConst.ROOT : root, -1, null, null, out);
        }, parts -> {
            if (role[0] == Role.NONE) return;
            sameRoot(c, parts, root);
            if (role[0] == Role.ROOT && (c.isInter() || inPlace)) return;
            Chunks from = (Chunks) parts[peer(c, root)].data();
            int me = c.rank();
            deliver(r, me(c), List.of(new Recv(c.isInter() ? "remote rank " + root : "the root", from.data[me], from.elems[me], rbuf,
                    a.l(rb + 1), a.type(rb + 2), v ? "sendcounts[" + me + "]" : "recvcount")));
        });
    }

    // ---- allgather ------------------------------------------------------------------------------

    /** MPI_Allgather (v = false) and MPI_Allgatherv (v = true). */
    static Object allgather(Rank r, Args a, boolean v, Runner run) {
        String call = run.name(v ? "MPI_Allgatherv" : "MPI_Allgather");
        Comm c = a.comm(v ? 7 : 6);
        int n = c.peerSize();
        long sbuf = a.l(0), rbuf = a.l(3);
        boolean inPlace = sbuf == IN_PLACE;
        Datatype[] rtype = new Datatype[1];
        long[][] rcounts = new long[1][];
        long[][] displs = new long[1][];
        return run.run(c, call, () -> {
            Datatype rt = rtype[0] = a.type(v ? 6 : 5);
            CollArgs.committed(rt, "recvtype");
            if (v) {
                CollArgs.perRank(a.longs(4), n, "recvcounts", true);
                CollArgs.perRank(a.longs(5), n, "displs", false);
                rcounts[0] = a.longs(4);
                displs[0] = scaled(a.longs(5), n, rt.extent());
            } else {
                CollArgs.count(a.l(4), "recvcount");
                rcounts[0] = repeat(n, a.l(4));
                displs[0] = blocks(n, a.l(4), rt.extent());
            }
            CollArgs.notInPlace(rbuf, "recvbuf", "which only sendbuf may be");
            if (inPlace && c.isInter()) CollArgs.notInPlace(sbuf, "sendbuf", "which an intercommunicator does not take");
            checkRecvs(r.memory(), rbuf, rcounts[0], displs[0], rt, n, "recvbuf");
            if (inPlace) { // this rank's block of recvbuf is its contribution
                int me = c.rank();
                return Part.of(-1, -1, null, CollArgs.elem(rt), CollLarge.data(r, c, rt, rbuf + displs[0][me], rcounts[0][me], call, "recvcount"));
            }
            Datatype st = a.type(2);
            CollArgs.count(a.l(1), "sendcount");
            CollArgs.committed(st, "sendtype");
            CollArgs.buffer(r.memory(), st, sbuf, a.l(1), "sendbuf");
            return Part.of(-1, -1, null, CollArgs.elem(st), CollLarge.data(r, c, st, sbuf, a.l(1), call, "sendcount"));
        }, parts -> {
            List<Recv> recvs = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                if (!c.isInter() && j == c.rank() && inPlace) continue;
                Part p = parts[peer(c, j)];
                recvs.add(new Recv(who(c, j), p.data(), p.elem(), rbuf + displs[0][j], rcounts[0][j], rtype[0], v ? "recvcounts[" + j + "]" : "recvcount"));
            }
            deliver(r, me(c), recvs);
        });
    }
}
