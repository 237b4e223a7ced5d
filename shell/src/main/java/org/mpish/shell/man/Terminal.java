package org.mpish.shell.man;

/**
 * Line filling for a fixed-width terminal, modelled on mandoc's term.c: words are collected in
 * a buffer and {@link #flushln} breaks them into output lines between a left offset and a right
 * margin.  Text is never justified and only breaks at blanks and at hyphens between letters.
 * All widths are in columns.
 */
final class Terminal {
    /** No blank before the next word. */
    static final int NOSPACE = 1;
    /** Keep NOSPACE set after each word. */
    static final int NONOSPACE = 1 << 1;
    /** Words are joined by non-breaking blanks. */
    static final int KEEP = 1 << 2;
    /** Set KEEP after the next word. */
    static final int PREKEEP = 1 << 3;
    /** The previous word ended a sentence: use two blanks. */
    static final int SENTENCE = 1 << 4;
    /** A field (tag, heading) whose overflow continues on the same line. */
    static final int NOBREAK = 1 << 5;
    /** Lines after a broken NOBREAK field start at the right margin. */
    static final int BRIND = 1 << 6;
    /** Trailing blanks count when deciding whether a field overflowed. */
    static final int BRTRSP = 1 << 7;
    /** Never break lines (no-fill mode). */
    static final int BRNEVER = 1 << 8;
    /** The line ended with \c or a list body follows its tag: no line break before the next text. */
    static final int NONEWLINE = 1 << 9;
    /** Start output at the current column instead of the offset. */
    static final int NOPAD = 1 << 10;
    /** The next field always follows on the same line. */
    static final int HANG = 1 << 11;

    /** Centre each output line between the margins ({@code .ce}). */
    static final int CENTER = 1 << 12;
    /** Adjust each output line to the right margin ({@code .rj}). */
    static final int RIGHT = 1 << 13;

    private final Output out = new Output();
    private int flags;
    private int offset;
    private int rmargin;
    private int maxrmargin;
    /** The line length {@code .ll} set, and the one before it (restored by {@code .ll} alone). */
    private int defrmargin;
    private int lastrmargin = 78;
    private int trailspace;
    private int skipvsp;
    /** Temporary indentation from .ti, undone at the end of the output line. */
    private int ti;
    private int minbl;
    private int viscol;

    private char[] buf = new char[256];
    private int col;
    private int lastcol;
    private int readPos;

    private final TabStops tabs = new TabStops();

    private byte font = Output.ROMAN;
    private byte fontLast = Output.ROMAN;

    /** Characters are printed as UTF-8 ({@code -T utf8}) rather than spelled in ASCII. */
    final boolean utf8;

    Terminal(int width) {
        this(width, false);
    }

    Terminal(int width, boolean utf8) {
        maxrmargin = rmargin = defrmargin = width;
        this.utf8 = utf8;
    }

    /** Whether a character takes the current font (mandoc: printable ASCII, the hyphen, and any non-ASCII glyph). */
    private boolean glyph(char c) {
        return c == CharTable.HYPH || (c > ' ' && c < 0x7f) || (utf8 && c >= 0xA0 && !CharTable.marker(c));
    }

    /**
     * {@code .ll [+|-]N}: sets the line length (mandoc's ASCII rules: N needs a unit and is
     * truncated to whole columns; no valid N restores the previous length; at most 1000).
     */
    void setWidth(String arg) {
        int iop = 0;
        long width = 0;
        if (arg != null) {
            String w = arg;
            if (w.startsWith("+")) {
                iop = 1;
                w = w.substring(1);
            } else if (w.startsWith("-")) {
                iop = -1;
                w = w.substring(1);
            }
            long bu = Units.basic(w, (char) 0);
            if (bu == Units.INVALID) {
                iop = 0;
            } else {
                width = bu;
            }
        }
        int cols = (int) Math.max(-1000, Math.min(1000, width / 24));
        rmargin = defrmargin;
        if (iop > 0) {
            defrmargin += cols;
        } else if (iop == 0) {
            defrmargin = cols != 0 ? cols : lastrmargin;
        } else {
            defrmargin = defrmargin > cols ? defrmargin - cols : 0;
        }
        defrmargin = Math.min(Math.max(defrmargin, 0), 1000);
        lastrmargin = rmargin;
        rmargin = maxrmargin = defrmargin;
    }

    boolean has(int flag) {
        return (flags & flag) != 0;
    }

    // ---------------------------------------------------------------- layout state, for the formatters

    /** Turns the given layout flags on. */
    void set(int flag) {
        flags |= flag;
    }

    /** Turns the given layout flags off. */
    void clear(int flag) {
        flags &= ~flag;
    }

    /** Flips the given layout flags. */
    void toggle(int flag) {
        flags ^= flag;
    }

