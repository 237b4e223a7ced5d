package org.mpish.runtime.mpi.session;

import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.ERRHANDLER;
import static org.mpish.runtime.catalog.PType.GROUP;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.SESSION;
import static org.mpish.runtime.catalog.PType.STRING;

import java.util.Map;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.comm.FromGroup;
import org.mpish.runtime.mpi.comm.Group;
import org.mpish.runtime.mpi.env.ProcessInfo;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.err.Errhandlers;
import org.mpish.runtime.mpi.info.Info;

/**
 * The sessions model (MPI-4.1 section 11.3): MPI_Session_init / finalize / get_info, the process sets
 * (get_num_psets, get_nth_pset, get_pset_info), MPI_Group_from_session_pset and MPI_Comm_create_from_group.
 * The session error-handler calls are declared with the other objects' in the err area.
 */
public final class SessionCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Session_init", "sessions", "start a session: MPI for this process without MPI_COMM_WORLD")
                .in("info", INFO).in("errhandler", ERRHANDLER).out("session", SESSION)
                .impl((r, a) -> {
                    Map<String, String> hints = infoOf(a, 0);
                    Errhandler eh = a.errhandler(1);
                    if (eh.objectKind() != null && eh.objectKind() != HandleKind.SESSION) {
                        throw new MpiException(ErrorClass.MPI_ERR_ARG, eh.name() + " was made for " + eh.objectKind().noun() + "s, not sessions");
                    }
                    Session s = new Session(eh, level(hints.get("thread_level")));
                    Errhandlers.attach(s, eh);
                    return MpiProcess.of(r).handles().add(s);
                });
        b.call("MPI_Session_finalize", "sessions", "end a session")
                .inout("session", SESSION)
                .errorsOn("session")
                .impl((r, a) -> {
                    Session s = session(a, 0);
                    MpiProcess p = MpiProcess.of(r);
                    Errhandler eh = s.errhandler();
                    org.mpish.runtime.mpi.p2p.P2pState.sessionFinalized(r, s); // its buffered messages go out first
                    s.markFreed();
                    p.handles().remove(s);
                    Errhandlers.detach(p, eh);
                    return Handle.nullOf(HandleKind.SESSION);
                });
        b.call("MPI_Session_get_info", "sessions", "a new info object holding the hints a session runs with")
                .in("session", SESSION).out("info_used", INFO)
                .errorsOn("session")
                .impl((r, a) -> MpiProcess.of(r).handles().add(new Info(session(a, 0).info())));
        b.call("MPI_Session_get_num_psets", "sessions", "the number of process sets a session knows")
                .in("session", SESSION).in("info", INFO).out("npset_names", INT)
                .errorsOn("session")
                .impl((r, a) -> {
                    session(a, 0);
                    infoOf(a, 1);
                    return Psets.names(r.job()).size();
                });
        b.call("MPI_Session_get_nth_pset", "sessions", "the name of the n-th process set of a session")
                .in("session", SESSION).in("info", INFO).in("n", INT).inout("pset_len", INT, "int *pset_len")
                .out("pset_name", STRING, "char *pset_name")
                .errorsOn("session")
                .impl((r, a) -> {
                    session(a, 0);
                    infoOf(a, 1);
                    String name = Psets.nth(r.job(), a.i(2));
                    int len = a.i(3);
                    if (len < 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "pset_len is " + len + "; it must be 0 or more");
                    // 0 asks for the length (with C's terminating null); otherwise the name, cut to pset_len - 1 characters
                    if (len == 0) return new Object[] {name.length() + 1, ""};
                    return new Object[] {name.length() + 1, name.length() >= len ? name.substring(0, len - 1) : name};
                });
        b.call("MPI_Session_get_pset_info", "sessions", "a new info object describing a process set (its mpi_size)")
                .in("session", SESSION).in("pset_name", STRING, "const char *pset_name").out("info", INFO)
                .errorsOn("session")
                .impl((r, a) -> {
                    session(a, 0);
                    int[] members = Psets.members(r, a.str(1));
                    return MpiProcess.of(r).handles().add(new Info(Map.of("mpi_size", Integer.toString(members.length))));
                });
        b.call("MPI_Group_from_session_pset", "sessions", "the group of a process set")
                .in("session", SESSION).in("pset_name", STRING, "const char *pset_name").out("newgroup", GROUP)
                .errorsOn("session")
                .impl((r, a) -> {
                    Session s = session(a, 0);
                    Group g = Group.create(r, Psets.members(r, a.str(1)));
                    g.setSession(s); // communicators made from it derive from this session
                    return g;
                });
        b.call("MPI_Comm_create_from_group", "sessions", "make a communicator from a group, with no parent communicator")
                .in("group", GROUP).in("stringtag", STRING, "const char *stringtag").in("info", INFO).in("errhandler", ERRHANDLER)
                .out("newcomm", COMM)
                .impl((r, a) -> {
                    Group g = a.group(0);
                    Map<String, String> hints = infoOf(a, 2);
                    Errhandler eh = a.errhandler(3);
                    if (eh.objectKind() != null && eh.objectKind() != HandleKind.COMM) {
                        throw new MpiException(ErrorClass.MPI_ERR_ARG, eh.name() + " was made for " + eh.objectKind().noun() + "s, not communicators");
                    }
                    org.mpish.runtime.mpi.comm.Comm c = FromGroup.create(MpiProcess.of(r), g, a.str(1), eh, "MPI_Comm_create_from_group");
                    if (c == null) return Handle.nullOf(HandleKind.COMM);
                    org.mpish.runtime.mpi.comm.CommHints.apply(MpiProcess.of(r), c, hints); // the new communicator's hints
                    return c;
                });
        b.call("MPI_Intercomm_create_from_groups", "sessions", "make an intercommunicator from two disjoint groups, with no parent communicator")
                .in("local_group", GROUP).in("local_leader", INT).in("remote_group", GROUP).in("remote_leader", INT)
                .in("stringtag", STRING, "const char *stringtag").in("info", INFO).in("errhandler", ERRHANDLER)
                .out("newintercomm", COMM)
                .impl((r, a) -> {
                    Map<String, String> hints = infoOf(a, 5);
                    Errhandler eh = a.errhandler(6);
                    if (eh.objectKind() != null && eh.objectKind() != HandleKind.COMM) {
                        throw new MpiException(ErrorClass.MPI_ERR_ARG, eh.name() + " was made for " + eh.objectKind().noun() + "s, not communicators");
                    }
                    org.mpish.runtime.mpi.comm.Comm c = FromGroup.intercomm(MpiProcess.of(r), a.group(0), a.i(1), a.group(2), a.i(3), a.str(4), eh,
                            "MPI_Intercomm_create_from_groups");
                    org.mpish.runtime.mpi.comm.CommHints.apply(MpiProcess.of(r), c, hints);
                    return c;
                });
    }

    private static Session session(Args a, int i) { return (Session) a.valid(i); }

    /** An info argument's entries: MPI_INFO_NULL is none, a freed info object an error. */
    private static Map<String, String> infoOf(Args a, int i) {
        Handle h = a.handle(i);
        if (!h.isNull() && h.isFreed()) throw new MpiException(ErrorClass.MPI_ERR_INFO, "info has been freed");
        return Info.entriesOf(h);
    }

    /** The thread level a session asks for with its "thread_level" hint (a level's name), up to what mpish gives. */
    private static int level(String asked) {
        int l = ProcessInfo.THREAD_SINGLE;
        if (asked != null) {
            for (int i = ProcessInfo.THREAD_SINGLE; i <= ProcessInfo.THREAD_MULTIPLE; i++) {
                if (ProcessInfo.levelName(i).equals(asked.strip())) l = i;
            }
        }
        return Math.min(l, ProcessInfo.THREAD_PROVIDED_MAX);
    }
}
