package org.mpish.shell.man;

import java.util.ArrayList;
import java.util.List;

/**
 * The eqn(7) preprocessor as mandoc 1.14.6 reads it: the text of one equation ({@code .EQ} to
 * {@code .EN}, or between the in-line delimiters) becomes a tree of {@link Box}es, which
 * {@link EqnFormatter} prints in mandoc's linear ASCII notation ({@code (a/b)}, {@code x^2},
 * {@code x_i}). Definitions, the in-line delimiters and {@code gsize} outlive one equation,
 * so one {@code Eqn} serves a whole page.
 */
final class Eqn {

    static final int TEXT = 0;
    static final int SUBEXPR = 1;
    static final int LIST = 2;
    static final int PILE = 3;
    static final int MATRIX = 4;

    static final int F_NONE = 0;
    static final int F_ROMAN = 1;
    static final int F_BOLD = 2;
    static final int F_FAT = 3;
    static final int F_ITALIC = 4;

    static final int P_NONE = 0;
    static final int P_SUP = 1;
    static final int P_SUBSUP = 2;
    static final int P_SUB = 3;
    static final int P_TO = 4;
    static final int P_FROM = 5;
    static final int P_FROMTO = 6;
    static final int P_OVER = 7;
    static final int P_SQRT = 8;

    /** Nested substitutions of defined names allowed before giving up (mandoc's limit). */
    private static final int NEST_MAX = 128;
    private static final int DEFAULT_SIZE = Integer.MIN_VALUE;
    private static final long UNLIMITED = Long.MAX_VALUE;

    /** One box of the equation tree; the root has type TEXT and no text. */
    static final class Box {
        int type = TEXT;
        int font = F_NONE;
        int pos = P_NONE;
        int size;
        long expect = UNLIMITED;
        long args;
        String text;
        String left;
        String right;
        String top;
        String bottom;
        Box parent;
        Box prev;
        Box next;
        Box first;
        Box last;
    }

    /** The key words, in mandoc's order; a token matching one of them is that key word. */
    private static final List<String> KEYWORDS = List.of("dyad", "vec", "under", "bar", "tilde", "hat", "dot",
            "dotdot", "fwd", "back", "down", "up", "fat", "roman", "italic", "bold", "size", "sub", "sup", "sqrt",
            "over", "from", "to", "{", "}", "gsize", "gfont", "mark", "lineup", "left", "right", "pile", "lpile",
            "rpile", "cpile", "matrix", "ccol", "lcol", "rcol", "delim", "define", "tdefine", "ndefine", "undef",
            "above");

    /** Names eqn prints as roff special characters: name, then the character it becomes. */
    private static final String[][] SYMBOLS = {
        {"alpha", "*a"}, {"beta", "*b"}, {"chi", "*x"}, {"delta", "*d"}, {"epsilon", "*e"}, {"eta", "*y"},
        {"gamma", "*g"}, {"iota", "*i"}, {"kappa", "*k"}, {"lambda", "*l"}, {"mu", "*m"}, {"nu", "*n"},
        {"omega", "*w"}, {"omicron", "*o"}, {"phi", "*f"}, {"pi", "*p"}, {"psi", "*q"}, {"rho", "*r"},
        {"sigma", "*s"}, {"tau", "*t"}, {"theta", "*h"}, {"upsilon", "*u"}, {"xi", "*c"}, {"zeta", "*z"},
        {"DELTA", "*D"}, {"GAMMA", "*G"}, {"LAMBDA", "*L"}, {"OMEGA", "*W"}, {"PHI", "*F"}, {"PI", "*P"},
        {"PSI", "*Q"}, {"SIGMA", "*S"}, {"THETA", "*H"}, {"UPSILON", "*U"}, {"XI", "*C"}, {"inter", "ca"},
        {"union", "cu"}, {"prod", "product"}, {"int", "integral"}, {"sum", "sum"}, {"grad", "gr"},
        {"del", "gr"}, {"times", "mu"}, {"cdot", "pc"}, {"nothing", "&"}, {"approx", "~~"}, {"prime", "fm"},
        {"half", "12"}, {"partial", "pd"}, {"inf", "if"}, {">>", ">>"}, {"<<", "<<"}, {"<-", "<-"},
        {"->", "->"}, {"+-", "+-"}, {"!=", "!="}, {"==", "=="}, {"<=", "<="}, {">=", ">="}, {"-", "mi"},
    };

