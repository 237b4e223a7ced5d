package org.mpish.shell.man;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays out a {@link Tbl} on the terminal as mandoc's ASCII output does: column widths from the
 * data (text blocks wrapped to an even share of the line), spans, numeric alignment, {@code x}
 * columns expanded to the line, box and allbox frames and rules drawn with {@code + - = |}.
 */
final class TblFormatter {
    // border directions, as digits of a base-3 number: 0 none, 1 single, 2 double
    private static final int RIGHT = 1;
    private static final int DOWN = 3;
    private static final int LEFT = 9;
    private static final int UP = 27;
    private static final int HORIZ = LEFT + RIGHT;

    /** The ASCII character for each combination of line widths (groff's choice), indexed as above. */
    private static final String BORDER_CHARS = " -=|++|++--=++++++===++++++|++|++|++" + "+".repeat(18)
            + "|++|++|++" + "+".repeat(18);
    private static final char[] BORDER = BORDER_CHARS.toCharArray();
    /** The same for UTF-8: the box-drawing character whose Unicode name gives those weights (heavy for 2). */
    private static final char[] BORDER_UTF8 = utf8Borders();

    /**
     * Reads the line weights of the light and heavy box-drawing characters (U+2500 to U+257F)
     * from their Unicode names, e.g. "DOWN LIGHT AND RIGHT HEAVY" or "LIGHT UP AND HEAVY DOWN",
     * and keeps the first character found for each combination.
     */
    private static char[] utf8Borders() {
        char[] t = new char[81];
        t[0] = ' ';
        for (char c = 0x2500; c < 0x2580; c++) {
            String name = Character.getName(c).substring("BOX DRAWINGS ".length());
            if (name.matches(".*(DOUBLE|DASH|ARC|DIAGONAL|SINGLE).*")) {
                continue;
            }
            int[] w = new int[4]; // right, down, left, up
            java.util.List<Integer> pending = new java.util.ArrayList<>();
            int weight = 0;
            boolean prefix = name.startsWith("LIGHT") || name.startsWith("HEAVY");
            for (String word : name.split(" ")) {
                switch (word) {
                    case "AND" -> { }
                    case "LIGHT", "HEAVY" -> {
                        weight = word.equals("LIGHT") ? 1 : 2;
                        for (int d : pending) {
                            w[d] = weight;
                        }
                        pending.clear();
                    }
                    default -> {
                        int[] dirs = switch (word) {
                            case "RIGHT" -> new int[] {0};
                            case "DOWN" -> new int[] {1};
                            case "LEFT" -> new int[] {2};
                            case "UP" -> new int[] {3};
                            case "HORIZONTAL" -> new int[] {0, 2};
                            default -> new int[] {1, 3};
                        };
                        for (int d : dirs) {
                            if (prefix) {
                                w[d] = weight;
                            } else {
                                pending.add(d);
                            }
                        }
                    }
                }
            }
            int key = w[0] * RIGHT + w[1] * DOWN + w[2] * LEFT + w[3] * UP;
            if (t[key] == 0) {
                t[key] = c;
            }
        }
        return t;
    }

    /** One column's computed geometry. */
    static final class Col {
        int width;
        int decimal;
        int nwidth;
        int spacing = -1;
        int flags;
    }

    private final Terminal p;
    private final Tbl t;
    private Col[] cols;
    private int offset;

    private TblFormatter(Terminal p, Tbl t) {
        this.p = p;
        this.t = t;
    }

    static void render(Terminal p, Tbl t) {
        render(p, t, true);
    }

    /** Lays out a table after a blank line (man(7)) or after just a line break (mdoc(7)), as mandoc does. */
    static void render(Terminal p, Tbl t, boolean blankBefore) {
        if (t.firstSpan == null || t.cols == 0) {
            return;
        }
        if (blankBefore) {
            p.vspace();
        } else {
            p.newln();
        }
        new TblFormatter(p, t).run();
    }

    // ---------------------------------------------------------------- widths

    /** Width of a cell string as printed (escapes resolved). */
    private int strlen(String s) {
        return strlen(s, p.utf8);
    }

