package org.mpish.runtime.mpi.comm;

import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.attr.Attributable;
import org.mpish.runtime.mpi.err.Errhandler;

/**
 * One rank's handle of a communicator: its local group, its rank in it, the remote group of an
 * intercommunicator, its error handler, name and cached attributes. Mirrors {@code MPI_Comm}.
 */
public final class Comm extends Attributable {
    private final MpiProcess process;
    private final CommShared shared;
    private final Group group;
    private final Group remoteGroup;
    private final int rank;
    private final int participantIndex;
    private final boolean predefined;
    private Errhandler errhandler;
    private String commName = "";
    private long collectives;
    /** Contributions {@link #post}ed by this rank that not every participant has met yet, oldest first. */
    private java.util.ArrayDeque<Pending> ahead;
    /** How many posted contributions a rank may leave behind before it waits for the oldest to be met. */
    static final int AHEAD = 64;
    /** The session this communicator derives from (MPI-4.1 11.3), or null for the world model's. */
    private volatile org.mpish.runtime.mpi.Handle session;

    public Comm(MpiProcess process, CommShared shared, Group group, Group remoteGroup, int participantIndex,
                boolean predefined, String name) {
        super(HandleKind.COMM, name);
        this.process = process;
        this.shared = shared;
        this.group = group;
        this.remoteGroup = remoteGroup;
        this.rank = group.rankOf(process.rank().id());
        this.participantIndex = participantIndex;
        this.predefined = predefined;
        this.errhandler = Errhandler.ERRORS_ARE_FATAL;
        if (predefined) commName = name;
    }

    public MpiProcess process() { return process; }
    public CommShared shared() { return shared; }
    /** The local group. */
    public Group group() { return group; }
    /** The remote group of an intercommunicator, null for an intracommunicator. */
    public Group remoteGroup() { return remoteGroup; }
    public boolean isInter() { return remoteGroup != null; }
    /** This process's rank in the local group. */
    public int rank() { return rank; }
    public int size() { return group.size(); }
    /** Number of ranks a point-to-point rank argument refers to: the remote group for an intercomm. */
    public int peerSize() { return remoteGroup != null ? remoteGroup.size() : group.size(); }
    /** The world rank of peer {@code r} (in the remote group for an intercomm). */
    public int peerWorldRank(int r) { return (remoteGroup != null ? remoteGroup : group).worldRank(r); }
    public int participantIndex() { return participantIndex; }
    @Override public boolean isPredefined() { return predefined; }

    public Errhandler errhandler() { return errhandler; }

    /** MPI_COMM_WORLD of a process. */
    public static Comm world(MpiProcess p) { return (Comm) p.worldHandle(); }
    /** MPI_COMM_SELF of a process. */
    public static Comm self(MpiProcess p) { return (Comm) p.selfHandle(); }
    public void setErrhandler(Errhandler eh) { this.errhandler = eh; }
    public String commName() { return commName; }
    public void setCommName(String n) { this.commName = n; }
    /** The session this communicator derives from (its buffer serves buffered sends here, MPI-4.1 3.6), or null. */
    public org.mpish.runtime.mpi.Handle session() { return session; }
    public void setSession(org.mpish.runtime.mpi.Handle s) { this.session = s; }

    /**
     * Runs a collective step: contributes {@code mine} and returns every participant's contribution. Every
     * participant must be in the same call (the first word of {@code callName}): a rank in MPI_Finalize, or its
     * script ended, while the others wait in MPI_Barrier is MPI_ERR_OTHER on every participant, naming the calls,
     * instead of a barrier that silently matches a finalize.
     */
    public Object[] exchange(Object mine, String callName) {
        long seq = collectives++;
        if (shared.participantCount() == 1) return new Object[] {mine}; // alone: no one to meet, no other call to match
        String op = opOf(callName);
        Object[] all = shared.exchange(process.rank(), participantIndex, seq, new Step(op, mine), () -> callName + " on " + name());
        return values(all, op);
    }

    /** The first word of a call's name ("MPI_Bcast" of "MPI_Bcast root 0"): what every participant must agree on. */
    private static String opOf(String callName) {
        int space = callName.indexOf(' ');
        return space < 0 ? callName : callName.substring(0, space);
    }

    /** The values of every participant's {@link Step}; MPI_ERR_OTHER, naming who called what, unless all are in {@code op}. */
    private Object[] values(Object[] all, String op) {
        Object[] out = new Object[all.length];
        int odd = -1;
        for (int i = 0; i < all.length; i++) {
            Step s = (Step) all[i];
            if (odd < 0 && !s.op.equals(op)) odd = i;
            out[i] = s.value;
        }
        if (odd >= 0) {
            throw new MpiException(ErrorClass.MPI_ERR_OTHER, "collective calls do not match on " + name() + ": " + whoCalledWhat(all)
                    + " (every rank must make the collective calls of a communicator in the same order)");
        }
        return out;
    }

