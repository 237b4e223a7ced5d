package org.mpish.shell.man;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Lays out an mdoc(7) tree on the shared {@link Terminal}: each macro's behaviour is one row of
 * {@link #ROWS} (a pre action, which may suppress the children, and a post action), as in
 * mandoc's mdoc_term.c.  Section bodies are indented 5 columns.
 */
final class MdocFormatter {

    private interface Pre {
        boolean run(MdocFormatter f, MdocParser.Node n);
    }

    private interface Post {
        void run(MdocFormatter f, MdocParser.Node n);
    }

    private record Row(Pre pre, Post post) { }

    private static final Map<String, Row> ROWS = new HashMap<>();

    private static void row(String tok, Pre pre, Post post) {
        ROWS.put(tok, new Row(pre, post));
    }

    private static Pre font(byte font) {
        return (f, n) -> {
            f.p.fontRepl(font);
            return true;
        };
    }

    private static final Post ROMAN = (f, n) -> f.p.fontRepl(Output.ROMAN);

    private static Pre enclose(String open) {
        return (f, n) -> {
            f.p.word(open);
            f.p.flags |= Terminal.NOSPACE;
            return true;
        };
    }

    private static Post close(String close) {
        return (f, n) -> {
            f.p.flags |= Terminal.NOSPACE;
            f.p.word(close);
        };
    }

    static {
        row("Sh", MdocFormatter::preSh, MdocFormatter::postSh);
        row("Ss", MdocFormatter::preSh, MdocFormatter::postSh);
        row("Pp", (f, n) -> {
            f.p.vspace();
            return false;
        }, null);
        row("Lp", (f, n) -> {
            f.p.vspace();
            return false;
        }, null);
        row("Nm", MdocFormatter::preNm, ROMAN);
        row("Nd", (f, n) -> {
            f.p.word("-");
            return true;
        }, null);
        row("Fl", MdocFormatter::preFl, ROMAN);
        row("Ar", MdocFormatter::preAr, ROMAN);
        for (String t : List.of("Cm", "Ic", "Sy", "Cd", "Fd", "In", "Ft")) {
            row(t, font(Output.BOLD), ROMAN);
        }
        for (String t : List.of("Pa", "Va", "Fa", "Em", "Ad", "Ft", "Lk")) {
            row(t, font(Output.UNDER), ROMAN);
        }
        row("Ft", font(Output.UNDER), ROMAN);
        // in AUTHORS each author after the first starts a new line, unless .An -nosplit said otherwise
        row("An", (f, n) -> {
            if (!n.kids.isEmpty() && n.kids.get(0).tok == null
                    && (n.kids.get(0).text.equals("-split") || n.kids.get(0).text.equals("-nosplit"))) {
                f.split = n.kids.get(0).text.equals("-split");
                f.nosplit = !f.split;
                return false;
            }
            if (f.split) {
                f.p.newln();
            }
            if (f.section.equals("AUTHORS") && !f.nosplit) {
                f.split = true;
            }
            return true;
        }, null);
        row("Lb", MdocFormatter::preLb, MdocFormatter::postLb);
        row("TS", (f, n) -> {
            TblFormatter.render(f.p, n.table, false);
            return false;
        }, null);
        // roff requests kept in the mdoc tree
        row("br", (f, n) -> {
            f.p.newln();
            return false;
        }, null);
        row("sp", (f, n) -> {
            int lines = 1;
            if (!n.kids.isEmpty() && n.kids.get(0).tok == null) {
                int v = Units.vspan(n.kids.get(0).text, 'v');
                lines = v == Units.INVALID ? 1 : v;
            }
            for (int i = 0; i < lines; i++) {
                f.p.vspace();
            }
            f.p.newln();
            return false;
        }, null);
        row("St", MdocFormatter::preSt, null);
        // .Bf -emphasis / -symbolic / -literal ... .Ef: a block in one font
        row("Bf", (f, n) -> {
            String font = n.opts.isEmpty() ? "" : n.opts.get(0);
            f.p.fontRepl(switch (font) {
                case "-emphasis", "Em" -> Output.UNDER;
                case "-symbolic", "Sy" -> Output.BOLD;
                default -> Output.ROMAN;
            });
            return true;
        }, ROMAN);
        for (String t : List.of("Ev", "Dv", "Er", "Tn", "Ms", "Li", "No", "Mt", "Sx")) {
            row(t, null, null);
        }
        row("Op", enclose("["), close("]"));
        row("Oo", enclose("["), close("]"));
        row("Bq", enclose("["), close("]"));
        row("Bo", enclose("["), close("]"));
        row("Brq", enclose("{"), close("}"));
        row("Bro", enclose("{"), close("}"));
        row("Pq", enclose("("), close(")"));
        row("Po", enclose("("), close(")"));
        row("Aq", enclose("<"), close(">"));
        row("Ao", enclose("<"), close(">"));
        row("Dq", enclose("\""), close("\""));
        row("Do", enclose("\""), close("\""));
        row("Qq", enclose("\""), close("\""));
        row("Qo", enclose("\""), close("\""));
        row("Sq", enclose("\\(oq"), close("\\(cq"));
        row("So", enclose("\\(oq"), close("\\(cq"));
        row("Ql", enclose("\\(oq"), close("\\(cq"));
        row("Ns", (f, n) -> {
            if (!n.line) {
                f.p.flags |= Terminal.NOSPACE; // alone on its line it does nothing
            }
            return false;
        }, null);
        row("Pf", MdocFormatter::prePf, null);
        row("Xr", MdocFormatter::preXr, null);
        // .Sm off glues every following word to the one before, across lines and macros, until .Sm on
        row("Sm", (f, n) -> {
            if (n.opts.isEmpty()) {
                f.p.flags ^= Terminal.NONOSPACE;
            } else if (n.opts.get(0).equals("on")) {
                f.p.flags &= ~Terminal.NONOSPACE;
            } else {
                f.p.flags |= Terminal.NONOSPACE;
            }
            if (f.p.col > 0 && !f.p.has(Terminal.NONOSPACE)) {
                f.p.flags &= ~Terminal.NOSPACE;
            }
            return false;
        }, null);
        row("D1", MdocBlocks::preD1, MdocBlocks::postD1);
        row("Dl", MdocBlocks::preD1, MdocBlocks::postD1);
        row("Bd", MdocBlocks::preBd, MdocBlocks::postBd);
        row("Bl", MdocBlocks::preBl, MdocBlocks::postBl);
        row("It", MdocBlocks::preIt, MdocBlocks::postIt);
        row("Xo", null, null);
        // .Bk keeps the words of each input line together (on one output line)
        row("Bk", (f, n) -> {
            f.p.flags |= Terminal.PREKEEP;
            return true;
        }, (f, n) -> f.p.flags &= ~(Terminal.KEEP | Terminal.PREKEEP));
        row("Rs", (f, n) -> {
            if (f.section.equals("SEE ALSO") && MdocBlocks.previous(n) != null) {
                f.p.vspace();
            }
            return true;
        }, null);
        row("%A", (f, n) -> {
            if (isRef(prevSibling(n), "%A") && !isRef(nextSibling(n), "%A")) {
                f.p.word("and");
            }
            return true;
        }, MdocFormatter::postReference);
        for (String t : List.of("%B", "%I", "%J")) {
            row(t, font(Output.UNDER), MdocFormatter::postReference);
        }
        for (String t : List.of("%D", "%N", "%O", "%P", "%R", "%V", "%C", "%Q", "%U")) {
            row(t, null, MdocFormatter::postReference);
        }
        // a title is quoted when the reference also names a book or journal, else underlined
        row("%T", (f, n) -> {
            if (quotedTitle(n)) {
                f.p.word("\\(lq");
                f.p.flags |= Terminal.NOSPACE;
            } else {
                f.p.fontRepl(Output.UNDER);
            }
            return true;
        }, (f, n) -> {
            if (quotedTitle(n)) {
                f.p.flags |= Terminal.NOSPACE;
                f.p.word("\\(rq");
            }
            postReference(f, n);
        });
        row("Ux", (f, n) -> {
            f.p.word("UNIX");
            return true;
        }, null);
        row("Ox", bsd("OpenBSD"), null);
        row("Nx", bsd("NetBSD"), null);
        row("Fx", bsd("FreeBSD"), null);
        row("Dx", bsd("DragonFly"), null);
        row("Bsx", bsd("BSD/OS"), null);
        row("Bx", bsd("BSD"), null);
        row("Ex", MdocFormatter::preEx, null);
        row("Rv", MdocFormatter::preRv, null);
        row("Fn", MdocFormatter::preFn, MdocFormatter::postSynopsis);
        row("Fo", MdocFormatter::preFo, MdocFormatter::postSynopsis);
        row("Ft", MdocFormatter::preFt, MdocFormatter::postSynopsis);
        row("In", MdocFormatter::preIn, MdocFormatter::postSynopsis);
        row("Fd", MdocFormatter::preFd, MdocFormatter::postSynopsis);
        row("Vt", (f, n) -> {
            synopsisPre(f, n);
            f.p.fontRepl(Output.UNDER);
            return true;
        }, ROMAN);
    }

    private static boolean quotedTitle(MdocParser.Node n) {
        return n.parent != null && "Rs".equals(n.parent.tok) && n.parent.opts.contains("quoteT");
    }

    private static boolean isRef(MdocParser.Node n, String tok) {
        return n != null && tok.equals(n.tok);
    }

    private static MdocParser.Node prevSibling(MdocParser.Node n) {
        int i = n.parent.kids.indexOf(n);
        return i > 0 ? n.parent.kids.get(i - 1) : null;
    }

    private static MdocParser.Node nextSibling(MdocParser.Node n) {
        int i = n.parent.kids.indexOf(n);
        return i + 1 < n.parent.kids.size() ? n.parent.kids.get(i + 1) : null;
    }

    /**
     * After a part of a reference: a comma, or a full stop after the last part; two authors in a
     * row are joined by "and" alone (no comma after the first).
     */
    private static void postReference(MdocFormatter f, MdocParser.Node n) {
        f.p.fontRepl(Output.ROMAN);
        MdocParser.Node next = nextSibling(n);
        if (isRef(n, "%A") && isRef(next, "%A") && !isRef(nextSibling(next), "%A") && !isRef(prevSibling(n), "%A")) {
            return;
        }
        if (n.parent == null || !"Rs".equals(n.parent.tok)) {
            return;
        }
        f.p.flags |= Terminal.NOSPACE;
        if (next == null) {
            f.p.word(".");
            f.p.flags |= Terminal.SENTENCE;
        } else {
            f.p.word(",");
        }
    }

    private static Pre bsd(String name) {
        return (f, n) -> {
            boolean version = !n.kids.isEmpty() && n.kids.get(0).tok == null
                    && MdocParser.delim(n.kids.get(0).text) == MdocParser.NONE;
            if (name.equals("BSD") && version) {
                // .Bx 4.4 is "4.4BSD"
                f.p.word(n.kids.get(0).text);
                f.p.flags |= Terminal.NOSPACE;
                f.p.word(name);
                for (int i = 1; i < n.kids.size(); i++) {
                    f.node(n.kids.get(i));
                }
                return false;
            }
            f.p.word(name);
            return true;
        };
    }

    final Terminal p;
    private final MdocParser doc;
    private String name = "";
    private String section = "";
    /** .An's line splitting: on after the first author in AUTHORS, or as .An -split / -nosplit set it. */
    private boolean split;
    private boolean nosplit;
    private int listDepth;
    /** Display and list state, kept here and laid out by {@link MdocBlocks}. */
    final java.util.ArrayDeque<Integer> savedOffset = new java.util.ArrayDeque<>();
    final java.util.ArrayDeque<Boolean> savedNofill = new java.util.ArrayDeque<>();
    boolean nofill;
    final java.util.ArrayDeque<Integer> counter = new java.util.ArrayDeque<>();

    private MdocFormatter(Terminal p, MdocParser doc) {
        this.p = p;
        this.doc = doc;
    }

    static Output format(MdocParser doc, int width) {
        Terminal p = new Terminal(width);
        MdocFormatter f = new MdocFormatter(p, doc);
        String vol = volume(doc.section);
        if (doc.arch != null) {
            vol = vol + " (" + doc.arch.toLowerCase(java.util.Locale.ROOT) + ")"; // mandoc prints the architecture in lower case
        }
        ManValidator.Meta meta = new ManValidator.Meta(doc.title, doc.section, doc.date, doc.os, vol, true);
        PageFrame.header(p, meta);
        p.flags |= Terminal.NOSPACE;
        f.kids(doc.root);
        p.newln();
        // mdoc's footer: OS on both sides, the date in the middle
        footer(p, doc.os, doc.date);
        return p.out;
    }

    /** mandoc's fallback for an empty .Os: the system's name (Debian's build uses the distribution). */
    static String defaultOs() {
        try {
            for (String l : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/etc/os-release"))) {
                if (l.startsWith("ID=")) {
                    String id = l.substring(3).replace("\"", "");
                    return id.isEmpty() ? "" : Character.toUpperCase(id.charAt(0)) + id.substring(1);
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // fall through
        }
        return System.getProperty("os.name", "");
    }

    private static void footer(Terminal p, String os, String date) {
        p.vspace();
        int max = p.maxrmargin;
        int datelen = Deroff.width(date);
        int oslen = Deroff.width(os);
        p.offset = 0;
        p.rmargin = max > datelen ? (max + 1 - datelen) / 2 : 0;
        p.trailspace = 1;
        p.flags |= Terminal.NOSPACE | Terminal.NOBREAK;
        p.word(os);
        p.flushln();
        p.offset = p.rmargin;
        p.rmargin = max > oslen ? max - oslen : 0;
        p.flags |= Terminal.NOSPACE;
        p.word(date);
        p.flushln();
        p.offset = p.rmargin;
        p.rmargin = max;
        p.trailspace = 0;
        p.flags &= ~Terminal.NOBREAK;
        p.flags |= Terminal.NOSPACE;
        p.word(os);
        p.flushln();
        p.offset = 0;
        p.flags = 0;
    }

    static String volume(String sec) {
        return switch (sec) {
            case "1" -> "General Commands Manual";
            case "2" -> "System Calls Manual";
            case "3", "3p", "3t" -> "Library Functions Manual";
            case "4" -> "Device Drivers Manual";
            case "5" -> "File Formats Manual";
            case "6" -> "Games Manual";
            case "7" -> "Miscellaneous Information Manual";
            case "8" -> "System Manager's Manual";
            case "9" -> "Kernel Developer's Manual";
            default -> sec; // mandoc names an unknown section by itself
        };
    }

    private void kids(MdocParser.Node n) {
        for (MdocParser.Node k : List.copyOf(n.kids)) {
            node(k);
        }
    }

    void node(MdocParser.Node n) {
        // as in mandoc, a keep lasts to the end of its input line: the next line starts a new one
        if (p.has(Terminal.KEEP) && n.line) {
            p.flags &= ~Terminal.KEEP;
            p.flags |= Terminal.PREKEEP;
        }
        if (n.tok == null) {
            text(n);
            return;
        }
        Row r = ROWS.get(n.tok);
        if (r == null) {
            kids(n);
            return;
        }
        if ((r.pre() == null || r.pre().run(this, n))) {
            kids(n);
        }
        if (r.post() != null) {
            r.post().run(this, n);
        }
    }

    private void text(MdocParser.Node n) {
        String t = n.text;
        if (n.line) {
            if (t.startsWith(" ") || t.startsWith("\t")) {
                p.newln();
            }
            p.word(ManParser.hyphens(t));
            if (n.eos) {
                p.flags |= Terminal.SENTENCE;
            }
            return;
        }
        if (n.parent != null && BREAKABLE_HYPHENS.contains(n.parent.tok)) {
            t = ManParser.hyphens(t);
        }
        int d = MdocParser.delim(t);
        if (n.eos) {
            if (d == MdocParser.CLOSE) {
                p.flags |= Terminal.NOSPACE;
            }
            p.word(t);
            p.flags |= Terminal.SENTENCE;
            return;
        }
        if (d == MdocParser.CLOSE) {
            p.flags |= Terminal.NOSPACE;
        }
        p.word(t);
        if (d == MdocParser.OPEN) {
            p.flags |= Terminal.NOSPACE;
        }
    }

    /**
     * Macros whose words may break at a hyphen between letters, as in text lines (mandoc's
     * validator marks those hyphens for these macros only).
     */
    private static final java.util.Set<String> BREAKABLE_HYPHENS = java.util.Set.of("%B", "%N", "%O", "%R", "%T",
            "Nd", "D1", "Sx");

    private static boolean isLast(MdocParser.Node n) {
        while (n.parent != null && !n.parent.line) {
            if (n.parent.kids.get(n.parent.kids.size() - 1) != n) {
                return false;
            }
            n = n.parent;
        }
        return n.parent == null || n.parent.kids.get(n.parent.kids.size() - 1) == n;
    }

    private static boolean preSh(MdocFormatter f, MdocParser.Node n) {
        Terminal p = f.p;
        p.newln();
        MdocParser.Node before = MdocBlocks.previous(n);
        // (subsections sit beside their section in this tree: a section just before means "first")
        boolean opensSection = n.tok.equals("Ss") && (before == null
                || "Sh".equals(before.tok) && before.kids.stream().noneMatch(k -> k.line));
        if (n.tok.equals("Ss") ? !opensSection : !isFirstBody(n)) {
            p.vspace(); // none before a subsection that opens its section
        }
        p.offset = n.tok.equals("Sh") ? 0 : 3;
        p.fontRepl(Output.BOLD);
        StringBuilder title = new StringBuilder();
        int head = 0;
        for (MdocParser.Node k : n.kids) {
            if (k.line) {
                break;
            }
            head++;
            title.append(k.text == null ? "" : k.text).append(' ');
        }
        for (int i = 0; i < head; i++) {
            f.node(n.kids.get(i));
        }
        p.fontRepl(Output.ROMAN);
        p.newln();
        if (n.tok.equals("Sh")) {
            f.section = title.toString().strip();
            if (f.section.equals("AUTHORS")) {
                f.split = false;
                f.nosplit = false;
            }
        }
        p.offset = 5;
        MdocBlocks.tabs(p, ".5i");
        p.flags |= Terminal.NOSPACE;
        for (int i = head; i < n.kids.size(); i++) {
            f.node(n.kids.get(i));
        }
        return false;
    }

    /** Library descriptions for {@code .Lb}, by library name. */
    private static final Map<String, String> LIBRARIES = new HashMap<>();

    static {
        try (java.io.InputStream in = MdocFormatter.class.getResourceAsStream("mdoc-lib.tsv")) {
            if (in == null) {
                throw new IllegalStateException("missing resource mdoc-lib.tsv");
            }
            for (String l : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                int tab = l.indexOf('\t');
                if (!l.startsWith("#") && tab > 0) {
                    LIBRARIES.put(l.substring(0, tab), l.substring(tab + 1));
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Standards for {@code .St}, by specifier. */
    private static final Map<String, String> STANDARDS = table("mdoc-st.tsv");

    /** {@code .St -specifier}: the standard's name; an unknown specifier prints nothing (as mandoc). */
    private static boolean preSt(MdocFormatter f, MdocParser.Node n) {
        if (!n.kids.isEmpty() && n.kids.get(0).tok == null) {
            String name = STANDARDS.get(n.kids.get(0).text);
            if (name != null) {
                f.p.word(name);
            }
        }
        return false;
    }

    private static Map<String, String> table(String resource) {
        Map<String, String> m = new HashMap<>();
        try (java.io.InputStream in = MdocFormatter.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            for (String l : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                int tab = l.indexOf('\t');
                if (!l.startsWith("#") && tab > 0) {
                    m.put(l.substring(0, tab), l.substring(tab + 1));
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return m;
    }

    /** {@code .Lb name}: the library's description, or {@code library "name"} for an unknown one. */
    private static boolean preLb(MdocFormatter f, MdocParser.Node n) {
        for (int i = 0; i < n.kids.size(); i++) {
            MdocParser.Node k = n.kids.get(i);
            if (i == 0 && k.tok == null) {
                String d = LIBRARIES.get(k.text);
                // the minus of "-lname" is a minus sign, not a place to break the line
                f.p.word(d != null ? d.replace("-", "\\-") : "library \\(lq" + k.text + "\\(rq");
            } else {
                f.node(k);
            }
        }
        return false;
    }

    /** In the LIBRARY section a {@code .Lb} line ends the output line. */
    private static void postLb(MdocFormatter f, MdocParser.Node n) {
        if (n.line && f.section.equals("LIBRARY")) {
            f.p.newln();
        }
    }

    private static boolean isFirstBody(MdocParser.Node n) {
        return n.parent.kids.get(0) == n;
    }

    private static void postSh(MdocFormatter f, MdocParser.Node n) {
        f.p.newln();
    }

    private static boolean preNm(MdocFormatter f, MdocParser.Node n) {
        if (f.name.isEmpty() && !n.kids.isEmpty() && n.kids.get(0).tok == null) {
            f.name = n.kids.get(0).text;
        }
        if (n.line && f.section.equals("SYNOPSIS") && n.parent.tok != null && n.parent.tok.equals("Sh")) {
            return synopsisNm(f, n);
        }
        f.p.fontRepl(Output.BOLD);
        if (n.kids.isEmpty() || n.kids.get(0).tok != null || MdocParser.delim(n.kids.get(0).text) != MdocParser.NONE) {
            f.p.word(f.name);
        }
        return true;
    }

    /** In SYNOPSIS, a .Nm line starts a block: the name, then the rest indented after it. */
    private static boolean synopsisNm(MdocFormatter f, MdocParser.Node n) {
        Terminal p = f.p;
        List<MdocParser.Node> sib = n.parent.kids;
        int idx = sib.indexOf(n);
        p.newln();
        if (idx > 1 && sib.get(idx - 1).tok != null && !"Nm".equals(sib.get(idx - 1).tok)) {
            p.vspace();
        } else if (idx > 1 && sib.get(idx - 1).tok == null) {
            p.vspace();
        }
        String nm = !n.kids.isEmpty() && n.kids.get(0).tok == null ? n.kids.get(0).text : f.name;
        int off = p.offset;
        p.flags |= Terminal.NOBREAK | Terminal.BRIND;
        p.rmargin = off + Deroff.width(nm) + 1;
        p.fontRepl(Output.BOLD);
        p.word(nm);
        p.fontRepl(Output.ROMAN);
        p.flushln();
        p.flags &= ~(Terminal.NOBREAK | Terminal.BRIND);
        p.offset = p.rmargin;
        p.rmargin = p.maxrmargin;
        p.flags |= Terminal.NOSPACE;
        int start = !n.kids.isEmpty() && n.kids.get(0).tok == null ? 1 : 0;
        for (int i = start; i < n.kids.size(); i++) {
            f.node(n.kids.get(i));
        }
        // following lines up to the next .Nm belong to this block; mandoc keeps each of
        // those input lines on one output line
        p.flags |= Terminal.PREKEEP;
        int j = idx + 1;
        while (j < sib.size() && !("Nm".equals(sib.get(j).tok) && sib.get(j).line) && !"Pp".equals(sib.get(j).tok)) {
            MdocParser.Node k = sib.get(j);
            f.node(k);
            sib.remove(j);
        }
        p.flags &= ~(Terminal.KEEP | Terminal.PREKEEP);
        p.newln();
        p.offset = off;
        return false;
    }

    /** A dash before the flag; glued to it, or to a macro that follows on the same line. */
    private static boolean preFl(MdocFormatter f, MdocParser.Node n) {
        f.p.fontRepl(Output.BOLD);
        f.p.word("\\-");
        MdocParser.Node next = next(n);
        if (!n.kids.isEmpty() || next != null && next.tok != null && !next.line) {
            f.p.flags |= Terminal.NOSPACE;
        }
        return true;
    }

    private static MdocParser.Node next(MdocParser.Node n) {
        List<MdocParser.Node> s = n.parent.kids;
        int i = s.indexOf(n);
        return i + 1 < s.size() ? s.get(i + 1) : null;
    }

    private static boolean preAr(MdocFormatter f, MdocParser.Node n) {
        f.p.fontRepl(Output.UNDER);
        if (n.kids.isEmpty()) {
            f.p.word("file");
            f.p.word("...");
        }
        return true;
    }

    private static boolean prePf(MdocFormatter f, MdocParser.Node n) {
        if (!n.kids.isEmpty()) {
            f.node(n.kids.get(0));
            f.p.flags |= Terminal.NOSPACE;
            for (int i = 1; i < n.kids.size(); i++) {
                f.node(n.kids.get(i));
            }
        }
        return false;
    }

    private static boolean preXr(MdocFormatter f, MdocParser.Node n) {
        if (n.kids.isEmpty()) {
            return false;
        }
        f.p.word(n.kids.get(0).text);
        if (n.kids.size() > 1) {
            f.p.flags |= Terminal.NOSPACE;
            f.p.word("(");
            f.p.flags |= Terminal.NOSPACE;
            f.p.word(n.kids.get(1).text);
            f.p.flags |= Terminal.NOSPACE;
            f.p.word(")");
        }
        return false;
    }

    private static boolean preEx(MdocFormatter f, MdocParser.Node n) {
        String nm = n.kids.size() > 1 ? n.kids.get(1).text : f.name;
        f.p.word("The");
        f.p.fontRepl(Output.BOLD);
        f.p.word(nm);
        f.p.fontRepl(Output.ROMAN);
        f.p.word("utility exits 0 on success, and >0 if an error occurs.");
        f.p.flags |= Terminal.SENTENCE;
        return false;
    }

    private boolean inSynopsis(MdocParser.Node n) {
        return n.line && section.equals("SYNOPSIS") && n.parent.tok != null && n.parent.tok.equals("Sh");
    }

    /**
     * Spacing before a SYNOPSIS element, as mandoc decides: a line break after one of the same
     * kind (except functions, which always group with what precedes), a blank line after a
     * function, include, directive or variable (or after a type not followed by its function),
     * a line break otherwise.
     */
    private static void synopsisPre(MdocFormatter f, MdocParser.Node n) {
        if (!f.inSynopsis(n)) {
            return;
        }
        MdocParser.Node prev = MdocBlocks.previous(n);
        if (prev == null) {
            return;
        }
        if (n.tok.equals(prev.tok) && !List.of("Ft", "Fo", "Fn").contains(n.tok)) {
            f.p.newln();
            return;
        }
        String pt = prev.tok == null ? "" : prev.tok;
        boolean fn = n.tok.equals("Fn") || n.tok.equals("Fo");
        if (List.of("Fd", "Fn", "Fo", "In", "Vt").contains(pt) || pt.equals("Ft") && !fn) {
            f.p.vspace();
        } else {
            f.p.newln();
        }
    }

    private static void postSynopsis(MdocFormatter f, MdocParser.Node n) {
        f.p.fontRepl(Output.ROMAN);
        if (f.inSynopsis(n)) {
            f.p.newln();
        }
    }

    private static boolean preFt(MdocFormatter f, MdocParser.Node n) {
        synopsisPre(f, n);
        f.p.fontRepl(Output.UNDER);
        return true;
    }

    private static boolean preIn(MdocFormatter f, MdocParser.Node n) {
        synopsisPre(f, n);
        boolean syn = f.inSynopsis(n);
        if (syn) {
            f.p.fontRepl(Output.BOLD);
            f.p.word("#include");
            f.p.fontRepl(Output.ROMAN);
        }
        f.p.word("<");
        f.p.flags |= Terminal.NOSPACE;
        f.p.fontRepl(Output.UNDER);
        for (MdocParser.Node k : n.kids) {
            f.p.word(k.text);
        }
        f.p.fontRepl(Output.ROMAN);
        f.p.flags |= Terminal.NOSPACE;
        f.p.word(">");
        return false;
    }

    private static boolean preFd(MdocFormatter f, MdocParser.Node n) {
        synopsisPre(f, n);
        f.p.fontRepl(Output.BOLD);
        return true;
    }

    /** .Fo name / .Fa lines / .Fc: laid out as one .Fn with those arguments. */
    private static boolean preFo(MdocFormatter f, MdocParser.Node n) {
        List<String> args = new java.util.ArrayList<>();
        for (MdocParser.Node k : n.kids) {
            if (k.tok == null && args.isEmpty()) {
                args.add(k.text);
            } else if ("Fa".equals(k.tok)) {
                for (MdocParser.Node w : k.kids) {
                    if (w.tok == null) {
                        args.add(w.text);
                    }
                }
            }
        }
        return fn(f, n, args);
    }

    private static boolean preFn(MdocFormatter f, MdocParser.Node n) {
        List<String> args = new java.util.ArrayList<>();
        for (MdocParser.Node k : n.kids) {
            args.add(k.text == null ? "" : k.text);
        }
        return fn(f, n, args);
    }

    private static boolean fn(MdocFormatter f, MdocParser.Node n, List<String> args) {
        synopsisPre(f, n);
        boolean syn = f.inSynopsis(n);
        Terminal p = f.p;
        if (args.isEmpty()) {
            return false;
        }
        int off = p.offset;
        if (syn) {
            p.flags |= Terminal.NOBREAK | Terminal.BRIND;
            p.rmargin = off + 4;
        }
        p.fontRepl(Output.BOLD);
        p.word(args.get(0));
        p.fontRepl(Output.ROMAN);
        p.flags |= Terminal.NOSPACE;
        p.word("(");
        p.flags |= Terminal.NOSPACE;
        for (int i = 1; i < args.size(); i++) {
            p.fontRepl(Output.UNDER);
            String a = args.get(i);
            // within one argument the words of a prototype (or of any .Fo argument) do not break apart
            p.word(syn || n.tok.equals("Fo") ? a.replace(" ", "\\~") : a);
            p.fontRepl(Output.ROMAN);
            if (i + 1 < args.size()) {
                p.flags |= Terminal.NOSPACE;
                p.word(",");
            }
        }
        p.flags |= Terminal.NOSPACE;
        p.word(")");
        if (syn) {
            p.flags |= Terminal.NOSPACE;
            p.word(";");
            p.flushln();
            p.flags &= ~(Terminal.NOBREAK | Terminal.BRIND);
            p.offset = off;
            p.rmargin = p.maxrmargin;
        }
        return false;
    }

    private static boolean preRv(MdocFormatter f, MdocParser.Node n) {
        Terminal p = f.p;
        List<String> names = new java.util.ArrayList<>();
        for (MdocParser.Node k : n.kids) {
            if (k.tok == null && !k.text.equals("-std")) {
                names.add(k.text);
            }
        }
        if (names.isEmpty()) {
            names.add(f.name);
        }
        p.word("The");
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                p.word(i + 1 == names.size() ? "and" : ",");
            }
            p.fontRepl(Output.BOLD);
            p.word(names.get(i));
            p.fontRepl(Output.ROMAN);
            p.flags |= Terminal.NOSPACE;
            p.word("()");
        }
        p.word(names.size() > 1 ? "functions return" : "function returns");
        p.word("the value\\~0 if successful; otherwise the value\\~\\-1 is returned and the global variable");
        p.fontRepl(Output.UNDER);
        p.word("errno");
        p.fontRepl(Output.ROMAN);
        p.word("is set to indicate the error.");
        p.flags |= Terminal.SENTENCE;
        return false;
    }

    /** Parses and lays out a whole mdoc(7) page. */
    /** Unused here, kept for symmetry with man's table. */
    static Map<String, Row> rows() {
        return ROWS;
    }
}