    /** Function names set in roman type. */
    private static final List<String> FUNCTIONS = List.of("acos", "acsc", "and", "arc", "asec", "asin", "atan",
            "cos", "cosh", "coth", "csc", "det", "exp", "for", "if", "lim", "ln", "log", "max", "min", "sec", "sin",
            "sinh", "tan", "tanh", "Im", "Re");

    private enum Mode { QUOTED, NOSUB, SUB, TOK }

    /** Token kinds beyond the key words (which are their index in {@link #KEYWORDS}). */
    private static final int T_WORD = 100;
    private static final int T_FUNC = 101;
    private static final int T_QUOTED = 102;
    private static final int T_SYM = 103;
    private static final int T_EOF = 104;

    // state kept from one equation to the next, as mandoc keeps it
    private final List<String[]> defs = new ArrayList<>();
    char odelim;
    char cdelim;
    boolean delim;
    private int gsize = DEFAULT_SIZE;

    // the equation being read
    private final Diags diags;
    private StringBuilder data;
    private int line;
    private int col;
    private int start;
    private int end;
    private int toksz;
    private String word;
    private int lastLen;
    private int lim;

    Eqn(Diags diags) {
        this.diags = diags;
    }

    /** Starts a new equation at an input position (where its messages are reported). */
    void begin(int ln, int pos) {
        data = null;
        line = ln;
        col = pos;
    }

    /** Adds one input line of the equation's text. */
    void read(String text) {
        data = data == null ? new StringBuilder(text) : data.append(' ').append(text);
    }

    /** Parses the text read since {@link #begin}; the root box, or null for an empty equation. */
    Box parse() {
        Box root = new Box();
        if (data == null) {
            return root;
        }
        start = end = 0;
        lastLen = 0;
        lim = 0;
        Box parent = root;
        while (true) {
            int tok = next(Mode.TOK);
            if (tok == T_EOF) {
                return root;
            }
            parent = step(tok, parent);
        }
    }

    private char at(int i) {
        return i < data.length() ? data.charAt(i) : '\0';
    }

    private String tokenText() {
        return data.substring(start, start + toksz);
    }

    private boolean tokenIs(String s) {
        return toksz == s.length() && data.indexOf(s, start) == start;
    }

    /**
     * Reads the next token. QUOTED takes everything up to the next occurrence of the first
     * character; the other modes read a brace or a run of characters up to a blank, brace or
     * quote (a quote starts a quoted token in every mode); SUB and TOK replace a defined name by
     * its value and read again; TOK also classifies the token. Blanks after a token are skipped.
     */
    private int next(Mode mode) {
        if (end >= lastLen) {
            lim = 0;
        }
        start = end;
        boolean quoted = mode == Mode.QUOTED;
        while (true) {
            char c = at(start);
            if (c == '\0') {
                toksz = 0;
                return T_EOF;
            }
            if (c == '"') {
                quoted = true;
            } else if (!quoted && (c == ' ' || c == '\t' || c == '~' || c == '^')) {
                start++;
                continue;
            }
            if (quoted) {
                int close = data.indexOf(String.valueOf(c), start + 1);
                start++;
                if (close < 0) {
                    diags.style(line, col, "unterminated quoted argument");
                    close = data.length();
                }
                end = close;
            } else {
                end = start + 1;
                if (c != '{' && c != '}') {
                    while (end < data.length() && " ^~\"{}\t".indexOf(data.charAt(end)) < 0) {
                        end++;
                    }
                }
            }
            toksz = end - start;
            if (quoted && end < data.length()) {
                end++;
            }
            while (end < data.length() && " \t^~".indexOf(data.charAt(end)) >= 0) {
                end++;
            }
            if (quoted) {
                break;
            }
            if (mode == Mode.NOSUB) {
                return T_WORD;
            }
            String[] def = find();
            if (def == null) {
                break;
            }
            if (++lim > NEST_MAX) {
                diags.error(line, col, "input stack limit exceeded, infinite loop?");
                return T_EOF;
            }
            data.replace(start, start + toksz, def[1]);
            end = start; // read again from the start of the value
            lastLen = start + def[1].length();
        }
        if (mode != Mode.TOK) {
            return quoted ? T_QUOTED : T_WORD;
        }
        word = tokenText();
        if (quoted) {
            return T_QUOTED;
        }
        int k = KEYWORDS.indexOf(word);
        if (k >= 0) {
            return k;
        }
        for (String[] s : SYMBOLS) {
            if (s[0].equals(word)) {
                word = "\\[" + s[1] + "]";
                return T_SYM;
            }
        }
        return FUNCTIONS.contains(word) ? T_FUNC : T_WORD;
    }

