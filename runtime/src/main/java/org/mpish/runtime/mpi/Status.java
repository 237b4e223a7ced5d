package org.mpish.runtime.mpi;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpish.runtime.Rank;
import org.mpish.runtime.BadArgument;

/**
 * What a completed request or receive reports: MPI_SOURCE, MPI_TAG, MPI_ERROR, the byte count, and whether
 * it was cancelled. Mirrors {@code MPI_Status}; shown to scripts as {MPI_SOURCE, MPI_TAG, MPI_ERROR, count,
 * cancelled} where count is the number of bytes (MPI_Get_count turns it into elements of a datatype).
 */
public record Status(int source, int tag, int error, long bytes, boolean cancelled) implements org.mpish.runtime.StructValue {
    public static final Status EMPTY = new Status(MpiConst.ANY_SOURCE, MpiConst.ANY_TAG, ErrorClass.MPI_SUCCESS, 0, false);
    /** The value of MPI_STATUS_IGNORE / MPI_STATUSES_IGNORE: holds nothing, so reading it is an error. */
    public static final Status IGNORE = new Status(MpiConst.ANY_SOURCE, MpiConst.ANY_TAG, ErrorClass.MPI_SUCCESS, 0, false);

    public Status withError(int e) { return new Status(source, tag, e, bytes, cancelled); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("MPI_SOURCE", source);
        m.put("MPI_TAG", tag);
        m.put("MPI_ERROR", error);
        m.put("count", bytes);
        m.put("cancelled", cancelled);
        return m;
    }

    private static final int LAST_SLOT = 3; // see Rank.MAX_SLOTS

    /** The last status a call returned on this rank (the shell's word "status" names it). */
    private static final class Last {
        volatile Status value;
    }

    public static void remember(Rank r, Status s) {
        if (s != null && s != IGNORE) r.slot(LAST_SLOT, Last.class, x -> new Last()).value = s; // every receive: an array load, not a map lookup
    }

    public static Status last(Rank r) {
        Last l = r.stateIfPresent(Last.class);
        return l == null ? null : l.value;
    }

    /** An IN status argument: a Status, an object with the fields toMap gives, or "status" (the last one). */
    public static Status coerce(Rank r, String param, Object raw) {
        if (raw instanceof Status s) return s;
        if (raw instanceof String w) {
            if (w.equalsIgnoreCase("status")) {
                Status s = last(r);
                if (s == null) throw new BadArgument(param + ": no call has returned a status on rank " + r.id() + " yet");
                return s;
            }
            if (w.equalsIgnoreCase("MPI_STATUS_IGNORE") || w.equalsIgnoreCase("MPI_STATUSES_IGNORE")) return IGNORE;
            throw new BadArgument(param + ": '" + w + "' is not a status (use 'status' for the last one returned)");
        }
        if (raw instanceof Map<?, ?> m) {
            return new Status(num(m, "MPI_SOURCE", MpiConst.ANY_SOURCE), num(m, "MPI_TAG", MpiConst.ANY_TAG),
                    num(m, "MPI_ERROR", 0), m.get("count") instanceof Number n ? n.longValue() : 0,
                    Boolean.TRUE.equals(m.get("cancelled")));
        }
        throw new BadArgument(param + ": expected a status object {MPI_SOURCE, MPI_TAG, MPI_ERROR, count, cancelled}");
    }

    private static int num(Map<?, ?> m, String k, int dflt) {
        return m.get(k) instanceof Number n ? n.intValue() : dflt;
    }
}
