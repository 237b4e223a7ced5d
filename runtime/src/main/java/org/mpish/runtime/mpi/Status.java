package org.mpish.runtime.mpi;

/**
 * What a completed request or receive reports: MPI_SOURCE, MPI_TAG, MPI_ERROR, the byte count, and whether
 * it was cancelled. Mirrors {@code MPI_Status}; shown to scripts as {source, tag, error, count, cancelled}.
 */
public record Status(int source, int tag, int error, long bytes, boolean cancelled) {
    public static final Status EMPTY = new Status(EnvCalls.ANY_SOURCE, EnvCalls.ANY_TAG, ErrorClass.MPI_SUCCESS, 0, false);

    public java.util.Map<String, Object> toMap() {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("MPI_SOURCE", source);
        m.put("MPI_TAG", tag);
        m.put("MPI_ERROR", error);
        m.put("count", bytes);
        m.put("cancelled", cancelled);
        return m;
    }
}
