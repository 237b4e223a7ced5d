package org.mpish.runtime.mpi.p2p;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * An attached send buffer, run exactly as the allocation model of MPI-4.1 section 3.6.1: a circular queue of
 * entries stored in successive locations. Each buffered send first removes, from the head, the entries whose
 * messages have been received, stopping at the first one still pending; then takes the next
 * {@code packed size + MPI_BSEND_OVERHEAD} contiguous bytes after the tail, or at the start of the buffer when
 * the tail is too close to the end; and fails when neither fits. Delivered entries behind a pending one are not
 * reclaimed, and free space is never combined across the wrap point. When the queue is empty the whole buffer
 * is free and allocation starts again at offset 0.
 *
 * <p>An entry is delivered when its message has been received (matched and copied), not merely sent on.
 * With {@link #AUTOMATIC} the library allocates each message's space itself and never runs out.
 */
public final class BsendBuffer {
    /** MPI_BSEND_OVERHEAD: bytes each entry needs besides its packed data (Open MPI's value). */
    public static final int OVERHEAD = 128;
    /** MPI_BUFFER_AUTOMATIC, the address that asks for automatic buffering (as in mpi.h of MPICH and Open MPI 5). */
    public static final long AUTOMATIC = 2;

    /** One pending-message entry: where it lies, what it holds and whether its message has been received. */
    static final class Entry implements java.util.function.Consumer<org.mpish.runtime.mpi.Status> {
        final long offset;
        final long length;
        final long dataBytes;
        final int dest;
        final int destWorld;
        final int tag;
        final String comm;
        volatile boolean delivered;
        volatile boolean cancelled;
        /** The buffer it belongs to (set when allocated). */
        BsendBuffer buffer;

        /** Told by the message's send when the message has been received or withdrawn. */
        @Override public void accept(org.mpish.runtime.mpi.Status s) { buffer.delivered(this, s.cancelled()); }

        Entry(long offset, long length, long dataBytes, int dest, int destWorld, int tag, String comm) {
            this.offset = offset;
            this.length = length;
            this.dataBytes = dataBytes;
            this.dest = dest;
            this.destWorld = destWorld;
            this.tag = tag;
            this.comm = comm;
        }
    }

    /** An entry as the shell shows it. state: "pending", "received" (not reclaimed yet) or "cancelled". */
    public record SlotView(long offset, long length, long dataBytes, int dest, int tag, String comm, String state) {}

    /** The whole buffer as the shell shows it; head/tail are offsets (-1 when empty). */
    public record View(String owner, long address, long size, boolean automatic, List<SlotView> entries, long head, long tail) {}

    private final Rank rank;
    private final String owner;
    private final long address;
    private final long size;
    private final boolean automatic;
    private final ArrayDeque<Entry> queue = new ArrayDeque<>();
    /** Entries allocated (the owner's thread, under the lock) and entries whose message has been received (any thread). */
    private long allocated; // written by the owner (release), read by deliverers (acquire): no fence per send
    private static final java.lang.invoke.VarHandle ALLOCATED =
            org.mpish.runtime.VarHandles.field(java.lang.invoke.MethodHandles.lookup(), "allocated", long.class);
    private final java.util.concurrent.atomic.AtomicLong received = new java.util.concurrent.atomic.AtomicLong();
    /** Flush requests (MPI_Buffer_iflush) not complete yet: they wait for particular entries, so every delivery wakes. */
    final java.util.concurrent.atomic.AtomicInteger flushWaiters = new java.util.concurrent.atomic.AtomicInteger();

    BsendBuffer(Rank rank, String owner, long address, long size) {
        this.rank = rank;
        this.owner = owner;
        this.address = address;
        this.size = size;
        this.automatic = address == AUTOMATIC;
    }

    public long address() { return address; }
    public long size() { return size; }
    public boolean automatic() { return automatic; }
    /** "the process buffer" or "the buffer of comm0". */
    public String owner() { return owner; }

    /** Whether [a, a+len) overlaps this buffer's memory (B9). */
    boolean overlaps(long a, long len) {
        return !automatic && len > 0 && size > 0 && a < address + size && address < a + len;
    }

    // ---- the model -------------------------------------------------------------------------------

    /** Steps 1 to 4 in one go (a buffered send): {@link #reclaim}, then {@link #allocate}. */
    synchronized Entry reclaimAndAllocate(long dataBytes, int dest, int destWorld, int tag, org.mpish.runtime.mpi.comm.Comm comm) {
        reclaim();
        return allocate(dataBytes, dest, destWorld, tag, comm.name());
    }

    /** Step 1: removes delivered entries from the head, up to the first pending one. */
    synchronized void reclaim() {
        Entry e;
        while ((e = queue.peekFirst()) != null && e.delivered) {
            queue.removeFirst();
            if (rank.job().tracing()) {
                P2p.trace(rank, "bsend", "release", owner + ": entry at offset " + e.offset + " (" + e.length + " bytes, to rank "
                        + e.dest + " tag " + e.tag + ") reclaimed" + (queue.isEmpty() ? "; the buffer is empty" : ""));
            }
        }
    }

    /**
     * Steps 2 to 4: reserves {@code dataBytes + OVERHEAD} contiguous bytes for a message, or fails with
     * MPI_ERR_BUFFER saying why. Step 1 ({@link #reclaim}) must have run just before.
     */
    synchronized Entry allocate(long dataBytes, int dest, int destWorld, int tag, String comm) {
        long n = dataBytes + OVERHEAD;
        long off = automatic ? 0 : place(n);
        if (off < 0) {
            if (n > size) {
                throw new MpiException(ErrorClass.MPI_ERR_BUFFER, owner + " holds " + P2p.bytes(size) + ", too small for this message, which needs "
                        + n + ": " + P2p.bytes(dataBytes) + " of packed data (MPI_Pack_size) + MPI_BSEND_OVERHEAD (" + OVERHEAD + ")");
            }
            throw new MpiException(ErrorClass.MPI_ERR_BUFFER, owner + " (" + P2p.bytes(size) + ") is full with " + pendingSummary()
                    + ": this message needs " + n + " contiguous bytes (" + dataBytes + " + MPI_BSEND_OVERHEAD " + OVERHEAD
                    + ") and the largest free space the circular-buffer model allows is " + P2p.bytes(largestFree()));
        }
        Entry e = new Entry(off, n, dataBytes, dest, destWorld, tag, comm);
        e.buffer = this;
        queue.addLast(e);
        ALLOCATED.setRelease(this, allocated + 1);
        if (rank.job().tracing()) {
            P2p.trace(rank, "bsend", "alloc", owner + ": " + n + " bytes at offset " + off + (automatic ? "" : "-" + (off + n))
                    + " for " + P2p.bytes(dataBytes) + " to rank " + dest + " tag " + tag + " on " + comm
                    + (automatic ? " (automatic buffering)" : "; " + used() + " of " + size + " bytes in use"));
        }
        return e;
    }

    /** Where n bytes go under the model, or -1. */
    private long place(long n) {
        if (queue.isEmpty()) return n <= size ? 0 : -1;
        long head = queue.peekFirst().offset;
        Entry last = queue.peekLast();
        long tail = last.offset + last.length;
        if (last.offset >= head) {                  // occupied [head, tail): free after the tail, then before the head
            if (size - tail >= n) return tail;
            return head >= n ? 0 : -1;
        }
        return head - tail >= n ? tail : -1;        // wrapped: occupied [head, end) and [0, tail); free [tail, head)
    }

    private long largestFree() {
        if (queue.isEmpty()) return size;
        long head = queue.peekFirst().offset;
        Entry last = queue.peekLast();
        long tail = last.offset + last.length;
        return last.offset >= head ? Math.max(size - tail, head) : head - tail;
    }

    private long used() {
        long u = 0;
        for (Entry e : queue) u += e.length;
        return u;
    }

    /** Marks an entry's message received (or withdrawn); its space is reclaimed by a later buffered send. */
    void delivered(Entry e, boolean cancelled) {
        e.cancelled = cancelled;
        e.delivered = true;
        long got = received.incrementAndGet();
        if (rank.job().tracing()) {
            P2p.trace(rank, "bsend", cancelled ? "cancel" : "delivered", owner + ": the message at offset " + e.offset + " to rank " + e.dest
                    + " tag " + e.tag + (cancelled ? " was cancelled" : " has been received") + "; its space is free once the entries before it are");
        }
        // those who wait for the buffer wait for it to drain; a flush request waits for particular entries
        if (flushWaiters.get() > 0 || (rank.waiting() && got == (long) ALLOCATED.getAcquire(this))) rank.wake();
    }

    // ---- waiting for delivery ----------------------------------------------------------------

    synchronized List<Entry> pending() {
        List<Entry> out = new ArrayList<>();
        for (Entry e : queue) if (!e.delivered) out.add(e);
        return out;
    }

    /** Every message in the buffer has been received (the owner's thread). */
    boolean drained() { return received.get() == (long) ALLOCATED.getAcquire(this); }

    /** Empties the queue once everything is delivered (detach, flush). */
    synchronized void clear() {
        queue.clear();
        ALLOCATED.setRelease(this, received.get());
    }

    /** "2 buffered messages to ranks {0,3} not yet received (tags 5, 7 on MPI_COMM_WORLD)". */
    String waitText() {
        List<Entry> p = pending();
        if (p.isEmpty()) return "every buffered message has been received";
        TreeSet<Integer> ranks = new TreeSet<>();
        TreeSet<Integer> tags = new TreeSet<>();
        TreeSet<String> comms = new TreeSet<>();
        for (Entry e : p) {
            ranks.add(e.dest);
            tags.add(e.tag);
            comms.add(e.comm);
        }
        String rs = ranks.size() == 1 ? "rank " + ranks.first() : "ranks " + ranks.toString().replace('[', '{').replace(']', '}').replace(" ", "");
        return p.size() + (p.size() == 1 ? " buffered message to " : " buffered messages to ") + rs + " not yet received ("
                + (tags.size() == 1 ? "tag " : "tags ") + tags.toString().replaceAll("[\\[\\]]", "") + " on " + String.join(", ", comms) + ")";
    }

    /** "3 pending messages to ranks {1,2}, and 1 received entry behind them not reclaimed yet". */
    private String pendingSummary() {
        int pending = 0, stuck = 0;
        TreeSet<Integer> ranks = new TreeSet<>();
        for (Entry e : queue) {
            if (e.delivered) stuck++;
            else {
                pending++;
                ranks.add(e.dest);
            }
        }
        String s = pending + (pending == 1 ? " pending message" : " pending messages") + " to "
                + (ranks.size() == 1 ? "rank " + ranks.first() : "ranks " + ranks.toString().replace('[', '{').replace(']', '}').replace(" ", ""));
        if (stuck > 0) s += " and " + stuck + (stuck == 1 ? " received entry" : " received entries") + " behind the oldest pending one, not reclaimed yet";
        return s;
    }

    // ---- for people ------------------------------------------------------------------------------

    public synchronized View view() {
        List<SlotView> slots = new ArrayList<>();
        for (Entry e : queue) {
            slots.add(new SlotView(e.offset, e.length, e.dataBytes, e.dest, e.tag, e.comm,
                    e.cancelled ? "cancelled" : e.delivered ? "received" : "pending"));
        }
        long head = queue.isEmpty() ? -1 : queue.peekFirst().offset;
        long tail = queue.isEmpty() ? -1 : queue.peekLast().offset + queue.peekLast().length;
        return new View(owner, address, size, automatic, slots, head, tail);
    }
}
