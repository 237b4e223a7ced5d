package org.mpish.shell.man;

import java.util.List;

/**
 * The block macros of mdoc(7) that nest and indent: the one-line displays ({@code .D1}, {@code .Dl}), the
 * displays ({@code .Bd}) and the lists ({@code .Bl} / {@code .It}) with their offsets, widths and counters.
 * Their rows in {@link MdocFormatter}'s table point here; the state they keep lives on the formatter.
 */
final class MdocBlocks {
    private MdocBlocks() {}

    static boolean preD1(MdocFormatter f, MdocParser.Node n) {
        f.p.newln();
        f.savedOffset.push(f.p.offset);
        f.p.offset += 6;
        if (n.tok.equals("Dl")) {
            f.p.fontRepl(Output.ROMAN);
        }
        return true;
    }

    static void postD1(MdocFormatter f, MdocParser.Node n) {
        f.p.newln();
        f.p.offset = f.savedOffset.pop();
    }

    private static int offsetOf(List<String> opts, Terminal p) {
        int i = opts.indexOf("-offset");
        if (i < 0 || i + 1 >= opts.size()) {
            return 0;
        }
        String v = opts.get(i + 1);
        return switch (v) {
            case "indent" -> 6;
            case "indent-two" -> 12;
            case "left" -> 0;
            default -> widthOf(v);
        };
    }

    private static int widthOf(String v) {
        if (v.matches("[0-9.]+[a-z]?")) {
            int u = Units.hspan(v, 'n');
            return u == Units.INVALID ? 0 : u;
        }
        return Deroff.width(v) + 2;
    }

    static boolean preBd(MdocFormatter f, MdocParser.Node n) {
        Terminal p = f.p;
        p.newln();
        if (!n.opts.contains("-compact")) {
            p.vspace();
        }
        f.savedOffset.push(p.offset);
        f.savedNofill.push(f.nofill);
        p.offset += offsetOf(n.opts, p);
        f.nofill = n.opts.contains("-literal") || n.opts.contains("-unfilled");
        if (!f.nofill) {
            return true;
        }
        MdocParser.Node prevLine = null;
        for (MdocParser.Node k : n.kids) {
            if (k.line && prevLine != null) {
                p.flags |= Terminal.BRNEVER;
                p.newln();
                p.flags &= ~Terminal.BRNEVER;
            }
            if (k.tok == null && k.line && k.text.isEmpty()) {
                p.vspace();
            } else if ("Pp".equals(k.tok)) {
                p.vspace();
                prevLine = null;
                continue;
            } else {
                p.flags |= Terminal.BRNEVER;
                f.node(k);
                p.flags &= ~Terminal.BRNEVER;
            }
            prevLine = k;
        }
        return false;
    }

    static void postBd(MdocFormatter f, MdocParser.Node n) {
        f.p.newln();
        f.p.offset = f.savedOffset.pop();
        f.nofill = f.savedNofill.pop();
    }

    private static String listType(MdocParser.Node bl) {
        for (String o : bl.opts) {
            switch (o) {
                case "-tag", "-bullet", "-dash", "-hyphen", "-enum", "-item", "-column", "-hang", "-ohang",
                        "-inset", "-diag" -> {
                    return o;
                }
                default -> {
                }
            }
        }
        return "-item";
    }

    static boolean preBl(MdocFormatter f, MdocParser.Node n) {
        f.p.newln();
        if (!n.opts.contains("-compact") && !(n.parent.tok != null && n.parent.tok.equals("It"))
                && !directlyAfterHeading(n)) {
            f.p.vspace();
        }
        f.savedOffset.push(f.p.offset);
        f.p.offset += offsetOf(n.opts, f.p);
        f.p.skipvsp = n.opts.contains("-compact") ? 0 : 1;
        f.counter.push(0);
        return true;
    }

    /**
     * mandoc puts no blank line before a block that opens a section or subsection (its first
     * node, or the first of the first, and so on), stopping at a list item unless of an -item list.
     */
    private static boolean directlyAfterHeading(MdocParser.Node n) {
        MdocParser.Node nn = n;
        while (previous(nn) == null) {
            nn = nn.parent;
            if (nn == null || nn.tok == null || nn.tok.equals("root")) {
                return false;
            }
            if (nn.tok.equals("Sh") || nn.tok.equals("Ss")) {
                return true;
            }
            if (nn.tok.equals("It") && !"-item".equals(listType(nn.parent))) {
                break;
            }
        }
        return false;
    }

