package org.mpish.runtime;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One job's hooks: what the families the job was built with add to the life events of other families (a
 * communicator freed, a window freed, MPI_Finalize). Each job has its own, filled when it is built, so two jobs
 * in one JVM never run each other's hooks and nothing is registered in a static list.
 */
public final class Hooks {
    /** A named place where hooks of type {@code T} run; the area that runs them owns the point. */
    public static final class Point<T> {
        private final String name;
        public Point(String name) { this.name = name; }
        @Override public String toString() { return name; }
    }

    private final Map<Point<?>, List<Object>> hooks = new ConcurrentHashMap<>();

    /** Adds {@code hook} at {@code point}; adding the same hook twice is harmless. */
    public <T> void add(Point<T> point, T hook) {
        List<Object> l = hooks.computeIfAbsent(point, p -> new CopyOnWriteArrayList<>());
        if (!l.contains(hook)) l.add(hook);
    }

    /** The hooks at {@code point}, in the order they were added. */
    @SuppressWarnings("unchecked")
    public <T> List<T> at(Point<T> point) {
        List<Object> l = hooks.get(point);
        return l == null ? List.of() : (List<T>) l;
    }
}
