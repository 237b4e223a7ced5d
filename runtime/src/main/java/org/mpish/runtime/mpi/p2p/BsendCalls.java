package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.catalog.PType;
import static org.mpish.runtime.catalog.PType.BUFFER;
import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.REQUEST;

import org.mpish.runtime.Job;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.env.Finalizer;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * Buffered mode: the process and communicator buffers (attach, detach, flush), MPI_Bsend / MPI_Ibsend /
 * MPI_Bsend_init, MPI_Pack_size, MPI_BSEND_OVERHEAD and MPI_BUFFER_AUTOMATIC.
 */
public final class BsendCalls implements CallFamily {
    /** A freed communicator keeps no attached buffer: its messages are delivered first (MPI-4.1). */
    private static final java.util.function.BiConsumer<org.mpish.runtime.Rank, org.mpish.runtime.mpi.comm.Comm> COMM_FREED = P2pState::commFreed;

    /** MPI_Finalize drains the buffers: every buffered message is received before the process ends. */
    private static final java.util.function.Consumer<MpiProcess> FINALIZE_STEP = Buffered::finalizeStep;

    @Override
    public void wire(Job job, Catalogue catalogue) {
        job.hooks().add(org.mpish.runtime.mpi.comm.CommLifecycle.ON_FREE, COMM_FREED);
        job.hooks().add(Finalizer.STEPS, FINALIZE_STEP);
    }

    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_BSEND_OVERHEAD", "int", BsendBuffer.OVERHEAD);
        b.constant("MPI_BUFFER_AUTOMATIC", "address", BsendBuffer.AUTOMATIC);

        b.call("MPI_Buffer_attach", "buffered mode", "give MPI a region of memory for buffered sends")
                .in("buffer", BUFFER).in("size", PType.COUNT_INT)
                .impl((r, a) -> {
                    Buffered.attach(r, null, a.l(0), a.i(1));
                    return null;
                });
        b.call("MPI_Buffer_detach", "buffered mode", "wait until every buffered message has been received, then take the buffer back")
                .out("buffer_addr", BUFFER, "void *buffer_addr").out("size", PType.COUNT_INT_STRICT)
                .impl((r, a) -> Buffered.detach(r, null));
        b.call("MPI_Comm_attach_buffer", "buffered mode", "give MPI a buffer for the buffered sends on one communicator")
                .in("comm", COMM).in("buffer", BUFFER).in("size", PType.COUNT_INT).errorsOn("comm")
                .impl((r, a) -> {
                    Buffered.attach(r, a.comm(0), a.l(1), a.i(2));
                    return null;
                });
        b.call("MPI_Comm_detach_buffer", "buffered mode", "wait for a communicator's buffered messages, then take its buffer back")
                .in("comm", COMM).out("buffer_addr", BUFFER, "void *buffer_addr").out("size", PType.COUNT_INT_STRICT).errorsOn("comm")
                .impl((r, a) -> Buffered.detach(r, a.comm(0)));
        b.call("MPI_Buffer_flush", "buffered mode", "wait until every message in the process buffer has been received")
                .impl((r, a) -> {
                    Buffered.flush(r, null);
                    return null;
                });
        b.call("MPI_Buffer_iflush", "buffered mode", "start waiting for the process buffer to drain; complete with MPI_Wait")
                .out("request", REQUEST)
                .impl((r, a) -> MpiProcess.of(r).handles().add(Buffered.iflush(r, null)));
        b.call("MPI_Comm_flush_buffer", "buffered mode", "wait until every message in a communicator's buffer has been received")
                .in("comm", COMM).errorsOn("comm")
                .impl((r, a) -> {
                    Buffered.flush(r, a.comm(0));
                    return null;
                });
        b.call("MPI_Comm_iflush_buffer", "buffered mode", "start waiting for a communicator's buffer to drain")
                .in("comm", COMM).out("request", REQUEST).errorsOn("comm")
                .impl((r, a) -> MpiProcess.of(r).handles().add(Buffered.iflush(r, a.comm(0))));
        // MPI-4.1 3.6: a session's buffer serves the communicators derived from that session that have none of their own
        b.call("MPI_Session_attach_buffer", "buffered mode", "give MPI a buffer for the buffered sends on a session's communicators")
                .in("session", PType.SESSION).in("buffer", BUFFER).in("size", PType.COUNT_INT).errorsOn("session")
                .impl((r, a) -> {
                    Buffered.attach(r, a.valid(0), a.l(1), a.i(2));
                    return null;
                });
        b.call("MPI_Session_detach_buffer", "buffered mode", "wait for a session's buffered messages, then take its buffer back")
                .in("session", PType.SESSION).out("buffer_addr", BUFFER, "void *buffer_addr").out("size", PType.COUNT_INT_STRICT)
                .errorsOn("session")
                .impl((r, a) -> Buffered.detach(r, a.valid(0)));
        b.call("MPI_Session_flush_buffer", "buffered mode", "wait until every message in a session's buffer has been received")
                .in("session", PType.SESSION).errorsOn("session")
                .impl((r, a) -> {
                    Buffered.flush(r, a.valid(0));
                    return null;
                });
        b.call("MPI_Session_iflush_buffer", "buffered mode", "start waiting for a session's buffer to drain")
                .in("session", PType.SESSION).out("request", REQUEST).errorsOn("session")
                .impl((r, a) -> MpiProcess.of(r).handles().add(Buffered.iflush(r, a.valid(0))));

        P2pCalls.sendParams(b.call("MPI_Bsend", "buffered mode", "copy a message into the attached buffer and return (buffered mode)"))
                .errorsOn("comm")
                .typed(P2pCalls.Send.class, (r, buf, n, t, dest, tag, c) -> Buffered.bsendBlocking(r, P2pCalls.sendBuffer(r, buf, n, t, dest, tag, c), dest, tag, c));
        P2pCalls.sendParams(b.call("MPI_Ibsend", "buffered mode", "start a buffered send; its request is complete once the data is buffered"))
                .out("request", REQUEST).errorsOn("comm")
                .impl((r, a) -> P2pCalls.register(r, Buffered.bsend(r, P2pCalls.sendBuffer(r, a), a.i(3), a.i(4), a.comm(5))));
        P2pCalls.persistent(b, "MPI_Bsend_init", "make a persistent buffered-send request; each MPI_Start buffers the data anew",
                P2p.Mode.BUFFERED);

        b.call("MPI_Pack_size", "buffered mode", "an upper bound on the bytes MPI_Pack (and a buffered send) needs for some data")
                .in("incount", PType.COUNT_INT).in("datatype", DATATYPE).in("comm", COMM).out("size", PType.COUNT_INT_STRICT).errorsOn("comm")
                .impl((r, a) -> {
                    a.comm(2);
                    long n = a.l(0);
                    if (n < 0) P2pArgs.count(a, 0); // the negative-count error
                    // the int form reports a size beyond an int as MPI_ERR_VALUE_TOO_LARGE (MPI_Pack_size_c gives it)
                    return Math.multiplyExact(n, a.type(1).size());
                });
    }

}