    private String[] find() {
        for (String[] d : defs) {
            if (tokenIs(d[0])) {
                return d;
            }
        }
        return null;
    }

    private void empty(String what) {
        diags.warn(line, col, "skipping empty request: " + what);
    }

    private Box alloc(Box parent) {
        Box b = new Box();
        b.parent = parent;
        parent.args++;
        b.font = parent.font;
        b.size = gsize;
        if (parent.first != null) {
            parent.last.next = b;
            b.prev = parent.last;
        } else {
            parent.first = b;
        }
        parent.last = b;
        return b;
    }

    /** Moves the parent's last child into a new two-argument SUBEXPR and returns that. */
    private Box makeBinary(Box parent) {
        Box b = parent.last;
        if (parent.last == parent.first) {
            parent.first = null;
        }
        parent.args--;
        parent.last = b.prev;
        if (b.prev != null) {
            b.prev.next = null;
        }
        b.prev = null;
        Box nb = alloc(parent);
        nb.type = SUBEXPR;
        nb.expect = 2;
        nb.args = 1;
        nb.first = nb.last = b;
        b.next = null;
        b.parent = nb;
        return nb;
    }

    /** An operator without a box before it works on an empty text box, with a warning. */
    private void needBox(Box parent, int tok) {
        if (parent.last == null) {
            diags.warn(line, col, "missing eqn box, using \"\": " + KEYWORDS.get(tok));
            Box cur = alloc(parent);
            cur.text = "";
        }
    }

    private static Box full(Box parent) {
        while (parent.args == parent.expect) {
            parent = parent.parent;
        }
        return parent;
    }