    static int strlen(String s, boolean utf8) {
        if (s == null || s.isEmpty()) {
            return 0;
        }
        // like mandoc's term_strlen: fonts do not count, and a character drawn by overstrike
        // ("/\bc" for a cent sign) counts every byte, backspaces included
        Terminal m = new Terminal(100000, utf8);
        m.measureOnly();
        m.set(Terminal.NOSPACE | Terminal.NONOSPACE | Terminal.BRNEVER);
        m.word(s);
        return m.bufferWidth(); // trailing blanks count too ("LED_CAP " in ioctl_console(2))
    }

    static int visible(String l) {
        int n = 0;
        for (int i = 0; i < l.length(); i++) {
            char c = l.charAt(i);
            n += c == '\b' ? -(i > 0 ? Terminal.width(l.charAt(i - 1)) : 1) : Terminal.width(c);
        }
        return n;
    }

    private void calc(int off, int rmargin) {
        cols = new Col[t.cols];
        for (int i = 0; i < cols.length; i++) {
            cols[i] = new Col();
        }
        int maxcol = -1;
        record Group(int start, int end, int[] wanted) { }
        List<Group> groups = new ArrayList<>();
        for (Tbl.Span sp = t.firstSpan; sp != null; sp = sp.next) {
            if (sp.pos != Tbl.SpanPos.DATA) {
                continue;
            }
            for (Tbl.Dat dp = sp.first; dp != null; dp = dp.next) {
                int icol = dp.layout.col;
                while (maxcol < icol + dp.hspans && maxcol + 1 < cols.length) {
                    cols[++maxcol].spacing = -1;
                }
                Col col = cols[icol];
                col.flags |= dp.layout.flags;
                if ((dp.layout.flags & Tbl.WIGN) != 0) {
                    continue;
                }
                col.width = Math.max(col.width, dp.layout.width);
                if (dp.layout.spacing >= 0 && (col.spacing < 0 || col.spacing < dp.layout.spacing)) {
                    col.spacing = dp.layout.spacing;
                }
                int mw = !dp.block ? 0 : dp.layout.width > 0 ? dp.layout.width
                        : rmargin > 0 ? (rmargin + t.cols / 2) / (t.cols + 1) : 0;
                int width = data(dp.hspans == 0 ? col : null, dp, mw);
                if (dp.hspans == 0) {
                    continue;
                }
                // an ordered list of column groups joined by spans, each with the width it needs
                int end = Math.min(icol + dp.hspans, cols.length - 1);
                int gi = 0;
                while (gi < groups.size() && (groups.get(gi).start() < icol || groups.get(gi).end() < end)) {
                    gi++;
                }
                if (gi == groups.size() || groups.get(gi).start() > icol || groups.get(gi).end() > end) {
                    groups.add(gi, new Group(icol, end, new int[] {width}));
                } else if (groups.get(gi).wanted()[0] < width) {
                    groups.get(gi).wanted()[0] = width;
                }
            }
        }
        maxcol = Math.max(maxcol, t.cols - 1);
        for (int i = 0; i <= maxcol; i++) {
            cols[i].width = Math.max(cols[i].width, 1);
            if (cols[i].spacing < 0 || i == maxcol) {
                cols[i].spacing = 3;
            }
        }
        // spans wider than their columns: first take what the columns give already
        groups.removeIf(g -> {
            for (int i = g.start(); i <= g.end(); i++) {
                int w = cols[i].width + (i < g.end() ? cols[i].spacing : 0);
                if (g.wanted()[0] <= w) {
                    return true;
                }
                g.wanted()[0] -= w;
            }
            return false;
        });
        // then widen the narrowest columns of the remaining spans, step by step
        while (!groups.isEmpty()) {
            int[] colwidth = new int[maxcol + 1];
            for (int i = 0; i <= maxcol; i++) {
                colwidth[i] = cols[i].width;
            }
            int min1 = Integer.MAX_VALUE;
            int min2 = Integer.MAX_VALUE;
            for (int w : colwidth) {
                if (min1 > w) {
                    min2 = min1;
                    min1 = w;
                } else if (min1 < w && min2 > w) {
                    min2 = w;
                }
            }
            int wanted = min2;
            for (Group g : groups) {
                int necol = 0;
                for (int i = g.start(); i <= g.end(); i++) {
                    if (colwidth[i] == min1) {
                        necol++;
                    }
                }
                if (necol == 0) {
                    continue;
                }
                int w = min1 + (g.wanted()[0] - 1) / necol + 1;
                w = Math.min(w, min2);
                wanted = Math.min(wanted, w);
            }
            final int fmin1 = min1;
            final int fwanted = wanted;
            int before = groups.size();
            long widths = java.util.Arrays.stream(cols).mapToLong(c -> c.width).sum();
            groups.removeIf(g -> {
                for (int i = g.start(); i <= g.end(); i++) {
                    if (colwidth[i] != fmin1) {
                        continue;
                    }
                    if (g.wanted()[0] <= fwanted - fmin1) {
                        cols[i].width += g.wanted()[0];
                        return true;
                    }
                    cols[i].width = fwanted;
                    g.wanted()[0] -= fwanted - fmin1;
                }
                return false;
            });
            if (groups.size() == before && widths == java.util.Arrays.stream(cols).mapToLong(c -> c.width).sum()) {
                break; // mandoc 1.14.6 would loop for ever here; stop instead
            }
        }
        int necol = 0;
        int nxcol = 0;
        int ewidth = 0;
        int xwidth = 0;
        for (int i = 0; i <= maxcol; i++) {
            Col c = cols[i];
            if (c.width > c.nwidth) {
                c.decimal += (c.width - c.nwidth) / 2;
            }
            if ((c.flags & Tbl.EQUAL) != 0) {
                necol++;
                ewidth = Math.max(ewidth, c.width);
            }
            if ((c.flags & Tbl.WMAX) != 0) {
                nxcol++;
            } else {
                xwidth += c.width;
            }
        }
        if (necol > 0) {
            for (int i = 0; i <= maxcol; i++) {
                Col c = cols[i];
                if ((c.flags & Tbl.EQUAL) == 0 || c.width == ewidth) {
                    continue;
                }
                if (nxcol > 0 && rmargin > 0) {
                    xwidth += ewidth - c.width;
                }
                c.width = ewidth;
            }
        }
        if (nxcol > 0 && rmargin > 0) {
            xwidth += 3 * maxcol + ((t.opts & (Tbl.BOX | Tbl.DBOX)) != 0 ? 2 : (t.lvert > 0 ? 1 : 0) + (t.rvert > 0 ? 1 : 0));
            if (rmargin <= off + xwidth) {
                return;
            }
            xwidth = rmargin - off - xwidth;
            int quirkcol = -1;
            if (nxcol == 5) {
                quirkcol = xwidth % nxcol + 2;
                if (quirkcol != 3 && quirkcol != 4) {
                    quirkcol = -1;
                }
            }
            necol = 0;
            ewidth = 0;
            for (int i = 0; i <= maxcol; i++) {
                Col c = cols[i];
                if ((c.flags & Tbl.WMAX) == 0) {
                    continue;
                }
                c.width = (int) ((double) xwidth * ++necol / nxcol - ewidth + 0.4995);
                if (necol == quirkcol) {
                    c.width--;
                }
                ewidth += c.width;
            }
        }
    }

