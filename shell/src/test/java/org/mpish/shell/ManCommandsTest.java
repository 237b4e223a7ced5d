package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorOutputStream;
import org.apache.commons.compress.compressors.zstandard.ZstdCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpish.shell.man.ManSearch;
import org.mpish.shell.man.Style;

/** man(1)'s interface: lookup, options, files, compression, .so, exit codes (man-db's). */
class ManCommandsTest {

    @TempDir
    Path tmp;

    /** What one man run printed. */
    record Run(int rc, String pages, List<String> lines, List<String> errors) { }

    static Run man(String... args) {
        StringBuilder pages = new StringBuilder();
        List<String> lines = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        int rc = ManCommands.man(List.of(args), new ManCommands.Io(pages::append, lines::add, errors::add, 78, Style.PLAIN));
        for (String e : errors) {
            assertTrue(!e.contains("\n") && !e.contains("Exception"), "one-line error without a stack trace: " + e);
        }
        return new Run(rc, pages.toString(), lines, errors);
    }

    private static String page(String title, String section, String name, String body) {
        return ".TH " + title + " " + section + " 2026-11-26 test\n.SH NAME\n" + name + " \\- " + body + "\n.SH DESCRIPTION\n" + body + " text.\n";
    }

    private Path write(String rel, String text) throws IOException {
        Path p = tmp.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    private Path writeBytes(String rel, byte[] b) throws IOException {
        Path p = tmp.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.write(p, b);
        return p;
    }

    private static byte[] compress(String kind, String text) throws IOException {
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        try (OutputStream os = switch (kind) {
            case "gz" -> new GZIPOutputStream(bo);
            case "bz2" -> new BZip2CompressorOutputStream(bo);
            case "xz" -> new XZCompressorOutputStream(bo);
            default -> new ZstdCompressorOutputStream(bo);
        }) {
            os.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bo.toByteArray();
    }

    /** The page of {@link #deviceChoosesTheCharacterSet}; the expected lines are mandoc 1.14.6's. */
    private static final String SPECIALS = ".TH T 1 2026-11-26 test\n.SH NAME\nt \\- quotes\n.SH DESCRIPTION\n"
            + "A \\(em dash, \\(lqquoted\\(rq, \\(bu bullet, caf\\[u00E9] \\(>= 1.\n.TS\nbox;\nl l.\na\tb\n.TE\n";

    @Test
    void deviceChoosesTheCharacterSet() throws IOException {
        Path f = write("t.1", SPECIALS);
        // mandoc -T utf8 t.1 | col -bx
        Run utf8 = man("-T", "utf8", "-l", f.toString());
        assertEquals(0, utf8.rc());
        assertTrue(utf8.pages().contains("\n       A \u2014 dash, \u201Cquoted\u201D, \u2022 bullet, caf\u00E9 \u2265 1.\n"), utf8.pages());
        assertTrue(utf8.pages().contains("\n       \u250C\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n       \u2502a   b \u2502\n"
                + "       \u2514\u2500\u2500\u2500\u2500\u2500\u2500\u2518\n"), utf8.pages());
        // mandoc -T ascii t.1 | col -bx; also what an Io without a device gets
        for (Run ascii : List.of(man("-Tascii", "-l", f.toString()), man("-l", f.toString()))) {
            assertEquals(0, ascii.rc());
            assertTrue(ascii.pages().contains("\n       A -- dash, \"quoted\", o bullet, cafe >= 1.\n"), ascii.pages());
        }
        Run bad = man("-T", "latin1", "-l", f.toString());
        assertEquals(ManCommands.USAGE, bad.rc());
        assertTrue(bad.errors().get(0).contains("-T takes ascii or utf8"), bad.errors().toString());
    }

    @Test
    void sectionsAreSearchedInManDbOrderAndASectionNarrowsTheSearch() throws IOException {
        write("m/man1/foo.1", page("FOO", "1", "foo", "the command"));
        write("m/man3/foo.3", page("FOO", "3", "foo", "the function"));
        write("m/man3/foo.3ssl", page("FOO", "3ssl", "foo", "the ssl function"));
        String mp = tmp.resolve("m").toString();
        assertEquals(List.of(tmp.resolve("m/man1/foo.1").toString()), man("-M", mp, "-w", "foo").lines());
        assertEquals(List.of(tmp.resolve("m/man3/foo.3").toString()), man("-M", mp, "-w", "3", "foo").lines());
        assertEquals(List.of(tmp.resolve("m/man3/foo.3ssl").toString()), man("-M", mp, "-w", "3ssl", "foo").lines());
        assertEquals(3, man("-M", mp, "-aw", "foo").lines().size());
        Run r = man("-M", mp, "3", "foo");
        assertEquals(0, r.rc());
        assertTrue(r.pages().startsWith("FOO(3)"), r.pages());
        assertTrue(r.pages().contains("the function text."), r.pages());
        Run both = man("-M" + mp, "-a", "foo");
        assertTrue(both.pages().contains("the command text.") && both.pages().contains("the ssl function text."), both.pages());
    }

    @Test
    void aMissingPageExitsWith16AndTheOthersAreStillShown() throws IOException {
        write("m/man1/foo.1", page("FOO", "1", "foo", "the command"));
        Run r = man("-M", tmp.resolve("m").toString(), "nosuch", "foo");
        assertEquals(16, r.rc());
        assertEquals(List.of("No manual entry for nosuch"), r.errors());
        assertTrue(r.pages().contains("the command text."));
        assertEquals(16, man("-M", tmp.resolve("m").toString(), "7", "foo").rc());
    }

    @Test
    void filesAreReadWithDashLOrWhenTheArgumentHasASlash() throws IOException {
        Path f = write("page.3", page("PAGE", "3", "page", "a local page"));
        assertTrue(man("-l", f.toString()).pages().contains("a local page text."));
        assertTrue(man(f.toString()).pages().contains("a local page text."));
        Run missing = man("-l", tmp.resolve("none.1").toString());
        assertEquals(16, missing.rc());
        assertEquals(1, missing.errors().size());
        Run dir = man("-l", tmp.toString());
        assertEquals(2, dir.rc());
        assertTrue(dir.errors().get(0).contains("is a directory"), dir.errors().toString());
        Path bin = writeBytes("bin.1", new byte[] {0x7f, 'E', 'L', 'F', 0, 0, 1, 2});
        Run b = man("-l", bin.toString());
        assertEquals(2, b.rc());
        assertTrue(b.errors().get(0).contains("binary"), b.errors().toString());
    }

    @Test
    void compressedPagesAreReadWhateverTheCompression() throws IOException {
        for (String kind : List.of("gz", "bz2", "xz", "zst")) {
            String text = page("Z" + kind.toUpperCase(), "1", "z" + kind, "compressed with " + kind);
            writeBytes("m/man1/z" + kind + ".1." + kind, compress(kind, text));
            Run r = man("-M", tmp.resolve("m").toString(), "z" + kind);
            assertEquals(0, r.rc(), kind + ": " + r.errors());
            assertTrue(r.pages().contains("compressed with " + kind + " text."), kind + ": " + r.pages());
        }
        byte[] gz = compress("gz", page("BAD", "1", "bad", "x"));
        Path bad = writeBytes("m/man1/bad.1.gz", java.util.Arrays.copyOf(gz, gz.length / 2));
        Run r = man("-l", bad.toString());
        assertEquals(2, r.rc());
        assertTrue(r.errors().get(0).contains("cannot decompress"), r.errors().toString());
    }

    @Test
    void soLinksAreResolvedFromTheManualRootAndLoopsOrEscapesAreStopped() throws IOException {
        write("m/man3/real.3", page("REAL", "3", "real, alias", "the real page"));
        write("m/man3/alias.3", ".so man3/real.3\n");
        write("m/man3/loop.3", ".TH LOOP 3\n.SH NAME\nloop \\- x\n.so man3/loop.3\n.SH DESCRIPTION\nafter the loop\n");
        write("outside.3", page("OUT", "3", "out", "secret"));
        write("m/man3/escape.3", ".TH ESC 3\n.SH NAME\nescape \\- x\n.SH DESCRIPTION\n.so ../outside.3\nstill here\n");
        String mp = tmp.resolve("m").toString();
        assertTrue(man("-M", mp, "alias").pages().contains("the real page text."));
        Run loop = man("-M", mp, "loop");
        assertEquals(0, loop.rc());
        assertTrue(loop.pages().contains("after the loop"), loop.pages());
        Run esc = man("-M", mp, "escape");
        assertTrue(esc.pages().contains("still here") && !esc.pages().contains("secret"), esc.pages());
    }

    @Test
    void whatisAndAproposSearchTheNameSectionsAndSeeNewPages() throws IOException {
        write("m/man1/alpha.1", page("ALPHA", "1", "alpha", "first letter of the zyxwv alphabet"));
        String mp = tmp.resolve("m").toString();
        assertEquals(List.of("alpha(1) - first letter of the zyxwv alphabet"), man("-M", mp, "-f", "alpha").lines());
        assertEquals(List.of("alpha(1) - first letter of the zyxwv alphabet"), man("-M", mp, "-k", "zyxwv").lines());
        Run none = man("-M", mp, "-k", "qqqq");
        assertEquals(16, none.rc());
        assertEquals(List.of("qqqq: nothing appropriate."), none.errors());
        write("m/man7/beta.7", page("BETA", "7", "beta", "second letter of the zyxwv alphabet"));
        assertEquals(2, man("-M", mp, "-k", "zyxwv").lines().size(), "the index is refreshed when a folder changes");
    }

    @Test
    void aMacroThatCallsItselfStopsAndTheRestOfThePageIsShown() throws IOException {
        Path f = write("rec.1", ".TH R 1 2026-11-26\n.SH NAME\nr \\- x\n.de X\n.X\n..\n.X\nafter\n");
        Run r = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> man("-l", f.toString()));
        assertEquals(0, r.rc());
        assertTrue(r.pages().contains("r - x after"), r.pages()); // mandoc -T ascii shows the same line
        Run lint = man("--lint", f.toString());
        assertTrue(lint.lines().stream().anyMatch(l -> l.contains("input stack limit exceeded")), lint.lines().toString());
    }

    @Test
    void aPageInLatin1IsReadAsLatin1() throws IOException {
        Path f = writeBytes("latin.1", ".TH L 1 2026-11-26\n.SH NAME\nl \\- caf\u00e9 na\u00efve\n"
                .getBytes(StandardCharsets.ISO_8859_1));
        // mandoc -T ascii transliterates the same way
        assertTrue(man("-l", f.toString()).pages().contains("       l - cafe naive\n"));
    }

    @Test
    void aLargePageIsRenderedWithoutTrouble() throws IOException {
        StringBuilder sb = new StringBuilder(".TH HUGE 1 2026-11-26\n.SH NAME\nhuge \\- big\n.SH DESCRIPTION\n");
        String line = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.\n";
        while (sb.length() < 4_000_000) {
            sb.append(line);
        }
        sb.append("The end.\n");
        Path f = write("huge.1", sb.toString());
        Run r = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(120),
                () -> man("-l", f.toString()));
        assertEquals(0, r.rc());
        assertTrue(r.pages().contains("The end."));
    }

