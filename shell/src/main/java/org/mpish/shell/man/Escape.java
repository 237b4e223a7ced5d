package org.mpish.shell.man;

/**
 * Recognises one roff escape sequence, the way mandoc's terminal formatter sees it.
 * {@link #parse} is given the index just after the backslash and reports what kind of
 * escape starts there, where its argument lies and where it ends.  Nothing is evaluated here.
 *
 * @param kind     what the sequence does
 * @param argStart index of the argument (the name of a special character, font, string ...)
 * @param argEnd   index just after the argument
 * @param end      index just after the whole sequence (also for {@link Kind#ERROR})
 */
record Escape(Kind kind, int argStart, int argEnd, int end) {

    enum Kind {
        ERROR, UNSUPP, IGNORE, SPECIAL, NUMBERED, UNICODE, UNDEF,
        FONT_BOLD, FONT_ITALIC, FONT_BI, FONT_ROMAN, FONT_CW, FONT_PREV,
        NOSPACE, BREAK, SKIPCHAR, OVERSTRIKE, HORIZ, HLINE,
        /** {@code \*} interpolates a string; the reader expands it. */
        STRING,
        /** {@code \n} interpolates a number register; the reader expands it. */
        REGISTER,
        /** {@code \w'text'}: width of text in basic units; the reader expands it. */
        WIDTH,
        /** {@code \B'expr'}: 1 when expr is numeric; the reader expands it. */
        NUMCHECK,
        /** {@code \$n}: macro argument, meaningless outside macros. */
        MACROARG
    }

    String arg(String s) {
        return s.substring(argStart, argEnd);
    }

    private static final String NUMERIC_DELIMS = " %&()*+-./0123456789:<=>";

    /** Parses the escape whose first character after the backslash is at {@code pos}. */
    static Escape parse(String s, int pos) {
        int len = s.length();
        if (pos < len && s.charAt(pos) == 'E') {
            pos++;
        }
        if (pos >= len) {
            return new Escape(Kind.ERROR, pos, pos, pos);
        }
        char c = s.charAt(pos);
        int start = pos + 1;
        Kind kind;
        char term = 0;
        int size = 0;
        switch (c) {
            case '(' -> {
                kind = Kind.SPECIAL;
                size = 2;
            }
            case '[' -> {
                if (start < len && s.charAt(start) == ' ') {
                    return new Escape(Kind.ERROR, start, start, start + 1);
                }
                kind = Kind.SPECIAL;
                term = ']';
            }
            case 'C' -> {
                if (start >= len || s.charAt(start) != '\'') {
                    return new Escape(Kind.ERROR, start, start, start);
                }
                start++;
                kind = Kind.SPECIAL;
                term = '\'';
            }
            case '!', '?' -> {
                return new Escape(Kind.UNSUPP, start, start, start);
            }
            case '%', '&', ')', ',', '/', '^', 'a', 'd', 'r', 't', 'u', '{', '|', '}' -> {
                return new Escape(Kind.IGNORE, start, start, start);
            }
            case 'c' -> {
                return new Escape(Kind.NOSPACE, start, start, start);
            }
            case 'p' -> {
                return new Escape(Kind.BREAK, start, start, start);
            }
            case 'z' -> {
                return new Escape(Kind.SKIPCHAR, start, start, start);
            }
            case 'F', 'f', 'g', 'k', 'M', 'm', 'n', 'O', 'V', 'Y', '*' -> {
                kind = switch (c) {
                    case 'f' -> Kind.FONT_ROMAN; // refined below
                    case 'n' -> Kind.REGISTER;
                    case '*' -> Kind.STRING;
                    default -> Kind.IGNORE;
                };
                char n = start < len ? s.charAt(start) : 0;
                if (n == '(') {
                    if (c == 'O') {
                        kind = Kind.ERROR;
                    }
                    start++;
                    size = 2;
                } else if (n == '[') {
                    if (c == 'O') {
                        kind = start + 1 < len && s.charAt(start + 1) == '5' ? Kind.UNSUPP : Kind.ERROR;
                    }
                    start++;
                    term = ']';
                } else {
                    if (c == 'O') {
                        if (n == '0') {
                            kind = Kind.UNSUPP;
                        } else if (n < '1' || n > '4') {
                            kind = Kind.ERROR;
                        }
                    }
                    size = 1;
                }
                if (c == 'n' && size == 1 && (n == '+' || n == '-')) {
                    start++; // auto-increment sign, ignored
                }
            }
            case 'A', 'b', 'D', 'R', 'X', 'Z', 'o', 'w', 'B' -> {
                if (start >= len) {
                    return new Escape(Kind.ERROR, start, start, start);
                }
                kind = switch (c) {
                    case 'o' -> Kind.OVERSTRIKE;
                    case 'w' -> Kind.WIDTH;
                    case 'B' -> Kind.NUMCHECK;
                    default -> Kind.IGNORE;
                };
                term = s.charAt(start);
                start++;
            }
            case 'h', 'H', 'L', 'l', 'S', 'v', 'x' -> {
                char n = start < len ? s.charAt(start) : 0;
                if (n == 0 || NUMERIC_DELIMS.indexOf(n) >= 0) {
                    int e = n == 0 ? start : start + 1;
                    return new Escape(Kind.ERROR, start, start, e);
                }
                kind = c == 'h' ? Kind.HORIZ : c == 'l' ? Kind.HLINE : Kind.IGNORE;
                term = n;
                start++;
            }
            case 'N' -> {
                if (start >= len) {
                    return new Escape(Kind.ERROR, start, start, start);
                }
                if (Character.isDigit(s.charAt(start))) {
                    return new Escape(Kind.IGNORE, start, start + 1, start + 1);
                }
                int a = start + 1;
                int e = a;
                while (e < len && Character.isDigit(s.charAt(e))) {
                    e++;
                }
                int argEnd = e;
                if (e < len) {
                    e++;
                }
                return new Escape(Kind.NUMBERED, a, argEnd, e);
            }
            case 's' -> {
                kind = Kind.IGNORE;
                int e = start;
                if (e < len && (s.charAt(e) == '+' || s.charAt(e) == '-')) {
                    e++;
                }
                start = e;
                char n = e < len ? s.charAt(e) : 0;
                switch (n) {
                    case '(' -> {
                        start = e + 1;
                        size = 2;
                    }
                    case '[' -> {
                        start = e + 1;
                        term = ']';
                    }
                    case '\'' -> {
                        start = e + 1;
                        term = '\'';
                    }
                    case '1', '2', '3' -> size = s.charAt(e - 1) == 's' && e + 1 < len
                            && Character.isDigit(s.charAt(e + 1)) ? 2 : 1;
                    default -> size = 1;
                }
            }
            case '$' -> {
                kind = Kind.MACROARG;
                size = 1;
            }
            case ' ', '\'', '-', '.', '0', ':', '_', '`', 'e', '~' -> {
                kind = Kind.SPECIAL;
                start = pos;
                size = 1;
            }
            default -> {
                kind = Kind.UNDEF;
                start = pos;
                size = 1;
            }
        }

        int argEnd;
        int end;
        if (term != 0) {
            int i = start;
            while (i < len && s.charAt(i) != term) {
                if (s.charAt(i) == '\\') {
                    Escape inner = parse(s, i + 1);
                    if (inner.kind == Kind.ERROR) {
                        return new Escape(Kind.ERROR, start, inner.end, inner.end);
                    }
                    i = inner.end;
                } else {
                    i++;
                }
            }
            if (i >= len) {
                return new Escape(Kind.ERROR, start, len, len);
            }
            argEnd = i;
            end = i + 1;
            if (kind == Kind.SPECIAL && argEnd - start == 1 && s.charAt(start) != '-') {
                return new Escape(Kind.ERROR, start, argEnd, end);
            }
        } else {
            if (start + size > len) {
                return new Escape(Kind.ERROR, start, len, start);
            }
            argEnd = start + size;
            end = argEnd;
        }

        if (c == 'f' && kind == Kind.FONT_ROMAN) {
            kind = font(s.substring(start, argEnd));
        } else if (kind == Kind.SPECIAL) {
            kind = special(s, start, argEnd);
        }
        return new Escape(kind, start, argEnd, end);
    }

