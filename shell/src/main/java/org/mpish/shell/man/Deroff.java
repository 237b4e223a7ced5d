package org.mpish.shell.man;

/** Roff text outside the page flow: as plain text (fonts dropped, specials in ASCII) and its width. */
final class Deroff {

    private Deroff() {
    }

    static String text(String roff) {
        String rendered = Style.PLAIN.render(line(roff));
        return rendered.strip();
    }

    /** A string laid out on one unbreakable line, escapes resolved and fonts ignored. */
    static Output line(String s) {
        Terminal t = new Terminal(Integer.MAX_VALUE / 4);
        t.measureOnly();
        t.set(Terminal.NOSPACE | Terminal.BRNEVER);
        t.word(s);
        t.flushln();
        return t.out();
    }

    /** Width of a string in columns, escapes resolved (mandoc's term_strlen). */
    static int width(String s) {
        Terminal t = new Terminal(Integer.MAX_VALUE / 4);
        t.measureOnly();
        t.set(Terminal.NOSPACE);
        t.word(s);
        return t.bufferWidth();
    }
}
