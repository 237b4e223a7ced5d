package org.mpish.runtime;

/** An access outside the allocated memory of a rank: the runtime's equivalent of a segmentation fault,
 *  turned into an MPI or LAPI error by the call that made the access. */
public final class MemoryFault extends RuntimeException {
    private final long address;

    public MemoryFault(long address, String message) {
        super(message, null, false, false);
        this.address = address;
    }

    public long address() { return address; }
}
