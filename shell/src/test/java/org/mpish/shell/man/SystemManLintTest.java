package org.mpish.shell.man;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * mpish's linter ({@code man --lint}) against {@code mandoc -T lint} on the installed pages that
 * {@link SystemManFidelityTest} renders (the same sample, {@code -Dman.fidelity.sample=0} for all).
 * A message matches when mandoc reports the same line, column, level and text for the page;
 * the fraction is matched messages over all messages either side reported (a message only one
 * side gives counts against it). It prints the fraction, the most frequent messages only one
 * side gives, and fails below {@link #GOAL}.
 */
@EnabledIf("org.mpish.shell.man.MandocFidelityTest#toolsAvailable")
class SystemManLintTest {

    /**
     * Matched messages over the messages either side reported, required of man(7) and of mdoc(7)
     * pages separately. Measured on the default sample (381 pages): man(7) 100% (4,140 of 4,140),
     * mdoc(7) 100% (627 of 627); over all 5,749 pages (-Dman.fidelity.sample=0) man(7) 99.7% (80,381 of
     * 80,614; half the rest are messages about pages pulled in with .so, which mandoc names by the
     * included file and mpish by the page read) and mdoc(7) 100%; before mandoc's validation
     * checks for mdoc(7) (prologue, section order, SEE ALSO, punctuation, ...) 99.2% and 78.3%,
     * and 88.1% overall before the checks for new sentences, .Tn and unknown .Xr pages.
     */
    static final double GOAL = 0.99;

    /**
     * Kinds of message where mpish and mandoc still differ on the pages here, each looked at.
     * Keyed by "LEVEL: text" without the detail.
     */
    static final Map<String, String> REVIEWED = Map.of();

    @Test
    void lintMatchesMandoc() {
        List<SystemManFidelityTest.Page> pages = SystemManFidelityTest.pages();
        int matched = 0;
        int total = 0;
        Map<String, int[]> onlyMandoc = new HashMap<>();
        Map<String, int[]> onlyMpish = new HashMap<>();
        Map<String, int[]> byKind = new TreeMap<>();
        List<String> examples = new ArrayList<>();
        for (SystemManFidelityTest.Page p : pages) {
            List<String> expected = mandoc(p.file());
            List<String> actual = mpish(p.file());
            List<String> left = new ArrayList<>(actual);
            int m = 0;
            for (String e : expected) {
                if (left.remove(e)) {
                    m++;
                } else {
                    onlyMandoc.computeIfAbsent(kind(e), k -> new int[1])[0]++;
                    if (examples.size() < 20) {
                        examples.add("  mandoc only: " + p.file() + ":" + e);
                    }
                }
            }
            for (String a : left) {
                onlyMpish.computeIfAbsent(kind(a), k -> new int[1])[0]++;
                if (examples.size() < 20) {
                    examples.add("  mpish only:  " + p.file() + ":" + a);
                }
            }
            int all = expected.size() + left.size();
            matched += m;
            total += all;
            int[] t = byKind.computeIfAbsent(p.mdoc() ? "mdoc" : "man", k -> new int[2]);
            t[0] += m;
            t[1] += all;
        }
        double fraction = total == 0 ? 1 : (double) matched / total;
        StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
                "man --lint against mandoc -T lint over %d pages: %d of %d messages match (%.1f%%)%n",
                pages.size(), matched, total, 100 * fraction));
        byKind.forEach((k, t) -> report.append(String.format(Locale.ROOT, "  %-5s %6d/%-6d %6.1f%%%n", k, t[0], t[1],
                t[1] == 0 ? 100.0 : 100.0 * t[0] / t[1])));
        report.append(top("messages only mandoc gives", onlyMandoc));
        report.append(top("messages only mpish gives", onlyMpish));
        examples.forEach(e -> report.append(e).append('\n'));
        if (!REVIEWED.isEmpty()) {
            report.append("  reviewed kinds:\n");
            REVIEWED.forEach((k, why) -> report.append("    ").append(k).append(": ").append(why).append('\n'));
        }
        System.out.println(report);
        byKind.forEach((k, t) -> {
            double f = t[1] == 0 ? 1 : (double) t[0] / t[1];
            assertTrue(f >= GOAL, String.format(Locale.ROOT, "%s(7): %.2f%% of lint messages match, below %.1f%%%n%s",
                    k, 100 * f, 100 * GOAL, report));
        });
    }

    private static String top(String title, Map<String, int[]> counts) {
        StringBuilder b = new StringBuilder("  " + title + ":\n");
        counts.entrySet().stream().sorted((x, y) -> Integer.compare(y.getValue()[0], x.getValue()[0])).limit(10)
                .forEach(e -> b.append(String.format(Locale.ROOT, "    %5d  %s%n", e.getValue()[0], e.getKey())));
        return b.toString();
    }

    /** A message without its position and detail: "LEVEL: text". */
    private static String kind(String msg) {
        String s = msg.replaceFirst("^\\d+:\\d+: ", "");
        int colon = s.indexOf(':', s.indexOf(':') + 1);
        return colon > 0 ? s.substring(0, colon) : s;
    }

    /**
     * mandoc's messages as "line:col: LEVEL: text" (or "LEVEL: text" for the whole file). They are
     * on standard output; standard error is dropped because mandoc's notes about an outdated
     * mandoc.db go there and, merged, would cut messages in two.
     */
    static List<String> mandoc(Path file) {
        Path root = file.getParent().getParent();
        String out = new String(MandocFidelityTest.run(List.of("sh", "-c", "mandoc -T lint \"$0\" 2>/dev/null", file.toString()),
                null, root), StandardCharsets.UTF_8);
        String prefix = "mandoc: " + file + ":";
        List<String> msgs = new ArrayList<>();
        for (String line : out.lines().toList()) {
            if (line.startsWith(prefix)) {
                msgs.add(line.substring(prefix.length()).strip());
            } else if (line.startsWith("mandoc: " + file + ": ")) {
                msgs.add(line.substring(("mandoc: " + file + ": ").length()));
            }
        }
        return msgs;
    }

    /** mandoc looks up .Xr pages in the system's manual path. */
    private static final ManSearch SEARCH = new ManSearch(SystemManFidelityTest.roots());

    /** mpish's messages about the page, in the same form. */
    static List<String> mpish(Path file) {
        Path root = file.getParent().getParent();
        List<String> msgs = new ArrayList<>();
        try {
            String src = ManFiles.readPage(file, root);
            String name = file.toString();
            ManPage page = ManPage.parse(src, name);
            List<Diagnostic> all = new ArrayList<>(page.diagnostics());
            all.addAll(ManLint.unresolved(page, SEARCH));
            for (Diagnostic d : all) {
                String s = d.toString();
                msgs.add(s.startsWith(name + ":") ? s.substring(name.length() + 1).strip() : s);
            }
        } catch (IOException | RuntimeException e) {
            msgs.add("internal error: " + e);
        }
        return msgs;
    }
}
