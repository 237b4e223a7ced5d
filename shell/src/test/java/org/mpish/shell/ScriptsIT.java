package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every script in scripts/ through the real launcher. A script's first lines may say how:
 * {@code // mpish: -n 4 --timeout 30} (arguments for `mpish run`, default -n 2; or {@code // mpish: explore -n 3}
 * for a script meant for `mpish explore`) and
 * {@code // expect-exit: 3} (default 0). A sibling NAME.expected file holds the exact standard output. Scripts
 * whose output varies from run to run (the benchmarks) say instead what a line of it must look like,
 * {@code // expect-match: REGEX}, and may take shorter arguments for the test, {@code // test-args: 200 0.2}.
 */
class ScriptsIT {
    private static final Pattern ARGS = Pattern.compile("^//\\s*mpish:\\s*(.*)$", Pattern.MULTILINE);
    private static final Pattern EXIT = Pattern.compile("^//\\s*expect-exit:\\s*(\\d+)", Pattern.MULTILINE);
    private static final Pattern TEST_ARGS = Pattern.compile("^//\\s*test-args:\\s*(.*)$", Pattern.MULTILINE);
    private static final Pattern MATCH = Pattern.compile("^//\\s*expect-match:\\s*(.*)$", Pattern.MULTILINE);

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
        Launcher.Result r = Launcher.run(null, args.toArray(String[]::new));
        assertEquals(expectedExit, r.status(), f.getFileName() + " exit status\n" + r);
        Path expected = f.resolveSibling(f.getFileName().toString().replaceFirst("\\.js$", ".expected"));
        if (Files.exists(expected)) assertEquals(Files.readString(expected), r.out(), f.getFileName() + " output\n" + r);
        Matcher like = MATCH.matcher(text);
        if (like.find()) {
            Pattern line = Pattern.compile(like.group(1).trim(), Pattern.MULTILINE);
            assertTrue(line.matcher(r.out()).find(), f.getFileName() + " output has no line like /" + line + "/\n" + r);
        }
    }
}
