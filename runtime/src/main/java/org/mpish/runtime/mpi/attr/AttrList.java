package org.mpish.runtime.mpi.attr;

import java.util.Arrays;

/**
 * The attributes cached on one object: keyval to value, in order of first setting, with constant-time lookup.
 * Slots hold the keys in order (null where one was removed); an open-addressing index on the keyval's value
 * (unique in the process, and consecutive, so it spreads without collisions) maps a key to its slot. Small
 * lists are scanned instead. Before either, a lookup tries the slot {@code value - base}: keys made one after
 * another and set in that order (the usual program) sit exactly there, so most lookups read no index at all.
 * A duplicate that copies every attribute shares the slot arrays and the index with its original until one of
 * the two writes (a duplicate freed unchanged never copies them). Removing a key leaves its index entry behind:
 * every lookup checks that the slot it finds holds the key, so a stale entry is skipped like a deleted one (and
 * rebuilding the index, when it fills, drops them). Slots past the end are out of every lookup's reach; freeing
 * an object ({@link #dropLast}) leaves its keys there rather than clearing each slot, and clears the list at the end.
 * Touched only by the owning rank's thread.
 */
final class AttrList {
    private static final Keyval[] NO_KEYS = new Keyval[0];
    private static final Object[] NO_VALUES = new Object[0];
    private static final int SCAN = 8;

    private Keyval[] keys = NO_KEYS;
    private Object[] values = NO_VALUES;
    private int end;    // slots in use, holes included; keys[end - 1] is live when size > 0
    private int size;   // live attributes
    private int[] index; // slot + 1 per key (perhaps stale), 0 empty; null while end <= SCAN
    private int indexUsed;
    /** The key value expected in slot 0: keys made one after another and set in that order sit at slot value - base. */
    private int base;
    private boolean indexShared; // the index array is also another list's: copy it before writing
    private boolean slotsShared; // the keys and values arrays are also another list's (a duplicate's): copy them before writing
    /** Live keys whose copy function is user code, or predefined but not a DUP (NULL_COPY_FN, NULL); whose delete is user code. */
    private int userCopies, nonDupCopies, userDeletes;

    /** Whether copying runs user code; whether every copy function is a predefined DUP_FN; whether deleting runs user code. */
    boolean userCopy() { return userCopies > 0; }
    boolean allDup() { return userCopies == 0 && nonDupCopies == 0; }
    boolean userDelete() { return userDeletes > 0; }

    private void count(Keyval k, int d) {
        int b = k.kinds;
        if (b == 0) return; // a predefined DUP_FN copy and no user delete: nothing to count
        if ((b & Keyval.USER_COPY) != 0) userCopies += d;
        if ((b & Keyval.NON_DUP_COPY) != 0) nonDupCopies += d;
        if ((b & Keyval.USER_DELETE) != 0) userDeletes += d;
    }

    int size() { return size; }
    boolean isEmpty() { return size == 0; }
    int end() { return end; }
    /** The key in slot {@code i} (0 <= i < end), or null for a removed one. */
    Keyval keyAt(int i) { return keys[i]; }
    Object valueAt(int i) { return values[i]; }

    /** The slot of {@code k}, or -1. */
    int slot(Keyval k) {
        int g = k.value() - base;
        if (Integer.compareUnsigned(g, end) < 0 && keys[g] == k) return g;
        int[] ix = index;
        if (ix == null) {
            for (int i = 0; i < end; i++) if (keys[i] == k) return i;
            return -1;
        }
        int mask = ix.length - 1;
        for (int h = k.value() & mask; ; h = (h + 1) & mask) {
            int s = ix[h];
            if (s == 0) return -1;
            if (s <= end && keys[s - 1] == k) return s - 1;
        }
    }

    /** Stores {@code v} under {@code k}; a key already there keeps its slot. Returns true when the key is new. */
    boolean put(Keyval k, Object v) {
        int s = slot(k);
        if (s >= 0) {
            ownSlots();
            values[s] = v;
            return false;
        }
        append(k, v);
        return true;
    }

    /** Adds a key known to be absent. */
    void append(Keyval k, Object v) {
        ownSlots();
        if (end == keys.length) {
            if (size < end / 2) compact();
            else {
                int n = Math.max(4, end * 2);
                keys = Arrays.copyOf(keys, n);
                values = Arrays.copyOf(values, n);
            }
        }
        if (end == 0) base = k.value();
        keys[end] = k;
        values[end] = v;
        end++;
        size++;
        count(k, 1);
        if (index != null) {
            if ((indexUsed + 1) * 2 > index.length) rebuildIndex();
            else indexInsert(k, end);
        } else if (end > SCAN) {
            rebuildIndex();
        }
    }

