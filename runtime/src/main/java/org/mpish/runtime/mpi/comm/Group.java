package org.mpish.runtime.mpi.comm;

import org.mpish.runtime.mpi.MpiConst;

import java.util.Arrays;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiConst;

/** An ordered set of processes, as job (world) rank numbers. Mirrors {@code MPI_Group}. */
public final class Group extends Handle {
    public static final Group EMPTY = new Group(new int[0], "MPI_GROUP_EMPTY", true);

    private final int[] members;
    private final boolean predefined;
    /** The session whose process set this group came from (MPI_Group_from_session_pset), or null. */
    private volatile Handle session;

    public Group(int[] worldRanks) { this(worldRanks, "group", false); }

    private Group(int[] worldRanks, String name, boolean predefined) {
        super(HandleKind.GROUP, name);
        this.members = worldRanks.clone();
        this.predefined = predefined;
    }

    public int size() { return members.length; }
    /** The world rank of group member {@code i}. */
    public int worldRank(int i) { return members[i]; }
    public int[] members() { return members.clone(); }

    /** The rank in this group of world rank {@code w}, or -1 (MPI_UNDEFINED) when not a member. */
    public int rankOf(int w) {
        for (int i = 0; i < members.length; i++) if (members[i] == w) return i;
        return -1;
    }

    public boolean sameMembersInOrder(Group o) { return Arrays.equals(members, o.members); }

    @Override public boolean isPredefined() { return predefined; }
    public Handle session() { return session; }
    /** Marks a group made from a session's process set; a communicator made from it derives from that session. */
    public void setSession(Handle s) { if (!predefined) this.session = s; }

    /** A new group handle; an empty result is MPI_GROUP_EMPTY, as in MPICH. */
    public static Group create(org.mpish.runtime.Rank r, int[] worldRanks) {
        if (worldRanks.length == 0) return Group.EMPTY;
        return org.mpish.runtime.mpi.MpiProcess.of(r).handles().add(new Group(worldRanks));
    }

    /** MPI_IDENT (same members, same order), MPI_SIMILAR (same members) or MPI_UNEQUAL. */
    public static int compare(Group a, Group b) {
        if (a.sameMembersInOrder(b)) return MpiConst.IDENT;
        if (a.size() == b.size() && memberSet(a).equals(memberSet(b))) return MpiConst.SIMILAR;
        return MpiConst.UNEQUAL;
    }

    private static java.util.Set<Integer> memberSet(Group g) {
        java.util.Set<Integer> s = new java.util.HashSet<>();
        for (int m : g.members()) s.add(m);
        return s;
    }
}
