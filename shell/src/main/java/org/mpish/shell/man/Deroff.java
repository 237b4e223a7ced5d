package org.mpish.shell.man;

/** Turns roff text with escapes into plain text: fonts dropped, special characters as ASCII. */
final class Deroff {

    private Deroff() {
    }

    static String text(String roff) {
        String rendered = Style.PLAIN.render(Terminal.line(roff));
        return rendered.strip();
    }
}
