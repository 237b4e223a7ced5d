package org.mpish.shell.man;

/** Escape sequences that move or overprint in the line buffer: {@code \h}, {@code \l}, {@code \o}; and {@code \N} numbers. */
final class EscapeWriter {

    private EscapeWriter() {
    }

    /** The character number of {@code \N'n'} or {@code \[charn]}, or -1. */
    static int numberOf(String arg) {
        String d = arg.startsWith("char") ? arg.substring(4) : arg;
        try {
            return d.isEmpty() ? -1 : Integer.parseInt(d);
        } catch (NumberFormatException ex) {
            return -1;
        }
    }

    /** {@code \h'N'} moves right (or left); {@code \h'|N'} moves to buffer position N, as mandoc does. */
    static void horizontal(Terminal t, String arg) {
        int n = 0;
        if (arg.startsWith("|")) {
            n = -t.col();
            arg = arg.substring(1);
        }
        int v = Units.hspan(arg, 'm');
        if (v == Units.INVALID) {
            return;
        }
        n += v;
        if (n >= 0) {
            for (int k = 0; k < n; k++) {
                t.bufferc(CharTable.NBSP);
            }
        } else {
            t.moveLeft(-n);
        }
    }

    /** {@code \l'Nc'}: a line of N columns drawn with c (default underscore). */
    static void hline(Terminal t, String arg) {
        int k = Units.end(arg);
        if (k < 0) {
            return;
        }
        int n = Units.hspan(arg.substring(0, k), 'm');
        if (n <= 0) {
            n = t.rmargin() > t.offset() ? t.rmargin() - t.offset() : 0;
        }
        String c = "_";
        if (k < arg.length()) {
            if (arg.charAt(k) == '\\') {
                Escape e = Escape.parse(arg, k + 1);
                c = switch (e.kind()) {
                    case SPECIAL -> CharTable.special(e.arg(arg), t.utf8);
                    case UNICODE -> CharTable.unicode(Integer.parseInt(e.arg(arg).substring(1), 16), t.utf8);
                    case UNDEF -> String.valueOf(arg.charAt(e.argStart()));
                    default -> null;
                };
                if (c == null) {
                    c = "_";
                }
            } else {
                char ch = arg.charAt(k);
                c = ch < 0x20 || ch > 0x7e ? "_" : String.valueOf(ch);
            }
        }
        int w = Math.max(1, c.length());
        for (int left = n; left > 0; left -= w) {
            t.encode(c);
        }
    }

    /** {@code \o'abc'}: the characters are printed on top of each other, as mandoc does it. */
    static void overstrike(Terminal t, String arg) {
        for (int k = 0; k < arg.length(); k++) {
            char c = arg.charAt(k);
            if (c == '\\') {
                continue; // mandoc skips just the backslash of an escape in here
            }
            t.encode1(c);
            if (k + 1 < arg.length()) {
                t.overstrikeNext();
            }
        }
        t.endOverstrike();
    }
}
