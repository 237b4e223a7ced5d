package org.mpish.runtime.mpi.attr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.mpi.HandleKind;

/** The attribute list against a LinkedHashMap model: any mix of puts and removes keeps order and content (A15, A32). */
class AttrListTest {
    @Test
    void randomOperationsMatchALinkedHashMap() {
        Random rnd = new Random(42);
        for (int round = 0; round < 200; round++) {
            int nkeys = 1 + rnd.nextInt(round < 100 ? 12 : 300);
            Keyval[] ks = new Keyval[nkeys];
            int base = rnd.nextInt(1000);
            for (int i = 0; i < nkeys; i++) ks[i] = new Keyval(base + i * (1 + rnd.nextInt(3)), HandleKind.COMM, null, null, null, false, false, "k" + i);
            AttrList list = new AttrList();
            LinkedHashMap<Keyval, Object> model = new LinkedHashMap<>();
            for (int op = 0; op < 2000; op++) {
                Keyval k = ks[rnd.nextInt(nkeys)];
                if (rnd.nextInt(3) > 0) {
                    Object v = op;
                    assertEquals(!model.containsKey(k), list.put(k, v));
                    model.put(k, v);
                } else {
                    assertEquals(model.remove(k) != null, list.remove(k));
                }
                if (op % 97 == 0 || op == 1999) check(model, list, ks);
            }
            AttrList copy = new AttrList();
            copy.copyOf(list);
            check(model, copy, ks);
        }
    }

    /** A duplicate shares the original's arrays until one of them writes: each still matches its own model. */
    @Test
    void aCopyAndItsOriginalChangeIndependently() {
        Random rnd = new Random(7);
        for (int round = 0; round < 200; round++) {
            int nkeys = 1 + rnd.nextInt(round < 100 ? 12 : 300);
            Keyval[] ks = keys(rnd, nkeys);
            AttrList a = new AttrList();
            LinkedHashMap<Keyval, Object> ma = new LinkedHashMap<>();
            for (int i = 0; i < nkeys; i++) if (rnd.nextInt(4) > 0) {
                a.put(ks[i], i);
                ma.put(ks[i], i);
            }
            if (a.isEmpty()) continue;
            AttrList b = new AttrList();
            b.copyOf(a);
            LinkedHashMap<Keyval, Object> mb = new LinkedHashMap<>(ma);
            for (int op = 0; op < 300; op++) {
                boolean onA = rnd.nextBoolean();
                AttrList l = onA ? a : b;
                LinkedHashMap<Keyval, Object> m = onA ? ma : mb;
                Keyval k = ks[rnd.nextInt(nkeys)];
                if (rnd.nextInt(3) > 0) {
                    Object v = "v" + op;
                    assertEquals(!m.containsKey(k), l.put(k, v));
                    m.put(k, v);
                } else {
                    assertEquals(m.remove(k) != null, l.remove(k));
                }
                if (op % 13 == 0) {
                    check(ma, a, ks);
                    check(mb, b, ks);
                }
            }
            check(ma, a, ks);
            check(mb, b, ks);
        }
    }

    /** Deleting every attribute from the end ({@code dropLast}, as freeing an object does) shows the rest intact at every step. */
    @Test
    void droppingTheLastKeysLeavesTheOthersAsTheyWere() {
        Random rnd = new Random(11);
        for (int round = 0; round < 200; round++) {
            int nkeys = 1 + rnd.nextInt(round < 100 ? 12 : 300);
            Keyval[] ks = keys(rnd, nkeys);
            AttrList list = new AttrList();
            LinkedHashMap<Keyval, Object> model = new LinkedHashMap<>();
            for (int op = 0; op < 3 * nkeys; op++) {
                Keyval k = ks[rnd.nextInt(nkeys)];
                if (rnd.nextInt(4) > 0) {
                    list.put(k, op);
                    model.put(k, op);
                } else {
                    list.remove(k);
                    model.remove(k);
                }
            }
            AttrList original = null;
            LinkedHashMap<Keyval, Object> originalModel = null;
            if (rnd.nextBoolean() && !list.isEmpty()) { // drop from a copy: the original keeps everything
                original = list;
                originalModel = new LinkedHashMap<>(model);
                list = new AttrList();
                list.copyOf(original);
            }
            List<Keyval> order = new ArrayList<>(model.keySet());
            for (int i = order.size() - 1; i >= 0; i--) {
                check(model, list, ks);
                Keyval k = list.last();
                assertEquals(order.get(i), k);
                int next = list.dropLast(k);
                model.remove(k);
                assertEquals(i == 0 ? -1 : list.end() - 1, next);
            }
            check(model, list, ks);
            assertEquals(0, list.end());
            if (original != null) check(originalModel, original, ks);
        }
    }

    private static Keyval[] keys(Random rnd, int n) {
        Keyval[] ks = new Keyval[n];
        int base = rnd.nextInt(1000);
        for (int i = 0; i < n; i++) ks[i] = new Keyval(base + i * (1 + rnd.nextInt(3)), HandleKind.COMM, null, null, null, false, false, "k" + i);
        return ks;
    }

    private static void check(LinkedHashMap<Keyval, Object> model, AttrList list, Keyval[] all) {
        assertEquals(model.size(), list.size());
        assertArrayEquals(model.keySet().toArray(), list.keys());
        for (Keyval k : all) {
            int s = list.slot(k);
            assertEquals(model.containsKey(k), s >= 0, k.name());
            if (s >= 0) assertEquals(model.get(k), list.valueAt(s));
        }
        List<Keyval> keys = new ArrayList<>(model.keySet());
        assertEquals(keys.isEmpty() ? null : keys.get(keys.size() - 1), list.last());
    }
}
