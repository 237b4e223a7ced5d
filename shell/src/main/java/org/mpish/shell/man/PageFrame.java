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
        int max = p.maxrmargin;

        p.flags |= Terminal.NOBREAK | Terminal.NOSPACE;
        p.trailspace = 1;
        p.offset = 0;
        p.rmargin = titlen * 2 + 2 + vollen < max ? (max - vollen + 1) / 2
                : vollen < max ? max - vollen : 0;
        p.word(title);
        p.flushln();

        p.flags |= Terminal.NOSPACE;
        p.offset = p.rmargin;
        p.rmargin = p.offset + vollen + titlen < max ? max - titlen : max;
        p.word(volume);
        p.flushln();

        p.flags &= ~Terminal.NOBREAK;
        p.trailspace = 0;
        if (p.rmargin + titlen <= max) {
            p.flags |= Terminal.NOSPACE;
            p.offset = p.rmargin;
            p.rmargin = max;
            p.word(title);
            p.flushln();
        }

        p.flags &= ~Terminal.NOSPACE;
        p.offset = 0;
        p.rmargin = max;
        p.vspace();
    }

    /** A blank line and {@code source   date   TITLE(SEC)}. */
    static void footer(Terminal p, ManValidator.Meta meta) {
        p.fontRepl(Output.ROMAN);
        if (meta.hasBody()) {
            p.vspace();
        }
        int max = p.maxrmargin;
        int datelen = Deroff.width(meta.date());
        String title = meta.title() + "(" + meta.section() + ")";
        int titlen = Deroff.width(title);

        p.offset = 0;
        p.rmargin = max > datelen ? (max + 1 - datelen) / 2 : 0;
        p.trailspace = 1;
        p.flags |= Terminal.NOSPACE | Terminal.NOBREAK;
        if (meta.source() != null) {
            p.word(meta.source());
        }
        p.flushln();

        p.offset = p.rmargin;
        p.rmargin = max > titlen ? max - titlen : 0;
        p.flags |= Terminal.NOSPACE;
        p.word(meta.date());
        p.flushln();

        p.offset = p.rmargin;
        p.rmargin = max;
        p.trailspace = 0;
        p.flags &= ~Terminal.NOBREAK;
        p.flags |= Terminal.NOSPACE;
        p.word(title);
        p.flushln();

        p.offset = 0;
        p.flags = 0;
    }
}
