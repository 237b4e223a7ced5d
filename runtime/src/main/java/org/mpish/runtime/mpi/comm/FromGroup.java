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
        return Comms.register(p, m.shared, new Group(g.members()), null, me, eh);
    }
}