    /** Removes {@code k}, usually found in the last slot (freeing an object deletes from the end); false if absent. */
    boolean removeLast(Keyval k) {
        if (end > 0 && keys[end - 1] == k) {
            removeAt(k, end - 1);
            return true;
        }
        return remove(k);
    }

    /** Removes {@code k}; false if it was not there. */
    boolean remove(Keyval k) {
        int s = slot(k);
        if (s < 0) return false;
        removeAt(k, s);
        return true;
    }

    private void removeAt(Keyval k, int s) {
        ownSlots();
        keys[s] = null;
        values[s] = null;
        size--;
        count(k, -1);
        while (end > 0 && keys[end - 1] == null) end--;
        if (size == 0) clear();
    }

    /** The slot arrays themselves, for {@link Attributes#deleteAll}'s loop (which checks they are still these after each callback). */
    Keyval[] keySlots() { return keys; }
    Object[] valueSlots() { return values; }

    /**
     * Removes the key in the last slot, {@code k}, without clearing the slot: once past the end a slot is out of
     * every lookup's reach, and the whole list is being deleted ({@link Attributes#deleteAll}, which ends with an
     * empty list and so with {@link #clear}). Returns the slot of the new last key, -1 when the list is empty.
     */
    int dropLast(Keyval k) {
        count(k, -1);
        if (--size == 0) {
            clear();
            return -1;
        }
        int i = end - 1;
        while (keys[--i] == null) { } // a live key is below: size > 0
        end = i + 1;
        return i;
    }

    void clear() {
        keys = NO_KEYS;
        values = NO_VALUES;
        end = size = indexUsed = 0;
        indexShared = slotsShared = false;
        userCopies = nonDupCopies = userDeletes = 0;
        index = null;
    }

    /** The most recently (first-)set key, or null. */
    Keyval last() { return size == 0 ? null : keys[end - 1]; }

    /** The live keys in order. */
    Keyval[] keys() {
        Keyval[] out = new Keyval[size];
        int j = 0;
        for (int i = 0; i < end; i++) if (keys[i] != null) out[j++] = keys[i];
        return out;
    }

    /**
     * Makes this (empty) list an exact copy of {@code src}: the fast path of a duplicate that copies every
     * attribute. The two share their arrays until one of them writes (a duplicate freed unchanged never copies).
     */
    void copyOf(AttrList src) {
        keys = src.keys;
        values = src.values;
        slotsShared = src.slotsShared = src.end > 0;
        end = src.end;
        size = src.size;
        base = src.base;
        index = src.index;
        indexShared = src.indexShared = index != null;
        indexUsed = src.indexUsed;
        userCopies = src.userCopies;
        nonDupCopies = src.nonDupCopies;
        userDeletes = src.userDeletes;
    }

    private void ownSlots() {
        if (slotsShared) {
            keys = keys.clone();
            values = values.clone();
            slotsShared = false;
        }
    }

    private void compact() {
        int j = 0;
        for (int i = 0; i < end; i++) {
            if (keys[i] != null) {
                keys[j] = keys[i];
                values[j] = values[i];
                j++;
            }
        }
        Arrays.fill(keys, j, end, null);
        Arrays.fill(values, j, end, null);
        end = j;
        if (j > 0) base = keys[0].value();
        if (index != null) rebuildIndex();
    }

    private void rebuildIndex() {
        if (end <= SCAN) {
            index = null;
            indexUsed = 0;
            return;
        }
        int n = Integer.highestOneBit(Math.max(16, size * 4) - 1) << 1;
        index = new int[n];
        indexShared = false;
        indexUsed = 0;
        for (int i = 0; i < end; i++) if (keys[i] != null) indexInsert(keys[i], i + 1);
    }

    private void indexInsert(Keyval k, int slotPlusOne) {
        if (indexShared) {
            index = index.clone();
            indexShared = false;
        }
        int mask = index.length - 1;
        for (int h = k.value() & mask; ; h = (h + 1) & mask) {
            if (index[h] == 0) {
                indexUsed++;
                index[h] = slotPlusOne;
                return;
            }
        }
    }
}
