package org.mpish.shell.man;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden tests for mdoc(7): each {@code mdoc-regress/<case>.in} must render exactly like the
 * checked-in {@code .out_ascii} (mandoc -T ascii -O width=78 | col -bx; {@code regenerate.sh}
 * rebuilds them), and give the messages of {@code .out_lint} (mandoc -T lint -W all). The messages
 * are compared as a sorted list: mandoc prints the parser's before the validator's, mpish in the
 * order it finds them.
 */
class MdocRegressTest {

    static List<Path> cases() {
        try (Stream<Path> s = Files.list(Path.of(MdocRegressTest.class.getResource("/mdoc-regress").toURI()))) {
            return s.filter(p -> p.getFileName().toString().endsWith(".in")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void rendersLikeMandoc(Path in) {
        String expected = RegressCases.read(RegressCases.sibling(in, ".out_ascii"));
        String actual = ManPage.render(RegressCases.read(in), in.getFileName().toString(), 78, Style.PLAIN);
        assertEquals(expected, actual);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void lintsLikeMandoc(Path in) {
        List<String> expected = RegressCases.read(RegressCases.sibling(in, ".out_lint")).lines().sorted().toList();
        List<String> actual = ManPage.parse(RegressCases.read(in), in.getFileName().toString()).diagnostics().stream()
                .map(Diagnostic::toString).sorted().toList();
        assertEquals(String.join("\n", expected), String.join("\n", actual));
    }

    /**
     * {@code .Dd $Mdocdate$} with no date filled in stands for the day the page is read: the
     * footer must match what mandoc prints today (so this one is compared with a live mandoc run).
     */
    @Test
    @org.junit.jupiter.api.condition.EnabledIf("org.mpish.shell.man.MandocFidelityTest#toolsAvailable")
    void anUnfilledMdocdateIsToday() throws IOException {
        String src = ".Dd $Mdocdate$\n.Dt X 1\n.Os Debian\n.Sh NAME\n.Nm x\n.Nd y\n";
        Path f = Files.createTempFile("mdocdate", ".1");
        try {
            Files.writeString(f, src);
            byte[] ascii = MandocFidelityTest.run(List.of("mandoc", "-T", "ascii", "-O", "width=78", f.toString()), null, null);
            String expected = MandocFidelityTest.expandTabs(new String(MandocFidelityTest.run(List.of("col", "-b"), ascii, null), java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(expected, ManPage.render(src, "x.1", 78, Style.PLAIN));
        } finally {
            Files.deleteIfExists(f);
        }
    }

    /** An mdoc page is parsed by the mdoc parser, not reported as unknown man(7) macros. */
    @Test
    void mdocPagesAreNotReadAsMan() {
        ManPage page = ManPage.parse(".Dd November 26, 2026\n.Dt X 1\n.Os\n.Sh NAME\n.Nm x\n.Nd y\n", "x.1");
        assertTrue(page.isMdoc());
        assertEquals("X", page.title());
        assertEquals("1", page.section());
        assertFalse(page.diagnostics().stream().anyMatch(d -> d.toString().contains("unknown macro")),
                () -> page.diagnostics().toString());
        assertTrue(page.render(78, Style.PLAIN).contains("x - y"));
    }
}
