package org.mpish.shell.man;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The public rendering API: styles, widths, metadata and diagnostics. */
class ManPageTest {

    private static final String PAGE = """
            .TH MPI_PUT 3 2026-11-21 "mpish 0.1" "mpish manual"
            .SH NAME
            MPI_Put \\- copy data to a remote window
            .SH DESCRIPTION
            .B MPI_Put
            copies
            .I count
            elements.
            """;

    @Test
    void plainHasNoControlCharacters() {
        String out = ManPage.render(PAGE, "MPI_Put.3", 78, Style.PLAIN);
        assertTrue(out.startsWith("MPI_PUT(3)"), out);
        assertTrue(out.contains("       MPI_Put copies count elements.\n"), out);
        assertFalse(out.contains("\b") || out.contains("\033"), out);
    }

    @Test
    void ansiUsesBoldAndUnderline() {
        String out = ManPage.render(PAGE, "MPI_Put.3", 78, Style.ANSI);
        assertTrue(out.contains("\033[1mNAME\033[0m"), out);
        assertTrue(out.contains("\033[1mMPI_Put\033[0m copies \033[4mcount\033[0m elements."), out);
        assertFalse(out.contains("\b"), out);
    }

    @Test
    void ansiKeepsItalicIdentifiersUnderlined() {
        String out = ManPage.render(".TH X 3 2026-01-01\n.SH NAME\n.I MPI_Put\n", "x.3", 78, Style.ANSI);
        assertTrue(out.contains("       \033[4mMPI_Put\033[0m\n"), out);
        out = ManPage.render(".TH X 3 2026-01-01\n.SH NAME\n\\f(BIboth\\fR\n", "x.3", 78, Style.ANSI);
        assertTrue(out.contains("\033[1m\033[4mboth\033[0m"), out);
    }

    @Test
    void overstrikeIsMandocsRawOutput() {
        String out = ManPage.render(PAGE, "MPI_Put.3", 78, Style.OVERSTRIKE);
        assertTrue(out.contains("N\bNA\bAM\bME\bE"), out);
        assertTrue(out.contains("_\bc_\bo_\bu_\bn_\bt"), out);
    }

    @Test
    void widthRewraps() {
        String text = "word ".repeat(40);
        String page = ".TH X 1 2026-01-01\n.SH NAME\n" + text + "\n";
        for (int width : new int[] {40, 60, 78, 120}) {
            for (String line : ManPage.render(page, "x.1", width, Style.PLAIN).split("\n")) {
                assertTrue(line.length() <= width, width + ": " + line);
            }
        }
    }

    @Test
    void metadataFromTitleLine() {
        ManPage page = ManPage.parse(PAGE, "MPI_Put.3");
        assertEquals("MPI_PUT", page.title());
        assertEquals("3", page.section());
        assertEquals(List.of(), page.diagnostics());
    }

    @Test
    void diagnosticsUseMandocFormat() {
        ManPage page = ManPage.parse(".TH X 1 2026-01-01\n.SH NAME\n.XX foo\n.RS\ntext\n", "bad.1");
        assertEquals(List.of(
                "bad.1:3:2: ERROR: skipping unknown macro: .XX foo",
                "bad.1:4:2: ERROR: appending missing end of block: RS"),
                page.diagnostics().stream().map(Diagnostic::toString).toList());
        assertEquals(Level.ERROR, page.diagnostics().get(0).level());
        assertEquals(2, page.diagnostics(Level.ERROR).size());
        assertEquals(0, page.diagnostics(Level.UNSUPP).size());
    }

    @Test
    void wholeFileMessagesHaveNoPosition() {
        ManPage page = ManPage.parse("", "empty.7");
        assertEquals("empty.7: WARNING: no document body", page.diagnostics().get(0).toString());
    }

    @Test
    void missingTitleStillRenders() {
        ManPage page = ManPage.parse(".SH NAME\nx \\- y\n", "x.1");
        assertTrue(page.render(78, Style.PLAIN).contains("       x - y"));
        assertEquals("x.1: WARNING: missing manual title, using \"\"", page.diagnostics().get(0).toString());
    }

    @Test
    void nullAndHostileInputDoNotThrow() {
        ManPage.render(null, "null.1", 78, Style.PLAIN);
        ManPage.render("\\", "x.1", 0, Style.ANSI);
        ManPage.render(".TP 99999999999\n.RS -99999\n\\h'-999'\\l'999\\(em'", "x.1", 5000, Style.PLAIN);
        String so = ManPage.render(".de XX\n.YY\n..\n.if n \\{\\\nx\n\\}\n.so /etc/passwd\n", "x.1", 78, Style.PLAIN);
        assertFalse(so.contains("root:"), "a page must not pull in another file (.so):\n" + so); // every passwd file has root's line
    }

    @Test
    void deeplyNestedBlocksRender() {
        String page = ".TH X 1 2026-01-01\n.SH NAME\n" + ".RS\n".repeat(20_000) + "deep\n";
        ManPage parsed = ManPage.parse(page, "x.1");
        assertEquals(20_000, parsed.diagnostics().size()); // one "missing end of block" per RS
        assertTrue(parsed.render(78, Style.PLAIN).contains("deep\n"));
    }

    @Test
    void conditionBodiesAreReportedWhereTheyStand() {
        // expected: mandoc -T lint -W all on the same input
        ManPage page = ManPage.parse(".TH X 1 2026-01-01\n.SH NAME\n.ds XX y\n.if n .br\nx\n", "x.1");
        assertEquals(List.of(
                "x.1:4:7: WARNING: skipping paragraph macro: br after SH"),
                page.diagnostics().stream().map(Diagnostic::toString).toList());
    }
}
