package org.mpish.runtime.mpi.p2p;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Request;
import org.mpish.runtime.mpi.MpiConst;

/**
 * Buffered mode: attaching and detaching buffers (for the process or one communicator), buffered sends through
 * them, and flushing. The buffer a send uses is chosen when it starts: the communicator's if one is attached,
 * else that of the session the communicator derives from, if any is attached, else the process buffer (B13);
 * they are never combined.
 */
final class Buffered {
    private Buffered() {}

    /** The buffer attached to {@code on}: a communicator, a session, or the process when null. */
    private static BsendBuffer get(P2pState st, Handle on) {
        if (on == null) return st.processBuffer;
        return on instanceof Comm c ? st.commBuffers.get(c) : st.sessionBuffers.get(on);
    }

    private static void put(P2pState st, Handle on, BsendBuffer b) {
        if (on == null) st.processBuffer = b;
        else if (on instanceof Comm c) st.commBuffers.put(c, b);
        else st.sessionBuffers.put(on, b);
    }

    private static void remove(P2pState st, Handle on) {
        if (on == null) st.processBuffer = null;
        else if (on instanceof Comm c) st.commBuffers.remove(c);
        else st.sessionBuffers.remove(on);
    }

    private static String holder(Handle on) { return on == null ? "this process" : on.name(); }

    /** Attaches a buffer to {@code comm} (a communicator or a session), or to the process when it is null. */
    static void attach(Rank r, Handle comm, long addr, int size) {
        P2pState st = P2pState.of(r);
        BsendBuffer old = get(st, comm);
        String owner = comm == null ? "the process buffer" : "the buffer of " + comm.name();
        if (old != null) {
            throw new MpiException(ErrorClass.MPI_ERR_BUFFER, (old.automatic() ? "automatic buffering is already on for "
                    : "a buffer is already attached to ") + holder(comm)
                    + (old.automatic() ? "" : " (" + P2p.bytes(old.size()) + " at 0x" + Long.toHexString(old.address()) + ")")
                    + "; detach it first");
        }
        if (addr != BsendBuffer.AUTOMATIC) {
            if (size < 0) {
                // Open MPI's class for a size below 1 (B3); the message names the real problem
                throw new MpiException(ErrorClass.MPI_ERR_BUFFER, "size " + size + " is negative");
            }
            if (size < BsendBuffer.OVERHEAD) {
                throw new MpiException(ErrorClass.MPI_ERR_BUFFER, "size " + size + " is smaller than MPI_BSEND_OVERHEAD ("
                        + BsendBuffer.OVERHEAD + "), so no message could ever fit");
            }
            r.memory().segment(addr, size); // MemoryFault -> MPI_ERR_BUFFER
            List<BsendBuffer> all = new ArrayList<>(st.commBuffers.values());
            all.addAll(st.sessionBuffers.values());
            if (st.processBuffer != null) all.add(st.processBuffer);
            for (BsendBuffer b : all) {
                if (b.overlaps(addr, size)) {
                    throw new MpiException(ErrorClass.MPI_ERR_BUFFER, "0x" + Long.toHexString(addr) + ".." + "0x" + Long.toHexString(addr + size)
                            + " overlaps " + b.owner() + " (0x" + Long.toHexString(b.address()) + ", " + P2p.bytes(b.size())
                            + "); one region can back only one buffer");
                }
            }
        }
        BsendBuffer b = new BsendBuffer(r, owner, addr, size);
        put(st, comm, b);
        P2p.trace(r, "bsend", "attach", owner + ": " + (b.automatic() ? "automatic buffering on"
                : P2p.bytes(size) + " at 0x" + Long.toHexString(addr)));
    }

    /** Waits until every message in the buffer has been received, then detaches it; returns {address, size}. */
    static Object[] detach(Rank r, Handle comm) {
        BsendBuffer b = attached(r, comm, "detach");
        drain(r, b);
        remove(P2pState.of(r), comm);
        b.clear();
        P2p.trace(r, "bsend", "detach", b.owner() + " detached: " + (b.automatic() ? "automatic buffering off"
                : P2p.bytes(b.size()) + " at 0x" + Long.toHexString(b.address()) + " are the program's again"));
        return new Object[] {b.address(), (int) b.size()};
    }

    /** Waits until every message in the buffer has been received; the buffer stays attached, empty. */
    static void flush(Rank r, Handle comm) {
        BsendBuffer b = attached(r, comm, "flush");
        drain(r, b);
        b.reclaim();
    }

    /** A request that completes when every message now in the buffer has been received. */
    static Request iflush(Rank r, Handle comm) {
        BsendBuffer b = attached(r, comm, "flush");
        return new FlushRequest(r, comm instanceof Comm c ? c : Comm.self(MpiProcess.of(r)), b);
    }

    private static BsendBuffer attached(Rank r, Handle comm, String what) {
        BsendBuffer b = get(P2pState.of(r), comm);
        if (b == null) {
            throw new MpiException(ErrorClass.MPI_ERR_BUFFER, "no buffer is attached to "
                    + holder(comm) + ", so there is nothing to " + what);
        }
        return b;
    }

    private static void drain(Rank r, BsendBuffer b) {
        if (!b.drained()) r.await(b::drained, b::waitText);
    }

