package org.mpish.runtime.mpi.p2p;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.BUFFER;
import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.MESSAGE;
import static org.mpish.runtime.catalog.PType.REQUEST;
import static org.mpish.runtime.catalog.PType.STATUS;

import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Status;
import org.mpish.runtime.mpi.MpiConst;

/** Point-to-point sends, receives and probes (blocking, nonblocking and persistent). */
public final class P2pCalls implements CallFamily {
    static final PType RANK = PType.integer("int", "rank");
    static final PType TAG = PType.integer("int", "tag");

    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_STATUS_IGNORE", "status", Status.IGNORE);
        b.constant("MPI_STATUSES_IGNORE", "status", Status.IGNORE);
        b.constant("MPI_MESSAGE_NO_PROC", "msg", MessageHandle.NO_PROC);

        send(b, "MPI_Send", "send a message (standard mode: eager up to the eager limit, else waits for the receive)", P2p.Mode.STANDARD);
        send(b, "MPI_Ssend", "send a message and wait until the matching receive has started (synchronous mode)", P2p.Mode.SYNCHRONOUS);
        send(b, "MPI_Rsend", "send a message whose matching receive is already posted (ready mode)", P2p.Mode.READY);
        isend(b, "MPI_Isend", "start a standard-mode send; complete it with MPI_Wait or MPI_Test", P2p.Mode.STANDARD);
        isend(b, "MPI_Issend", "start a synchronous-mode send; it completes once the receive has matched", P2p.Mode.SYNCHRONOUS);
        persistent(b, "MPI_Send_init", "make a persistent standard-mode send request (start it with MPI_Start)", P2p.Mode.STANDARD);
        isend(b, "MPI_Irsend", "start a ready-mode send (the matching receive must already be posted)", P2p.Mode.READY);
        persistent(b, "MPI_Ssend_init", "make a persistent synchronous-mode send request (start it with MPI_Start)", P2p.Mode.SYNCHRONOUS);
        persistent(b, "MPI_Rsend_init", "make a persistent ready-mode send request (start it with MPI_Start)", P2p.Mode.READY);

        recvParams(b.call("MPI_Recv", "point-to-point", "receive a message, waiting until one matches"))
                .out("status", STATUS).errorsOn("comm")
                .typed(Start.class, (r, buf, n, t, source, tag, c) -> {
                    Transfer.Layout into = recvBuffer(r, buf, n, t, source, tag, c);
                    Status s = remember(r, P2p.recvBlocking(r, into, source, tag, c));
                    return P2p.check(s, into.bytes(), c);
                });
        recvParams(b.call("MPI_Irecv", "point-to-point", "start a receive; complete it with MPI_Wait or MPI_Test"))
                .out("request", REQUEST).errorsOn("comm")
                .typed(Start.class, (r, buf, n, t, source, tag, c) -> register(r, P2p.recv(r, recvBuffer(r, buf, n, t, source, tag, c), source, tag, c)));
        recvParams(b.call("MPI_Recv_init", "point-to-point", "make a persistent receive request (start it with MPI_Start)"))
                .out("request", REQUEST).errorsOn("comm")
                .impl((r, a) -> register(r, new PersistentRequest(r, a.comm(5), null, recvBuffer(r, a), a.i(3), a.i(4))));

        sendrecvParams(b.call("MPI_Sendrecv", "point-to-point", "send one message and receive another, without deadlocking on each other"))
                .out("status", STATUS).errorsOn("comm")
                .impl((r, a) -> {
                    SendrecvRequest q = sendrecv(r, a);
                    both(r, q.recv, q.send);
                    return finish(r, q.recv);
                });
        sendrecvParams(b.call("MPI_Isendrecv", "point-to-point", "start a send and a receive under one request, complete once both are"))
                .out("request", REQUEST).errorsOn("comm")
                .impl((r, a) -> register(r, sendrecv(r, a)).named());
        replaceParams(b.call("MPI_Sendrecv_replace", "point-to-point", "send a buffer and receive into the same buffer"))
                .out("status", STATUS).errorsOn("comm")
                .impl((r, a) -> {
                    SendrecvRequest q = sendrecvReplace(r, a);
                    both(r, q.recv, q.send);
                    return finish(r, q.recv);
                });
        replaceParams(b.call("MPI_Isendrecv_replace", "point-to-point",
                "start sending a buffer and receiving into the same buffer under one request"))
                .out("request", REQUEST).errorsOn("comm")
                .impl((r, a) -> register(r, sendrecvReplace(r, a)).named());

