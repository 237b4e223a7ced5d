package org.mpish.runtime.mpi.info;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;

/** An ordered set of (key, value) string pairs: hints for windows, communicators, ... Mirrors {@code MPI_Info}. */
public final class Info extends Handle {

    private final LinkedHashMap<String, String> entries = new LinkedHashMap<>();

    public Info() { super(HandleKind.INFO, "info"); }

    public Info(Map<String, String> from) {
        this();
        entries.putAll(from);
    }

    /** MPI_INFO_ENV: predefined, named, and read-only for the user (the process refreshes it through {@link #refresh}). */
    private boolean predefined;

    private Info(String name, Map<String, String> from) {
        super(HandleKind.INFO, name);
        entries.putAll(from);
        predefined = true;
    }

    public static Info predefined(String name, Map<String, String> from) { return new Info(name, from); }

    @Override public boolean isPredefined() { return predefined; }

    /** Replaces the entries of a predefined info object with current values. */
    public synchronized void refresh(Map<String, String> now) {
        entries.clear();
        entries.putAll(now);
    }

    public synchronized void set(String key, String value) { entries.put(key, value); }
    public synchronized String get(String key) { return entries.get(key); }
    public synchronized boolean delete(String key) { return entries.remove(key) != null; }
    public synchronized int size() { return entries.size(); }
    public synchronized String key(int n) { return entries.keySet().stream().skip(n).findFirst().orElse(null); }
    public synchronized Map<String, String> entries() { return new LinkedHashMap<>(entries); }

    /** The entries of an info argument, treating MPI_INFO_NULL as empty. */
    public static Map<String, String> entriesOf(Handle h) {
        return h instanceof Info i && i.isValid() ? i.entries() : Map.of();
    }
}