    /** Replaces every layout flag (a fresh start for headers and footers). */
    void setFlags(int all) {
        flags = all;
    }

    /** The left margin of the text, in columns. */
    int offset() {
        return offset;
    }

    void setOffset(int columns) {
        offset = columns;
    }

    /** The right margin of the current field, in columns. */
    int rmargin() {
        return rmargin;
    }

    void setRmargin(int columns) {
        rmargin = columns;
    }

    /** The right margin of the page (the line length). */
    int maxrmargin() {
        return maxrmargin;
    }

    /** Blanks kept after a field (tag, heading) before its overflow counts. */
    void setTrailspace(int columns) {
        trailspace = columns;
    }

    /** Blank lines still to be swallowed (a negative {@code .sp} or a table's own space). */
    int skipvsp() {
        return skipvsp;
    }

    void setSkipvsp(int lines) {
        skipvsp = lines;
    }

    /** Swallows {@code lines} more of the blank lines to come. */
    void skipVspace(int lines) {
        skipvsp += lines;
    }

    /** {@code .ti}: indents the next output line only, by {@code columns} (may be negative). */
    void indentTemporarily(int columns) {
        ti = columns;
        offset += ti;
    }

    /** The lines written so far. */
    Output out() {
        return out;
    }

    /** Lays out without fonts (for measuring widths and plain text). */
    void measureOnly() {
        measuring = true;
    }

    /** The buffer position where the next character goes. */
    int col() {
        return col;
    }

    /** Width in columns of what is buffered (backspaces count one, as mandoc's term_strlen does). */
    int bufferWidth() {
        int w = 0;
        for (int i = 0; i < lastcol; i++) {
            char c = buf[i];
            w += c == '\b' ? 1 : width(c);
        }
        return w;
    }

    /**
     * Moves {@code n} columns left ({@code \h} with a negative width): inside the buffer while it
     * can, then into the indentation of this line, as mandoc's term_word does.
     */
    void moveLeft(int n) {
        if (col >= n) {
            col -= n;
            return;
        }
        int rest = col - n;
        col = 0;
        if (offset > -rest) {
            ti += rest;
            offset += rest;
        } else {
            ti -= offset;
            offset = 0;
        }
    }

    /** {@code \o}: the next character is printed over the one just buffered. */
    void overstrikeNext() {
        if (backBefore) {
            backAfter = true;
        } else {
            backBefore = true;
        }
    }

    /** After {@code \o}: drops a trailing backspace and blank, and keeps the position inside the text. */
    void endOverstrike() {
        if (lastcol > 2 && (buf[lastcol - 1] == ' ' || buf[lastcol - 1] == '\t')) {
            lastcol -= 2;
        }
        if (col > lastcol) {
            col = lastcol;
        }
    }

    // ---------------------------------------------------------------- fonts

    void fontRepl(byte f) {
        if (measuring) {
            return;
        }
        fontLast = font;
        font = f;
    }

    /** The font now in use (eqn saves and restores it around a box). */
    byte font() {
        return font;
    }

    void fontPrev() {
        if (measuring) {
            return;
        }
        byte f = fontLast;
        fontLast = font;
        font = f;
    }

    // ---------------------------------------------------------------- buffer

    /*
     * The buffer holds what mandoc's does: fonts are already encoded as backspace overstrike
     * (bold "x\bx", underline "_\bx"), because where a line may break depends on it.
     */

