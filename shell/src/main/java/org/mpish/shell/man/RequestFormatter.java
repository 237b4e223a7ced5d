package org.mpish.shell.man;

/** Terminal actions of the roff requests the parser keeps: br, sp, nf, fi, ti and ft. */
final class RequestFormatter {

    private RequestFormatter() {
    }

    static void pre(Terminal p, ManNode n) {
        switch (n.tok) {
            case BR_REQ, NF, FI -> br(p);
            case SP -> sp(p, n);
            case TI -> ti(p, n);
            case FT -> ft(p, n);
            case TA -> {
                p.tabSet(null);
                for (ManNode c = n.first; c != null; c = c.next) {
                    if (c instanceof ManNode.Text t) {
                        p.tabSet(t.string);
                    }
                }
            }
            case TBL -> TblFormatter.render(p, ((ManNode.Elem) n).table);
            case EQN -> {
                // an equation on the line of the text before (or after) it joins that text
                if (!n.has(ManNode.LINE)) {
                    p.flags |= Terminal.NOSPACE;
                }
                ManNode.Elem e = (ManNode.Elem) n;
                if (e.eqn != null) {
                    EqnFormatter.render(p, e.eqn);
                }
                if (n.next != null && !n.next.has(ManNode.LINE)) {
                    p.flags |= Terminal.NOSPACE;
                }
            }
            case CE, RJ -> centre(p, n);
            case LL -> p.setWidth(arg(n));
            default -> {
            }
        }
    }

    /**
     * Centres or right-adjusts each input line among the children (after the count): the words
     * of a line are set, then the line is written out on its own.
     */
    private static void centre(Terminal p, ManNode n) {
        br(p);
        p.flags |= n.tok == Tok.CE ? Terminal.CENTER : Terminal.RIGHT;
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
            p.flags |= Terminal.NOSPACE;
            p.flushln();
        }
        p.flags &= ~(Terminal.CENTER | Terminal.RIGHT);
    }

    private static String arg(ManNode n) {
        return n.first instanceof ManNode.Text t ? t.string : null;
    }

    /** Breaks the line; after a tag that overflowed, the text continues at the tag's margin. */
    static void br(Terminal p) {
        p.newln();
        if (p.has(Terminal.BRIND)) {
            p.offset = p.rmargin;
            p.rmargin = p.maxrmargin;
            p.trailspace = 0;
            p.flags &= ~(Terminal.NOBREAK | Terminal.BRIND);
            p.flags |= Terminal.NOSPACE;
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
            p.skipvsp -= len;
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
        switch (sign) {
            case 1 -> {
                if (p.offset + len <= maxoff) {
                    p.ti = len;
                } else if (p.offset < maxoff) {
                    p.ti = maxoff - p.offset;
                } else {
                    p.ti = 0;
                }
            }
            case -1 -> p.ti = len < p.offset ? -len : -p.offset;
            default -> {
                if (len > maxoff) {
                    len = maxoff;
                }
                p.ti = len - p.offset;
            }
        }
        p.offset += p.ti;
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
