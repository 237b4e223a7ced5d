package org.mpish.shell.man;

/** The header and footer lines of a page, placed like mandoc places them. */
final class PageFrame {

    private PageFrame() {
    }

    /** {@code TITLE(SEC)   volume   TITLE(SEC)} and a blank line. */
    static void header(Terminal p, ManValidator.Meta meta) {
        String volume = meta.volume() == null ? "" : meta.volume();
        int vollen = Deroff.width(volume);
        String title = meta.title() + "(" + meta.section() + ")";
        int titlen = Deroff.width(title);
        int max = p.maxrmargin();

        p.set(Terminal.NOBREAK | Terminal.NOSPACE);
        p.setTrailspace(1);
        p.setOffset(0);
        p.setRmargin(titlen * 2 + 2 + vollen < max ? (max - vollen + 1) / 2
                : vollen < max ? max - vollen : 0);
        p.word(title);
        p.flushln();

        p.set(Terminal.NOSPACE);
        p.setOffset(p.rmargin());
        p.setRmargin(p.offset() + vollen + titlen < max ? max - titlen : max);
        p.word(volume);
        p.flushln();

        p.clear(Terminal.NOBREAK);
        p.setTrailspace(0);
        if (p.rmargin() + titlen <= max) {
            p.set(Terminal.NOSPACE);
            p.setOffset(p.rmargin());
            p.setRmargin(max);
            p.word(title);
            p.flushln();
        }

        p.clear(Terminal.NOSPACE);
        p.setOffset(0);
        p.setRmargin(max);
        p.vspace();
    }

    /** A blank line and {@code source   date   TITLE(SEC)}. */
    static void footer(Terminal p, ManValidator.Meta meta) {
        p.fontRepl(Output.ROMAN);
        if (meta.hasBody()) {
            p.vspace();
        }
        int max = p.maxrmargin();
        int datelen = Deroff.width(meta.date());
        String title = meta.title() + "(" + meta.section() + ")";
        int titlen = Deroff.width(title);

        p.setOffset(0);
        p.setRmargin(max > datelen ? (max + 1 - datelen) / 2 : 0);
        p.setTrailspace(1);
        p.set(Terminal.NOSPACE | Terminal.NOBREAK);
        if (meta.source() != null) {
            p.word(meta.source());
        }
        p.flushln();

        p.setOffset(p.rmargin());
        p.setRmargin(max > titlen ? max - titlen : 0);
        p.set(Terminal.NOSPACE);
        p.word(meta.date());
        p.flushln();

        p.setOffset(p.rmargin());
        p.setRmargin(max);
        p.setTrailspace(0);
        p.clear(Terminal.NOBREAK);
        p.set(Terminal.NOSPACE);
        p.word(title);
        p.flushln();

        p.setOffset(0);
        p.setFlags(0);
    }
}