    @Test
    void optionsAreCheckedAndExplained() {
        Run r = man("-q", "ls");
        assertEquals(2, r.rc());
        assertTrue(r.errors().get(0).contains("unknown option -q"), r.errors().toString());
        assertEquals(2, man().rc());
        assertEquals(2, man("-M").rc());
    }

    @Test
    void manpathEmptyComponentsStandForTheSystemPath() throws IOException {
        Path a = Files.createDirectories(tmp.resolve("a"));
        List<Path> sys = ManSearch.systemDefault();
        assertEquals(List.of(a), ManSearch.manpath(a.toString(), null, null));
        List<Path> appended = ManSearch.manpath(null, a + ":", null);
        assertEquals(a, appended.get(0));
        assertEquals(sys, appended.subList(1, appended.size()));
        List<Path> prepended = ManSearch.manpath(null, ":" + a, null);
        assertEquals(a, prepended.get(prepended.size() - 1));
        assertEquals(List.of(a), ManSearch.manpath(null, a.toString(), null));
    }

    /** The issue's done-when checks: Open MPI's page given as a file, and printf(3) from the system path. */
    @Test
    void openMpiPageAndPrintfRenderExactlyAsMandoc() throws IOException, InterruptedException {
        Path kv = Path.of("/usr/share/man/man3/MPI_Keyval_create.openmpi.3.gz");
        assumeTrue(Files.exists(kv) && onPath("mandoc") && onPath("col"), "Open MPI's pages and mandoc are installed");
        assertEquals(mandoc(kv, 78), man("-l", kv.toString()).pages());
        Run printf = man("3", "printf");
        String file = man("-w", "3", "printf").lines().get(0);
        assumeTrue(file.startsWith("/usr/"), "printf(3) is the system's page");
        assertEquals(mandoc(Path.of(file), 78), printf.pages());
    }

    static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, tool))) return true;
        }
        return false;
    }

    static String mandoc(Path file, int width) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", "mandoc -T ascii -O width=" + width + " \"$0\" | col -bx", file.toString())
                .directory(file.getParent().getParent().toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        p.waitFor();
        return out;
    }
}
