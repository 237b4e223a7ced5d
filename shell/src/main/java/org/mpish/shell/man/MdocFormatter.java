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
            f.p.set(Terminal.NOSPACE);
            return true;
        };
    }

    private static boolean mailOnly(MdocParser.Node n) {
        return n.kids.size() == 1 && "Mt".equals(n.kids.get(0).tok);
    }

    private static Post close(String close) {
        return (f, n) -> {
            f.p.set(Terminal.NOSPACE);
            f.p.word(close);
        };
    }

    /**
     * The versions .At names (as mandoc: the research editions, 32V, System III and System V
     * releases), with mandoc's unbreakable blanks, which show on the UTF-8 device.
     */
    private static final Map<String, String> AT_T = Map.ofEntries(
            Map.entry("v1", "Version\\~1 AT&T UNIX"), Map.entry("v2", "Version\\~2 AT&T UNIX"),
            Map.entry("v3", "Version\\~3 AT&T UNIX"), Map.entry("v4", "Version\\~4 AT&T UNIX"),
            Map.entry("v5", "Version\\~5 AT&T UNIX"), Map.entry("v6", "Version\\~6 AT&T UNIX"),
            Map.entry("v7", "Version\\~7 AT&T UNIX"), Map.entry("32v", "Version\\~7 AT&T UNIX/32V"),
            Map.entry("III", "AT&T System\\~III UNIX"), Map.entry("V", "AT&T System\\~V UNIX"),
            Map.entry("V.1", "AT&T System\\~V Release\\~1 UNIX"), Map.entry("V.2", "AT&T System\\~V Release\\~2 UNIX"),
            Map.entry("V.3", "AT&T System\\~V Release\\~3 UNIX"), Map.entry("V.4", "AT&T System\\~V Release\\~4 UNIX"));

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
        row("Nm", MdocSynopsis::preNm, ROMAN);
        row("Nd", (f, n) -> {
            f.p.word("\\(en");
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
        row("Lb", MdocReferences::preLb, MdocReferences::postLb);
        row("EQ", (f, n) -> {
            if (n.eqn != null) {
                EqnFormatter.render(f.p, n.eqn);
            }
            return false;
        }, null);
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
        row("St", MdocReferences::preSt, null);
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
        // angle brackets: plain around a lone mail address, else the \(la \(ra characters
        for (String t : List.of("Aq", "Ao")) {
            row(t, (f, n) -> enclose(mailOnly(n) ? "<" : "\\(la").run(f, n), (f, n) -> close(mailOnly(n) ? ">" : "\\(ra").run(f, n));
        }
        row("Dq", enclose("\\(lq"), close("\\(rq"));
        row("Do", enclose("\\(lq"), close("\\(rq"));
        row("Qq", enclose("\""), close("\""));
        row("Qo", enclose("\""), close("\""));
        row("Sq", enclose("\\(oq"), close("\\(cq"));
        row("So", enclose("\\(oq"), close("\\(cq"));
        row("Ql", enclose("\\(oq"), close("\\(cq"));
        row("Ns", (f, n) -> {
            if (!n.line) {
                f.p.set(Terminal.NOSPACE); // alone on its line it does nothing
            }
            return false;
        }, null);
        row("Pf", MdocFormatter::prePf, null);
        row("Xr", MdocFormatter::preXr, null);
        // .Sm off glues every following word to the one before, across lines and macros, until .Sm on
        row("Sm", (f, n) -> {
            if (n.opts.isEmpty()) {
                f.p.toggle(Terminal.NONOSPACE);
            } else if (n.opts.get(0).equals("on")) {
                f.p.clear(Terminal.NONOSPACE);
            } else {
                f.p.set(Terminal.NONOSPACE);
            }
            if (f.p.col() > 0 && !f.p.has(Terminal.NONOSPACE)) {
                f.p.clear(Terminal.NOSPACE);
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
            f.p.set(Terminal.PREKEEP);
            return true;
        }, (f, n) -> f.p.clear(Terminal.KEEP | Terminal.PREKEEP));
        row("Rs", (f, n) -> {
            if (f.section.equals("SEE ALSO") && MdocBlocks.previous(n) != null) {
                f.p.vspace();
            }
            return true;
        }, null);
        row("%A", (f, n) -> {
            if (MdocReferences.isRef(MdocReferences.prevSibling(n), "%A") && !MdocReferences.isRef(MdocReferences.nextSibling(n), "%A")) {
                f.p.word("and");
            }
            return true;
        }, MdocReferences::postReference);
        for (String t : List.of("%B", "%I", "%J")) {
            row(t, font(Output.UNDER), MdocReferences::postReference);
        }
        for (String t : List.of("%D", "%N", "%O", "%P", "%R", "%V", "%C", "%Q", "%U")) {
            row(t, null, MdocReferences::postReference);
        }
        // a title is quoted when the reference also names a book or journal, else underlined
        row("%T", (f, n) -> {
            if (MdocReferences.quotedTitle(n)) {
                f.p.word("\\(lq");
                f.p.set(Terminal.NOSPACE);
            } else {
                f.p.fontRepl(Output.UNDER);
            }
            return true;
        }, (f, n) -> {
            if (MdocReferences.quotedTitle(n)) {
                f.p.set(Terminal.NOSPACE);
                f.p.word("\\(rq");
            }
            MdocReferences.postReference(f, n);
        });
        row("Ux", (f, n) -> {
            f.p.word("UNIX");
            return true;
        }, null);
        row("At", (f, n) -> {
            // .At v6 is "Version\\~6 AT&T UNIX"; without a known version, "AT&T UNIX" and the words
            String version = !n.kids.isEmpty() && n.kids.get(0).tok == null ? AT_T.get(n.kids.get(0).text) : null;
            f.p.word(version != null ? version : "AT&T UNIX");
            for (int i = version != null ? 1 : 0; i < n.kids.size(); i++) {
                f.node(n.kids.get(i));
            }
            return false;
        }, null);
        row("Ox", bsd("OpenBSD"), null);
        row("Nx", bsd("NetBSD"), null);
        row("Fx", bsd("FreeBSD"), null);
        row("Dx", bsd("DragonFly"), null);
        row("Bsx", bsd("BSD/OS"), null);
        row("Bx", bsd("BSD"), null);
        row("Ex", MdocSynopsis::preEx, null);
        row("Rv", MdocSynopsis::preRv, null);
        row("Fn", MdocSynopsis::preFn, MdocSynopsis::postSynopsis);
        row("Fo", MdocSynopsis::preFo, MdocSynopsis::postSynopsis);
        row("Ft", MdocSynopsis::preFt, MdocSynopsis::postSynopsis);
        row("In", MdocSynopsis::preIn, MdocSynopsis::postSynopsis);
        row("Fd", MdocSynopsis::preFd, MdocSynopsis::postSynopsis);
        row("Vt", (f, n) -> {
            MdocSynopsis.synopsisPre(f, n);
            f.p.fontRepl(Output.UNDER);
            return true;
        }, ROMAN);
    }

    private static Pre bsd(String name) {
        return (f, n) -> {
            boolean version = !n.kids.isEmpty() && n.kids.get(0).tok == null
                    && MdocParser.delim(n.kids.get(0).text) == MdocParser.NONE;
            if (name.equals("BSD") && version) {
                // .Bx 4.4 is "4.4BSD"
                f.p.word(n.kids.get(0).text);
                f.p.set(Terminal.NOSPACE);
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
    String name = "";
    String section = "";
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

    static Output format(MdocParser doc, int width, boolean utf8) {
        Terminal p = new Terminal(width, utf8);
        MdocFormatter f = new MdocFormatter(p, doc);
        String vol = volume(doc.section);
        if (doc.arch != null) {
            vol = vol + " (" + doc.arch.toLowerCase(java.util.Locale.ROOT) + ")"; // mandoc prints the architecture in lower case
        }
        ManValidator.Meta meta = new ManValidator.Meta(doc.title, doc.section, doc.date, doc.os, vol, true);
        PageFrame.header(p, meta);
        p.set(Terminal.NOSPACE);
        f.kids(doc.root);
        p.newln();
        // mdoc's footer: OS on both sides, the date in the middle
        footer(p, doc.os, doc.date);
        return p.out();
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
        int max = p.maxrmargin();
        int datelen = Deroff.width(date);
        int oslen = Deroff.width(os);
        p.setOffset(0);
        p.setRmargin(max > datelen ? (max + 1 - datelen) / 2 : 0);
        p.setTrailspace(1);
        p.set(Terminal.NOSPACE | Terminal.NOBREAK);
        p.word(os);
        p.flushln();
        p.setOffset(p.rmargin());
        p.setRmargin(max > oslen ? max - oslen : 0);
        p.set(Terminal.NOSPACE);
        p.word(date);
        p.flushln();
        p.setOffset(p.rmargin());
        p.setRmargin(max);
        p.setTrailspace(0);
        p.clear(Terminal.NOBREAK);
        p.set(Terminal.NOSPACE);
        p.word(os);
        p.flushln();
        p.setOffset(0);
        p.setFlags(0);
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
            p.clear(Terminal.KEEP);
            p.set(Terminal.PREKEEP);
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
                p.set(Terminal.SENTENCE);
            }
            return;
        }
        if (n.parent != null && BREAKABLE_HYPHENS.contains(n.parent.tok)) {
            t = ManParser.hyphens(t);
        }
        int d = MdocParser.delim(t);
        if (n.eos) {
            if (d == MdocParser.CLOSE) {
                p.set(Terminal.NOSPACE);
            }
            p.word(t);
            p.set(Terminal.SENTENCE);
            return;
        }
        if (d == MdocParser.CLOSE) {
            p.set(Terminal.NOSPACE);
        }
        p.word(t);
        if (d == MdocParser.OPEN) {
            p.set(Terminal.NOSPACE);
        }
    }

    /**
     * Macros whose words may break at a hyphen between letters, as in text lines (mandoc's
     * validator marks those hyphens for these macros only; section and subsection heads too, as
     * mandoc 1.14.6 breaks a long .Ss or .Sh head there).
     */
    private static final java.util.Set<String> BREAKABLE_HYPHENS = java.util.Set.of("%B", "%N", "%O", "%R", "%T",
            "Nd", "D1", "Sx", "Sh", "Ss");

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
        p.setOffset(n.tok.equals("Sh") ? 0 : 3);
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
        p.setOffset(5);
        MdocBlocks.tabs(p, ".5i");
        p.set(Terminal.NOSPACE);
        for (int i = head; i < n.kids.size(); i++) {
            f.node(n.kids.get(i));
        }
        return false;
    }

    private static boolean isFirstBody(MdocParser.Node n) {
        return n.parent.kids.get(0) == n;
    }

    private static void postSh(MdocFormatter f, MdocParser.Node n) {
        f.p.newln();
    }

    /** A dash before the flag; glued to it, or to a macro that follows on the same line. */
    private static boolean preFl(MdocFormatter f, MdocParser.Node n) {
        f.p.fontRepl(Output.BOLD);
        f.p.word("\\-");
        MdocParser.Node next = next(n);
        if (!n.kids.isEmpty() || next != null && next.tok != null && !next.line) {
            f.p.set(Terminal.NOSPACE);
        }
        return true;
    }

    static MdocParser.Node next(MdocParser.Node n) {
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
            f.p.set(Terminal.NOSPACE);
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
            f.p.set(Terminal.NOSPACE);
            f.p.word("(");
            f.p.set(Terminal.NOSPACE);
            f.p.word(n.kids.get(1).text);
            f.p.set(Terminal.NOSPACE);
            f.p.word(")");
        }
        return false;
    }

    /** Parses and lays out a whole mdoc(7) page. */
    /** Unused here, kept for symmetry with man's table. */
    static Map<String, Row> rows() {
        return ROWS;
    }
}
