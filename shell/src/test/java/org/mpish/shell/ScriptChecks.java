package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks of script output that no fixed text can say, for {@link ScriptsIT}: scripts whose ranks race (who claims
 * a flag first, which ticket each rank draws) get a check of what the MPI semantics guarantee whatever the
 * interleaving; scripts whose ranks print independently are compared rank by rank. The example scripts are shown
 * verbatim in their man pages, so these checks live here rather than as headers in the scripts.
 */
final class ScriptChecks {
    private ScriptChecks() {}

    /**
     * Scripts whose .expected is compared rank by rank: each rank's "[r] ..." lines in order, the ranks' lines in any
     * interleaving (every rank prints on its own, with nothing ordering one rank's print after another's).
     */
    static final Set<String> ANY_INTERLEAVING = Set.of(
            "examples/MPI_Comm_rank.js", "examples/MPI_Get.js", "examples/MPI_Put.js", "examples/MPI_Rput.js",
            "examples/MPI_Win_allocate_shared.js", "examples/MPI_Win_create_dynamic.js", "examples/MPI_Win_fence.js",
            "examples/MPI_Win_flush.js", "examples/MPI_Win_get_group.js", "examples/MPI_Win_lock_all.js");

    /** Checks of standard output, by script path under scripts/. */
    static final Map<String, Consumer<String>> OUTPUT = new LinkedHashMap<>();

    static {
        // one compare-and-swap of 0 -> rank+1 succeeds; the others find the winner's value (R: atomicity of MPI_Compare_and_swap)
        OUTPUT.put("examples/MPI_Compare_and_swap.js", out -> {
            Map<Integer, String> by = perRank(out, 4);
            List<Integer> winners = new ArrayList<>();
            by.forEach((r, l) -> { if (l.equals("rank " + r + " claimed the flag")) winners.add(r); });
            assertEquals(1, winners.size(), "exactly one rank claims the flag:\n" + out);
            int w = winners.get(0);
            by.forEach((r, l) -> {
                if (r != w) assertEquals("rank " + r + " found it claimed by rank " + w, l, out);
            });
        });
        // MPI_Fetch_and_op SUM of 1, 8 times in all: the tickets are 0..7, each drawn once, and each rank's second is later
        OUTPUT.put("examples/MPI_Fetch_and_op.js", out -> {
            Map<Integer, String> by = perRank(out, 4);
            Set<Integer> tickets = new TreeSet<>();
            Pattern p = Pattern.compile("rank (\\d) drew tickets (\\d+) and (\\d+)");
            by.forEach((r, l) -> {
                Matcher m = p.matcher(l);
                assertTrue(m.matches() && Integer.parseInt(m.group(1)) == r, l);
                int a = Integer.parseInt(m.group(2)), b = Integer.parseInt(m.group(3));
                assertTrue(a < b, "a rank's second ticket comes after its first: " + l);
                assertTrue(tickets.add(a) && tickets.add(b), "a ticket drawn twice:\n" + out);
            });
            assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6, 7), tickets, out);
        });
        // MPI_REPLACE under an exclusive lock swaps: the old values form one chain 0 -> 100+a -> 100+b; the slot ends
        // with the value nobody took, and the MPI_NO_OP read sees it
        OUTPUT.put("examples/MPI_Get_accumulate.js", out -> {
            List<String> lines = out.lines().toList();
            assertEquals(4, lines.size(), out);
            Map<Integer, String> by = perRank(String.join("\n", lines.stream().filter(l -> l.contains("took the slot")).toList()) + "\n", 3);
            Set<Integer> taken = new HashSet<>();
            Pattern p = Pattern.compile("rank (\\d) took the slot from (\\d+)");
            by.forEach((r, l) -> {
                Matcher m = p.matcher(l);
                assertTrue(m.matches() && Integer.parseInt(m.group(1)) == r, l);
                int old = Integer.parseInt(m.group(2));
                assertTrue(old == 0 || old >= 100 && old <= 102 && old != 100 + r, "a rank gets the previous value back, not its own: " + l);
                assertTrue(taken.add(old), "two ranks took the same value:\n" + out);
            });
            assertTrue(taken.contains(0), "the first swap finds the initial 0:\n" + out);
            Set<Integer> left = new HashSet<>(Set.of(100, 101, 102));
            left.removeAll(taken);
            assertEquals(1, left.size(), out);
            assertTrue(lines.contains("[0] the slot now holds " + left.iterator().next()), "the slot holds the last value swapped in:\n" + out);
        });
        // three MPI_Raccumulate SUM 5 and three MPI_Rget_accumulate SUM 1: 18 at the end; each fetch sees 5 per add and
        // 1 per fetch before it, its own add included (accumulates from one origin to one target are ordered)
        OUTPUT.put("examples/MPI_Raccumulate.js", out -> {
            List<String> lines = out.lines().toList();
            assertEquals(4, lines.size(), out);
            assertTrue(lines.contains("[0] counter: 18"), out);
            Map<Integer, String> by = perRank(String.join("\n", lines.stream().filter(l -> l.contains(" saw ")).toList()) + "\n", 3);
            List<Integer> seen = new ArrayList<>();
            Pattern p = Pattern.compile("rank (\\d) saw (\\d+) before adding 1");
            by.forEach((r, l) -> {
                Matcher m = p.matcher(l);
                assertTrue(m.matches() && Integer.parseInt(m.group(1)) == r, l);
                seen.add(Integer.parseInt(m.group(2)));
            });
            seen.sort(null);
            for (int i = 0; i < 3; i++) {
                int adds = seen.get(i) - i; // the i-th fetch follows i fetches
                assertTrue(adds % 5 == 0 && adds >= 5 && adds <= 15 && (i == 0 || adds >= seen.get(i - 1) - (i - 1)),
                        "fetch " + i + " saw " + seen.get(i) + ": not i fetches plus a whole number of adds, its own among them:\n" + out);
            }
        });
        // the two puts land at displacements 1 and 2; how many MPI_Win_test polls it took depends on timing
        OUTPUT.put("examples/MPI_Win_post.js", out -> assertTrue(
                out.matches("rank 0 received 11 22 \\(exposure closed after (several polls|one poll)\\)\n"), out));
    }

    /** The one line each rank printed ("[r] text" -> r: text); every one of the {@code ranks} ranks printed exactly one. */
    static Map<Integer, String> perRank(String out, int ranks) {
        Map<Integer, String> by = new TreeMap<>();
        for (String l : out.lines().toList()) {
            Matcher m = Pattern.compile("\\[(\\d+)\\] (.*)").matcher(l);
            assertTrue(m.matches(), "a line without its rank: " + l + "\n" + out);
            assertEquals(null, by.put(Integer.parseInt(m.group(1)), m.group(2)), "rank printed twice:\n" + out);
        }
        assertEquals(ranks, by.size(), "one line per rank:\n" + out);
        return by;
    }

    /** Lines grouped by their "[r] " prefix (unprefixed lines under -1), in order within each rank. */
    static Map<Integer, List<String>> byRank(String out) {
        Map<Integer, List<String>> g = new TreeMap<>();
        Pattern p = Pattern.compile("\\[(\\d+)\\] .*");
        for (String l : out.lines().toList()) {
            Matcher m = p.matcher(l);
            g.computeIfAbsent(m.matches() ? Integer.parseInt(m.group(1)) : -1, k -> new ArrayList<>()).add(l);
        }
        return g;
    }
}
