package org.mpish.runtime.inspect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.p2p.BsendBuffer;
import org.mpish.runtime.mpi.p2p.P2pState;

/**
 * An attached buffered-mode send buffer as the standard's allocation model sees it: where it is, its size, its
 * entries from the oldest (the head) on, and where the next entry goes (the tail). An automatic buffer
 * ({@code MPI_BUFFER_AUTOMATIC}) has only entries.
 */
public record BufferSnapshot(String owner, long address, long size, boolean automatic, List<Entry> entries, long head, long tail) {
    /** MPI_BSEND_OVERHEAD: the bytes each entry takes besides its packed data. */
    public static final int OVERHEAD = BsendBuffer.OVERHEAD;

    public BufferSnapshot {
        entries = List.copyOf(entries);
    }

    /** One buffered message: its place in the buffer, its packed size, where it goes, and "pending" or not. */
    public record Entry(long offset, long length, long dataBytes, int dest, int tag, String comm, String state) {
        public boolean pending() { return state.equals("pending"); }
    }

    /** The buffers attached on one rank: the process's (null when none) and each communicator's by name. */
    public record Attached(BufferSnapshot process, Map<String, BufferSnapshot> communicators) {
        public Attached {
            communicators = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(communicators));
        }
    }

    public static Attached of(Rank r) {
        P2pState st = P2pState.of(r);
        BsendBuffer p = st.processBuffer();
        Map<String, BufferSnapshot> comms = new LinkedHashMap<>();
        for (Map.Entry<String, BsendBuffer> e : st.commBuffers().entrySet()) comms.put(e.getKey(), of(e.getValue().view()));
        return new Attached(p == null ? null : of(p.view()), comms);
    }

    private static BufferSnapshot of(BsendBuffer.View v) {
        List<Entry> entries = new ArrayList<>();
        for (BsendBuffer.SlotView s : v.entries()) {
            entries.add(new Entry(s.offset(), s.length(), s.dataBytes(), s.dest(), s.tag(), s.comm(), s.state()));
        }
        return new BufferSnapshot(v.owner(), v.address(), v.size(), v.automatic(), entries, v.head(), v.tail());
    }
}
