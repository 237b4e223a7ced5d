package org.mpish.runtime.ffm;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Script values that pass through the library as a {@code void *} (attribute values, extra states): the library
 * gets a small number that stands for the value, and gives it back; the same value always gets the same number.
 */
final class Values {
    private final Map<Long, Object> byId = new ConcurrentHashMap<>();
    private final Map<Object, Long> ids = new java.util.IdentityHashMap<>();
    private long next = 1;

    /** The number for {@code v} (0 for null: the library's NULL). */
    synchronized long id(Object v) {
        if (v == null) return 0;
        Long id = ids.get(v);
        if (id == null) {
            id = next++ << 4; // aligned, so it looks like the pointer the library expects
            ids.put(v, id);
            byId.put(id, v);
        }
        return id;
    }

    /** The value a number stands for; a number never given out is shown as itself. */
    Object value(long id) {
        if (id == 0) return null;
        Object v = byId.get(id);
        return v != null ? v : (Object) id;
    }
}
