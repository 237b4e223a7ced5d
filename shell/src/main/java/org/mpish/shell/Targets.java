package org.mpish.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Rank targets: "2", "0,2", "1-3", "*" (all). */
public final class Targets {
    private Targets() {}

    public static List<Integer> parse(String spec, int size, int defaultRank) {
        if (spec == null) return List.of(defaultRank);
        TreeSet<Integer> out = new TreeSet<>();
        if (spec.equals("*")) {
            for (int i = 0; i < size; i++) out.add(i);
            return new ArrayList<>(out);
        }
        for (String part : spec.split(",")) {
            if (part.isEmpty()) throw new IllegalArgumentException("empty rank in @" + spec);
            int dash = part.indexOf('-', 1);
            int lo, hi;
            try {
                if (dash > 0) {
                    lo = Integer.parseInt(part.substring(0, dash));
                    hi = Integer.parseInt(part.substring(dash + 1));
                } else lo = hi = Integer.parseInt(part);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("@" + spec + ": '" + part + "' is not a rank number (use @2, @0,2, @1-3 or @*)");
            }
            if (lo < 0 || hi >= size || lo > hi) {
                throw new IllegalArgumentException("@" + spec + ": ranks run from 0 to " + (size - 1) + " in this job");
            }
            for (int i = lo; i <= hi; i++) out.add(i);
        }
        return new ArrayList<>(out);
    }
}
