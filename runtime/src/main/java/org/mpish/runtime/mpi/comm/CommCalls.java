package org.mpish.runtime.mpi.comm;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.GROUP;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.REQUEST;
import static org.mpish.runtime.catalog.PType.STRING;

import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.CompletedRequest;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.attr.Attributes;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.TypeCopy;
import org.mpish.runtime.mpi.MpiConst;

/** Communicators: duplication, split, create, free, comparison, names, groups, intercommunicators, broadcast. */
public final class CommCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Comm_dup", "communicators", "a new communicator with the same group, copying the cached attributes")
                .in("comm", COMM).out("newcomm", COMM)
                .errorsOn("comm")
                .impl((r, a) -> Comms.dup(MpiProcess.of(r), a.comm(0), "MPI_Comm_dup"));
        b.call("MPI_Comm_idup", "communicators", "start duplicating a communicator; mpish completes it at once")
                .in("comm", COMM).out("newcomm", COMM).out("request", REQUEST)
                .errorsOn("comm")
                .impl((r, a) -> {
                    Comm n = Comms.dup(MpiProcess.of(r), a.comm(0), "MPI_Comm_idup");
                    return new Object[] {n, MpiProcess.of(r).handles().add(new CompletedRequest(r, "MPI_Comm_idup"))};
                });
        b.call("MPI_Comm_dup_with_info", "communicators", "duplicate a communicator with new hints, copying the cached attributes")
                .in("comm", COMM).in("info", INFO).out("newcomm", COMM)
                .errorsOn("comm")
                .impl((r, a) -> {
                    Comm c = a.comm(0);
                    java.util.Map<String, String> hints = CommInfoCalls.entries(a, 1);
                    Comm n = Comms.dup(MpiProcess.of(r), c, "MPI_Comm_dup_with_info");
                    CommHints.apply(MpiProcess.of(r), n, hints); // the new communicator's hints are those of info
                    return n;
                });
        b.call("MPI_Comm_split", "communicators", "partition a communicator by color, ordering each part by key")
                .in("comm", COMM).in("color", INT).in("key", INT).out("newcomm", COMM)
                .errorsOn("comm")
                .impl((r, a) -> {
                    Comm c = a.comm(0);
                    int color = a.i(1);
                    if (color < 0 && color != MpiConst.UNDEFINED) {
                        throw new MpiException(ErrorClass.MPI_ERR_ARG, "color = " + color + "; it must be non-negative or MPI_UNDEFINED");
                    }
                    return orNull(Comms.partition(MpiProcess.of(r), c, color, a.i(2), "MPI_Comm_split"));
                });
        b.call("MPI_Comm_create", "communicators", "a communicator of the members of a group (MPI_COMM_NULL elsewhere)")
                .in("comm", COMM).in("group", GROUP).out("newcomm", COMM)
                .errorsOn("comm")
                .impl((r, a) -> {
                    Comm c = a.comm(0);
                    Group g = a.group(1);
                    for (int i = 0; i < g.size(); i++) {
                        if (c.group().rankOf(g.worldRank(i)) < 0) {
                            throw new MpiException(ErrorClass.MPI_ERR_GROUP, "member " + i + " of the group (job rank " + g.worldRank(i)
                                    + ") is not in the " + (c.isInter() ? "local group" : "group") + " of " + c.name());
                        }
                    }
                    int mine = g.rankOf(r.id());
                    return orNull(Comms.partition(MpiProcess.of(r), c, mine < 0 ? MpiConst.UNDEFINED : 0, mine, "MPI_Comm_create"));
                });
        b.call("MPI_Comm_create_group", "communicators", "a communicator of the members of a group, made by them alone")
                .in("comm", COMM).in("group", GROUP).in("tag", PType.integer("int", "tag")).out("newcomm", COMM)
                .errorsOn("comm")
                .impl((r, a) -> {
                    Comm c = a.comm(0);
                    Group g = a.group(1);
                    int tag = a.i(2);
                    if (c.isInter()) throw new MpiException(ErrorClass.MPI_ERR_COMM, c.name() + " is an intercommunicator; MPI_Comm_create_group takes an intracommunicator");
                    if (tag < 0) throw new MpiException(ErrorClass.MPI_ERR_TAG, "tag " + tag + " is not in 0..MPI_TAG_UB (" + MpiConst.TAG_UB + ")");
                    for (int i = 0; i < g.size(); i++) {
                        if (c.group().rankOf(g.worldRank(i)) < 0) {
                            throw new MpiException(ErrorClass.MPI_ERR_GROUP, "member " + i + " of the group (job rank " + g.worldRank(i)
                                    + ") is not in the group of " + c.name());
                        }
                    }
                    // only the group's members take part (MPI-4.1 7.4.2); another caller gets MPI_COMM_NULL at once,
                    // as in Open MPI and MPICH. Members meet by the parent's context id and the tag.
                    if (g.rankOf(r.id()) < 0) return Handle.nullOf(HandleKind.COMM);
                    String meet = "MPI_Comm_create_group|" + c.shared().contextId() + "|" + tag;
                    return orNull(FromGroup.create(MpiProcess.of(r), g, meet, c.errhandler(), "MPI_Comm_create_group"));
                });
        b.call("MPI_Comm_free", "communicators", "free a communicator (its attributes are deleted first)")
                .inout("comm", COMM)
                .errorsOn("comm")
                .impl((r, a) -> {
                    Comm c = a.comm(0);
                    if (c.isPredefined()) throw new MpiException(ErrorClass.MPI_ERR_COMM, c.name() + " is predefined and cannot be freed");
                    MpiProcess p = MpiProcess.of(r);
                    Attributes.deleteAll(p, c); // A28, A29: a failing delete callback keeps the communicator
                    Comms.release(p, c);
                    return Handle.nullOf(HandleKind.COMM);
                });
        b.call("MPI_Comm_compare", "communicators", "MPI_IDENT, MPI_CONGRUENT, MPI_SIMILAR or MPI_UNEQUAL for two communicators")
                .in("comm1", COMM).in("comm2", COMM).out("result", INT)
                .errorsOn("comm1")
                .impl((r, a) -> Comms.compare(a.comm(0), a.comm(1)));
        b.call("MPI_Comm_test_inter", "communicators", "whether a communicator is an intercommunicator")
                .in("comm", COMM).out("flag", BOOL)
                .errorsOn("comm")
                .impl((r, a) -> a.comm(0).isInter());
        b.call("MPI_Comm_set_name", "communicators", "give a communicator a name for printing")
                .in("comm", COMM).in("comm_name", STRING, "const char *comm_name")
                .errorsOn("comm")
                .impl((r, a) -> {
                    a.comm(0).setCommName(Handle.objectName(a.str(1)));
                    return null;
                });
        b.call("MPI_Comm_get_name", "communicators", "the name last given to a communicator")
                .in("comm", COMM).out("comm_name", STRING, "char *comm_name").out("resultlen", INT)
                .errorsOn("comm")
                .impl((r, a) -> {
                    String n = a.comm(0).commName();
                    return new Object[] {n, n.length()};
                });
        b.call("MPI_Comm_group", "groups", "the group of a communicator (the local group of an intercommunicator)")
                .in("comm", COMM).out("group", GROUP)
                .errorsOn("comm")
                .impl((r, a) -> groupOf(r, a.comm(0), a.comm(0).group()));
        b.call("MPI_Comm_remote_size", "intercommunicators", "the size of the remote group of an intercommunicator")
                .in("comm", COMM).out("size", INT)
                .errorsOn("comm")
                .impl((r, a) -> inter(a, 0).remoteGroup().size());
        b.call("MPI_Comm_remote_group", "intercommunicators", "the remote group of an intercommunicator")
                .in("comm", COMM).out("group", GROUP)
                .errorsOn("comm")
                .impl((r, a) -> groupOf(r, a.comm(0), inter(a, 0).remoteGroup()));
        b.call("MPI_Intercomm_create", "intercommunicators", "join two disjoint intracommunicators into an intercommunicator")
                .in("local_comm", COMM).in("local_leader", INT).in("peer_comm", COMM).in("remote_leader", INT).in("tag", INT)
                .out("newintercomm", COMM)
                .errorsOn("local_comm")
                .impl(CommCalls::intercommCreate);
        b.call("MPI_Intercomm_merge", "intercommunicators", "an intracommunicator of both groups of an intercommunicator")
                .in("intercomm", COMM).in("high", BOOL).out("newintracomm", COMM)
                .errorsOn("intercomm")
                .impl((r, a) -> Comms.merge(MpiProcess.of(r), inter(a, 0), a.bool(1), "MPI_Intercomm_merge"));
        b.call("MPI_Bcast", "collectives", "send a buffer from the root to every other process of a communicator")
                .in("buffer", PType.BUFFER, "void *buffer").in("count", PType.COUNT_INT).in("datatype", DATATYPE).in("root", INT).in("comm", COMM)
                .errorsOn("comm")
                .impl(CommCalls::bcast);
    }

    /**
     * A new handle for one of {@code c}'s groups. It belongs to the session {@code c} derives from, if any (MPI-4.1
     * section 11.3), as a group derived from a session's group does, so a communicator made from it again with
     * MPI_Comm_create_from_group derives from that session too.
     */
    private static Group groupOf(Rank r, Comm c, Group g) {
        Group out = Group.create(r, g.members());
        out.setSession(c.session()); // MPI_GROUP_EMPTY keeps none
        return out;
    }

    private static Handle orNull(Comm c) { return c == null ? Handle.nullOf(HandleKind.COMM) : c; }

    private static Comm inter(Args a, int i) {
        Comm c = a.comm(i);
        if (!c.isInter()) throw new MpiException(ErrorClass.MPI_ERR_COMM, c.name() + " is not an intercommunicator");
        return c;
    }

    private static Object intercommCreate(Rank r, Args a) {
        Comm local = a.comm(0);
        if (local.isInter()) throw new MpiException(ErrorClass.MPI_ERR_COMM, "local_comm " + local.name() + " is an intercommunicator");
        int leader = a.i(1);
        if (leader < 0 || leader >= local.size()) {
            throw new MpiException(ErrorClass.MPI_ERR_RANK, "local_leader = " + leader + " is not a rank of " + local.name() + " (size " + local.size() + ")");
        }
        Comm peer = null;
        int remote = a.i(3), tag = a.i(4);
        if (local.rank() == leader) { // peer_comm, remote_leader and tag matter only at the leader
            peer = a.comm(2);
            if (remote < 0 || remote >= peer.peerSize()) {
                throw new MpiException(ErrorClass.MPI_ERR_RANK, "remote_leader = " + remote + " is not a rank of " + peer.name() + " (size " + peer.peerSize() + ")");
            }
            if (tag < 0) throw new MpiException(ErrorClass.MPI_ERR_TAG, "tag = " + tag + " is negative");
        }
        return Comms.intercommCreate(MpiProcess.of(r), local, leader, peer, remote, tag, "MPI_Intercomm_create");
    }

    /** The most bytes of one packed copy (the largest Java array). */
    private static final long LARGEST_COPY = Integer.MAX_VALUE - 8;

    /**
     * MPI_Bcast(_c) of a contiguous buffer beyond one packed copy: the receivers copy straight from the root's
     * memory, then everyone meets again, so the root does not return (and change its buffer) before every copy is done.
     */
    private static Object largeBcast(Rank r, Comm c, Datatype t, long addr, long count, boolean sends, boolean receives, int rootIndex) {
        long bytes = count * t.size();
        // the root lends its memory: a segment when the datatype is contiguous, else the datatype over the span it lies in
        Object lent = !sends ? null : t.isContiguous() ? r.memory().segment(addr, bytes) : TypeCopy.lend(r.memory(), t, addr, count);
        Object[] all = c.exchange(lent, "MPI_Bcast");
        MpiException failed = null;
        if (receives) {
            Object got = all[rootIndex];
            long sent = lentBytes(got);
            if (sent < 0) {
                failed = new MpiException(ErrorClass.MPI_ERR_COUNT, "count: the root broadcast fewer than the " + bytes + " bytes this rank receives");
            } else if (sent > bytes) {
                failed = new MpiException(ErrorClass.MPI_ERR_TRUNCATE, "the root sent " + sent + " bytes; this buffer holds " + bytes);
            } else if (got instanceof java.lang.foreign.MemorySegment seg && t.isContiguous()) {
                java.lang.foreign.MemorySegment.copy(seg, 0, r.memory().segment(addr, sent), 0, sent);
            } else { // run by run, into this rank's layout
                TypeCopy.Side from = got instanceof TypeCopy.Side side ? side
                        : new TypeCopy.Side(TypeCopy.of((java.lang.foreign.MemorySegment) got), 0, null, sent);
                TypeCopy.copy(from, new TypeCopy.Side(TypeCopy.of(r.memory()), addr, t, count), sent);
            }
        }
        if (anyView(all)) c.exchange(null, "MPI_Bcast");
        if (failed != null) throw failed;
        return null;
    }

    /** The bytes the root lent (a segment, or a datatype's span), or -1 when it sent a packed copy. */
    private static long lentBytes(Object o) {
        if (o instanceof java.lang.foreign.MemorySegment s) return s.byteSize();
        if (o instanceof TypeCopy.Side s) return s.bytes();
        return -1;
    }

    /**
     * Whether the root lent its memory instead of a packed copy: then every process meets once more after the copies,
     * whichever path its own count chose (a count that disagrees with the root's must give an error, not a hang).
     */
    private static boolean anyView(Object[] all) {
        for (Object o : all) if (lentBytes(o) >= 0) return true;
        return false;
    }

    /** MPI_Bcast over {@link Comm#exchange}: the root's packed data goes to every other process. */
    private static Object bcast(Rank r, Args a) {
        Comm c = a.comm(4);
        long addr = a.l(0), count = a.l(1);
        int root = a.i(3);
        Datatype t = a.type(2);
        if (count < 0) throw new MpiException(ErrorClass.MPI_ERR_COUNT, "count = " + count + " is negative");
        if (!t.committed()) throw new MpiException(ErrorClass.MPI_ERR_TYPE, t.name() + " is not committed (MPI_Type_commit)");
        boolean sends, receives;
        int rootIndex;
        if (c.isInter()) {
            sends = root == MpiConst.ROOT;
            receives = root >= 0;
            if (!sends && !receives && root != MpiConst.PROC_NULL || receives && root >= c.remoteGroup().size()) {
                throw new MpiException(ErrorClass.MPI_ERR_ROOT, "root = " + root + "; on an intercommunicator it is MPI_ROOT, MPI_PROC_NULL"
                        + " or a rank of the remote group (size " + c.remoteGroup().size() + ")");
            }
            rootIndex = receives ? Comms.remoteParticipant(c, root) : -1;
        } else {
            if (root < 0 || root >= c.size()) {
                throw new MpiException(ErrorClass.MPI_ERR_ROOT, "root = " + root + " is not a rank of " + c.name() + " (size " + c.size() + ")");
            }
            sends = c.rank() == root;
            receives = !sends;
            rootIndex = root;
        }
        if (sends || receives) t.checkBuffer(r.memory(), addr, count);
        if (t.size() > 0 && count > LARGEST_COPY / t.size()) return largeBcast(r, c, t, addr, count, sends, receives, rootIndex);
        byte[] data = sends ? t.pack(r.memory(), addr, count) : null;
        if (sends && !c.isInter()) { // the root's part is a copy: it need not wait for the others (they check the match)
            c.post(data, "MPI_Bcast");
            return null;
        }
        Object[] all = c.exchange(data, "MPI_Bcast");
        long room = t.size() * (long) count;
        if (anyView(all)) { // the root took the large path: this rank's count is smaller than the root's
            c.exchange(null, "MPI_Bcast");
            if (receives && lentBytes(all[rootIndex]) >= 0) {
                throw new MpiException(ErrorClass.MPI_ERR_TRUNCATE, "the root sent " + lentBytes(all[rootIndex]) + " bytes; this buffer holds " + room);
            }
            return null;
        }
        if (receives) {
            byte[] got = (byte[]) all[rootIndex];
            if (got.length > room) {
                throw new MpiException(ErrorClass.MPI_ERR_TRUNCATE, "the root sent " + got.length + " bytes; this buffer holds " + room);
            }
            t.unpack(got, 0, got.length, r.memory(), addr, count);
        }
        return null;
    }
}
