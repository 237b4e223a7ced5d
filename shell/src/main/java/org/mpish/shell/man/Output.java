package org.mpish.shell.man;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines the terminal formatter writes, as mandoc's ASCII device would print them:
 * fonts are backspace overstrike sequences ({@code x\bx} bold, {@code _\bx} underline).
 * {@link Style} turns them into plain or ANSI text.
 */
final class Output {
    static final byte ROMAN = 0;
    static final byte BOLD = 1;
    static final byte UNDER = 2;
    static final byte BI = 3;

    private final List<String> lines = new ArrayList<>();
    private final StringBuilder line = new StringBuilder();

    void letter(char c) {
        line.append(c);
    }

    /** Blanks before the next character; like mandoc's ASCII device, at most 256 at a time. */
    void advance(int n) {
        line.append(" ".repeat(Math.max(0, Math.min(n, 256))));
    }

    void endline() {
        lines.add(line.toString());
        line.setLength(0);
    }

    List<String> lines() {
        return lines;
    }
}