    /** The node before {@code n} in its parent's body (a heading's or item's head words do not count). */
    private static MdocParser.Node previous(MdocParser.Node n) {
        MdocParser.Node parent = n.parent;
        if (parent == null) {
            return null;
        }
        int i = parent.kids.indexOf(n);
        int head = 0;
        if (parent.tok != null && (parent.tok.equals("Sh") || parent.tok.equals("Ss") || parent.tok.equals("It"))) {
            while (head < parent.kids.size() && !parent.kids.get(head).line) {
                head++;
            }
        }
        return i > head ? parent.kids.get(i - 1) : null;
    }

    static void postBl(MdocFormatter f, MdocParser.Node n) {
        f.p.newln();
        f.p.offset = f.savedOffset.pop();
        f.counter.pop();
        f.p.skipvsp = 0;
    }

    private static int tagWidth(MdocParser.Node bl, String type) {
        int i = bl.opts.indexOf("-width");
        if (i >= 0 && i + 1 < bl.opts.size()) {
            String v = bl.opts.get(i + 1);
            if (v.matches("[0-9.]+[a-z]?")) {
                int u = Units.hspan(v, 'n');
                return u == Units.INVALID ? 8 : u + 2;
            }
            return macroWidth(v) + 2;
        }
        return switch (type) {
            case "-bullet", "-dash", "-hyphen" -> 4; // mandoc's default widths, 2n and 3n, plus the gap
            case "-enum" -> 5;
            default -> 8;
        };
    }

    /** A -width argument naming a macro stands for that macro's usual width, as in mandoc. */
    private static int macroWidth(String v) {
        return switch (v) {
            case "Ds", "Ms" -> 6;
            case "Ad", "Ao", "An", "Aq", "Ar", "Bo", "Bq", "Cd", "Dq", "Dv", "Eo", "Fa", "No", "Pf", "Po", "Pq",
                    "Qo", "So", "Sq", "Va" -> 12;
            case "Cm", "Do", "Em", "Fl", "Ic", "Nm", "Oo" -> 10;
            case "Er" -> 17;
            case "Ev" -> 15;
            case "Fo", "Fn", "Li", "Ql" -> 16;
            case "Op" -> 14;
            case "Pa" -> 32;
            default -> Deroff.width(v);
        };
    }

    static boolean preIt(MdocFormatter f, MdocParser.Node n) {
        Terminal p = f.p;
        MdocParser.Node bl = n.parent;
        String type = listType(bl);
        boolean first = bl.kids.indexOf(n) == 0;
        p.newln();
        if (!first && !bl.opts.contains("-compact")) {
            p.vspace();
        }
        int off = p.offset;
        int width = tagWidth(bl, type);
        int head = 0;
        for (MdocParser.Node k : n.kids) {
            if (k.line) {
                break;
            }
            head++;
        }
        switch (type) {
            case "-tag", "-hang", "-bullet", "-dash", "-hyphen", "-enum" -> {
                p.flags |= Terminal.NOBREAK;
                if (type.equals("-tag")) {
                    p.flags |= Terminal.BRIND | Terminal.BRTRSP;
                    p.trailspace = 2; // a tag needs two blanks after it, else the body starts below
                } else if (type.equals("-hang")) {
                    p.flags |= Terminal.HANG;
                    p.trailspace = 1;
                }
                p.rmargin = off + width;
                p.flags |= Terminal.NOSPACE;
                switch (type) {
                    case "-bullet" -> p.word("\\[bu]");
                    case "-dash", "-hyphen" -> p.word("\\-");
                    case "-enum" -> {
                        int c = f.counter.pop() + 1;
                        f.counter.push(c);
                        p.word(c + ".");
                    }
                    default -> {
                        for (int i = 0; i < head; i++) {
                            f.node(n.kids.get(i));
                        }
                        p.fontRepl(Output.ROMAN);
                    }
                }
                p.flushln();
                p.flags &= ~(Terminal.NOBREAK | Terminal.BRIND | Terminal.BRTRSP | Terminal.HANG);
                p.trailspace = 0;
                p.offset = off + width;
                p.rmargin = p.maxrmargin;
                p.flags |= Terminal.NOSPACE;
                int from = head; // the head is the tag; other list types ignore it
                for (int i = from; i < n.kids.size(); i++) {
                    f.node(n.kids.get(i));
                }
                p.newln();
                p.offset = off;
            }
            default -> {
                for (int i = 0; i < head; i++) {
                    f.node(n.kids.get(i));
                }
                if (type.equals("-ohang") || type.equals("-diag")) {
                    p.newln();
                }
                for (int i = head; i < n.kids.size(); i++) {
                    f.node(n.kids.get(i));
                }
                p.newln();
            }
        }
        return false;
    }

    static void postIt(MdocFormatter f, MdocParser.Node n) {
    }
}
