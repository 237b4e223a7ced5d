package org.mpish.runtime.explore;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The decisions a run must take: for a rank's n-th choice, the value (and the call it was made in, so a plan
 * that does not fit the script is noticed). Choices the plan does not name take their first candidate.
 */
public final class Plan {
    public record Entry(int rank, int ordinal, String call, int value) {}

    private final Map<Long, Entry> entries;

    private Plan(Map<Long, Entry> entries) { this.entries = entries; }

    public static Plan empty() { return new Plan(Map.of()); }

    public static Plan of(Iterable<Entry> es) {
        Map<Long, Entry> m = new LinkedHashMap<>();
        for (Entry e : es) m.put(key(e.rank, e.ordinal), e);
        return new Plan(m);
    }

    /** This plan with {@code e} added (or replaced). */
    public Plan with(Entry e) {
        Map<Long, Entry> m = new LinkedHashMap<>(entries);
        m.put(key(e.rank, e.ordinal), e);
        return new Plan(m);
    }

    public Entry get(int rank, int ordinal) { return entries.get(key(rank, ordinal)); }
    public boolean has(int rank, int ordinal) { return entries.containsKey(key(rank, ordinal)); }
    public int size() { return entries.size(); }
    public Iterable<Entry> entries() { return entries.values(); }

    private static long key(int rank, int ordinal) { return ((long) rank << 32) | (ordinal & 0xffffffffL); }
}
