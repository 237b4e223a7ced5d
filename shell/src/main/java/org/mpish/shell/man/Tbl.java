package org.mpish.shell.man;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A tbl(7) table as read between {@code .TS} and {@code .TE}: options, layout rows of cells and
 * data rows (spans), with the same interpretation as mandoc's tbl parser (options up to a
 * semicolon, layout rows up to a period, data cells separated by the tab character, {@code T{ ... T}}
 * text blocks, {@code _} and {@code =} rules, {@code \^} vertical spans, {@code .T&} restarts).
 */
final class Tbl {
    // table options
    static final int ALLBOX = 1;
    static final int BOX = 1 << 1;
    static final int DBOX = 1 << 2;
    static final int CENTRE = 1 << 3;
    static final int EXPAND = 1 << 4;
    static final int NOSPACE = 1 << 5;
    static final int VSPACE = 1 << 6;

    // cell kinds
    enum Pos { CENTRE, RIGHT, LEFT, NUMBER, SPAN, LONG, DOWN, HORIZ, DHORIZ }

    // cell flags
    static final int EQUAL = 1;
    static final int WMAX = 1 << 1;
    static final int WIGN = 1 << 2;

    /** One cell of a layout row. */
    static final class Cell {
        Pos pos;
        byte font = Output.ROMAN;
        int flags;
        int width;
        int spacing = -1;
        int vert;
        int col;
        Cell next;

        Cell(Pos pos) {
            this.pos = pos;
        }

        boolean horiz() {
            return pos == Pos.HORIZ || pos == Pos.DHORIZ;
        }
    }

    /** One layout row. */
    static final class Row {
        Cell first;
        Cell last;
        int vert;
        Row next;
    }

    enum DataPos { NONE, DATA, HORIZ, DHORIZ, NHORIZ, NDHORIZ }

    /** One data cell. */
    static final class Dat {
        Cell layout;
        String string;
        int hspans;
        int vspans;
        boolean block;
        DataPos pos = DataPos.NONE;
        Dat next;
    }

    enum SpanPos { DATA, HORIZ, DHORIZ }

    /** One data row. */
    static final class Span {
        Row layout;
        Dat first;
        Dat last;
        SpanPos pos = SpanPos.DATA;
        Span prev;
        Span next;
    }

    private enum Part { OPTS, LAYOUT, DATA, CDATA }

    int opts;
    char tab = '\t';
    char decimal = '.';
    int cols;
    int lvert;
    int rvert;
    Row firstRow;
    Row lastRow;
    Span firstSpan;
    Span lastSpan;
    private Part part = Part.OPTS;
    private final Diags diags;
    final int line;

    Tbl(Diags diags, int line) {
        this.diags = diags;
        this.line = line;
    }

    /** {@code .T&}: a new layout for the following data rows. */
    void restart() {
        part = Part.LAYOUT; // the new rows are appended; the next data row takes the first of them
    }

    /** True when the table is inside a {@code T{} text block. */
    boolean inBlock() {
        return part == Part.CDATA;
    }

    /** One input line of the table (already without a dropped macro name). */
    void read(int ln, String p) {
        if (part == Part.OPTS) {
            part = Part.LAYOUT;
            boolean active = true;
            int semi = -1;
            for (int i = 0; i < p.length(); i++) {
                char c = p.charAt(i);
                if (c == '(') {
                    active = false;
                } else if (c == ')') {
                    active = true;
                } else if (c == ';' && active) {
                    semi = i;
                    break;
                }
            }
            if (semi >= 0) {
                int pos = options(ln, p);
                if (pos >= p.length()) {
                    return;
                }
                p = p.substring(pos);
            }
        }
        switch (part) {
            case LAYOUT -> layout(ln, p);
            case CDATA -> cdata(p);
            default -> data(p);
        }
    }

    // ---------------------------------------------------------------- options