    /** Applies one token to the tree; returns the box that takes the next one. */
    private Box step(int tok, Box parent) {
        String kw = tok < KEYWORDS.size() ? KEYWORDS.get(tok) : "";
        switch (kw) {
            case "undef" -> {
                if (next(Mode.NOSUB) == T_EOF) {
                    empty("undef");
                } else {
                    String[] d = find();
                    if (d != null) {
                        defs.remove(d);
                    }
                }
            }
            case "define", "ndefine" -> define();
            case "tdefine" -> {
                if (next(Mode.NOSUB) == T_EOF || next(Mode.QUOTED) == T_EOF) {
                    empty("tdefine");
                }
            }
            case "delim" -> delimiters();
            case "gfont", "fwd", "back", "down", "up" -> {
                if (next(Mode.SUB) == T_EOF) {
                    empty(kw);
                }
            }
            case "mark", "lineup" -> {
                // no vertical alignment on a terminal
            }
            case "dyad", "vec", "under", "bar", "tilde", "hat", "dot", "dotdot" -> {
                needBox(parent, tok);
                Box b = makeBinary(parent);
                b.type = LIST;
                b.expect = 1;
                b.font = F_ROMAN;
                switch (kw) {
                    case "dotdot" -> b.top = "\\[ad]";
                    case "vec" -> b.top = "\\[->]";
                    case "dyad" -> b.top = "\\[<>]";
                    case "tilde" -> b.top = "\\[a~]";
                    case "under" -> b.bottom = "\\[ul]";
                    case "bar" -> b.top = "\\[rn]";
                    case "dot" -> b.top = "\\[a.]";
                    default -> b.top = "\\[ha]";
                }
                return b.parent;
            }
            case "fat", "roman", "italic", "bold" -> {
                Box b = alloc(full(parent));
                b.type = LIST;
                b.expect = 1;
                b.font = switch (kw) {
                    case "fat" -> F_FAT;
                    case "roman" -> F_ROMAN;
                    case "italic" -> F_ITALIC;
                    default -> F_BOLD;
                };
                return b;
            }
            case "size", "gsize" -> {
                if (next(Mode.SUB) == T_EOF) {
                    empty(kw);
                    break;
                }
                int size = number(tokenText());
                if (size < 0) {
                    diags.error(line, col, "skipping request without numeric argument: " + kw);
                    break;
                }
                if (kw.equals("gsize")) {
                    gsize = size;
                    break;
                }
                Box b = alloc(full(parent));
                b.type = LIST;
                b.expect = 1;
                b.size = size;
                return b;
            }
            case "from", "to", "sub", "sup" -> {
                needBox(parent, tok);
                while (parent.expect == 1 && parent.args == 1) {
                    parent = parent.parent;
                }
                if (kw.equals("from") || kw.equals("to")) {
                    Box cur = parent;
                    while (cur != null && cur.pos != P_SUB && cur.pos != P_SUP && cur.pos != P_SUBSUP
                            && cur.pos != P_SQRT && cur.pos != P_OVER) {
                        cur = cur.parent;
                    }
                    if (cur != null) {
                        parent = cur.parent;
                    }
                }
                if (kw.equals("sup") && parent.pos == P_SUB) {
                    parent.expect = 3;
                    parent.pos = P_SUBSUP;
                    break;
                }
                if (kw.equals("to") && parent.pos == P_FROM) {
                    parent.expect = 3;
                    parent.pos = P_FROMTO;
                    break;
                }
                parent = makeBinary(parent);
                parent.pos = switch (kw) {
                    case "from" -> P_FROM;
                    case "to" -> P_TO;
                    case "sup" -> P_SUP;
                    default -> P_SUB;
                };
            }
            case "sqrt" -> {
                Box b = alloc(full(parent));
                b.type = SUBEXPR;
                b.pos = P_SQRT;
                b.expect = 1;
                return b;
            }
            case "over" -> {
                needBox(parent, tok);
                parent = full(parent);
                while (parent.type == SUBEXPR) {
                    parent = parent.parent;
                }
                parent = makeBinary(parent);
                parent.pos = P_OVER;
            }
            case "right", "}" -> {
                Box cur = parent;
                while (cur != null && !(cur.type == LIST && cur.expect > 1 && (kw.equals("}") || cur.left != null))) {
                    cur = cur.parent;
                }
                if (cur == null) {
                    diags.error(line, col, "skipping end of block that is not open: " + kw);
                    break;
                }
                parent = cur;
                if (kw.equals("right")) {
                    if (next(Mode.SUB) == T_EOF) {
                        empty(kw);
                        break;
                    }
                    parent.right = tokenIs("ceiling") ? "\\[rc]" : tokenIs("floor") ? "\\[rf]" : tokenText();
                }
                parent = parent.parent;
                if (kw.equals("}") && (parent.type == PILE || parent.type == MATRIX)) {
                    parent = parent.parent;
                }
                while (parent.type == LIST && parent.expect == 1 && parent.args == 1) {
                    parent = parent.parent;
                }
            }
            case "{", "left" -> {
                parent = full(parent);
                if (kw.equals("left") && next(Mode.SUB) == T_EOF) {
                    empty(kw);
                    break;
                }
                Box b = alloc(parent);
                b.type = LIST;
                if (kw.equals("left")) {
                    b.left = tokenIs("ceiling") ? "\\[lc]" : tokenIs("floor") ? "\\[lf]" : tokenText();
                }
                return b;
            }
            case "pile", "lpile", "rpile", "cpile", "ccol", "lcol", "rcol" -> {
                Box b = alloc(full(parent));
                b.type = PILE;
                b.expect = 1;
                return b;
            }
            case "above" -> {
                Box cur = parent;
                while (cur != null && cur.type != PILE) {
                    cur = cur.parent;
                }
                if (cur == null) {
                    diags.error(line, col, "skipping item outside list: above");
                    break;
                }
                Box b = alloc(cur);
                b.type = LIST;
                return b;
            }
            case "matrix" -> {
                Box b = alloc(full(parent));
                b.type = MATRIX;
                b.expect = 1;
                return b;
            }
            default -> {
                return text(tok, parent);
            }
        }
        return parent;
    }

