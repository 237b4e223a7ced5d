package org.mpish.runtime.mpi.part;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.Job;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * The link between a partitioned send and its receive (MPI-4.1 section 4.2). The k-th MPI_Psend_init from a rank
 * to a destination with a tag on a communicator matches the destination's k-th MPI_Precv_init from that source
 * with that tag: matching happens at initialization, in order, as the standard says. Each MPI_Start of a side
 * begins its next round; a partition marked ready in round k moves once the receiver has started round k, straight
 * from the sender's buffer into the receiver's (the sender may not touch it until its request completes). Both
 * requests complete when every partition has moved. All state is guarded by the channel's lock.
 */
final class Channel {
    private PartRequest send, recv;
    /** Sender partitions moved in the receiver's current round. */
    private boolean[] moved;
    private int movedCount;

    private static final Object CHANNELS = new Object(), SEQUENCE = new Object();

    /** Links a new request with its partner's channel (made by whichever side initializes first). */
    static void link(MpiProcess p, PartRequest q, int myWorld, int peerWorld) {
        Job job = p.rank().job();
        int src = q.send ? myWorld : peerWorld, dst = q.send ? peerWorld : myWorld;
        Map<List<Object>, Integer> seq = p.extension(SEQUENCE, HashMap::new);
        List<Object> base = List.of(q.comm.shared(), src, dst, q.tag, q.send);
        int k;
        synchronized (seq) { k = seq.merge(base, 1, Integer::sum); }
        List<Object> key = List.of(q.comm.shared(), src, dst, q.tag, k);
        Map<List<Object>, Channel> all = job.shared(CHANNELS, HashMap::new);
        Channel c;
        synchronized (all) {
            c = all.get(key);
            if (c == null) all.put(key, c = new Channel());
            else all.remove(key); // both sides are here: nobody else will look it up
        }
        synchronized (c) {
            PartRequest other = q.send ? c.recv : c.send;
            if (other != null && other.totalBytes() != q.totalBytes()) {
                throw new MpiException(ErrorClass.MPI_ERR_TRUNCATE, "the partitioned " + (q.send ? "send" : "receive") + " holds "
                        + q.totalBytes() + " bytes but the matching " + (q.send ? "receive" : "send") + " (" + other.name() + " of rank "
                        + other.owner().id() + ") holds " + other.totalBytes() + ": both sides must describe the same amount of data");
            }
            if (q.send) c.send = q;
            else c.recv = q;
            q.channel = c;
            if (c.send != null && c.recv != null) c.moved = new boolean[c.send.partitions];
        }
    }

    /** MPI_Start of either side. */
    synchronized void started(PartRequest q) {
        q.round++;
        java.util.Arrays.fill(q.marks, false);
        if (!q.send && moved != null) {
            java.util.Arrays.fill(moved, false);
            movedCount = 0;
        }
        deliver();
    }

    /** MPI_Pready and friends: marks sender partitions ready, then moves whatever can move. */
    synchronized void ready(PartRequest q, int[] partitions, String call) {
        if (!q.isActive() || q.isComplete()) {
            throw new MpiException(ErrorClass.MPI_ERR_REQUEST, q.name() + " is not active: call MPI_Start on it before marking partitions ready").on(q.comm);
        }
        for (int i : partitions) {
            if (i < 0 || i >= q.partitions) {
                throw new MpiException(ErrorClass.MPI_ERR_ARG, "partition " + i + " is out of range: " + q.name() + " has partitions 0 to "
                        + (q.partitions - 1)).on(q.comm);
            }
            if (q.marks[i]) {
                throw new MpiException(ErrorClass.MPI_ERR_ARG, "partition " + i + " of " + q.name() + " is already marked ready in this round").on(q.comm);
            }
        }
        for (int i : partitions) q.marks[i] = true;
        Rank r = q.owner();
        if (r.job().tracing()) {
            r.job().emit(r.id(), "part", "ready", q.name() + " partitions " + java.util.Arrays.toString(partitions) + " ready for rank "
                    + q.comm.peerWorldRank(q.peer), Map.of("request", q.name(), "partitions", partitions.length));
        }
        deliver();
    }

    /** Moves each ready partition of the sender's round into the receiver when it is in the same round. */
    private void deliver() {
        if (send == null || recv == null || !send.isActive() || !recv.isActive() || send.round != recv.round) return;
        if (recv.isComplete()) return;
        Memory from = send.owner().memory(), to = recv.owner().memory();
        List<Integer> now = new ArrayList<>();
        for (int i = 0; i < send.partitions; i++) {
            if (!send.marks[i] || moved[i]) continue;
            long off = i * send.partBytes;
            if (send.partBytes > 0) Memory.copy(from, send.addr + off, to, recv.addr + off, send.partBytes);
            moved[i] = true;
            movedCount++;
            now.add(i);
        }
        if (now.isEmpty()) return;
        // a receive partition has arrived when every sender partition overlapping its bytes has moved
        for (int j = 0; j < recv.partitions; j++) recv.marks[j] = recv.partBytes == 0 || covered(j);
        Rank rr = recv.owner();
        if (rr.job().tracing()) {
            rr.job().emit(rr.id(), "part", "arrived", "partitions " + now + " of " + send.name() + " from rank " + send.owner().id()
                    + " arrived in " + recv.name(), Map.of("request", recv.name(), "partitions", now.size()));
        }
        if (movedCount == send.partitions) {
            send.finish(send.comm.rank());
            recv.finish(recv.peer);
        }
    }

    private boolean covered(int j) {
        long lo = j * recv.partBytes, hi = lo + recv.partBytes;
        for (int i = (int) (lo / send.partBytes); i < send.partitions && i * send.partBytes < hi; i++) if (!moved[i]) return false;
        return true;
    }

    /** MPI_Parrived. */
    synchronized boolean arrived(PartRequest q, int j) {
        if (j < 0 || j >= q.partitions) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "partition " + j + " is out of range: " + q.name() + " has partitions 0 to " + (q.partitions - 1)).on(q.comm);
        }
        if (!q.isActive()) {
            throw new MpiException(ErrorClass.MPI_ERR_REQUEST, q.name() + " is not active: call MPI_Start on it before asking what arrived").on(q.comm);
        }
        return q.isComplete() || q.marks[j];
    }

    synchronized String describe(PartRequest q) {
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < q.partitions && missing.size() < 8; i++) if (!q.marks[i]) missing.add(i);
        if (q.send) {
            if (recv == null) return "its partitioned receive at rank " + q.comm.peerWorldRank(q.peer) + " (not initialized yet)";
            if (!missing.isEmpty()) return "partitions " + missing + " of " + q.partitions + " to be marked ready (MPI_Pready)";
            return "rank " + recv.owner().id() + " to start " + recv.name() + " (MPI_Start) for round " + q.round;
        }
        if (send == null) return "a partitioned send from rank " + q.comm.peerWorldRank(q.peer) + " with tag " + q.tag + " (not initialized yet)";
        return "partitions " + missing + " of " + q.partitions + " from rank " + send.owner().id() + " (" + send.name() + ")";
    }
}