    /** MPI_Finalize: delivers every pending buffered message, then detaches the buffers (B10). */
    static void finalizeStep(MpiProcess p) {
        Rank r = p.rank();
        P2pState st = r.stateIfPresent(P2pState.class);
        if (st == null) return;
        List<BsendBuffer> all = new ArrayList<>(st.commBuffers.values());
        all.addAll(st.sessionBuffers.values());
        if (st.processBuffer != null) all.add(st.processBuffer);
        for (BsendBuffer b : all) {
            if (!b.drained()) {
                r.await(b::drained, () -> b.waitText() + "; MPI_Finalize first completes the pending buffered messages of "
                        + b.owner());
            }
            b.clear();
        }
        st.processBuffer = null;
        st.commBuffers.clear();
        st.sessionBuffers.clear();
    }

    /**
     * A buffered send (checked by the caller): packs the data into the chosen buffer under the allocation model
     * and starts a standard send from there. Returns the (already complete) request MPI_Ibsend hands out.
     */
    static BufferedRequest bsend(Rank r, Transfer.Layout buf, int dest, int tag, Comm comm) {
        SendRequest inner = start(r, buf, dest, tag, comm);
        return new BufferedRequest(r, comm, dest, inner);
    }

    /** MPI_Bsend: as {@link #bsend}, without the request nobody will see. */
    static void bsendBlocking(Rank r, Transfer.Layout buf, int dest, int tag, Comm comm) {
        start(r, buf, dest, tag, comm);
    }

    /** Buffers the message and starts its send from the buffer; returns the inner send (null for MPI_PROC_NULL). */
    private static SendRequest start(Rank r, Transfer.Layout buf, int dest, int tag, Comm comm) {
        if (dest == MpiConst.PROC_NULL) {
            P2p.trace(r, "bsend", "send", "buffered send to MPI_PROC_NULL: nothing to send, no buffer space used");
            return null;
        }
        P2pState st = P2pState.of(r);
        // MPI-4.1 3.6: the communicator's buffer, else its session's (if it derives from one), else the process's
        BsendBuffer b = st.commBuffers.isEmpty() ? null : st.commBuffers.get(comm);
        Handle session = comm.session();
        if (b == null && session != null && !st.sessionBuffers.isEmpty()) b = st.sessionBuffers.get(session);
        if (b == null) b = st.processBuffer;
        if (b == null) {
            throw new MpiException(ErrorClass.MPI_ERR_BUFFER, "no buffer is attached: a buffered send needs MPI_Buffer_attach"
                    + " (or MPI_Comm_attach_buffer on " + comm.name()
                    + (session != null ? ", or MPI_Session_attach_buffer on " + session.name() + ", the session it derives from" : "")
                    + ") first, even for an empty message");
        }
        long data = buf.bytes();
        BsendBuffer.Entry e = b.reclaimAndAllocate(data, dest, comm.peerWorldRank(dest), tag, comm);
        if (b.automatic()) {
            Transfer.Layout big = Transfer.bigCopy(r, buf, P2pState.of(r).settings.copyLimit); // past one array: a native copy
            return P2p.post(r, P2p.Mode.BUFFERED, big, big == null ? Transfer.pack(buf) : null, dest, tag, comm, e);
        }
        Memory mem = r.memory();
        long at = b.address() + e.offset;
        writeHeader(mem, at, dest, tag, data);
        Transfer.Layout in = new Transfer.Layout(mem, at + BsendBuffer.OVERHEAD, null, data);
        Transfer.copy(buf, in, data);
        return P2p.post(r, P2p.Mode.BUFFERED, in, null, dest, tag, comm, e);
    }

    /** The entry header in the user's buffer: "MPIB", destination, tag, data bytes (readable with `mem`). */
    private static void writeHeader(Memory mem, long at, int dest, int tag, long data) {
        Memory.Block blk = mem.block(at, 24);
        java.lang.foreign.MemorySegment s = blk.segment();
        long o = at - blk.address();
        s.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, o, 0x4249504D); // "MPIB" little-endian
        s.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, o + 4, dest);
        s.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, o + 8, tag);
        s.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, o + 12, 0);
        s.set(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, o + 16, data);
    }

    /** The request of MPI_Buffer_iflush / MPI_Comm_iflush_buffer. */
    static final class FlushRequest extends P2pRequest {
        private final BsendBuffer buffer;
        private final List<BsendBuffer.Entry> waitingFor;
        private final java.util.concurrent.atomic.AtomicBoolean counted;

        FlushRequest(Rank owner, Comm comm, BsendBuffer buffer) {
            super(owner, comm);
            this.buffer = buffer;
            this.waitingFor = buffer.pending();
            // deliveries wake the owner while it may wait for these entries
            counted = new java.util.concurrent.atomic.AtomicBoolean(!waitingFor.isEmpty());
            if (counted.get()) buffer.flushWaiters.incrementAndGet();
        }

        @Override
        public boolean isComplete() {
            if (super.isComplete()) return true;
            for (BsendBuffer.Entry e : waitingFor) if (!e.delivered) return false;
            if (counted.compareAndSet(true, false)) buffer.flushWaiters.decrementAndGet();
            complete(SendRequest.DONE);
            return true;
        }

        @Override public String operation() { return "iflush"; }

        @Override
        public String describe() {
            int n = 0;
            for (BsendBuffer.Entry e : waitingFor) if (!e.delivered) n++;
            return n == 0 ? "flush of " + buffer.owner() + ": complete"
                    : "flush of " + buffer.owner() + ": " + n + " of the " + waitingFor.size() + " buffered messages not yet received";
        }
    }
}
