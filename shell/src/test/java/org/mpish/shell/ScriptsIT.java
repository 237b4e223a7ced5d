package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * Runs every script in scripts/ through the real launcher and checks its exit status, its standard output and its
 * standard error. A script's first lines may say how to run it: {@code // mpish: -n 4 --timeout 30} (arguments
 * for `mpish run`, default -n 2), {@code // expect-exit: 3} (default 0), {@code // test-args: 200 0.2} (shorter
 * arguments for the test).
 *
 * <p>Standard output: a sibling NAME.expected file holds it exactly; a script whose output varies from run to run
 * (the benchmarks) says instead what lines of it must look like, one {@code // expect-match: REGEX} header per
 * line. A script with neither fails: exit status alone says too little.
 *
 * <p>Standard error: a sibling NAME.expected-err file holds it exactly, or {@code // expect-err-match: REGEX}
 * headers say what lines of it must look like; with neither, it must be empty.
 *
 * <p>{@code // mpish: explore -n 3} marks a script meant for `mpish explore`: it is run through explore instead.
 */
class ScriptsIT {
    private static final Pattern ARGS = Pattern.compile("^//\\s*mpish:\\s*(.*)$", Pattern.MULTILINE);
    private static final Pattern EXIT = Pattern.compile("^//\\s*expect-exit:\\s*(\\d+)", Pattern.MULTILINE);
    private static final Pattern TEST_ARGS = Pattern.compile("^//\\s*test-args:\\s*(.*)$", Pattern.MULTILINE);
    private static final Pattern MATCH = Pattern.compile("^//\\s*expect-match:\\s*(.*)$", Pattern.MULTILINE);
    private static final Pattern ERR_MATCH = Pattern.compile("^//\\s*expect-err-match:\\s*(.*)$", Pattern.MULTILINE);

    @TestFactory
    Stream<DynamicTest> everyScriptRuns() throws IOException {
        Path scripts = Repo.root().resolve("scripts");
        List<Path> files;
        try (Stream<Path> s = Files.walk(scripts)) {
            files = s.filter(p -> p.toString().endsWith(".js")).sorted().toList();
        }
        return files.stream().map(f -> DynamicTest.dynamicTest(scripts.relativize(f).toString(), () -> runScript(f)));
    }

    private static void runScript(Path f) throws IOException, InterruptedException {
        String text = Files.readString(f);
        List<String> args = new ArrayList<>();
        Matcher m = ARGS.matcher(text);
        if (m.find()) args.addAll(List.of(m.group(1).trim().split("\\s+")));
        else args.addAll(List.of("-n", "2"));
        if (!args.get(0).equals("explore")) args.add(0, "run"); // "// mpish: explore ..." runs it under every schedule
        if (!args.contains("--timeout")) args.addAll(List.of("--timeout", "60"));
        args.add(Repo.root().relativize(f).toString());
        Matcher t = TEST_ARGS.matcher(text);
        if (t.find()) args.addAll(List.of(t.group(1).trim().split("\\s+")));
        Matcher e = EXIT.matcher(text);
        int expectedExit = e.find() ? Integer.parseInt(e.group(1)) : 0;
        Path expected = sibling(f, ".expected"), expectedErr = sibling(f, ".expected-err");
        List<String> outLike = headers(MATCH, text), errLike = headers(ERR_MATCH, text);
        String key = Repo.root().resolve("scripts").relativize(f).toString();
        Consumer<String> outCheck = ScriptChecks.OUTPUT.get(key);
        // checked before the run: a script nobody says the output of is an error of the suite, whatever it prints
        assertTrue(Files.exists(expected) || !outLike.isEmpty() || outCheck != null, f.getFileName() + ": no check of its standard output: add "
                + expected.getFileName() + " (the exact output), an '// expect-match: REGEX' header or a check in ScriptChecks");
        Launcher.Result r = Launcher.run(null, args.toArray(String[]::new));
        assertEquals(expectedExit, r.status(), f.getFileName() + " exit status\n" + r);
        if (Files.exists(expected)) {
            if (ScriptChecks.ANY_INTERLEAVING.contains(key)) {
                assertEquals(ScriptChecks.byRank(Files.readString(expected)), ScriptChecks.byRank(r.out()),
                        f.getFileName() + " standard output, rank by rank\n" + r);
            } else {
                assertEquals(Files.readString(expected), r.out(), f.getFileName() + " standard output\n" + r);
            }
        }
        if (outCheck != null) {
            try {
                outCheck.accept(r.out());
            } catch (AssertionError bad) {
                throw new AssertionFailedError(f.getFileName() + " standard output: " + bad.getMessage() + "\n" + r, bad);
            }
        }
        for (String like : outLike) assertHasLine(like, r.out(), f.getFileName() + " standard output", r);
        if (Files.exists(expectedErr)) {
            assertEquals(Files.readString(expectedErr), r.err(), f.getFileName() + " standard error\n" + r);
        } else if (errLike.isEmpty()) {
            assertEquals("", r.err(), f.getFileName() + " standard error (no " + expectedErr.getFileName() + ": must be empty)\n" + r);
        }
        for (String like : errLike) assertHasLine(like, r.err(), f.getFileName() + " standard error", r);
    }

    /** The suite itself: a script with no check of its output, or with standard error nobody expects, fails. */
    @Test
    void aScriptWithoutAnOutputCheckOrWithUnexpectedErrorsFails(@TempDir Path dir) throws IOException {
        Path bare = dir.resolve("bare.js");
        Files.writeString(bare, "print('hello');\n");
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> runScript(bare));
        assertTrue(e.getMessage().contains("no check of its standard output"), e.getMessage());

        Path noisy = dir.resolve("noisy.js");
        Files.writeString(noisy, "// mpish: -n 1\n// expect-exit: 1\nprint('hello');\nthrow new Error('unexpected');\n");
        Files.writeString(dir.resolve("noisy.expected"), "hello\n");
        e = assertThrows(AssertionFailedError.class, () -> runScript(noisy));
        assertTrue(e.getMessage().contains("standard error (no noisy.expected-err: must be empty)"), e.getMessage());
        Files.writeString(dir.resolve("noisy.expected-err"), "something else\n");
        e = assertThrows(AssertionFailedError.class, () -> runScript(noisy));
        assertTrue(e.getMessage().startsWith("noisy.js standard error"), e.getMessage());
    }

    private static Path sibling(Path f, String ext) {
        return f.resolveSibling(f.getFileName().toString().replaceFirst("\\.js$", ext));
    }

    private static List<String> headers(Pattern p, String text) {
        List<String> out = new ArrayList<>();
        for (Matcher m = p.matcher(text); m.find(); ) out.add(m.group(1).trim());
        return out;
    }

    private static void assertHasLine(String regex, String text, String what, Launcher.Result r) {
        Pattern line = Pattern.compile(regex, Pattern.MULTILINE);
        assertTrue(line.matcher(text).find(), what + " has no line like /" + line + "/\n" + r);
    }
}