    private int options(int ln, String p) {
        int pos = 0;
        for (;;) {
            while (pos < p.length() && (p.charAt(pos) == ' ' || p.charAt(pos) == '\t' || p.charAt(pos) == ',')) {
                pos++;
            }
            if (pos >= p.length()) {
                return pos;
            }
            if (p.charAt(pos) == ';') {
                return pos + 1;
            }
            int len = 0;
            while (pos + len < p.length() && Character.isLetter(p.charAt(pos + len))) {
                len++;
            }
            if (len == 0) {
                diags.warn(ln, pos, "non-alphabetic character in tbl options: " + p.charAt(pos));
                pos++;
                continue;
            }
            String name = p.substring(pos, pos + len).toLowerCase(Locale.ROOT);
            pos += len;
            switch (name) {
                case "allbox" -> opts |= ALLBOX | BOX;
                case "box", "frame" -> opts |= BOX;
                case "center", "centre" -> opts |= CENTRE;
                case "doublebox", "doubleframe" -> opts |= DBOX;
                case "expand" -> opts |= EXPAND;
                case "nospaces" -> opts |= NOSPACE;
                case "nokeep", "nowarn" -> { }
                case "tab", "decimalpoint", "delim", "linesize" -> {
                    while (pos < p.length() && (p.charAt(pos) == ' ' || p.charAt(pos) == '\t')) {
                        pos++;
                    }
                    int alen = 0;
                    if (pos < p.length() && p.charAt(pos) == '(') {
                        pos++;
                        while (pos + alen < p.length() && p.charAt(pos + alen) != ')') {
                            alen++;
                        }
                    }
                    if (alen == 1 && name.equals("tab")) {
                        tab = p.charAt(pos);
                    } else if (alen == 1 && name.equals("decimalpoint")) {
                        decimal = p.charAt(pos);
                    }
                    pos += alen;
                    if (pos < p.length() && p.charAt(pos) == ')') {
                        pos++;
                    }
                }
                default -> diags.error(ln, pos - len, "skipping unknown tbl option: " + name);
            }
        }
    }

    // ---------------------------------------------------------------- layout

    private static final String KEYS = "crlnsa^-_=";

    private void layout(int ln, String p) {
        Row rp = null;
        int pos = 0;
        for (;;) {
            while (pos < p.length() && (p.charAt(pos) == ' ' || p.charAt(pos) == '\t')) {
                pos++;
            }
            if (pos >= p.length()) {
                return;
            }
            char c = p.charAt(pos);
            if (c == ',') {
                pos++;
                rp = null;
                continue;
            }
            if (c == '.') {
                endLayout();
                return;
            }
            if (rp == null) {
                if (lastRow == null || lastRow.first != null) {
                    rp = new Row();
                    if (lastRow != null) {
                        lastRow.next = rp;
                    } else {
                        firstRow = rp;
                    }
                    lastRow = rp;
                } else {
                    rp = lastRow;
                }
            }
            pos = cell(ln, rp, p, pos);
        }
    }

    private void endLayout() {
        part = Part.DATA;
        if (firstRow == null) {
            firstRow = lastRow = new Row();
        }
        if (firstRow.first == null) {
            addCell(firstRow, Pos.LEFT);
            lvert = Math.max(lvert, firstRow.vert);
            return;
        }
        for (Row rp = firstRow; rp != null; rp = rp.next) {
            lvert = Math.max(lvert, rp.vert);
            if (rp.last != null && rp.last.col + 1 == cols) {
                rvert = Math.max(rvert, rp.last.vert);
            }
            if (rp.next != null && rp.next.first == null) {
                rp.next = null;
                lastRow = rp;
            }
        }
        for (Cell cp = firstRow.first; cp != null; cp = cp.next) {
            if (cp.horiz()) {
                opts &= ~VSPACE;
            }
        }
    }

    private Cell addCell(Row rp, Pos pos) {
        Cell p = new Cell(pos);
        if (rp.last != null) {
            rp.last.next = p;
            p.col = rp.last.col + 1;
        } else {
            rp.first = p;
        }
        rp.last = p;
        if (cols <= p.col) {
            cols = p.col + 1;
        }
        return p;
    }

    private int cell(int ln, Row rp, String p, int pos) {
        while (pos < p.length() && (p.charAt(pos) == ' ' || p.charAt(pos) == '\t' || p.charAt(pos) == '|')) {
            if (p.charAt(pos) == '|') {
                if (rp.vert < 2) {
                    rp.vert++;
                    if ((opts & (DBOX | BOX)) == 0) {
                        opts |= VSPACE;
                    }
                }
            }
            pos++;
        }
        for (;;) {
            while (pos < p.length() && (p.charAt(pos) == ' ' || p.charAt(pos) == '\t')) {
                pos++;
            }
            if (pos >= p.length() || p.charAt(pos) == '.') {
                return pos;
            }
            int k = KEYS.indexOf(Character.toLowerCase(p.charAt(pos)));
            if (k < 0) {
                diags.error(ln, pos, "invalid character in tbl layout: " + p.charAt(pos));
                pos++;
                continue;
            }
            Pos c = switch (KEYS.charAt(k)) {
                case 'c' -> Pos.CENTRE;
                case 'r' -> Pos.RIGHT;
                case 'l' -> Pos.LEFT;
                case 'n' -> Pos.NUMBER;
                case 's' -> Pos.SPAN;
                case 'a' -> Pos.LONG;
                case '^' -> Pos.DOWN;
                case '=' -> Pos.DHORIZ;
                default -> Pos.HORIZ;
            };
            if (c == Pos.SPAN && rp.last == null) {
                diags.warn(ln, pos, "tbl line starts with span");
            } else if (c == Pos.SPAN && rp.last.horiz()) {
                c = rp.last.pos;
            }
            pos++;
            return mods(ln, addCell(rp, c), p, pos);
        }
    }

