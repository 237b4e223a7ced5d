package org.mpish.runtime.catalog;

import java.util.function.Function;
import org.mpish.runtime.Rank;

/**
 * A predefined name (MPI_COMM_WORLD, MPI_ANY_SOURCE, MPI_DUP_FN, LAPI_PUT_XFER): its C name, the group it
 * belongs to (for completion of the right kind of value) and its value on a given rank (handles are per rank).
 */
public record Constant(String name, String group, Function<Rank, Object> value) {
    /** "MPI_COMM_WORLD" -> "COMM_WORLD"; "MPI_2INT" -> "2INT": the name under the MPI / LAPI script objects. */
    public String scriptName() {
        int u = name.indexOf('_');
        return u < 0 ? name : name.substring(u + 1);
    }

    /** "MPI" or "LAPI". */
    public String api() {
        int u = name.indexOf('_');
        return u < 0 ? "" : name.substring(0, u);
    }
}
