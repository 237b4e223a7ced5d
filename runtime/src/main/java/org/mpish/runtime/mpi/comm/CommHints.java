package org.mpish.runtime.mpi.comm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * The info hints of communicators (MPI-4.1 sections 7.4.4 and 10): the four assertions the standard defines are
 * the hints mpish understands. Each is "true" or "false" (default "false"); mpish keeps them per process and
 * reports them through MPI_Comm_get_info. Keys it does not know are dropped, as the standard allows, so
 * MPI_Comm_get_info never shows them. mpish's matching is exact whatever they say: an assertion is the program's
 * promise, which an implementation may use or ignore.
 */
public final class CommHints {
    private CommHints() {}

    public static final List<String> KEYS = List.of(
            "mpi_assert_no_any_tag", "mpi_assert_no_any_source", "mpi_assert_exact_length", "mpi_assert_allow_overtaking");

    private static final Object KEY = new Object();

    private static Map<Comm, Map<String, String>> all(MpiProcess p) {
        return p.extension(KEY, () -> Collections.synchronizedMap(new WeakHashMap<>()));
    }

    /** The hints of a communicator: every known key with its value. */
    public static Map<String, String> of(MpiProcess p, Comm c) {
        Map<String, String> m = new LinkedHashMap<>();
        Map<String, String> set = all(p).getOrDefault(c, Map.of());
        for (String k : KEYS) m.put(k, set.getOrDefault(k, "false"));
        return m;
    }

    /**
     * Applies the known keys of an info object to a communicator. Unknown keys, and values other than true / false,
     * are ignored: the standard lets an implementation ignore any hint, and a hint must never make a call fail.
     */
    public static void apply(MpiProcess p, Comm c, Map<String, String> info) {
        Map<String, String> changes = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : info.entrySet()) {
            if (!KEYS.contains(e.getKey())) continue;
            String v = e.getValue().strip().toLowerCase(java.util.Locale.ROOT);
            if (v.equals("true") || v.equals("false")) changes.put(e.getKey(), v);
        }
        if (changes.isEmpty()) return;
        all(p).computeIfAbsent(c, k -> new LinkedHashMap<>()).putAll(changes);
    }
}
