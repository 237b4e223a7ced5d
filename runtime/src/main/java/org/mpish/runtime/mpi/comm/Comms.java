package org.mpish.runtime.mpi.comm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.attr.Attributes;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.err.Errhandlers;

/**
 * Making and freeing communicators: duplication (with attribute copy), split and create (a partition agreed
 * collectively), intercommunicator creation and merge. Collective agreement goes through
 * {@link Comm#exchange}; the lowest participant allocates each new {@link CommShared}.
 *
 * <p>Invariants: for an intracommunicator the participant index is the rank; for an intercommunicator the
 * participants are one group (the "first side") followed by the other.
 */
public final class Comms {
    private Comms() {}

    /** True when the caller's local group is listed first among the communicator's participants (always, for an intracomm). */
    static boolean firstSide(Comm c) {
        return !c.isInter() || c.group().rankOf(c.shared().participant(0)) >= 0;
    }

    /** The participant index of rank {@code r} of the remote group of an intercommunicator. */
    static int remoteParticipant(Comm c, int r) {
        return firstSide(c) ? c.group().size() + r : r;
    }

    public static int[] participants(CommShared s) {
        int[] out = new int[s.participantCount()];
        for (int i = 0; i < out.length; i++) out[i] = s.participant(i);
        return out;
    }

    /** A new communicator of this process, registered under a handle name, with error handler {@code eh}. */
    static Comm register(MpiProcess p, CommShared s, Group local, Group remote, int index, Errhandler eh) {
        Comm c = new Comm(p, s, local, remote, index, false, "comm");
        Errhandlers.attach(c, eh);
        return p.handles().add(c);
    }

    /** Forgets a communicator: invalid from now on; its error handler loses a user. */
    static void release(MpiProcess p, Comm c) {
        CommLifecycle.freeing(p.rank(), c);
        c.markFreed();
        p.handles().remove(c);
        Errhandlers.detach(p, c.errhandler());
    }

    /** MPI_Comm_dup / idup / dup_with_info: same groups, new context, parent's error handler, copied attributes (A19-A23). */
    static Comm dup(MpiProcess p, Comm c, String call) {
        Object[] all = c.exchange(c.participantIndex() == 0 ? new CommShared(c.shared()) : null, call);
        Comm n = register(p, (CommShared) all[0], c.group(), c.remoteGroup(), c.participantIndex(), c.errhandler());
        try {
            Attributes.copyAll(p, c, n);
        } catch (MpiException e) {
            release(p, n); // A22: newcomm is MPI_COMM_NULL
            throw e;
        }
        CommLifecycle.duplicated(p.rank(), c, n);
        n.setSession(c.session()); // derived from the same session (MPI-4.1 11.3)
        return n;
    }

