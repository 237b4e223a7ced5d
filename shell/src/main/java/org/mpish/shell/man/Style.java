package org.mpish.shell.man;

/** How fonts are shown in rendered text. */
public enum Style {
    /** No font information: exactly what {@code mandoc -T ascii | col -bx} shows. */
    PLAIN,
    /** Bold as {@code ESC[1m}, italic as underline {@code ESC[4m}, for terminals. */
    ANSI,
    /** Backspace overstrike ({@code x\bx}, {@code _\bx}) byte for byte like {@code mandoc -T ascii}; for pagers. */
    OVERSTRIKE;

    private static final String BOLD = "\033[1m";
    private static final String UNDERLINE = "\033[4m";
    private static final String RESET = "\033[0m";

    String render(Output out) {
        StringBuilder sb = new StringBuilder();
        for (String line : out.lines()) {
            if (this == OVERSTRIKE) {
                sb.append(line);
            } else {
                columns(line, sb);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * Resolves overstrike like {@code col -b} (the last character written to a column wins;
     * blanks do not erase) and, for ANSI, turns "x\bx" into bold and "_\bx" into underline.
     */
    private void columns(String line, StringBuilder sb) {
        if (line.indexOf('\b') < 0) {
            sb.append(line);
            return;
        }
        int n = line.length();
        char[] cell = new char[n];
        byte[] font = new byte[n];
        boolean[] ambiguous = new boolean[n];
        int pos = 0;
        int max = 0;
        for (int i = 0; i < n; i++) {
            char c = line.charAt(i);
            if (c == '\b') {
                pos = Math.max(0, pos - 1);
                continue;
            }
            if (c != ' ' || cell[pos] == 0) {
                char before = cell[pos];
                if (before == '_' && c == '_') {
                    ambiguous[pos] = true; // "_\b_" is a bold or an underlined underscore
                } else if (before != 0 && before != ' ') {
                    font[pos] |= before == c ? Output.BOLD : before == '_' ? Output.UNDER : 0;
                }
                cell[pos] = c;
            }
            max = Math.max(max, ++pos);
        }
        resolve(cell, font, ambiguous, max);
        byte on = Output.ROMAN;
        for (int i = 0; i < max; i++) {
            char c = cell[i] == 0 ? ' ' : cell[i];
            byte f = this == ANSI ? font[i] : Output.ROMAN;
            if (f != on) {
                if (on != Output.ROMAN) {
                    sb.append(RESET);
                }
                if ((f & Output.BOLD) != 0) {
                    sb.append(BOLD);
                }
                if ((f & Output.UNDER) != 0) {
                    sb.append(UNDERLINE);
                }
                on = f;
            }
            sb.append(c);
        }
        if (on != Output.ROMAN) {
            sb.append(RESET);
        }
    }

    /** An ambiguous underscore takes the font of its word: the nearest decided neighbour. */
    private static void resolve(char[] cell, byte[] font, boolean[] ambiguous, int max) {
        for (int i = 0; i < max; i++) {
            if (!ambiguous[i] || font[i] != 0) {
                continue;
            }
            byte f = Output.BOLD;
            for (int d = 1; d < max; d++) {
                int l = i - d;
                int r = i + d;
                boolean inL = l >= 0 && cell[l] != ' ' && cell[l] != 0;
                boolean inR = r < max && cell[r] != ' ' && cell[r] != 0;
                if (inL && !ambiguous[l] && font[l] != 0) {
                    f = font[l];
                    break;
                }
                if (inR && !ambiguous[r] && font[r] != 0) {
                    f = font[r];
                    break;
                }
                if (!inL && !inR) {
                    break;
                }
            }
            font[i] = f;
        }
    }
}