    private int mods(int ln, Cell cp, String p, int pos) {
        for (;;) {
            while (pos < p.length() && (p.charAt(pos) == ' ' || p.charAt(pos) == '\t')) {
                pos++;
            }
            if (pos >= p.length() || ".,-=^_ACLNRSaclnrs".indexOf(p.charAt(pos)) >= 0) {
                return pos;
            }
            char c = p.charAt(pos);
            if (c == '(') {
                int close = p.indexOf(')', pos);
                if (close < 0) {
                    return p.length();
                }
                pos = close + 1;
                continue;
            }
            if (Character.isDigit(c)) {
                int e = pos;
                while (e < p.length() && Character.isDigit(p.charAt(e))) {
                    e++;
                }
                long v = Long.parseLong(p.substring(pos, Math.min(e, pos + 9)));
                if (v <= 9) {
                    cp.spacing = (int) v;
                }
                pos = e;
                continue;
            }
            pos++;
            switch (Character.toLowerCase(c)) {
                case 'b' -> cp.font = Output.BOLD;
                case 'i' -> cp.font = Output.UNDER;
                case 'e' -> cp.flags |= EQUAL;
                case 'x' -> cp.flags |= WMAX;
                case 'z' -> cp.flags |= WIGN;
                case 'd', 't', 'u', 'm' -> { }
                case 'p', 'v' -> {
                    if (pos < p.length() && (p.charAt(pos) == '-' || p.charAt(pos) == '+')) {
                        pos++;
                    }
                    while (pos < p.length() && Character.isDigit(p.charAt(pos))) {
                        pos++;
                    }
                }
                case 'w' -> {
                    if (pos < p.length() && p.charAt(pos) == '(') {
                        int close = p.indexOf(')', pos);
                        if (close < 0) {
                            return p.length();
                        }
                        int w = Units.hspan(p.substring(pos + 1, close), 'n');
                        if (w != Units.INVALID && w > 0) {
                            cp.width = w;
                        }
                        pos = close + 1;
                    } else {
                        int w = 0;
                        while (pos < p.length() && Character.isDigit(p.charAt(pos))) {
                            w = Math.min(w * 10 + p.charAt(pos++) - '0', 10000);
                        }
                        cp.width = w;
                    }
                }
                case '|' -> {
                    if (cp.vert < 2) {
                        cp.vert++;
                        if (firstRow == lastRow && (opts & (DBOX | BOX)) == 0) {
                            opts |= VSPACE;
                        }
                    }
                }
                case 'f' -> {
                    while (pos < p.length() && (p.charAt(pos) == ' ' || p.charAt(pos) == '\t')) {
                        pos++;
                    }
                    if (pos < p.length() && p.charAt(pos) == '(') {
                        continue;
                    }
                    int len = pos < p.length() ? 1 : 0;
                    if (pos + len < p.length() && " \t.".indexOf(p.charAt(pos + len)) < 0) {
                        len++;
                    }
                    String f = p.substring(pos, pos + len);
                    switch (Escape.font(f)) {
                        case FONT_BOLD -> cp.font = Output.BOLD;
                        case FONT_ITALIC -> cp.font = Output.UNDER;
                        case FONT_BI -> cp.font = Output.BI;
                        case FONT_ROMAN, FONT_CW -> cp.font = Output.ROMAN;
                        // mandoc quotes the rest of the layout line from the character before the name
                        default -> diags.warn(ln, pos, "unknown font, skipping request: TS " + p.substring(pos - 1));
                    }
                    pos += len;
                }
                default -> diags.error(ln, pos - 1, "invalid character in tbl layout: " + c);
            }
        }
    }

    // ---------------------------------------------------------------- data

    private Span newSpan(Row rp) {
        Span sp = new Span();
        sp.layout = rp;
        sp.prev = lastSpan;
        if (sp.prev == null) {
            firstSpan = sp;
        } else {
            sp.prev.next = sp;
        }
        lastSpan = sp;
        return sp;
    }