    /** Classifies a font name as used by {@code \f} and {@code .ft}. */
    static Kind font(String name) {
        return switch (name) {
            case "", "P" -> Kind.FONT_PREV;
            case "B", "3", "CB" -> Kind.FONT_BOLD;
            case "I", "2", "CI" -> Kind.FONT_ITALIC;
            case "R", "1" -> Kind.FONT_ROMAN;
            case "4", "BI" -> Kind.FONT_BI;
            case "CR", "CW" -> Kind.FONT_CW;
            default -> Kind.ERROR;
        };
    }

    private static Kind special(String s, int a, int e) {
        int size = e - a;
        char first = s.charAt(a);
        if (first == 'c') {
            if (size >= 6 && size <= 7 && s.startsWith("char", a) && allDigits(s, a + 4, e)) {
                int v = Integer.parseInt(s.substring(a + 4, e));
                if (!(v < 0x21 || (v > 0x7e && v < 0xa0) || v > 0xff)) {
                    return Kind.NUMBERED;
                }
            }
            return Kind.SPECIAL;
        }
        if (first != 'u' || size < 5 || size > 7) {
            return Kind.SPECIAL;
        }
        if (size == 7 && (s.charAt(a + 1) != '1' || s.charAt(a + 2) != '0')) {
            return Kind.SPECIAL;
        }
        if (size == 6 && s.charAt(a + 1) == '0') {
            return Kind.SPECIAL;
        }
        if (size == 5 && s.charAt(a + 1) == 'D' && "89ABCDEF".indexOf(s.charAt(a + 2)) >= 0) {
            return Kind.SPECIAL;
        }
        for (int i = a + 1; i < e; i++) {
            if (Character.digit(s.charAt(i), 16) < 0) {
                return Kind.SPECIAL;
            }
        }
        return Kind.UNICODE;
    }

    private static boolean allDigits(String s, int a, int e) {
        for (int i = a; i < e; i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return a < e;
    }
}
