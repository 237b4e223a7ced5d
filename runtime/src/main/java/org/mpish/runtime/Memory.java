package org.mpish.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The address space of one rank: blocks of off-heap memory at numeric addresses, as C code sees them.
 * Addresses are never reused after free, so a stale address is always detected. Every access is
 * bounds-checked against a single live block; a bad access raises {@link MemoryFault}, never a JVM crash.
 * Other ranks read and write here too (RMA, LAPI), so the block map is concurrent.
 */
public final class Memory {
    /** The first address handed out: small integers are never valid addresses. */
    public static final long BASE = 0x10000L;
    public static final int ALIGN = 16;

    public record Block(long address, long size, MemorySegment segment) {
        public long end() { return address + size; }
    }

    private final int rank;
    private final ConcurrentSkipListMap<Long, Block> blocks = new ConcurrentSkipListMap<>();
    private final AtomicLong next = new AtomicLong(BASE);
    private final AtomicLong inUse = new AtomicLong();
    private volatile long limit;
    /** Blocks that map memory shared with other ranks ({@link #map}), with the bytes charged for each. */
    private final Map<Long, Long> mapped = new java.util.concurrent.ConcurrentHashMap<>();
    /**
     * Blocks found recently, direct-mapped by address ({@code (address >> 5) & 63}: blocks start at least 32 bytes
     * apart, so small neighbours do not collide). Most accesses hit a buffer used a moment ago (an RMA atomic
     * touches three: origin, compare and result). Racy on purpose: blocks are immutable, so a thread sees a whole
     * block or none; free() clears its entries.
     */
    private final Block[] recent = new Block[64];

    public Memory(int rank, long limit) {
        this.rank = rank;
        this.limit = limit;
    }

    public long limit() { return limit; }
    public void setLimit(long bytes) { limit = bytes; }
    public long bytesInUse() { return inUse.get(); }

    /** Allocates {@code bytes} zeroed bytes; returns the address. Mirrors {@code malloc}/{@code MPI_Alloc_mem}. */
    public long alloc(long bytes) {
        if (bytes < 0) throw new MemoryFault(0, "cannot allocate a negative size (" + bytes + ")");
        // compared before adding: a size near Long.MAX_VALUE would overflow the sum and slip under the limit
        for (long used = inUse.get(); ; used = inUse.get()) {
            if (bytes > limit - used) {
                throw new MemoryFault(0, "rank " + rank + " memory limit of " + limit + " bytes exceeded (asked for "
                        + bytes + ", " + used + " in use)");
            }
            if (inUse.compareAndSet(used, used + bytes)) break;
        }
        long rounded = Math.max(ALIGN, (bytes + ALIGN - 1) & -ALIGN);
        MemorySegment seg;
        try {
            seg = bytes == 0 ? MemorySegment.NULL : Arena.ofAuto().allocate(bytes, ALIGN);
        } catch (OutOfMemoryError e) { // within the limit, but more than the machine gives
            inUse.addAndGet(-bytes);
            throw new MemoryFault(0, "rank " + rank + " could not get " + bytes + " bytes from the system");
        }
        long addr = next.getAndAdd(rounded + ALIGN); // a gap between blocks catches off-by-one overruns
        blocks.put(addr, new Block(addr, bytes, seg));
        return addr;
    }

    /** Frees the block that starts at {@code address}. */
    public void free(long address) {
        if (mapped.containsKey(address)) {
            throw new MemoryFault(address, "0x" + Long.toHexString(address) + " is shared window memory of rank " + rank
                    + " (MPI_Win_allocate_shared); MPI_Win_free releases it");
        }
        Block b = blocks.remove(address);
        if (b == null) {
            Block inside = find(address);
            throw new MemoryFault(address, inside == null
                    ? "0x" + Long.toHexString(address) + " is not an allocated block of rank " + rank
                    : "0x" + Long.toHexString(address) + " is inside the block at 0x" + Long.toHexString(inside.address)
                      + ", not its start");
        }
        inUse.addAndGet(-b.size);
        forget(b);
    }

    /**
     * Maps {@code seg}, memory that other ranks map too (a shared-memory window), at a fresh address of this
     * rank, charging {@code charge} bytes against the limit. Returns the address; {@link #unmap} removes it.
     */
    public long map(MemorySegment seg, long charge) {
        if (inUse.addAndGet(charge) > limit) {
            inUse.addAndGet(-charge);
            throw new MemoryFault(0, "rank " + rank + " memory limit of " + limit + " bytes exceeded (asked for "
                    + charge + ", " + inUse.get() + " in use)");
        }
        long bytes = seg.byteSize();
        long rounded = Math.max(ALIGN, (bytes + ALIGN - 1) & -ALIGN);
        long addr = next.getAndAdd(rounded + ALIGN);
        mapped.put(addr, charge);
        blocks.put(addr, new Block(addr, bytes, seg));
        return addr;
    }

    /** Removes a mapping made by {@link #map} and gives back its charge. */
    public void unmap(long address) {
        Long charge = mapped.remove(address);
        if (charge == null) throw new MemoryFault(address, "0x" + Long.toHexString(address) + " is not mapped shared memory of rank " + rank);
        Block b = blocks.remove(address);
        inUse.addAndGet(-charge);
        forget(b);
    }

    private void forget(Block b) {
        Block[] c = recent;
        for (int i = 0; i < c.length; i++) if (c[i] == b) c[i] = null;
        java.lang.invoke.VarHandle.fullFence();
    }

