package org.mpish.runtime.mpi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The live handles of one rank, by the names the shell prints ("comm0", "win1", "kv2"). Names are given in
 * creation order per kind, so SPMD sessions give the same names on every rank.
 */
public final class HandleTable {
    private final Map<String, Handle> byName = new LinkedHashMap<>();
    /** Per kind (by ordinal): the number of the next name. */
    private final int[] counters = new int[HandleKind.values().length];

    /** Registers a new user handle and names it; returns it. */
    public synchronized <H extends Handle> H add(H h) {
        int n = counters[h.kind().ordinal()]++;
        String name = h.kind().prefix() + n;
        h.setName(name);
        byName.put(name, h);
        return h;
    }

    /** Registers a predefined handle under its C name. */
    public synchronized <H extends Handle> H predefined(H h) {
        byName.put(h.name(), h);
        return h;
    }

    public synchronized void remove(Handle h) {
        byName.remove(h.name(), h);
    }

    /** The live handle with this name (case-insensitive for predefined names), or null. */
    public synchronized Handle lookup(String name) {
        Handle h = byName.get(name);
        if (h == null) h = byName.get(name.toUpperCase(Locale.ROOT));
        return h;
    }

    /** Live handles of one kind (user-created first come after predefined ones), for listing and completion. */
    public synchronized List<Handle> of(HandleKind kind) {
        List<Handle> out = new ArrayList<>();
        for (Handle h : byName.values()) if (h.kind() == kind && h.isValid()) out.add(h);
        return out;
    }

    public synchronized List<Handle> all() {
        List<Handle> out = new ArrayList<>();
        for (Handle h : byName.values()) if (h.isValid()) out.add(h);
        return out;
    }
}
