package org.mpish.runtime.explore;

import java.util.ArrayList;
import java.util.List;

/**
 * A choice as it was decided in one run: which rank and which of its choices (by number, so a replay finds it
 * whatever the timing), the value taken, and the values that were possible at that moment.
 *
 * @param ordinal     this rank's choice number, from 0
 * @param callOrdinal how many choices of the same call this rank had made before, from 0
 * @param clock       the deciding rank's logical clock after the decision (for happens-before)
 * @param context     for a wildcard receive or probe, the communicator context (else -1), and its tag
 */
public record Decision(int rank, int ordinal, String call, int callOrdinal, String label, String verb, int value,
                       int[] candidates, List<String> texts, String valueText, int clock, long context, int tag) {

    /** Whether another value was possible. */
    public boolean branching() { return candidates.length > 1; }

    /** "rank 0's 1st MPI_Recv (MPI_ANY_SOURCE, tag 0) matched rank 1, not rank 2". */
    public String words() {
        StringBuilder sb = new StringBuilder("rank ").append(rank).append("'s ").append(nth(callOrdinal + 1)).append(' ')
                .append(label).append(' ').append(verb).append(' ').append(valueText);
        List<String> others = new ArrayList<>();
        for (int i = 0; i < candidates.length; i++) if (candidates[i] != value) others.add(texts.get(i));
        if (!others.isEmpty()) sb.append(", not ").append(String.join(" or ", others));
        return sb.toString();
    }

    static String nth(int n) {
        int t = n % 100;
        String suffix = t >= 11 && t <= 13 ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
        return n + suffix;
    }
}