        b.call("MPI_Probe", "point-to-point", "wait until a matching message has arrived, without receiving it")
                .in("source", RANK).in("tag", TAG).in("comm", COMM).out("status", STATUS).errorsOn("comm")
                .impl((r, a) -> {
                    Message m = probe(r, a, true, false);
                    return remember(r, m == null ? procNull() : probed(m));
                });
        b.call("MPI_Iprobe", "point-to-point", "tell whether a matching message has arrived, without receiving it")
                .in("source", RANK).in("tag", TAG).in("comm", COMM).out("flag", BOOL).out("status", STATUS).errorsOn("comm")
                .impl((r, a) -> {
                    if (a.i(0) == MpiConst.PROC_NULL) {
                        a.comm(2);
                        Check.recvTag(a.i(1));
                        return new Object[] {true, remember(r, procNull())};
                    }
                    Message m = probe(r, a, false, false);
                    return new Object[] {m != null, m == null ? Status.EMPTY : remember(r, probed(m))};
                });
        b.call("MPI_Mprobe", "point-to-point", "wait for a matching message and take it off the queue for MPI_Mrecv")
                .in("source", RANK).in("tag", TAG).in("comm", COMM).out("message", MESSAGE).out("status", STATUS).errorsOn("comm")
                .impl((r, a) -> {
                    Message m = probe(r, a, true, true);
                    if (m == null) return new Object[] {MessageHandle.NO_PROC, remember(r, procNull())};
                    MessageHandle h = MpiProcess.of(r).handles().add(new MessageHandle(m, a.comm(2), "msg"));
                    return new Object[] {h, remember(r, probed(m))};
                });
        b.call("MPI_Improbe", "point-to-point", "if a matching message has arrived, take it off the queue for MPI_Mrecv / MPI_Imrecv")
                .in("source", RANK).in("tag", TAG).in("comm", COMM).out("flag", BOOL).out("message", MESSAGE).out("status", STATUS)
                .errorsOn("comm")
                .impl((r, a) -> {
                    Handle none = Handle.nullOf(HandleKind.MESSAGE);
                    if (a.i(0) == MpiConst.PROC_NULL) { // MPI-4.1 3.8.2: flag true, MPI_MESSAGE_NO_PROC, an empty PROC_NULL status
                        a.comm(2);
                        Check.recvTag(a.i(1));
                        return new Object[] {true, MessageHandle.NO_PROC, remember(r, procNull())};
                    }
                    Message m = probe(r, a, false, true);
                    if (m == null) return new Object[] {false, none, Status.EMPTY};
                    MessageHandle h = MpiProcess.of(r).handles().add(new MessageHandle(m, a.comm(2), "msg"));
                    return new Object[] {true, h, remember(r, probed(m))};
                });
        b.call("MPI_Imrecv", "point-to-point", "start receiving the message an MPI_Mprobe / MPI_Improbe took; complete with MPI_Wait")
                .in("buf", BUFFER).in("count", PType.COUNT_INT).in("datatype", DATATYPE).inout("message", MESSAGE)
                .out("request", REQUEST)
                .impl((r, a) -> {
                    MessageHandle mh = (MessageHandle) a.valid(3);
                    Handle none = Handle.nullOf(HandleKind.MESSAGE);
                    var layout = Check.buffer(r, a.l(0), P2pArgs.count(a, 1), P2pArgs.type(a, 2));
                    RecvRequest q;
                    if (mh == MessageHandle.NO_PROC) {
                        // a receive from MPI_PROC_NULL: complete at once with the PROC_NULL status
                        q = P2p.recv(r, layout, MpiConst.PROC_NULL, MpiConst.ANY_TAG, (Comm) MpiProcess.of(r).selfHandle());
                    } else {
                        q = new RecvRequest(r, mh.comm, mh.message.source, mh.message.tag, layout);
                        mh.markFreed();
                        MpiProcess.of(r).handles().remove(mh);
                        P2p.deliver(mh.message, q);
                    }
                    return new Object[] {none, register(r, q)};
                });
        b.call("MPI_Mrecv", "point-to-point", "receive the message an MPI_Mprobe took")
                .in("buf", BUFFER).in("count", PType.COUNT_INT).in("datatype", DATATYPE).inout("message", MESSAGE)
                .out("status", STATUS)
                .impl((r, a) -> {
                    Handle h = a.valid(3);
                    MessageHandle mh = (MessageHandle) h;
                    Handle none = Handle.nullOf(HandleKind.MESSAGE);
                    long n = P2pArgs.count(a, 1);
                    var layout = Check.buffer(r, a.l(0), n, P2pArgs.type(a, 2)); // checked for MPI_MESSAGE_NO_PROC too
                    if (mh == MessageHandle.NO_PROC) return new Object[] {none, remember(r, procNull())};
                    RecvRequest q = new RecvRequest(r, mh.comm, mh.message.source, mh.message.tag, layout);
                    mh.markFreed();
                    MpiProcess.of(r).handles().remove(mh);
                    P2p.deliver(mh.message, q);
                    return new Object[] {none, finish(r, q)};
                });
    }

    // ---- declarations shared by several calls ---------------------------------------------------

    static Catalogue.CallBuilder sendParams(Catalogue.CallBuilder c) {
        return c.in("buf", BUFFER, "const void *buf").in("count", PType.COUNT_INT).in("datatype", DATATYPE).in("dest", RANK)
                .in("tag", TAG).in("comm", COMM);
    }

    private static Catalogue.CallBuilder recvParams(Catalogue.CallBuilder c) {
        return c.in("buf", BUFFER).in("count", PType.COUNT_INT).in("datatype", DATATYPE).in("source", RANK).in("tag", TAG).in("comm", COMM);
    }

    private static Catalogue.CallBuilder sendrecvParams(Catalogue.CallBuilder c) {
        return c.in("sendbuf", BUFFER, "const void *sendbuf").in("sendcount", PType.COUNT_INT).in("sendtype", DATATYPE)
                .in("dest", RANK).in("sendtag", TAG)
                .in("recvbuf", BUFFER).in("recvcount", PType.COUNT_INT).in("recvtype", DATATYPE).in("source", RANK).in("recvtag", TAG)
                .in("comm", COMM);
    }

    private static Catalogue.CallBuilder replaceParams(Catalogue.CallBuilder c) {
        return c.in("buf", BUFFER).in("count", PType.COUNT_INT).in("datatype", DATATYPE).in("dest", RANK).in("sendtag", TAG)
                .in("source", RANK).in("recvtag", TAG).in("comm", COMM);
    }

    /** MPI_Sendrecv / MPI_Isendrecv: checks the arguments, posts the receive, then starts the send. */
    private static SendrecvRequest sendrecv(Rank r, Args a) {
        Comm c = a.comm(10);
        long sc = P2pArgs.count(a, 1), rc = P2pArgs.count(a, 6);
        var st = P2pArgs.type(a, 2);
        var rt = P2pArgs.type(a, 7);
        int stag = Check.sendTag(a.i(4)), rtag = Check.recvTag(a.i(9));
        int dest = Check.dest(c, a.i(3)), src = Check.source(c, a.i(8));
        var sb = Check.buffer(r, a.l(0), sc, st);
        var rb = Check.buffer(r, a.l(5), rc, rt);
        RecvRequest q = P2p.recv(r, rb, src, rtag, c);
        SendRequest s = P2p.send(r, P2p.Mode.STANDARD, sb, dest, stag, c);
        return new SendrecvRequest(r, c, q, s, false);
    }

    /**
     * MPI_Sendrecv_replace / MPI_Isendrecv_replace: the outgoing data is copied before the receive is posted, so the
     * message received may land in the buffer at any time, before or after the send has been taken.
     */
    private static SendrecvRequest sendrecvReplace(Rank r, Args a) {
        Comm c = a.comm(7);
        long n = P2pArgs.count(a, 1);
        var t = P2pArgs.type(a, 2);
        int stag = Check.sendTag(a.i(4)), rtag = Check.recvTag(a.i(6));
        int dest = Check.dest(c, a.i(3)), src = Check.source(c, a.i(5));
        var buf = Check.buffer(r, a.l(0), n, t);
        // past one array's size the copy is native memory, and the message waits for its receive (rendezvous)
        Transfer.Layout big = Transfer.bigCopy(r, buf, P2pState.of(r).settings.copyLimit);
        byte[] out = big == null ? Transfer.pack(buf) : null;
        RecvRequest q = P2p.recv(r, buf, src, rtag, c);
        SendRequest s = P2p.post(r, P2p.Mode.STANDARD, big, out, dest, stag, c, null);
        return new SendrecvRequest(r, c, q, s, true);
    }

    private static void send(Catalogue.Builder b, String name, String summary, P2p.Mode mode) {
        sendParams(b.call(name, "point-to-point", summary)).errorsOn("comm").typed(Send.class, (r, buf, n, t, dest, tag, c) -> {
            SendRequest s = P2p.post(r, mode, sendBuffer(r, buf, n, t, dest, tag, c), null, dest, tag, c, null, true);
            if (s != null) P2p.await(r, s);
        });
    }

    private static void isend(Catalogue.Builder b, String name, String summary, P2p.Mode mode) {
        sendParams(b.call(name, "point-to-point", summary)).out("request", REQUEST).errorsOn("comm")
                .typed(Start.class, (r, buf, n, t, dest, tag, c) -> register(r, P2p.send(r, mode, sendBuffer(r, buf, n, t, dest, tag, c), dest, tag, c)));
    }

    // the typed bodies' shapes (Catalogue.CallBuilder#typed): buf, count, datatype, peer, tag, comm

    /** A send that returns nothing (MPI_Send, MPI_Bsend, ...). */
    interface Send {
        void run(Rank r, long buf, long count, Datatype type, int peer, int tag, Comm comm);
    }

    /** A call with one output: a receive's status, a nonblocking call's request. */
    interface Start {
        Object run(Rank r, long buf, long count, Datatype type, int peer, int tag, Comm comm);
    }

    static void persistent(Catalogue.Builder b, String name, String summary, P2p.Mode mode) {
        sendParams(b.call(name, "point-to-point", summary)).out("request", REQUEST).errorsOn("comm")
                .impl((r, a) -> register(r, new PersistentRequest(r, a.comm(5), mode, sendBuffer(r, a), a.i(3), a.i(4))));
    }

    /** Checks the arguments of a send (buf, count, datatype, dest, tag, comm) and returns its buffer. */
    static Transfer.Layout sendBuffer(Rank r, Args a) {
        Comm c = a.comm(5);
        return sendBuffer(r, a.l(0), P2pArgs.count(a, 1), P2pArgs.type(a, 2), a.i(3), a.i(4), c);
    }

    /** The same, from a typed body's arguments (comm and datatype already checked live). */
    static Transfer.Layout sendBuffer(Rank r, long buf, long count, Datatype type, int dest, int tag, Comm c) {
        long n = P2pArgs.count("count", count);
        Datatype t = P2pArgs.committed(type);
        Check.sendTag(tag);
        Check.dest(c, dest);
        return Check.buffer(r, buf, n, t);
    }

    private static Transfer.Layout recvBuffer(Rank r, long buf, long count, Datatype type, int source, int tag, Comm c) {
        long n = P2pArgs.count("count", count);
        Datatype t = P2pArgs.committed(type);
        Check.recvTag(tag);
        Check.source(c, source);
        return Check.buffer(r, buf, n, t);
    }

    private static Transfer.Layout recvBuffer(Rank r, Args a) {
        Comm c = a.comm(5);
        return recvBuffer(r, a.l(0), P2pArgs.count(a, 1), P2pArgs.type(a, 2), a.i(3), a.i(4), c);
    }

    static <R extends P2pRequest> R register(Rank r, R q) { return MpiProcess.of(r).handles().add(q); }

    /** The status of a completed receive; its error (truncation) is raised on the communicator. */
    private static Status finish(Rank r, RecvRequest q) {
        Status s = remember(r, q.status());
        P2p.check(q);
        return s;
    }

    private static Status remember(Rank r, Status s) {
        Status.remember(r, s);
        return s;
    }

    private static void both(Rank r, RecvRequest q, SendRequest s) {
        if (q.isComplete() && s.isComplete()) return;
        r.await(() -> q.isComplete() && s.isComplete(), () -> q.isComplete() ? "its send: " + s.describe()
                : s.isComplete() ? "its receive: " + q.describe() : "its receive: " + q.describe() + "; and its send: " + s.describe());
    }

    private static Status procNull() { return new Status(MpiConst.PROC_NULL, MpiConst.ANY_TAG, ErrorClass.MPI_SUCCESS, 0, false); }

    private static Status probed(Message m) { return new Status(m.source, m.tag, ErrorClass.MPI_SUCCESS, m.bytes, false); }

    /** Finds (waiting when {@code block}) and optionally takes the first matching queued message; null for PROC_NULL. */
    private static Message probe(Rank r, Args a, boolean block, boolean take) {
        Comm c = a.comm(2);
        int tag = Check.recvTag(a.i(1));
        int asked = Check.source(c, a.i(0));
        if (asked == MpiConst.PROC_NULL) return null;
        int source = r.job().controller() == null ? asked : ExploreP2p.probeSource(r, c, asked, tag, block, take);
        if (source == org.mpish.runtime.explore.Choice.NONE) return null; // an explored MPI_Iprobe that sees nothing
        long ctx = c.shared().contextId();
        Mailbox mb = P2pState.of(r).mailbox;
        Message[] found = new Message[1];
        java.util.function.BooleanSupplier look = () -> {
            Object[] drained;
            synchronized (mb) {
                drained = mb.drain();
                found[0] = mb.findUnexpected(ctx, source, tag, take);
            }
            P2p.deliverAll(drained);
            return found[0] != null;
        };
        if (block) {
            r.await(look, () -> "a message " + P2p.from(source) + " with " + (tag == MpiConst.ANY_TAG ? "any tag" : "tag " + tag)
                    + " on " + c.name() + " to arrive" + mb.unmatchedNote(ctx));
        } else {
            r.progress();
            look.getAsBoolean();
        }
        if (found[0] == null && block) throw new MpiException(ErrorClass.MPI_ERR_INTERN, "probe ended without a message");
        return found[0];
    }
}