    private int data(Col col, Tbl.Dat dp, int mw) {
        switch (dp.layout.pos) {
            case HORIZ, DHORIZ -> {
                if (col != null && col.width < 1) {
                    col.width = 1;
                }
                return 1;
            }
            case NUMBER -> {
                return number(col, dp);
            }
            case DOWN -> {
                return 0;
            }
            default -> {
                return literal(col, dp, mw);
            }
        }
    }

    private int literal(Col col, Tbl.Dat dp, int mw) {
        if (dp.string == null || dp.string.isEmpty()) {
            return 0;
        }
        int msz = 0;
        if (mw == 0) {
            msz = strlen(dp.string);
        } else {
            int lsz = 0;
            for (String w : dp.string.split(" +")) {
                if (w.isEmpty()) {
                    continue;
                }
                int wsz = strlen(w);
                lsz = lsz > 0 && lsz + 1 + wsz <= mw ? lsz + 1 + wsz : wsz;
                msz = Math.max(msz, lsz);
            }
        }
        if (col != null && col.width < msz) {
            col.width = msz;
        }
        return msz;
    }

    /** Index of the alignment point: after the last digit, or at the last decimal point next to a digit. */
    private int[] numberPoints(String s) {
        int lastdigit = -1;
        int lastpoint = -1;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '&') {
                lastdigit = lastpoint = i;
                break;
            } else if (c == t.decimal && (i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))
                    || i > 0 && Character.isDigit(s.charAt(i - 1)))) {
                lastpoint = i;
            } else if (c >= '0' && c <= '9') {
                lastdigit = i;
            }
        }
        return new int[] {lastdigit, lastpoint};
    }

    private int intWidth(String s, int lastpoint) {
        int w = 0;
        for (int i = 0; i < lastpoint; i++) {
            w += strlen(String.valueOf(s.charAt(i)));
        }
        return w;
    }

    private int number(Col col, Tbl.Dat dp) {
        String s = dp.string;
        if (s == null || s.isEmpty()) {
            return 0;
        }
        int totsz = strlen(s);
        if (col == null) {
            return totsz;
        }
        int[] pts = numberPoints(s);
        if (pts[0] < 0) {
            col.width = Math.max(col.width, totsz);
            return totsz;
        }
        int lastpoint = pts[1] < 0 ? pts[0] + 1 : pts[1];
        int intsz = intWidth(s, lastpoint);
        if (intsz > col.decimal) {
            col.nwidth += intsz - col.decimal;
            col.decimal = intsz;
        } else {
            totsz += col.decimal - intsz;
        }
        col.nwidth = Math.max(col.nwidth, totsz);
        col.width = Math.max(col.width, col.nwidth);
        return totsz;
    }

    // ---------------------------------------------------------------- output

    /** One output line being built; blanks are written as they come, like mandoc's ASCII device. */
    private static final class Line {
        final StringBuilder sb = new StringBuilder();
        final char[] borders;
        int viscol;

        Line(char[] borders) {
            this.borders = borders;
        }

        void advance(int n) {
            for (int i = 0; i < n; i++) {
                sb.append(' ');
            }
            viscol += Math.max(n, 0);
        }

        void border(int c, int len) {
            int target = viscol + len;
            while (viscol < target) {
                sb.append(borders[c]);
                viscol++;
            }
        }
    }

    private void emit(Line l) {
        p.rawLine(l.sb.toString());
    }

    private void run() {
        int saveOffset = p.offset();
        calc(p.offset(), p.rmargin());
        offset = p.offset();
        if ((t.opts & Tbl.CENTRE) != 0) {
            int tsz = (t.opts & (Tbl.BOX | Tbl.DBOX)) != 0 ? 2 : (t.lvert > 0 ? 1 : 0) + (t.rvert > 0 ? 1 : 0);
            for (int ic = 0; ic + 1 < t.cols; ic++) {
                tsz += cols[ic].width + cols[ic].spacing;
            }
            tsz += cols[t.cols - 1].width;
            if (offset + tsz > p.rmargin()) {
                tsz -= 1;
            }
            offset = offset + p.rmargin() > tsz ? (offset + p.rmargin() - tsz) / 2 : 0;
        }
        // a double box is two rules in ASCII, one heavy rule in UTF-8
        if ((t.opts & Tbl.DBOX) != 0 && !p.utf8) {
            hrule(null, t.firstSpan, t.firstSpan, Tbl.DBOX);
        }
        if ((t.opts & (Tbl.DBOX | Tbl.BOX)) != 0) {
            hrule(null, t.firstSpan, t.firstSpan, Tbl.BOX);
        }
        for (Tbl.Span sp = t.firstSpan; sp != null; sp = sp.next) {
            span(sp);
        }
        p.setOffset(saveOffset);
    }

    /** A data cell placed on the line: its columns, margins and wrapped text. */
    private record Placed(int ic, int offset, int rmargin, List<String> lines) { }

    private void span(Tbl.Span sp) {
        boolean horiz = sp.pos != Tbl.SpanPos.DATA;
        List<Placed> placed = new ArrayList<>();
        if (!horiz) {
            int coloff = offset;
            if ((t.opts & (Tbl.BOX | Tbl.DBOX)) != 0 || t.lvert > 0) {
                coloff += 1;
            }
            Tbl.Dat dp = sp.first;
            Tbl.Cell cp = sp.layout.first;
            int hspans = 0;
            int start = 0;
            int startOff = coloff;
            Tbl.Cell startCell = null;
            Tbl.Dat startDat = null;
            for (int ic = 0; ic < t.cols; ic++) {
                if (hspans == 0) {
                    start = ic;
                    startOff = coloff;
                    startCell = cp;
                    startDat = dp;
                }
                coloff += cols[ic].width;
                int rm = coloff;
                if (ic + 1 < t.cols) {
                    coloff += cols[ic].spacing;
                }
                if (cp != null) {
                    cp = cp.next;
                }
                if (hspans > 0) {
                    hspans--;
                } else if (dp != null && (ic > 0 || sp.layout.first.pos != Tbl.Pos.SPAN)) {
                    hspans = dp.hspans;
                    dp = dp.next;
                }
                if (hspans == 0) {
                    placed.add(new Placed(start, startOff, rm, cellLines(startCell, startDat, start, startOff, rm)));
                }
            }
        }
        int line = 0;
        boolean more;
        do {
            Line l = new Line(p.utf8 ? BORDER_UTF8 : BORDER);
            more = false;
            int uvert = (t.opts & Tbl.DBOX) != 0 ? 2 : (t.opts & Tbl.BOX) != 0 ? 1 : 0;
            int dvert = uvert;
            if (sp.pos == Tbl.SpanPos.DATA && uvert < sp.layout.vert) {
                uvert = dvert = sp.layout.vert;
            }
            if (sp.next != null && sp.next.pos == Tbl.SpanPos.DATA && dvert < sp.next.layout.vert) {
                dvert = sp.next.layout.vert;
            }
            if (sp.prev != null && uvert < sp.prev.layout.vert
                    && (horiz || sp.layout.first.horiz() && !sp.prev.layout.first.horiz())) {
                uvert = sp.prev.layout.vert;
            }
            int rhori = sp.pos == Tbl.SpanPos.DHORIZ || sp.first != null && sp.first.pos == Tbl.DataPos.DHORIZ
                    || sp.layout.first.pos == Tbl.Pos.DHORIZ ? 2
                    : sp.pos == Tbl.SpanPos.HORIZ || sp.first != null && sp.first.pos == Tbl.DataPos.HORIZ
                    || sp.layout.first.pos == Tbl.Pos.HORIZ ? 1 : 0;
            int fc = UP * uvert + DOWN * dvert + RIGHT * rhori;
            if (uvert > 0 || dvert > 0 || horiz && t.lvert > 0) {
                l.advance(offset);
                l.border(fc, 1);
            }
            if (horiz) {
                hruleInto(l, sp.prev, sp, sp.next, 0);
            } else {
                more = cells(l, sp, placed, line);
            }
            // the frame at the end of the row
            uvert = dvert = (t.opts & Tbl.DBOX) != 0 ? 2 : (t.opts & Tbl.BOX) != 0 ? 1 : 0;
            Tbl.Cell last = sp.layout.last;
            if (sp.pos == Tbl.SpanPos.DATA && uvert < last.vert && last.col + 1 == t.cols) {
                uvert = dvert = last.vert;
            }
            if (sp.next != null && dvert < sp.next.layout.last.vert && sp.next.layout.last.col + 1 == t.cols) {
                dvert = sp.next.layout.last.vert;
            }
            if (sp.prev != null && uvert < sp.prev.layout.last.vert && sp.prev.layout.last.col + 1 == t.cols
                    && (horiz || last.horiz() && !sp.prev.layout.last.horiz())) {
                uvert = sp.prev.layout.last.vert;
            }
            int lhori = sp.pos == Tbl.SpanPos.DHORIZ
                    || sp.last != null && sp.last.pos == Tbl.DataPos.DHORIZ && sp.last.layout.col + 1 == t.cols
                    || last.pos == Tbl.Pos.DHORIZ && last.col + 1 == t.cols ? 2
                    : sp.pos == Tbl.SpanPos.HORIZ
                    || sp.last != null && sp.last.pos == Tbl.DataPos.HORIZ && sp.last.layout.col + 1 == t.cols
                    || last.pos == Tbl.Pos.HORIZ && last.col + 1 == t.cols ? 1 : 0;
            fc = UP * uvert + DOWN * dvert + LEFT * lhori;
            if (uvert > 0 || dvert > 0 || horiz && t.rvert > 0) {
                if (!horiz && (!last.horiz() || last.col + 1 < t.cols)) {
                    int rightOff = (placed.isEmpty() ? offset : placed.get(placed.size() - 1).rmargin()) + 1;
                    do {
                        l.border(HORIZ * lhori, 1);
                    } while (l.viscol < rightOff);
                }
                l.border(fc, 1);
            }
            emit(l);
            line++;
        } while (more);
        if (sp.next == null) {
            if ((t.opts & (Tbl.DBOX | Tbl.BOX)) != 0) {
                hrule(sp, sp, null, Tbl.BOX);
                p.setSkipvsp(1);
            }
            if ((t.opts & Tbl.DBOX) != 0 && !p.utf8) {
                hrule(sp, sp, null, Tbl.DBOX);
                p.setSkipvsp(2);
            }
        } else if (!horiz && (t.opts & Tbl.ALLBOX) != 0 && (sp.next.pos == Tbl.SpanPos.DATA || sp.next.next != null)) {
            hrule(sp, sp, sp.next, Tbl.ALLBOX);
        }
    }

    /** The text of one cell wrapped to its width, one string per output line (overstrike for fonts). */
    private List<String> cellLines(Tbl.Cell cp, Tbl.Dat dp, int ic, int off, int rm) {
        List<String> out = new ArrayList<>();
        int width = rm - off;
        char[] borders = p.utf8 ? BORDER_UTF8 : BORDER;
        if (cp == null) {
            return out;
        }
        if (cp.pos == Tbl.Pos.HORIZ || cp.pos == Tbl.Pos.DHORIZ) {
            out.add(String.valueOf(borders[cp.pos == Tbl.Pos.HORIZ ? HORIZ : 2 * HORIZ]).repeat(Math.max(cols[ic].width, 0)));
            return out;
        }
        if (dp == null || dp.string == null) {
            return out;
        }
        switch (dp.pos) {
            case NONE -> {
                return out;
            }
            case HORIZ, NHORIZ -> {
                out.add(String.valueOf(borders[HORIZ]).repeat(cols[ic].width));
                return out;
            }
            case DHORIZ, NDHORIZ -> {
                out.add(String.valueOf(borders[2 * HORIZ]).repeat(cols[ic].width));
                return out;
            }
            default -> { }
        }
        if (cp.pos == Tbl.Pos.DOWN || cp.pos == Tbl.Pos.SPAN) {
            return out;
        }
        String s = dp.string;
        int padl = 0;
        int padr = 0;
        int len = strlen(s);
        if (cp.pos == Tbl.Pos.NUMBER) {
            int[] pts = numberPoints(s);
            Col col = cols[ic];
            if (pts[0] >= 0) {
                int lastpoint = pts[1] < 0 ? pts[0] + 1 : pts[1];
                int intsz = intWidth(s, lastpoint);
                if (col.decimal > intsz && col.width > len) {
                    padl = Math.min(col.decimal - intsz, col.width - len);
                }
            } else if (col.width > len) {
                padl = (col.width - len) / 2;
            }
            padr = Math.max(col.width - padl - len, 0);
        } else {
            int w = cols[ic].width;
            for (int k = 0; k < dp.hspans && ic + k + 1 < cols.length; k++) {
                w += cols[ic + k + 1].width + 3;
            }
            padr = Math.max(w - len, 0);
            switch (cp.pos) {
                case LONG -> {
                    padl = 1;
                    padr = Math.max(padr - 1, 0);
                }
                case CENTRE -> {
                    if (padr >= 2) {
                        padl = padr / 2;
                        padr -= padl;
                    }
                }
                case RIGHT -> {
                    padl = padr;
                    padr = 0;
                }
                default -> { }
            }
        }
        Terminal sub = new Terminal(width, p.utf8);
        sub.set(Terminal.NOSPACE | Terminal.NONOSPACE);
        String nb = String.valueOf(CharTable.NBSP);
        if (padl > 0) {
            sub.word(nb.repeat(padl));
        }
        if (cp.font != Output.ROMAN) {
            sub.fontRepl(cp.font);
        }
        sub.word(s);
        sub.fontRepl(Output.ROMAN);
        if (padr > 0) {
            sub.word(nb.repeat(padr));
        }
        sub.flushln();
        for (String l : sub.out().lines()) {
            out.add(l.stripTrailing());
        }
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    /** Prints line {@code k} of each cell with the vertical lines between them; true if any cell has more. */
    private boolean cells(Line l, Tbl.Span sp, List<Placed> placed, int k) {
        boolean more = false;
        Tbl.Cell cp = sp.layout.first;
        Tbl.Cell cpn = sp.next == null ? null : sp.next.layout.first;
        Tbl.Cell cpp = sp.prev == null ? null : sp.prev.layout.first;
        Tbl.Dat dp = sp.first;
        int hspans = 0;
        int pi = 0;
        for (int ic = 0; ic < t.cols; ic++) {
            int uvert = 0;
            int dvert = 0;
            int fc = 0;
            if (cp != null) {
                Tbl.Cell cps = cp;
                while (cps.next != null && cps.next.pos == Tbl.Pos.SPAN) {
                    cps = cps.next;
                }
                uvert = dvert = cps.vert;
                if (cp.pos == Tbl.Pos.HORIZ) {
                    fc = HORIZ;
                } else if (cp.pos == Tbl.Pos.DHORIZ) {
                    fc = 2 * HORIZ;
                }
            }
            if (cpp != null) {
                if (uvert < cpp.vert && cp != null && (cp.horiz() && !cpp.horiz()
                        || cp.next != null && cpp.next != null && cp.next.horiz() && !cpp.next.horiz())) {
                    uvert = cpp.vert;
                }
                cpp = cpp.next;
            }
            if ((t.opts & Tbl.ALLBOX) != 0) {
                uvert = Math.max(uvert, 1);
                dvert = Math.max(dvert, 1);
            }
            if (cpn != null) {
                if (dvert == 0 || dvert < cpn.vert && p.utf8) {
                    dvert = cpn.vert;
                }
                cpn = cpn.next;
            }
            int lhori = cp != null && cp.pos == Tbl.Pos.DHORIZ || dp != null && dp.pos == Tbl.DataPos.DHORIZ ? 2
                    : cp != null && cp.pos == Tbl.Pos.HORIZ || dp != null && dp.pos == Tbl.DataPos.HORIZ ? 1 : 0;
            if (hspans > 0) {
                hspans--;
                cp = cp.next;
                continue;
            }
            if (dp != null && (ic > 0 || sp.layout.first.pos != Tbl.Pos.SPAN)) {
                hspans = dp.hspans;
                dp = dp.next;
            }
            Placed pc = pi < placed.size() ? placed.get(pi++) : null;
            if (pc != null) {
                if (k < pc.lines().size()) {
                    String text = pc.lines().get(k);
                    int lead = 0;
                    while (lead < text.length() && text.charAt(lead) == ' ') {
                        lead++;
                    }
                    String body = text.substring(lead);
                    if (!body.isEmpty()) {
                        int at = Math.max(pc.offset() + lead, l.viscol);
                        l.advance(at - l.viscol);
                        l.sb.append(body);
                        l.viscol += visible(body);
                    }
                }
                if (k + 1 < pc.lines().size()) {
                    more = true;
                }
            }
            boolean lastCol = pi == placed.size();
            if (fc == 0 && (uvert == 0 && dvert == 0 && cp != null && (cp.next == null || !cp.next.horiz()) || lastCol)) {
                if (cp != null) {
                    cp = cp.next;
                }
                continue;
            }
            int rm = pc == null ? l.viscol : pc.rmargin();
            if (l.viscol < rm) {
                l.advance(rm - l.viscol);
            }
            while (l.viscol < rm + cols[ic].spacing / 2) {
                l.border(HORIZ * lhori, 1);
            }
            if (lastCol) {
                continue;
            }
            if (cp != null) {
                cp = cp.next;
            }
            int rhori = cp != null && cp.pos == Tbl.Pos.DHORIZ || dp != null && dp.pos == Tbl.DataPos.DHORIZ ? 2
                    : cp != null && cp.pos == Tbl.Pos.HORIZ || dp != null && dp.pos == Tbl.DataPos.HORIZ ? 1 : 0;
            if (cols[ic].spacing > 0) {
                l.border(LEFT * lhori + RIGHT * rhori + UP * uvert + DOWN * dvert, 1);
            }
            if (p.utf8) {
                uvert = dvert = 0; // a double line is one heavy line in UTF-8, not two characters
            }
            if (cols[ic].spacing > 2 && (uvert > 1 || dvert > 1 || rhori > 0)) {
                l.border(HORIZ * rhori + UP * (uvert > 1 ? 1 : 0) + DOWN * (dvert > 1 ? 1 : 0), 1);
            }
        }
        return more;
    }

    private void hrule(Tbl.Span spp, Tbl.Span sp, Tbl.Span spn, int flags) {
        Line l = new Line(p.utf8 ? BORDER_UTF8 : BORDER);
        hruleInto(l, spp, sp, spn, flags);
        if (flags != 0) {
            emit(l);
        }
    }

    /** A horizontal line across the table (frame, allbox separator or a {@code _} row). */
    private void hruleInto(Line l, Tbl.Span spp, Tbl.Span sp, Tbl.Span spn, int flags) {
        Tbl.Cell cpp = spp == null ? null : spp.layout.first;
        Tbl.Cell cp = sp == null ? null : sp.layout.first;
        Tbl.Cell cpn = spn == null ? null : spn.layout.first;
        Tbl.Dat dpn = null;
        if (spn != null) {
            if (spn.pos == Tbl.SpanPos.DATA) {
                dpn = spn.first;
            } else if (spn.next != null) {
                dpn = spn.next.first;
            }
        }
        int opts = t.opts;
        int bw = (opts & Tbl.DBOX) != 0 ? (p.utf8 ? 2 : 1) : (opts & (Tbl.BOX | Tbl.ALLBOX)) != 0 ? 1 : 0;
        int hw = flags == Tbl.DBOX || flags == Tbl.BOX ? bw : sp.pos == Tbl.SpanPos.DHORIZ ? 2 : 1;
        if (l.viscol == 0) {
            l.advance(offset);
        }
        if (flags != 0) {
            boolean down = spp == null || cpn == null || cpn.pos != Tbl.Pos.DOWN;
            l.border((spp == null ? 0 : UP * bw) + (spn == null ? 0 : DOWN * bw) + (down ? RIGHT * hw : 0), 1);
        }
        int ci = -1;
        for (;;) {
            ci = cp == null ? ci + 1 : cp.col;
            if (ci >= cols.length) {
                break;
            }
            Col col = cols[ci];
            int lw = cpp == null || cpn == null
                    || cpn.pos != Tbl.Pos.DOWN && (dpn == null || dpn.string == null || !dpn.string.equals("\\^")) ? hw : 0;
            l.border(HORIZ * lw, col.width + col.spacing / 2);
            int uw = 0;
            int dw = 0;
            if (cpp != null) {
                if (flags != Tbl.DBOX) {
                    uw = cpp.vert;
                    if (uw == 0 && (opts & Tbl.ALLBOX) != 0) {
                        uw = 1;
                    }
                }
                cpp = cpp.next;
            } else if (spp != null && (opts & Tbl.ALLBOX) != 0) {
                uw = 1;
            }
            if (cp != null) {
                cp = cp.next;
            }
            if (cpn != null) {
                if (flags != Tbl.DBOX) {
                    dw = cpn.vert;
                    if (dw == 0 && (opts & Tbl.ALLBOX) != 0) {
                        dw = 1;
                    }
                }
                cpn = cpn.next;
                while (dpn != null && dpn.layout != cpn) {
                    dpn = dpn.next;
                }
            } else if (spn != null && (opts & Tbl.ALLBOX) != 0) {
                dw = 1;
            }
            if (ci + 1 == t.cols) {
                break;
            }
            if (cpp != null && cpp.pos == Tbl.Pos.SPAN) {
                uw = 0;
            }
            if (cpn != null && cpn.pos == Tbl.Pos.SPAN) {
                dw = 0;
            }
            int rw = cpp == null || cpn == null
                    || cpn.pos != Tbl.Pos.DOWN && (dpn == null || dpn.string == null || !dpn.string.equals("\\^")) ? hw : 0;
            if (col.spacing > 0) {
                l.border(LEFT * lw + RIGHT * rw + UP * uw + DOWN * dw, 1);
            }
            if (p.utf8 || uw < 2 && dw < 2) {
                uw = dw = 0; // only ASCII draws a double crossing as two characters
            }
            if (col.spacing > 2) {
                l.border(HORIZ * rw + UP * uw + DOWN * dw, 1);
            }
            if (col.spacing > 4) {
                l.border(HORIZ * rw, (col.spacing - 3) / 2);
            }
        }
        if (flags != 0) {
            boolean down = spp == null || spn == null || spn.layout.last.pos != Tbl.Pos.DOWN;
            l.border((spp == null ? 0 : UP * bw) + (spn == null ? 0 : DOWN * bw) + (down ? LEFT * hw : 0), 1);
        }
    }
}
