package org.mpish.shell.man;

import java.util.List;

/**
 * The block macros of mdoc(7) that nest and indent: the one-line displays ({@code .D1}, {@code .Dl}), the
 * displays ({@code .Bd}) and the lists ({@code .Bl} / {@code .It}) with their offsets, widths and counters.
 * Their rows in {@link MdocFormatter}'s table point here; the state they keep lives on the formatter.
 */
final class MdocBlocks {
    private MdocBlocks() {}

    /** Clears the tab stops and sets them every {@code period} from the left margin, as mandoc does per block. */
    static void tabs(Terminal p, String period) {
        p.tabSet(null);
        p.tabSet("T");
        p.tabSet(period);
    }

    static boolean preD1(MdocFormatter f, MdocParser.Node n) {
        f.p.newln();
        f.savedOffset.push(f.p.offset());
        f.p.setOffset(f.p.offset() + 6);
        tabs(f.p, ".5i");
        if (n.tok.equals("Dl")) {
            f.p.fontRepl(Output.ROMAN);
        }
        return true;
    }

    static void postD1(MdocFormatter f, MdocParser.Node n) {
        f.p.newln();
        f.p.setOffset(f.savedOffset.pop());
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
            default -> offsetWidth(v);
        };
    }

    /** An -offset that is neither a keyword nor a scaling width: a macro's usual width, else the text's own width. */
    private static int offsetWidth(String v) {
        if (v.matches("[0-9.]+[a-z]?")) {
            int u = Units.hspan(v, 'n');
            return u == Units.INVALID ? 0 : u;
        }
        return macroWidth(v);
    }

    static boolean preBd(MdocFormatter f, MdocParser.Node n) {
        Terminal p = f.p;
        bvspace(f, n, n);
        f.savedOffset.push(p.offset());
        f.savedNofill.push(f.nofill);
        p.setOffset(p.offset() + offsetOf(n.opts, p));
        f.nofill = n.opts.contains("-literal") || n.opts.contains("-unfilled");
        if (n.opts.contains("-literal")) {
            tabs(p, "8n"); // literal displays have tab stops every 8 columns, as on a terminal
        }
        if (!f.nofill) {
            return true;
        }
        MdocParser.Node prevLine = null;
        for (MdocParser.Node k : n.kids) {
            if (k.line && prevLine != null) {
                p.set(Terminal.BRNEVER);
                p.newln();
                p.clear(Terminal.BRNEVER);
            }
            if (k.tok == null && k.line && k.text.isEmpty()) {
                p.vspace();
            } else if ("Pp".equals(k.tok)) {
                p.vspace();
                prevLine = null;
                continue;
            } else {
                p.set(Terminal.BRNEVER);
                f.node(k);
                p.clear(Terminal.BRNEVER);
            }
            prevLine = k;
        }
        return false;
    }

    static void postBd(MdocFormatter f, MdocParser.Node n) {
        if (f.nofill) {
            f.p.set(Terminal.BRNEVER); // the last line of a no-fill display is not broken either
        }
        f.p.set(Terminal.NOSPACE);
        f.p.newln();
        f.p.clear(Terminal.BRNEVER);
        f.p.setOffset(f.savedOffset.pop());
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
        f.savedOffset.push(f.p.offset());
        f.p.setOffset(f.p.offset() + offsetOf(n.opts, f.p));
        f.counter.push(0);
        return true;
    }

    /**
     * The blank line before a display or a list item, as mandoc decides: none in a compact block,
     * none when the block is the first thing of a section or subsection (looking up through first
     * children, stopping at an item of any list but an -item one), none between the items of a
     * -column list or after a -diag item without a body; a line break otherwise.
     */
    static void bvspace(MdocFormatter f, MdocParser.Node bl, MdocParser.Node n) {
        f.p.newln();
        if (bl.opts.contains("-compact")) {
            return;
        }
        MdocParser.Node nn = n;
        while (previous(nn) == null) {
            nn = nn.parent;
            if (nn == null || nn.tok == null || nn.tok.equals("root")) {
                return;
            }
            if (nn.tok.equals("Sh") || nn.tok.equals("Ss")) {
                return;
            }
            if (nn.tok.equals("It") && !"-item".equals(listType(nn.parent))) {
                break;
            }
        }
        MdocParser.Node prev = previous(n);
        if (!bl.tok.equals("Bl") || prev == null || !"It".equals(prev.tok)) {
            f.p.vspace();
            return;
        }
        String type = listType(bl);
        if (!type.equals("-column") && (!type.equals("-diag") || hasBody(prev))) {
            f.p.vspace();
        }
    }

    private static boolean hasBody(MdocParser.Node it) {
        return it.kids.stream().anyMatch(k -> k.line);
    }

    /** The node before {@code n} in its parent's body (a heading's or item's head words do not count). */
    static MdocParser.Node previous(MdocParser.Node n) {
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
        if (listType(n).equals("-column")) {
            tabs(f.p, ".5i");
        }
        f.p.setOffset(f.savedOffset.pop());
        f.counter.pop();
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
        bvspace(f, bl, n);
        int off = p.offset();
        int width = tagWidth(bl, type);
        int head = 0;
        for (MdocParser.Node k : n.kids) {
            if (k.line) {
                break;
            }
            head++;
        }
        if (type.equals("-column")) {
            columns(f, bl, n);
            return false;
        }
        switch (type) {
            case "-tag", "-hang", "-bullet", "-dash", "-hyphen", "-enum" -> {
                p.set(Terminal.NOBREAK);
                if (type.equals("-tag")) {
                    p.set(Terminal.BRIND | Terminal.BRTRSP);
                    p.setTrailspace(2); // a tag needs two blanks after it, else the body starts below
                } else if (type.equals("-hang")) {
                    p.set(Terminal.HANG);
                    p.setTrailspace(1);
                }
                p.setRmargin(off + width);
                p.set(Terminal.NOSPACE);
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
                p.clear(Terminal.NOBREAK | Terminal.BRIND | Terminal.BRTRSP | Terminal.HANG);
                p.setTrailspace(0);
                p.setOffset(off + width);
                p.setRmargin(p.maxrmargin());
                p.set(Terminal.NOSPACE);
                int from = head; // the head is the tag; other list types ignore it
                for (int i = from; i < n.kids.size(); i++) {
                    f.node(n.kids.get(i));
                }
                p.newln();
                p.setOffset(off);
            }
            default -> {
                if (type.equals("-diag")) {
                    p.fontRepl(Output.BOLD);
                }
                for (int i = 0; i < head; i++) {
                    f.node(n.kids.get(i));
                }
                p.fontRepl(Output.ROMAN);
                if (type.equals("-ohang")) {
                    p.newln();
                }
                // a -diag body follows its head after two blanks, an -inset body after one
                boolean body = head < n.kids.size();
                if (body && type.equals("-diag")) {
                    p.set(Terminal.NOSPACE);
                    p.word("\\ \\ ");
                    p.set(Terminal.NOSPACE);
                } else if (body && head > 0 && type.equals("-inset")) {
                    p.set(Terminal.NOSPACE);
                    p.word("\\ ");
                    p.set(Terminal.NOSPACE);
                }
                for (int i = head; i < n.kids.size(); i++) {
                    f.node(n.kids.get(i));
                }
                p.newln();
            }
        }
        return false;
    }

    /**
     * The widths a -column list declares: its arguments that are neither options nor option
     * values, each as wide as its text (as mandoc measures them).
     */
    static List<Integer> columnWidths(MdocParser.Node bl) {
        List<Integer> w = new java.util.ArrayList<>();
        for (int i = 0; i < bl.opts.size(); i++) {
            String o = bl.opts.get(i);
            if (o.equals("-width") || o.equals("-offset")) {
                i++;
            } else if (!o.startsWith("-") || o.length() == 1) {
                w.add(Deroff.width(o));
            }
        }
        return w;
    }

    /**
     * One row of a -column list: cells separated by {@code .Ta} (or tabs, which the parser turns
     * into {@code .Ta}); cell i starts after the widths of the cells before it, each widened by
     * groff's gap (4 columns for fewer than 5 columns, 3 for 5, 1 for more), and the last cell
     * runs to the right margin. Lines after the {@code .It} line continue the last cell.
     */
    private static void columns(MdocFormatter f, MdocParser.Node bl, MdocParser.Node n) {
        Terminal p = f.p;
        List<Integer> cols = columnWidths(bl);
        int ncols = cols.size();
        int dcol = ncols < 5 ? 4 : ncols == 5 ? 3 : 1;
        List<List<MdocParser.Node>> cells = new java.util.ArrayList<>();
        cells.add(new java.util.ArrayList<>());
        splitCells(n.kids, cells);
        int base = p.offset();
        for (int c = 0; c < cells.size(); c++) {
            int offset = 0;
            int i = 0;
            for (; i < c && i < ncols; i++) {
                offset += cols.get(i) + dcol;
            }
            int width = i < ncols ? cols.get(i) + dcol : 10;
            boolean last = c + 1 == cells.size();
            p.set(Terminal.NOSPACE);
            if (last) {
                p.clear(Terminal.NOBREAK);
                p.setTrailspace(0);
            } else {
                p.set(Terminal.NOBREAK);
                p.setTrailspace(1);
            }
            p.setOffset(base + offset);
            p.setRmargin(p.offset() + width);
            if (last && p.rmargin() < p.maxrmargin()) {
                p.setRmargin(p.maxrmargin());
            }
            for (MdocParser.Node k : cells.get(c)) {
                f.node(k);
            }
            p.flushln();
            p.clear(Terminal.NOBREAK | Terminal.BRTRSP | Terminal.BRIND | Terminal.HANG);
            p.setTrailspace(0);
        }
        p.setOffset(base);
        p.setRmargin(p.maxrmargin());
    }

    /** Cells of a -column row: {@code .Ta} separates them, also inside an {@code .Xo} block. */
    private static void splitCells(List<MdocParser.Node> kids, List<List<MdocParser.Node>> cells) {
        for (MdocParser.Node k : kids) {
            if ("Ta".equals(k.tok) && !k.line) {
                cells.add(new java.util.ArrayList<>());
            } else if ("Xo".equals(k.tok)) {
                splitCells(k.kids, cells);
            } else {
                cells.get(cells.size() - 1).add(k);
            }
        }
    }

    static void postIt(MdocFormatter f, MdocParser.Node n) {
    }
}
