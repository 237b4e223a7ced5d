package org.mpish.runtime.mpi.rma;

import java.util.concurrent.ConcurrentHashMap;

/**
 * What every rank's handle of one window shares: each member's {@link Win} (to find a target's memory), and
 * room for the RMA machinery's per-window state ({@link #extension}).
 */
public final class WinShared {
    private final Win[] members;
    private final ConcurrentHashMap<Object, Object> extensions = new ConcurrentHashMap<>();

    /** The RMA machinery's state, once made (a field: it is looked up by every RMA call). */
    volatile Object rma;

    public WinShared(int size) { members = new Win[size]; }

    public int size() { return members.length; }
    public Win member(int rankInWin) { return members[rankInWin]; }
    public void setMember(int rankInWin, Win w) { members[rankInWin] = w; }

    @SuppressWarnings("unchecked")
    public <T> T extension(Object key, java.util.function.Supplier<T> init) {
        Object v = extensions.get(key);
        return (T) (v != null ? v : extensions.computeIfAbsent(key, k -> init.get()));
    }

    /** The extension stored under {@code key}, or null (a lookup without a supplier, for hot paths). */
    public Object extensionIfPresent(Object key) { return extensions.get(key); }
}
