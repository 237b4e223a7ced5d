package org.mpish.runtime.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;

/**
 * The memory a native call's arguments and outputs live in while the call runs: one block per thread, reused by
 * every call (a bump pointer, zeroed as it is handed out) instead of an Arena opened and closed per call, which
 * cost more than the MPI call itself. Calls nest (a callback that makes an MPI call inside a native call), so a call
 * takes a {@link #mark()} on entry and gives everything after it back with {@link #release(long)} on exit.
 * A request that does not fit gets memory of its own, freed when the garbage collector finds it unused.
 */
final class Scratch implements SegmentAllocator {
    private static final long SIZE = 64 * 1024;
    private static final ThreadLocal<Scratch> PER_THREAD = ThreadLocal.withInitial(Scratch::new);

    private final MemorySegment block = Arena.ofAuto().allocate(SIZE, 16);
    private long top;

    static Scratch get() { return PER_THREAD.get(); }

    long mark() { return top; }

    void release(long mark) { top = mark; }

    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        // at least 8, as malloc gives: callers read longs from memory they asked for as "8 bytes"
        byteAlignment = Math.max(byteAlignment, 8);
        long start = (top + byteAlignment - 1) & -byteAlignment;
        if (byteAlignment > 16 || start + byteSize > SIZE) return Arena.ofAuto().allocate(byteSize, byteAlignment);
        top = start + byteSize;
        return block.asSlice(start, byteSize).fill((byte) 0);
    }
}