    /** MPI_Comm_split for the other families (a Cartesian sub-grid, ...): null where {@code color} is MPI_UNDEFINED. */
    public Comm split(int color, int key, String call) { return Comms.partition(process, this, color, key, call); }

    /**
     * The split-phase form of {@link #exchange}: contributes {@code mine} to this communicator's next collective
     * and returns at once. {@link Pending#ready} tells whether every participant has contributed,
     * {@link Pending#finish} returns their contributions (checking, as exchange does, that they are in the same
     * call), {@link Pending#abandon} leaves without looking.
     */
    public Pending start(Object mine, String callName) {
        long seq = collectives++;
        String op = opOf(callName);
        Step step = new Step(op, mine);
        if (shared.participantCount() == 1) return new Pending(seq, null, new Object[] {step});
        return new Pending(seq, shared.arrive(process.rank(), participantIndex, seq, step), null);
    }

    /**
     * Contributes {@code mine} to this communicator's next collective and returns without waiting, for a rank
     * whose part needs nothing from the others (a broadcast's root: MPI lets it return once its buffer may be
     * reused, and its data is copied). The others find it when they arrive, and check, as exchange does, that
     * they are in the same call. A rank may run at most {@link #AHEAD} such calls ahead of the slowest
     * participant; then it waits for the oldest, so a loop whose partners never come blocks (and is reported)
     * instead of piling up copies.
     */
    public void post(Object mine, String callName) {
        if (shared.participantCount() == 1) {
            collectives++;
            return;
        }
        java.util.ArrayDeque<Pending> q = ahead;
        if (q == null) ahead = q = new java.util.ArrayDeque<>();
        while (!q.isEmpty() && q.peekFirst().ready()) q.pollFirst();
        if (q.size() >= AHEAD) {
            Pending oldest = q.peekFirst();
            process.rank().await(oldest::ready, () -> callName + " on " + name() + ": " + oldest.missing() + " (this rank is "
                    + AHEAD + " calls ahead)");
            q.pollFirst();
        }
        Pending p = start(mine, callName);
        p.leaveEarly();
        q.addLast(p);
    }

    /** A collective contribution made by {@link #start}. */
    public final class Pending {
        private final long seq;
        private final Object slot;
        private Object[] all;

        private Pending(long seq, Object slot, Object[] all) {
            this.seq = seq;
            this.slot = slot;
            this.all = all;
        }

        public boolean ready() { return all != null || shared.arrived(slot); }

        /** Who has not contributed yet ("rank 2 to join"), for wait descriptions. */
        public String missing() { return all != null ? "nobody" : shared.missing(slot); }

        /** The participant indices that have not contributed yet (none once complete), for wait descriptions. */
        public int[] absent() { return all != null ? new int[0] : shared.absent(slot); }

        /** Every participant's contribution, in participant order; call once {@link #ready}. */
        public Object[] finish() {
            if (all == null) all = shared.leave(slot, seq);
            return values(all, ((Step) all[participantIndex]).op);
        }

        /** Leaves without looking at the others' contributions, but still tells when all have arrived ({@link #post}). */
        private void leaveEarly() { if (all == null) shared.leave(slot, seq); }

        /** Leaves without waiting for the others (they still see this contribution). */
        public void abandon() {
            if (all == null) shared.leave(slot, seq);
            all = new Object[0];
        }
    }

    /** "MPI_Barrier by ranks 0, 2; MPI_Finalize by rank 1": the same text on every participant. */
    private String whoCalledWhat(Object[] all) {
        java.util.Map<String, java.util.List<Integer>> by = new java.util.LinkedHashMap<>();
        for (int i = 0; i < all.length; i++) by.computeIfAbsent(((Step) all[i]).op, k -> new java.util.ArrayList<>()).add(shared.participant(i));
        StringBuilder sb = new StringBuilder();
        for (java.util.Map.Entry<String, java.util.List<Integer>> e : by.entrySet()) {
            java.util.List<Integer> ranks = e.getValue();
            String list = String.join(", ", ranks.stream().limit(8).map(String::valueOf).toList())
                    + (ranks.size() > 8 ? " and " + (ranks.size() - 8) + " more" : "");
            sb.append(sb.isEmpty() ? "" : "; ").append(e.getKey()).append(ranks.size() == 1 ? " by rank " : " by ranks ").append(list);
        }
        return sb.toString();
    }

    /** One participant's contribution to a collective step, with the call it is part of. */
    private record Step(String op, Object value) {}
}