    private void data(String p) {
        Span sp = lastSpan;
        while (sp != null && sp.pos != SpanPos.DATA) {
            sp = sp.prev;
        }
        Row rp = sp == null ? firstRow : sp.layout.next == null ? sp.layout : sp.layout.next;
        if (rp == null) {
            return;
        }
        if (p.length() == 1) {
            switch (p.charAt(0)) {
                case '.' -> {
                    return;
                }
                case '_', '=' -> {
                    if (sp == null) {
                        opts &= ~VSPACE;
                    }
                    Span h = newSpan(rp);
                    h.pos = p.charAt(0) == '_' ? SpanPos.HORIZ : SpanPos.DHORIZ;
                    return;
                }
                default -> { }
            }
        }
        while (rp.next != null) {
            if (rp.last.col + 1 < cols) {
                break;
            }
            Cell cp = rp.first;
            while (cp != null && cp.horiz()) {
                cp = cp.next;
            }
            if (cp != null) {
                break;
            }
            newSpan(rp);
            rp = rp.next;
        }
        Span s = newSpan(rp);
        int[] pos = {0};
        while (pos[0] < p.length()) {
            getData(s, p, pos);
        }
    }

    private void getData(Span dp, String p, int[] at) {
        int start = at[0];
        int i = start;
        while (i < p.length() && p.charAt(i) != tab) {
            if (p.charAt(i++) == '\\' && i < p.length()) {
                i = Math.max(Escape.parse(p, i).end(), i);
            }
        }
        i = Math.min(i, p.length());
        at[0] = i;
        Cell cp = dp.last == null ? dp.layout.first : dp.last.layout.next;
        while (cp != null && cp.pos == Pos.SPAN) {
            cp = cp.next;
        }
        if (cp == null) {
            if (dp.layout.last.col + 1 < cols) {
                cp = new Cell(Pos.LEFT);
                dp.layout.last.next = cp;
                cp.col = dp.layout.last.col + 1;
                dp.layout.last = cp;
            } else {
                at[0] = p.length();
                return;
            }
        }
        Dat dat = new Dat();
        dat.layout = cp;
        String raw = p.substring(start, i);
        if (cp.pos == Pos.DOWN || raw.equals("\\^")) {
            for (Span pdp = dp.prev; pdp != null; pdp = pdp.prev) {
                Dat pdat = pdp.first;
                while (pdat != null && pdat.layout.col < dat.layout.col) {
                    pdat = pdat.next;
                }
                if (pdat == null) {
                    break;
                }
                if (pdat.layout.pos != Pos.DOWN && !"\\^".equals(pdat.string)) {
                    pdat.vspans++;
                    break;
                }
            }
        }
        for (Cell c = cp.next; c != null && c.pos == Pos.SPAN; c = c.next) {
            dat.hspans++;
        }
        if (dp.last == null) {
            dp.first = dat;
        } else {
            dp.last.next = dat;
        }
        dp.last = dat;
        int s = start;
        int e = i;
        if ((opts & NOSPACE) != 0) {
            while (s < e && p.charAt(s) == ' ') {
                s++;
            }
            while (e > s && p.charAt(e - 1) == ' ') {
                e--;
            }
        }
        if (e - s == 2 && p.charAt(s) == 'T' && p.charAt(s + 1) == '{') {
            part = Part.CDATA;
            return;
        }
        dat.string = p.substring(s, e);
        if (at[0] < p.length()) {
            at[0]++;
        }
        dat.pos = switch (dat.string) {
            case "_" -> DataPos.HORIZ;
            case "=" -> DataPos.DHORIZ;
            case "\\_" -> DataPos.NHORIZ;
            case "\\=" -> DataPos.NDHORIZ;
            default -> DataPos.DATA;
        };
    }

    private void cdata(String p) {
        Dat dat = lastSpan.last;
        if (p.startsWith("T}")) {
            int pos = 2;
            if ((opts & NOSPACE) != 0) {
                while (pos < p.length() && p.charAt(pos) == ' ') {
                    pos++;
                }
            }
            if (pos < p.length() && p.charAt(pos) == tab) {
                part = Part.DATA;
                int[] at = {pos + 1};
                while (at[0] < p.length()) {
                    getData(lastSpan, p, at);
                }
                return;
            } else if (pos >= p.length()) {
                part = Part.DATA;
                return;
            }
        }
        dat.pos = DataPos.DATA;
        dat.block = true;
        dat.string = dat.string == null ? p : dat.string + " " + p;
    }

    /** False (with mandoc's message) when the table has no data. */
    boolean end(int ln, boolean stillOpen) {
        Span sp = firstSpan;
        while (sp != null && sp.first == null) {
            sp = sp.next;
        }
        return sp != null;
    }
}
