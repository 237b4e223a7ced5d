package org.mpish.shell.man;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Robustness: ten thousand random mutations of valid pages must render and lint without an
 * exception, without the renderer's internal-error fallback, and in bounded time.
 */
class ManFuzzTest {

    private static final String[] SNIPPETS = {
        "\\", "\\\\", "\"", " ", "\t", "-", ".", "'", "\\f", "\\(", "\\[", "\\*", "\\*(", "\\n", "\\h'",
        "\\l'", "\\o'", "\\z", "\\c", "\\p", "\\&", "\\e", "\\{", "\\}", "\\\"", "\\#", "\\fB", "\\fP",
        "\\[u", "\\N'", "\\s-1", "\\w'", "\\B'", "\\$1", "\u00e9", "\u2014", "\u0000", "\u0007", "\r",
        ".TP", ".RS", ".RE", ".IP", ".HP", ".SH", ".SS", ".nf", ".fi", ".EX", ".EE", ".UR", ".UE",
        ".B", ".BR", ".SY", ".YS", ".OP", ".in -99", ".ti +99", ".sp -3", ".PD 0", ".TP 999999",
        ".RS -40", ".XX", ".de", "..", ".if n \\{", "\\}", ".TH", "\n", "\n\n",
    };

    @Test
    void tenThousandMutationsNeverFail() {
        List<String> seeds = new ArrayList<>();
        for (var p : RegressCases.inputs()) {
            seeds.add(RegressCases.read(p));
        }
        Random random = new Random(20261121L);
        assertTimeoutPreemptively(Duration.ofMinutes(5), () -> {
            for (int i = 0; i < 10_000; i++) {
                String page = mutate(seeds.get(random.nextInt(seeds.size())), random);
                check(page, 10 + random.nextInt(120), "mutation " + i);
            }
        });
    }

    @Test
    void randomBytesNeverFail() {
        Random random = new Random(7L);
        assertTimeoutPreemptively(Duration.ofMinutes(1), () -> {
            for (int i = 0; i < 500; i++) {
                char[] chars = new char[random.nextInt(400)];
                for (int k = 0; k < chars.length; k++) {
                    String special = "\\.\"'\n \t-";
                    chars[k] = random.nextInt(4) == 0 ? special.charAt(random.nextInt(special.length()))
                            : (char) random.nextInt(0x80);
                }
                check(new String(chars), 78, "random " + i);
            }
        });
    }

    private static void check(String page, int width, String what) {
        ManPage parsed = ManPage.parse(page, "fuzz.3");
        for (Style style : Style.values()) {
            assertNotNull(parsed.render(width, style), what);
        }
        assertFalse(parsed.diagnostics().stream().anyMatch(d -> d.message().contains("internal error")),
                () -> what + " hit an internal error:\n" + page + "\n" + parsed.diagnostics());
        String out = parsed.render(width, Style.PLAIN);
        assertFalse(out.contains("internal error"), () -> what + " failed to format:\n" + page);
    }

    private static String mutate(String page, Random random) {
        List<String> lines = new ArrayList<>(Arrays.asList(page.split("\n", -1)));
        int edits = 1 + random.nextInt(12);
        for (int e = 0; e < edits; e++) {
            int i = random.nextInt(Math.max(1, lines.size()));
            int op = random.nextInt(6);
            if (lines.isEmpty()) {
                lines.add("");
            }
            String line = lines.get(Math.min(i, lines.size() - 1));
            switch (op) {
                case 0 -> lines.remove(Math.min(i, lines.size() - 1));
                case 1 -> lines.add(i, lines.get(random.nextInt(lines.size())));
                case 2 -> {
                    int j = random.nextInt(lines.size());
                    lines.set(Math.min(i, lines.size() - 1), lines.get(j));
                }
                default -> {
                    int at = line.isEmpty() ? 0 : random.nextInt(line.length() + 1);
                    String snippet = SNIPPETS[random.nextInt(SNIPPETS.length)];
                    lines.set(Math.min(i, lines.size() - 1), line.substring(0, at) + snippet + line.substring(at));
                }
            }
        }
        return String.join("\n", lines);
    }
}
