package org.mpish.shell.man;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A parsed and validated man(7) page, ready to be rendered at any width.
 * <pre>
 *   ManPage page = ManPage.parse(source, "MPI_Put.3");
 *   String text = page.render(78, Style.PLAIN);      // == mandoc -T ascii -O width=78 | col -bx
 *   page.diagnostics().forEach(System.err::println); // file:line:col: LEVEL: message
 * </pre>
 * Malformed input is reported and rendered as well as possible; no method throws on bad input.
 * A parsed page is not modified by rendering, so it may be rendered from several threads.
 */
public final class ManPage {
    /** Default output width, as mandoc's. */
    public static final int DEFAULT_WIDTH = 78;

    private final String fileName;
    private final ManNode.Root root;
    private final ManValidator.Meta meta;
    private final List<Diagnostic> diagnostics;
    /**
     * An mdoc(7) page's source, parsed again for each rendering (the mdoc formatter edits its
     * tree as it goes); null for man(7).
     */
    private final String mdoc;
    /** The pages an mdoc(7) page names with {@code .Xr}; empty for man(7). */
    private List<MdocParser.Xref> xrefs = List.of();

    private ManPage(String fileName, ManNode.Root root, ManValidator.Meta meta, List<Diagnostic> diagnostics,
            String mdoc) {
        this.fileName = fileName;
        this.root = root;
        this.meta = meta;
        this.diagnostics = diagnostics;
        this.mdoc = mdoc;
    }

    /** Parses and checks a page; {@code fileName} is only used in diagnostics. */
    public static ManPage parse(String source, String fileName) {
        try {
            return BigStack.call(() -> {
                Diags d = new Diags(fileName);
                if (source != null && MdocParser.isMdoc(source)) {
                    // mdoc(7) has its own parser; the man(7) tree stays empty
                    MdocParser doc = new MdocParser();
                    doc.run(source, d);
                    ManValidator.Meta meta = new ManValidator.Meta(doc.title, doc.section, doc.date, doc.os,
                            MdocFormatter.volume(doc.section), true);
                    ManPage page = new ManPage(fileName, new ManNode.Root(), meta, d.list(), source);
                    page.xrefs = List.copyOf(doc.xrefs.values());
                    return page;
                }
                ManParser parser = new ManParser(d);
                parser.run(source == null ? "" : source);
                ManValidator.Meta meta = ManValidator.validate(parser.s.root, parser.s, d, fileName);
                return new ManPage(fileName, parser.s.root, meta, d.list(), null);
            });
        } catch (RuntimeException | StackOverflowError e) {
            Diags d = new Diags(fileName);
            d.error(0, 0, "internal error, rendering nothing: " + e);
            ManNode.Root empty = new ManNode.Root();
            return new ManPage(fileName, empty, new ManValidator.Meta("", "", "", null, null, false), d.list(), null);
        }
    }

    /**
     * Reads (UTF-8, else ISO 8859-1) and parses a page file; diagnostics name it as given.
     *
     * @throws java.io.UncheckedIOException if the file cannot be read
     */
    public static ManPage parse(Path file) {
        return parse(ManLint.read(file), file.toString());
    }

    /** Renders {@code source} in one step. */
    public static String render(String source, String fileName, int width, Style style) {
        return parse(source, fileName).render(width, style);
    }

    /** The page laid out for a terminal {@code width} columns wide (clamped to 1..1000). */
    public String render(int width, Style style) {
        return render(width, style, Device.ASCII);
    }

    /** The page laid out for a terminal {@code width} columns wide in the device's character set. */
    public String render(int width, Style style, Device device) {
        int w = Math.max(1, Math.min(1000, width));
        boolean utf8 = device == Device.UTF8;
        try {
            return style.render(BigStack.call(() -> mdoc != null ? MdocFormatter.format(mdocTree(), w, utf8) : ManFormatter.format(root, meta, w, utf8)));
        } catch (RuntimeException | StackOverflowError e) {
            return fileName + ": internal error while formatting: " + e + "\n";
        }
    }

    List<MdocParser.Xref> xrefs() {
        return xrefs;
    }

    /** The file name given to {@link #parse(String, String)}, used in diagnostics. */
    String fileName() {
        return fileName;
    }

    /** Messages from parsing and validation, in mandoc's order. */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** The title from {@code .TH}, e.g. {@code MPI_PUT}; empty if missing. */
    public String title() {
        return meta.title();
    }

    /** The section from {@code .TH}, e.g. {@code 3}; empty if missing. */
    public String section() {
        return meta.section();
    }

    private MdocParser mdocTree() {
        MdocParser doc = new MdocParser();
        doc.run(mdoc, new Diags(fileName));
        return doc;
    }

    /** Whether the page is written in mdoc(7) (then {@link #tree()} is empty). */
    public boolean isMdoc() {
        return mdoc != null;
    }

    /** The man(7) syntax tree (after validation); empty for an mdoc(7) page. */
    public ManNode.Root tree() {
        return root;
    }

    /** Diagnostics at or above a level. */
    public List<Diagnostic> diagnostics(Level atLeast) {
        List<Diagnostic> out = new ArrayList<>();
        for (Diagnostic d : diagnostics) {
            if (d.level().compareTo(atLeast) >= 0) {
                out.add(d);
            }
        }
        return out;
    }
}
