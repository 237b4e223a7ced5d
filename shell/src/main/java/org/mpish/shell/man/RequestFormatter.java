package org.mpish.shell.man;

import java.util.EnumMap;
import java.util.Map;

/** Terminal actions of the roff requests the man(7) parser keeps in the tree (br, sp, nf, fi, ti, ft, ta, ce, rj, ll and tables), one row each. */
final class RequestFormatter {

    private RequestFormatter() {
    }

    /** The terminal action of one request (mandoc's roff_term.c table). */
    private interface Act {
        void run(Terminal p, ManNode n);
    }

    private static final Map<Tok, Act> ACTS = new EnumMap<>(Tok.class);

    static {
        ACTS.put(Tok.BR_REQ, (p, n) -> br(p));
        ACTS.put(Tok.FI, (p, n) -> br(p));
        ACTS.put(Tok.FT, RequestFormatter::ft);
        ACTS.put(Tok.NF, (p, n) -> br(p));
        ACTS.put(Tok.SP, RequestFormatter::sp);
        ACTS.put(Tok.TI, RequestFormatter::ti);
        ACTS.put(Tok.TA, RequestFormatter::ta);
        ACTS.put(Tok.CE, RequestFormatter::centre);
        ACTS.put(Tok.RJ, RequestFormatter::centre);
        ACTS.put(Tok.LL, (p, n) -> p.setWidth(arg(n)));
        ACTS.put(Tok.TBL, (p, n) -> TblFormatter.render(p, ((ManNode.Elem) n).table));
        ACTS.put(Tok.EQN, RequestFormatter::eqn);
    }

    static void pre(Terminal p, ManNode n) {
        Act act = ACTS.get(n.tok);
        if (act != null) {
            act.run(p, n);
        }
    }

    /** Whether the request has a row (every request the parser keeps should). */
    static boolean hasRow(Tok tok) {
        return ACTS.containsKey(tok);
    }

    /** An equation on the line of the text before (or after) it joins that text (mandoc's man_term.c). */
    private static void eqn(Terminal p, ManNode n) {
        if (!n.has(ManNode.LINE)) {
            p.set(Terminal.NOSPACE);
        }
        ManNode.Elem e = (ManNode.Elem) n;
        if (e.eqn != null) {
            EqnFormatter.render(p, e.eqn);
        }
        if (n.next != null && !n.next.has(ManNode.LINE)) {
            p.set(Terminal.NOSPACE);
        }
    }

    private static void ta(Terminal p, ManNode n) {
        p.tabSet(null);
        for (ManNode c = n.first; c != null; c = c.next) {
            if (c instanceof ManNode.Text t) {
                p.tabSet(t.string);
            }
        }
    }

    /**
     * Centres or right-adjusts each input line among the children (after the count): the words
     * of a line are set, then the line is written out on its own.
     */
    private static void centre(Terminal p, ManNode n) {
        br(p);
        p.set(n.tok == Tok.CE ? Terminal.CENTER : Terminal.RIGHT);
        ManNode c = n.first == null ? null : n.first.next;
        while (c != null) {
            ManNode end = c;
            do {
                end = end.next;
            } while (end != null && !(end instanceof ManNode.Text && end.has(ManNode.LINE)));
            while (c != end) {
                if (c instanceof ManNode.Text t) {
                    p.word(t.string);
                } else {
                    pre(p, c);
                }
                c = c.next;
            }
            p.set(Terminal.NOSPACE);
            p.flushln();
        }
        p.clear(Terminal.CENTER | Terminal.RIGHT);
    }

    private static String arg(ManNode n) {
        return n.first instanceof ManNode.Text t ? t.string : null;
    }

    /** Breaks the line; after a tag that overflowed, the text continues at the tag's margin. */
    static void br(Terminal p) {
        p.newln();
        if (p.has(Terminal.BRIND)) {
            p.setOffset(p.rmargin());
            p.setRmargin(p.maxrmargin());
            p.setTrailspace(0);
            p.clear(Terminal.NOBREAK | Terminal.BRIND);
            p.set(Terminal.NOSPACE);
        }
    }

    private static void sp(Terminal p, ManNode n) {
        String a = arg(n);
        int len = 1;
        if (a != null) {
            len = Units.vspan(a, 'v');
            if (len == Units.INVALID) {
                len = 1;
            }
        }
        if (len < 0) {
            p.skipVspace(-len);
        } else {
            while (len-- > 0) {
                p.vspace();
            }
        }
        br(p);
    }

    private static void ti(Terminal p, ManNode n) {
        br(p);
        String cp = arg(n);
        if (cp == null) {
            return;
        }
        int sign = 0;
        if (cp.startsWith("+")) {
            sign = 1;
            cp = cp.substring(1);
        } else if (cp.startsWith("-")) {
            sign = -1;
            cp = cp.substring(1);
        }
        int len = Units.hspan(cp, 'm');
        if (len == Units.INVALID) {
            return;
        }
        int maxoff = 72;
        int ti;
        switch (sign) {
            case 1 -> {
                if (p.offset() + len <= maxoff) {
                    ti = len;
                } else if (p.offset() < maxoff) {
                    ti = maxoff - p.offset();
                } else {
                    ti = 0;
                }
            }
            case -1 -> ti = len < p.offset() ? -len : -p.offset();
            default -> {
                if (len > maxoff) {
                    len = maxoff;
                }
                ti = len - p.offset();
            }
        }
        p.indentTemporarily(ti);
    }

    private static void ft(Terminal p, ManNode n) {
        String a = arg(n);
        switch (Escape.font(a == null ? "" : a)) {
            case FONT_BOLD -> p.fontRepl(Output.BOLD);
            case FONT_ITALIC -> p.fontRepl(Output.UNDER);
            case FONT_BI -> p.fontRepl(Output.BI);
            case FONT_PREV -> p.fontPrev();
            case FONT_ROMAN, FONT_CW -> p.fontRepl(Output.ROMAN);
            default -> {
            }
        }
    }
}