    private void ensure(int n) {
        if (col + n >= buf.length) {
            buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, col + n + 16));
        }
    }

    /** Buffers a layout character (blank, marker); blanks never overwrite text moved back over. */
    void bufferc(char c) {
        ensure(1);
        if (lastcol <= col || (c != ' ' && c != CharTable.NBSP)) {
            buf[col] = c;
        }
        col++;
        if (lastcol < col) {
            lastcol = col;
        }
    }

    /** Buffers one printable character in the current font. */
    void encode1(char c) {
        ensure(8);
        byte f = glyph(c) ? font : Output.ROMAN;
        if (backBefore) {
            if (col > 0 && (buf[col - 1] == ' ' || buf[col - 1] == '\t')) {
                col--;
            } else {
                buf[col++] = '\b';
            }
            backBefore = false;
        }
        if (f == Output.UNDER || f == Output.BI) {
            buf[col++] = '_';
            buf[col++] = '\b';
        }
        if (f == Output.BOLD || f == Output.BI) {
            buf[col++] = c == CharTable.HYPH ? '-' : c;
            buf[col++] = '\b';
        }
        if (lastcol <= col || (c != ' ' && c != CharTable.NBSP)) {
            buf[col] = c;
        }
        if (lastcol < ++col) {
            lastcol = col;
        }
        if (backAfter) {
            backBefore = true;
            backAfter = false;
        }
    }

    /** Buffers a string in the current font; non-printing characters go in unchanged. */
    void encode(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (glyph(c)) {
                encode1(c);
            } else {
                bufferc(c);
                if (c == '\b' && backBefore) {
                    // postpone \z while an overstruck character is being built
                    backBefore = false;
                    backAfter = true;
                }
            }
        }
    }

    void encode(char c) {
        encode(String.valueOf(c));
    }

    // ---------------------------------------------------------------- words

    /** Adds a word (or a whole text line) to the buffer, interpreting escape sequences. */
    void word(String w) {
        if (!has(NOSPACE)) {
            if (!has(KEEP)) {
                bufferc(' ');
                if (has(SENTENCE)) {
                    bufferc(' ');
                }
            } else {
                bufferc(CharTable.NBSP);
            }
        }
        if (has(PREKEEP)) {
            flags |= KEEP;
        }
        if (has(NONOSPACE)) {
            flags |= NOSPACE;
        } else {
            flags &= ~NOSPACE;
        }
        flags &= ~(SENTENCE | NONEWLINE);
        skipvsp = 0;

        int len = w.length();
        int i = 0;
        while (i < len) {
            char c = w.charAt(i);
            if (c != '\\') {
                encode(c);
                i++;
                continue;
            }
            Escape e = Escape.parse(w, i + 1);
            i = Math.max(e.end(), i + 1);
            switch (e.kind()) {
                case UNICODE -> encode(CharTable.unicode(Integer.parseInt(e.arg(w).substring(1), 16), utf8));
                case NUMBERED -> {
                    String s = CharTable.numbered(EscapeWriter.numberOf(e.arg(w)), utf8);
                    if (s != null) {
                        encode(s);
                    }
                }
                case SPECIAL -> {
                    String s = CharTable.special(e.arg(w), utf8);
                    if (s != null) {
                        encode(s);
                    }
                }
                case UNDEF -> encode(w.charAt(e.argStart()));
                case FONT_BOLD -> fontRepl(Output.BOLD);
                case FONT_ITALIC -> fontRepl(Output.UNDER);
                case FONT_BI -> fontRepl(Output.BI);
                case FONT_ROMAN, FONT_CW -> fontRepl(Output.ROMAN);
                case FONT_PREV -> fontPrev();
                case BREAK -> bufferc('\n');
                case NOSPACE -> {
                    if (i >= len) {
                        flags |= NOSPACE | NONEWLINE;
                    }
                }
                case HORIZ -> EscapeWriter.horizontal(this, e.arg(w));
                case HLINE -> EscapeWriter.hline(this, e.arg(w));
                case SKIPCHAR -> backAfter = true;
                case OVERSTRIKE -> EscapeWriter.overstrike(this, e.arg(w));
                default -> {
                }
            }
        }
    }

    /** Width measurement only: fonts do not add overstrike. */
    private boolean measuring;
    /** \z or \o: the next character goes back over the previous one (set after it is written). */
    private boolean backAfter;
    /** The character about to be buffered overprints the previous one. */
    private boolean backBefore;

    // ---------------------------------------------------------------- lines

    /** Ends the current output line (and undoes a temporary indent). */
    private void endline() {
        out.endline();
        viscol = 0;
        minbl = 0;
        offset = offset > ti ? offset - ti : 0;
        ti = 0;
    }

    /** Writes a finished line as it is (tables lay out their own lines). */
    void rawLine(String line) {
        for (int i = 0; i < line.length(); i++) {
            out.letter(line.charAt(i));
        }
        endline();
    }

    /** Breaks the output line if anything is pending. */
    void newln() {
        flags |= NOSPACE;
        if (lastcol > 0 || viscol > 0) {
            flushln();
        }
    }

    /** Ends the line and adds one blank line (unless suppressed by a negative .sp). */
    void vspace() {
        newln();
        if (skipvsp > 0) {
            skipvsp--;
        } else {
            endline();
        }
    }

    /** Writes the buffered text, breaking lines at the right margin (mandoc's term_flushln). */
    void flushln() {
        int vbl = has(NOPAD) || offset < viscol ? 0 : offset - viscol;
        if (minbl > 0 && vbl < minbl) {
            vbl = minbl;
        }
        readPos = 0;
        int vfield = 0;
        int vbr = 0;
        while (true) {
            vfield = rmargin > viscol + vbl ? rmargin - viscol - vbl : 0;
            int vtarget = !has(NOBREAK) ? vfield
                    : maxrmargin > viscol + vbl ? maxrmargin - viscol - vbl : 0;
            long fill = fill(has(BRNEVER) ? Integer.MAX_VALUE / 2 : vtarget);
            int nbr = (int) (fill >>> 32);
            vbr = (int) fill;
            if (nbr == 0) {
                break;
            }
            if (vbr < vtarget) {
                if (has(CENTER)) {
                    vbl += (vtarget - vbr) / 2;
                } else if (has(RIGHT)) {
                    vbl += vtarget - vbr;
                }
            }
            field(vbl, nbr);
            int ic = readPos;
            for (; ic < lastcol; ic++) {
                char c = buf[ic];
                if (c == '\t') {
                    if (has(BRTRSP)) {
                        vbr = tabs.next(vbr);
                    }
                } else if (c == ' ') {
                    if (has(BRTRSP)) {
                        vbr++;
                    }
                } else if (c != '\n' && c != CharTable.BREAKPOINT) {
                    break;
                }
            }
            if (ic == lastcol) {
                break;
            }
            while (readPos < lastcol && buf[readPos] == ' ') {
                readPos++;
            }
            endline();
            vbl = has(BRIND) ? rmargin : offset;
        }
        col = readPos = lastcol = 0;
        minbl = trailspace;
        flags &= ~NOPAD;
        backAfter = backBefore = false;
        if (!has(HANG) && (!has(NOBREAK) || vbr + trailspace > vfield)) {
            endline();
        }
    }

    /**
     * Finds how much of the buffer fits into {@code vtarget} columns.
     * Returns the end index (high 32 bits) and its visual width (low 32 bits); 0 if only blanks.
     */
    private long fill(int vtarget) {
        int nbr = 0;
        int vbr = 0;
        int vis = 0;
        boolean breakline = false;
        boolean graph = false;
        int ic = readPos;
        scan:
        for (; ic < lastcol; ic++) {
            char c = buf[ic];
            switch (c) {
                case ' ', '\t', CharTable.BREAKPOINT -> {
                    int vn = c == ' ' ? vis + 1 : c == '\t' ? tabs.next(vis) : vis;
                    if (breakline || vn > vtarget) {
                        break scan;
                    }
                    if (graph) {
                        nbr = ic;
                        vbr = vis;
                        graph = false;
                    }
                    vis = vn;
                }
                case '\n' -> breakline = true;
                case '\b' -> vis -= ic > 0 ? width(buf[ic - 1]) : 0;
                case CharTable.HYPH -> {
                    graph = true;
                    buf[ic] = '-'; // decided now: from here on an ordinary hyphen
                    vis++;
                    if (vis > vtarget) {
                        ic++;
                        break scan;
                    }
                    nbr = ic + 1;
                    vbr = vis;
                }
                default -> {
                    if (c == CharTable.NBSP) {
                        buf[ic] = ' ';
                        vis++;
                    } else {
                        vis += width(c);
                    }
                    graph = true;
                    if (vis > vtarget && nbr > 0) {
                        return ((long) nbr << 32) | vbr;
                    }
                }
            }
        }
        if (graph && (vis <= vtarget || nbr == 0)) {
            nbr = ic;
            vbr = vis;
        }
        return ((long) nbr << 32) | vbr;
    }

    /** Prints buffer positions up to {@code nbr}, indented by {@code vbl}; blanks are deferred. */
    private void field(int vbl, int nbr) {
        int vis = 0;
        for (int ic = readPos; ic < nbr; ic++) {
            char c = buf[ic];
            if (c == '\n' || c == CharTable.BREAKPOINT || c == CharTable.ZW) {
                continue;
            }
            if (c == '\t' || c == ' ' || c == CharTable.NBSP) {
                int dv = c == '\t' ? tabs.next(vis) - vis : 1;
                vbl += dv;
                vis += dv;
                continue;
            }
            if (vbl > 0) {
                out.advance(vbl);
                viscol += vbl;
                vbl = 0;
            }
            out.letter(c == CharTable.HYPH ? '-' : c);
            int dv = c == '\b' ? -(ic > 0 ? width(buf[ic - 1]) : 0) : width(c);
            viscol += dv;
            vis += dv;
        }
        readPos = nbr;
    }

    /** Columns a buffered character takes: 0 for markers, combining marks and the second half of a surrogate pair, 2 for wide East Asian characters. */
    static int width(char c) {
        if (c < 0x300) {
            return c == '\n' || c == '\b' ? 0 : 1;
        }
        if (c == CharTable.ZW || c == CharTable.BREAKPOINT || Character.isLowSurrogate(c)) {
            return 0;
        }
        int type = Character.getType(c);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || c == 0x200D) {
            return 0;
        }
        boolean wide = (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF && c != 0x303F)
                || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F)
                || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6);
        return wide ? 2 : 1;
    }

    /**
     * Changes tab stops as {@code .ta} does (mandoc's rules): null clears them, {@code T} makes
     * the following stops repeat, {@code +N} is relative to the previous stop.
     */
    void tabSet(String arg) {
        tabs.set(arg);
    }
}
