package org.mpish.runtime.mpi.comm;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.mpish.runtime.Job;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.err.Errhandler;

/**
 * MPI_Comm_create_from_group (MPI-4.1 section 7.4.2): a communicator made from a group alone, with no parent
 * communicator. The members find each other by the string tag and the group: the k-th such call of each member
 * with the same tag and group joins the same new communicator (one shared part, made by the first to arrive). No
 * member waits for the others, so the call is local in mpish; a message sent on the new communicator waits in the
 * receiver's queue until it has made its side.
 */
public final class FromGroup {
    private FromGroup() {}

    private static final Object MEETINGS = new Object(), SEQUENCE = new Object();

    private static final class Meeting {
        final CommShared shared;
        int joined;
        Meeting(CommShared shared) { this.shared = shared; }
    }

    /** The calling process's communicator over {@code g} (it must be a member); null for an empty group. */
    public static Comm create(MpiProcess p, Group g, String tag, Errhandler eh, String call) {
        if (tag == null) throw new MpiException(ErrorClass.MPI_ERR_ARG, "stringtag is NULL");
        if (g.size() == 0) return null;
        int me = g.rankOf(p.rank().id());
        if (me < 0) {
            throw new MpiException(ErrorClass.MPI_ERR_GROUP, "rank " + p.rank().id() + " is not in the group " + g.name()
                    + " " + Arrays.toString(g.members()) + ": only its members call " + call);
        }
        Job job = p.rank().job();
        String base = tag + "|" + Arrays.toString(g.members());
        Map<String, Integer> seq = p.extension(SEQUENCE, HashMap::new);
        int k;
        synchronized (seq) { k = seq.merge(base, 1, Integer::sum); }
        String key = base + "#" + k;
        CommShared.contextIds(job); // made outside the lock below
        Map<String, Meeting> meetings = job.shared(MEETINGS, HashMap::new);
        Meeting m;
        synchronized (meetings) {
            m = meetings.get(key);
            if (m == null) meetings.put(key, m = new Meeting(new CommShared(job, g.members())));
            if (++m.joined == g.size()) meetings.remove(key);
        }
        Comm c = Comms.register(p, m.shared, new Group(g.members()), null, me, eh);
        c.setSession(g.session());
        return c;
    }

    /**
     * MPI_Intercomm_create_from_groups (MPI-4.1 section 7.6.2): an intercommunicator between two disjoint groups,
     * with no parent or peer communicator. Every process of both groups calls it with the same string tag; the
     * members meet as in {@link #create}, by the tag, the two groups and the leaders. The group whose leader has
     * the lower job rank comes first in the shared part (as MPI_Intercomm_create orders them).
     */
    public static Comm intercomm(MpiProcess p, Group local, int localLeader, Group remote, int remoteLeader, String tag,
            Errhandler eh, String call) {
        if (tag == null) throw new MpiException(ErrorClass.MPI_ERR_ARG, "stringtag is NULL");
        if (local.size() == 0) throw new MpiException(ErrorClass.MPI_ERR_GROUP, "local_group is empty; the calling process must be in it");
        if (remote.size() == 0) throw new MpiException(ErrorClass.MPI_ERR_GROUP, "remote_group is empty; an intercommunicator needs a process on each side");
        int me = local.rankOf(p.rank().id());
        if (me < 0) {
            throw new MpiException(ErrorClass.MPI_ERR_GROUP, "rank " + p.rank().id() + " is not in local_group " + Arrays.toString(local.members())
                    + ": each process names its own group as the local one");
        }
        if (localLeader < 0 || localLeader >= local.size()) {
            throw new MpiException(ErrorClass.MPI_ERR_RANK, "local_leader is " + localLeader + " but local_group has " + local.size() + " processes (0 to " + (local.size() - 1) + ")");
        }
        if (remoteLeader < 0 || remoteLeader >= remote.size()) {
            throw new MpiException(ErrorClass.MPI_ERR_RANK, "remote_leader is " + remoteLeader + " but remote_group has " + remote.size() + " processes (0 to " + (remote.size() - 1) + ")");
        }
        for (int w : remote.members()) {
            if (local.rankOf(w) >= 0) {
                throw new MpiException(ErrorClass.MPI_ERR_GROUP, "job rank " + w + " is in both local_group and remote_group;"
                        + " the two groups of an intercommunicator must be disjoint");
            }
        }
        boolean first = local.members()[localLeader] < remote.members()[remoteLeader];
        Group a = first ? local : remote, b = first ? remote : local;
        int la = first ? localLeader : remoteLeader, lb = first ? remoteLeader : localLeader;
        String base = "inter|" + tag + "|" + Arrays.toString(a.members()) + "@" + la + "|" + Arrays.toString(b.members()) + "@" + lb;
        Job job = p.rank().job();
        Map<String, Integer> seq = p.extension(SEQUENCE, HashMap::new);
        int k;
        synchronized (seq) { k = seq.merge(base, 1, Integer::sum); }
        String key = base + "#" + k;
        CommShared.contextIds(job);
        int[] all = Arrays.copyOf(a.members(), a.size() + b.size());
        System.arraycopy(b.members(), 0, all, a.size(), b.size());
        Map<String, Meeting> meetings = job.shared(MEETINGS, HashMap::new);
        Meeting m;
        synchronized (meetings) {
            m = meetings.get(key);
            if (m == null) meetings.put(key, m = new Meeting(new CommShared(job, all)));
            if (++m.joined == all.length) meetings.remove(key);
        }
        int index = (first ? 0 : a.size()) + me;
        Comm c = Comms.register(p, m.shared, new Group(local.members()), new Group(remote.members()), index, eh);
        c.setSession(local.session() != null ? local.session() : remote.session());
        return c;
    }
}