    /** The live block that contains {@code address}, or null. */
    public Block find(long address) {
        Block b = recent[(int) (address >>> 5) & 63];
        if (b != null && address >= b.address && address < b.address + b.size) return b;
        return findSlow(address);
    }

    private Block findSlow(long address) {
        Map.Entry<Long, Block> e = blocks.floorEntry(address);
        if (e == null) return null;
        Block b = e.getValue();
        if (address < b.end() || (address == b.address)) {
            recent[(int) (address >>> 5) & 63] = b;
            return b;
        }
        return null;
    }

    /** Whether {@code [address, address+len)} lies inside one live block (len 0: any address is fine). */
    public boolean valid(long address, long len) {
        if (len == 0) return true;
        Block b = find(address);
        return b != null && len >= 0 && len <= b.end() - address;
    }

    /**
     * The block holding all of {@code [address, address+len)}, len > 0; throws {@link MemoryFault} otherwise.
     * Hot paths use it with {@code address - block.address()} as the offset into the block's segment, which
     * saves making a slice.
     */
    public Block block(long address, long len) {
        Block b = cached(address, len);
        return b != null ? b : blockSlow(address, len);
    }

    /**
     * {@link #block} when the block is among the recently used ones, else null (no lookup, no fault): for fast paths
     * that make no calls, and fall back to {@link #block} (which also says what is wrong).
     */
    public Block cached(long address, long len) {
        Block b = recent[(int) (address >>> 5) & 63];
        if (b != null && len > 0) {
            long d = address - b.address; // an address far outside any block gives a d far outside [0, size)
            if (d >= 0 && d <= b.size - len) return b;
        }
        return null;
    }

    private Block blockSlow(long address, long len) {
        Block b = find(address);
        if (b == null) {
            throw new MemoryFault(address, address == 0 ? "NULL address with a length of " + len
                    : "address 0x" + Long.toHexString(address) + " is not in any allocated block of rank " + rank);
        }
        if (len < 0 || len > b.end() - address) { // not address + len: that overflows for a huge len
            throw new MemoryFault(address, "access of " + len + " bytes at 0x" + Long.toHexString(address)
                    + " runs past the end of the " + b.size + "-byte block at 0x" + Long.toHexString(b.address)
                    + " on rank " + rank);
        }
        return b;
    }

    /** A view of {@code len} bytes at {@code address}; throws {@link MemoryFault} unless inside one block. */
    public MemorySegment segment(long address, long len) {
        if (len == 0) return MemorySegment.NULL;
        Block b = block(address, len);
        return b.segment.asSlice(address - b.address, len);
    }

    public byte[] read(long address, int len) {
        return segment(address, len).toArray(ValueLayout.JAVA_BYTE);
    }

    public void write(long address, byte[] data) {
        if (data.length == 0) return;
        Block b = block(address, data.length);
        MemorySegment.copy(data, 0, b.segment, ValueLayout.JAVA_BYTE, address - b.address, data.length);
    }

    public long readLong(long address) {
        Block b = block(address, 8);
        return b.segment.get(ValueLayout.JAVA_LONG_UNALIGNED, address - b.address);
    }

    public void writeLong(long address, long v) {
        Block b = block(address, 8);
        b.segment.set(ValueLayout.JAVA_LONG_UNALIGNED, address - b.address, v);
    }

    public int readInt(long address) {
        Block b = block(address, 4);
        return b.segment.get(ValueLayout.JAVA_INT_UNALIGNED, address - b.address);
    }

    public void writeInt(long address, int v) {
        Block b = block(address, 4);
        b.segment.set(ValueLayout.JAVA_INT_UNALIGNED, address - b.address, v);
    }

    /** Copies {@code len} bytes at {@code address} to {@code dst} at {@code dstOff} (bounds-checked here). */
    public void copyOut(long address, MemorySegment dst, long dstOff, long len) {
        if (len == 0) return;
        Block b = block(address, len);
        copy(b.segment, address - b.address, dst, dstOff, len);
    }

    /** Copies {@code len} bytes of {@code src} at {@code srcOff} to {@code address} (bounds-checked here). */
    public void copyIn(MemorySegment src, long srcOff, long address, long len) {
        if (len == 0) return;
        Block b = block(address, len);
        copy(src, srcOff, b.segment, address - b.address, len);
    }

    /** MemorySegment.copy, with the word-sized copies done as one load and one store (far cheaper than the bulk path). */
    public static void copy(MemorySegment src, long srcOff, MemorySegment dst, long dstOff, long len) {
        if (len == 8) dst.set(ValueLayout.JAVA_LONG_UNALIGNED, dstOff, src.get(ValueLayout.JAVA_LONG_UNALIGNED, srcOff));
        else if (len == 4) dst.set(ValueLayout.JAVA_INT_UNALIGNED, dstOff, src.get(ValueLayout.JAVA_INT_UNALIGNED, srcOff));
        else MemorySegment.copy(src, srcOff, dst, dstOff, len);
    }

    /** Copies between two (possibly different ranks') memories, both ranges bounds-checked first. */
    public static void copy(Memory from, long src, Memory to, long dst, long len) {
        if (len == 0) return;
        Block s = from.block(src, len);
        Block d = to.block(dst, len);
        copy(s.segment, src - s.address, d.segment, dst - d.address, len);
    }

    /** Live blocks in address order, for inspection. */
    public Iterable<Block> blocks() { return blocks.values(); }
}