    /** {@code define name 'value'}: the value is quoted by its first character. */
    private void define() {
        if (next(Mode.NOSUB) == T_EOF) {
            empty("define");
            return;
        }
        String[] def = find();
        if (def == null) {
            def = new String[] {tokenText(), null};
            defs.add(def);
        }
        if (next(Mode.QUOTED) == T_EOF) {
            empty("define " + def[0]);
            defs.remove(def);
            return;
        }
        def[1] = tokenText();
    }

    /** {@code delim xy}, {@code delim off}, {@code delim on}. */
    private void delimiters() {
        if (at(end) == '\0' || at(end + 1) == '\0') {
            empty("delim");
            if (at(end) != '\0') {
                end++;
            }
        } else if (data.indexOf("off", end) == end) {
            delim = false;
            end += 3;
        } else if (data.indexOf("on", end) == end) {
            if (odelim != 0 && cdelim != 0) {
                delim = true;
            }
            end += 2;
        } else {
            odelim = data.charAt(end++);
            cdelim = data.charAt(end++);
            delim = true;
        }
    }

    /** A decimal number as mandoc's strntoi reads it: digits only, else -1. */
    private static int number(String s) {
        try {
            int v = Integer.parseInt(s);
            return v < 0 ? -1 : v;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private enum Cls { LET, DIG, PUN }

    /**
     * A word, quoted string, function name or symbol. A plain word is cut where letters,
     * digits and punctuation meet (and around commas); letters are set in italic, the rest in
     * roman, and the pieces go into a list.
     */
    private Box text(int tok, Box parent) {
        parent = full(parent);
        Box cur = alloc(parent);
        cur.text = word;
        if (tok == T_FUNC) {
            cur.font = F_ROMAN;
            return parent;
        }
        if (tok == T_QUOTED) {
            if (cur.font == F_NONE) {
                cur.font = F_ITALIC;
            }
            return parent;
        }
        if (tok == T_SYM || cur.font != F_NONE || word.isEmpty()) {
            return parent;
        }
        Box split = null;
        String p = word;
        int cpn = -1;
        Cls ccln = Cls.LET;
        while (true) {
            int cp = cpn++;
            Cls ccl = ccln;
            char n = cpn < p.length() ? p.charAt(cpn) : '\0';
            ccln = isAlpha(n) ? Cls.LET
                    : isDigit(n) || (n == '.' && (ccl == Cls.DIG || isDigit(cpn + 1 < p.length() ? p.charAt(cpn + 1) : '\0')))
                    ? Cls.DIG : Cls.PUN;
            if (cp < 0) {
                continue;
            }
            cur.font = ccl == Cls.LET ? F_ITALIC : F_ROMAN;
            if (p.charAt(cp) == '\\') {
                cpn = Math.min(p.length(), Escape.parse(p, cp + 1).end());
            }
            if (cpn >= p.length()) {
                break;
            }
            char c = p.charAt(cp);
            n = p.charAt(cpn);
            if (ccln == ccl && c != ',' && n != ',') {
                continue;
            }
            if (parent.args == parent.expect) {
                // the word is an argument on its own: put its pieces in a list instead
                if (cur.prev == null) {
                    parent.first = cur.next;
                } else {
                    cur.prev.next = null;
                }
                parent.last = cur.prev;
                parent.args--;
                split = alloc(parent);
                split.type = LIST;
                split.first = split.last = cur;
                cur.parent = split;
                cur.prev = null;
                parent = split;
            }
            Box nb = alloc(parent);
            nb.text = p.substring(cpn);
            cur.text = p.substring(0, cpn);
            cur = nb;
            p = nb.text;
            cpn = -1;
            ccln = Cls.LET;
        }
        return split != null ? split.parent : parent;
    }

    private static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
