package org.mpish.runtime.mpi;

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
    public void setErrhandler(Errhandler eh) { this.errhandler = eh; }
    public String commName() { return commName; }
    public void setCommName(String n) { this.commName = n; }

    /** Runs a collective step: contributes {@code mine} and returns every participant's contribution. */
    public Object[] exchange(Object mine, String callName) {
        return shared.exchange(process.rank(), participantIndex, collectives++, mine, callName + " on " + name());
    }
}