    /**
     * MPI_Comm_split and MPI_Comm_create: each participant contributes (color, key); the members of each color,
     * ordered by key and then by old rank, form a new communicator (for an intercommunicator: those of one side
     * with those of the other, both non-empty). Returns null (MPI_COMM_NULL) for MPI_UNDEFINED or an empty side.
     * New communicators carry no attributes (A20).
     */
    static Comm partition(MpiProcess p, Comm c, int color, int key, String call) {
        Object[] all = c.exchange(new int[] {color, key}, call);
        int n = all.length;
        int firstSize = firstSide(c) ? c.group().size() : c.remoteGroup().size();
        // color -> participant indices of each side, ordered by (key, old index)
        Map<Integer, List<List<Integer>>> plan = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            int[] ck = (int[]) all[i];
            if (ck[0] == MpiConst.UNDEFINED) continue;
            List<List<Integer>> sides = plan.computeIfAbsent(ck[0], x -> List.of(new ArrayList<>(), new ArrayList<>()));
            sides.get(c.isInter() && i >= firstSize ? 1 : 0).add(i);
        }
        for (List<List<Integer>> sides : plan.values()) {
            for (List<Integer> side : sides) side.sort((x, y) -> {
                int kx = ((int[]) all[x])[1], ky = ((int[]) all[y])[1];
                return kx != ky ? Integer.compare(kx, ky) : Integer.compare(x, y);
            });
        }
        Map<Integer, CommShared> made = null;
        if (c.participantIndex() == 0) {
            made = new HashMap<>();
            for (Map.Entry<Integer, List<List<Integer>>> e : plan.entrySet()) {
                List<List<Integer>> s = e.getValue();
                if (c.isInter() && (s.get(0).isEmpty() || s.get(1).isEmpty())) continue;
                made.put(e.getKey(), new CommShared(p.rank().job(), worldRanks(c.shared(), s.get(0), s.get(1))));
            }
        }
        @SuppressWarnings("unchecked")
        Map<Integer, CommShared> shared = (Map<Integer, CommShared>) c.exchange(made, call)[0];
        if (color == MpiConst.UNDEFINED || !shared.containsKey(color)) return null;
        List<List<Integer>> sides = plan.get(color);
        int me = c.participantIndex();
        boolean mineFirst = sides.get(0).contains(me);
        int[] first = worldRanks(c.shared(), sides.get(0), List.of());
        int[] second = worldRanks(c.shared(), sides.get(1), List.of());
        Comm mine;
        if (!c.isInter()) {
            mine = register(p, shared.get(color), new Group(first), null, sides.get(0).indexOf(me), c.errhandler());
        } else {
            int index = mineFirst ? sides.get(0).indexOf(me) : first.length + sides.get(1).indexOf(me);
            mine = register(p, shared.get(color), new Group(mineFirst ? first : second), new Group(mineFirst ? second : first),
                    index, c.errhandler());
        }
        mine.setSession(c.session()); // derived from the same session (MPI-4.1 11.3)
        return mine;
    }

    private static int[] worldRanks(CommShared s, List<Integer> a, List<Integer> b) {
        int[] out = new int[a.size() + b.size()];
        int i = 0;
        for (int x : a) out[i++] = s.participant(x);
        for (int x : b) out[i++] = s.participant(x);
        return out;
    }

    // ---- intercommunicators ----------------------------------------------------------------------

    /** Where two leaders meet, on the peer communicator, matched in order per (tag, leader pair). */
    private static final class Meetings {
        final Map<List<Integer>, List<Meet>> queues = new HashMap<>();
    }

    private static final class Meet {
        int[] low, high;
        CommShared shared;
        int departed;
    }

    /**
     * MPI_Intercomm_create: the two leaders meet through the peer communicator (its context, the tag and the
     * pair of leaders identify the meeting), the one with the lower job rank puts its group first; each leader
     * then hands the result to its local group.
     */
    static Comm intercommCreate(MpiProcess p, Comm local, int localLeader, Comm peer, int remoteLeader, int tag, String call) {
        Rank rank = p.rank();
        Object mine = null;
        if (local.rank() == localLeader) {
            int me = rank.id();
            int other = peer.peerWorldRank(remoteLeader);
            if (local.group().rankOf(other) >= 0) {
                throw new MpiException(ErrorClass.MPI_ERR_ARG, "the remote leader (job rank " + other + ") is a member of the local group;"
                        + " the two groups of an intercommunicator must be disjoint");
            }
            boolean low = me < other;
            List<Integer> key = List.of(tag, Math.min(me, other), Math.max(me, other));
            Meetings ms = peer.shared().extension(Meetings.class, Meetings::new);
            Meet m;
            synchronized (ms) {
                List<Meet> q = ms.queues.computeIfAbsent(key, k -> new ArrayList<>());
                m = null;
                for (Meet x : q) if ((low ? x.low : x.high) == null) { m = x; break; }
                if (m == null) q.add(m = new Meet());
                if (low) m.low = local.group().members(); else m.high = local.group().members();
                if (m.low != null && m.high != null) {
                    int[] all = Arrays.copyOf(m.low, m.low.length + m.high.length);
                    System.arraycopy(m.high, 0, all, m.low.length, m.high.length);
                    m.shared = new CommShared(rank.job(), all);
                    rank.job().rank(other).wake();
                }
            }
            Meet meet = m;
            rank.await(() -> { synchronized (ms) { return meet.shared != null; } },
                    () -> call + ": local leader waits for the remote leader (job rank " + other + ", rank " + remoteLeader + " of "
                            + peer.name() + ") with tag " + tag);
            synchronized (ms) {
                if (++meet.departed == 2) {
                    List<Meet> q = ms.queues.get(key);
                    q.remove(meet);
                    if (q.isEmpty()) ms.queues.remove(key);
                }
            }
            mine = new Object[] {meet.shared, low ? meet.high : meet.low, low};
        }
        Object[] got = (Object[]) local.exchange(mine, call)[localLeader];
        CommShared s = (CommShared) got[0];
        boolean low = (Boolean) got[2];
        int index = (low ? 0 : s.participantCount() - local.size()) + local.rank();
        return register(p, s, new Group(local.group().members()), new Group((int[]) got[1]), index, local.errhandler());
    }

    /** MPI_Intercomm_merge: an intracommunicator of both groups, the group that said high = false first. */
    static Comm merge(MpiProcess p, Comm c, boolean high, String call) {
        Object[] all = c.exchange(high, call);
        int firstSize = firstSide(c) ? c.group().size() : c.remoteGroup().size();
        boolean highA = (Boolean) all[0], highB = (Boolean) all[firstSize];
        int[] parts = participants(c.shared());
        int[] order = parts;
        if (highA && !highB) {
            order = new int[parts.length];
            System.arraycopy(parts, firstSize, order, 0, parts.length - firstSize);
            System.arraycopy(parts, 0, order, parts.length - firstSize, firstSize);
        }
        int[] fixed = order;
        Object[] s = c.exchange(c.participantIndex() == 0 ? new CommShared(p.rank().job(), fixed) : null, call);
        int me = 0;
        while (fixed[me] != p.rank().id()) me++;
        return register(p, (CommShared) s[0], new Group(fixed), null, me, c.errhandler());
    }

    /** MPI_IDENT, MPI_CONGRUENT, MPI_SIMILAR or MPI_UNEQUAL for two communicators. */
    static int compare(Comm a, Comm b) {
        if (a == b || a.shared() == b.shared()) return MpiConst.IDENT;
        if (a.isInter() != b.isInter()) return MpiConst.UNEQUAL;
        int r = Group.compare(a.group(), b.group());
        if (a.isInter()) r = Math.max(r, Group.compare(a.remoteGroup(), b.remoteGroup()));
        return r == MpiConst.IDENT ? MpiConst.CONGRUENT : r;
    }
}
