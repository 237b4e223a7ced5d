package org.mpish.runtime.mpi.rma;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * The info hints one rank's window obeys (R14-R16): every key mpish supports, at its current or default value,
 * in the order MPI_Win_get_info reports them. Unknown keys are ignored, as the standard allows; a supported key
 * with a value that is not one of its values is refused with MPI_ERR_INFO_VALUE (MPICH refuses bad
 * accumulate_ordering tokens too, with MPI_ERR_ARG).
 */
public final class WinHints {
    public static final List<String> KEYS = List.of("no_locks", "accumulate_ordering", "accumulate_ops", "same_size",
            "same_disp_unit", "mpi_accumulate_granularity", "alloc_shared_noncontig");
    private static final Set<String> BOOLEAN = Set.of("no_locks", "same_size", "same_disp_unit", "alloc_shared_noncontig");
    private static final Set<String> ORDERINGS = Set.of("rar", "raw", "war", "waw");

    private final LinkedHashMap<String, String> values = new LinkedHashMap<>();

    WinHints() {
        values.put("no_locks", "false");
        values.put("accumulate_ordering", "rar,raw,war,waw");
        values.put("accumulate_ops", "same_op_no_op");
        values.put("same_size", "false");
        values.put("same_disp_unit", "false");
        values.put("mpi_accumulate_granularity", "0");
        values.put("alloc_shared_noncontig", "false");
    }

    /**
     * Checks every supported key of {@code info} and then takes them all (nothing changes when one is bad).
     * alloc_shared_noncontig counts only at creation ({@code creation}); later it keeps its value.
     */
    public synchronized void apply(Map<String, String> info, boolean creation) {
        Map<String, String> take = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : info.entrySet()) {
            String k = e.getKey();
            if (!values.containsKey(k)) continue;
            if (k.equals("alloc_shared_noncontig") && !creation) continue;
            take.put(k, check(k, e.getValue().trim()));
        }
        values.putAll(take);
    }

    private static String check(String k, String v) {
        if (BOOLEAN.contains(k)) {
            if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) return v.toLowerCase(java.util.Locale.ROOT);
            throw bad(k, v, "true or false");
        }
        switch (k) {
            case "accumulate_ordering" -> {
                if (v.equals("none")) return v;
                for (String t : v.split(",")) {
                    if (!ORDERINGS.contains(t.trim())) throw bad(k, v, "none, or a comma-separated subset of rar, raw, war, waw");
                }
                return v;
            }
            case "accumulate_ops" -> {
                if (v.equals("same_op") || v.equals("same_op_no_op")) return v;
                throw bad(k, v, "same_op or same_op_no_op");
            }
            case "mpi_accumulate_granularity" -> {
                try {
                    if (Long.parseLong(v) >= 0) return v;
                } catch (NumberFormatException ignored) {
                    // falls through to the error
                }
                throw bad(k, v, "a number of bytes, 0 or more");
            }
            default -> { return v; }
        }
    }

    private static MpiException bad(String k, String v, String expected) {
        return new MpiException(ErrorClass.MPI_ERR_INFO_VALUE, "info key " + k + " = '" + v + "': expected " + expected);
    }

    public synchronized String get(String k) { return values.get(k); }
    public synchronized boolean flag(String k) { return "true".equals(values.get(k)); }
    public boolean noLocks() { return flag("no_locks"); }
    public synchronized Map<String, String> entries() { return new LinkedHashMap<>(values); }
}
