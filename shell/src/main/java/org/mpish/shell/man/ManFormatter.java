package org.mpish.shell.man;

/**
 * Lays out a validated man(7) tree on a {@link Terminal}: one pre/post action per macro, as in
 * mandoc's man_term.c.  Sections are indented 7 columns, subsection titles 3; tagged and
 * indented paragraphs remember their indentation for the next one, like groff does.
 */
final class ManFormatter {
    private static final int MAXMARGINS = 64;
    private static final int INDENT = 7;

    private final Terminal p;
    private final ManValidator.Meta meta;
    private final int[] lmargin = new int[MAXMARGINS];
    private int lmargincur;
    private int lmarginsz;
    /** Left margin of the current section body (changes with RS and in). */
    private int offset;
    /** Blank lines between paragraphs (.PD). */
    private int pardist = 1;

    private ManFormatter(Terminal p, ManValidator.Meta meta) {
        this.p = p;
        this.meta = meta;
    }

    static Output format(ManNode.Root root, ManValidator.Meta meta, int width) {
        Terminal p = new Terminal(width);
        ManFormatter f = new ManFormatter(p, meta);
        f.lmargin[0] = INDENT;
        f.offset = INDENT;
        PageFrame.header(p, meta);
        p.flags |= Terminal.NOSPACE;
        f.list(root.first);
        PageFrame.footer(p, meta);
        return p.out;
    }

    private void list(ManNode n) {
        while (n != null) {
            ManNode next = n.next;
            node(n);
            n = next;
        }
    }

    private void node(ManNode n) {
        if (n instanceof ManNode.Text t) {
            if (t.string.isEmpty()) {
                if (p.has(Terminal.NONEWLINE)) {
                    p.newln();
                } else {
                    p.vspace();
                }
                return;
            } else if (t.string.charAt(0) == ' ' && t.has(ManNode.LINE) && !p.has(Terminal.NONEWLINE)) {
                p.newln();
            } else if (t.has(ManNode.DELIMC)) {
                p.flags |= Terminal.NOSPACE;
            }
            p.word(t.string);
        } else if (n.tok.isRequest()) {
            RequestFormatter.pre(p, n);
            return;
        } else {
            Tok tok = n.tok;
            boolean fonts = !tok.noText() && tok != Tok.SM;
            if (fonts) {
                p.fontRepl(Output.ROMAN);
            }
            if (pre(n) && n.first != null) {
                list(n.first);
            }
            post(n);
            if (fonts) {
                p.fontRepl(Output.ROMAN);
            }
        }
        // In no-fill mode, each input line is an output line: after the last node of a line,
        // write it out without breaking it.
        if (n.has(ManNode.NOFILL) && !p.has(Terminal.NOBREAK | Terminal.NONEWLINE)
                && (n.next == null || n.next.has(ManNode.LINE))) {
            p.flags |= Terminal.BRNEVER | Terminal.NOSPACE;
            if (n instanceof ManNode.Text) {
                p.flushln();
            } else {
                p.newln();
            }
            p.flags &= ~Terminal.BRNEVER;
            if (p.rmargin < p.maxrmargin && n.parent.tok == Tok.HP) {
                p.offset = p.rmargin;
                p.rmargin = p.maxrmargin;
            }
        }
        if (n.has(ManNode.EOS)) {
            p.flags |= Terminal.SENTENCE;
        }
    }

    // ---------------------------------------------------------------- dispatch

    private boolean pre(ManNode n) {
        return switch (n.tok) {
            case SH -> preSection(n, false);
            case SS -> preSection(n, true);
            case TP, TQ -> preTP(n);
            case PP, LP, P -> prePP(n);
            case IP -> preIP(n);
            case HP -> preHP(n);
            case SB, B -> {
                p.fontRepl(Output.BOLD);
                yield true;
            }
            case I -> {
                p.fontRepl(Output.UNDER);
                yield true;
            }
            case BI, IB, BR, RB, IR, RI -> alternate(n);
            case RS -> preRS(n);
            case DT, UC, AT -> false;
            case PD -> prePD(n);
            case IN -> preIn(n);
            case SY -> preSY(n);
            case OP -> preOP(n);
            case EX, EE -> preLiteral(n);
            case UR, MT -> !(n instanceof ManNode.Head);
            default -> true;
        };
    }

    private void post(ManNode n) {
        switch (n.tok) {
            case SH, SS -> {
                if (n instanceof ManNode.Head || n instanceof ManNode.Body) {
                    p.newln();
                }
            }
            case TP, TQ -> {
                if (n instanceof ManNode.Head) {
                    p.flushln();
                } else if (n instanceof ManNode.Body) {
                    p.newln();
                    p.offset = offset;
                }
            }
            case IP -> {
                if (n instanceof ManNode.Head) {
                    p.flushln();
                    p.flags &= ~Terminal.NOBREAK;
                    p.trailspace = 0;
                    p.rmargin = p.maxrmargin;
                } else if (n instanceof ManNode.Body) {
                    p.newln();
                    p.offset = offset;
                }
            }
            case HP -> {
                if (n instanceof ManNode.Body) {
                    p.newln();
                    if (n.first == null) {
                        p.vspace(); // groff compatibility: .HP breaks even when empty
                    }
                    p.flags &= ~(Terminal.NOBREAK | Terminal.BRIND);
                    p.trailspace = 0;
                    p.offset = offset;
                    p.rmargin = p.maxrmargin;
                }
            }
            case RS -> postRS(n);
            case SY -> {
                if (n instanceof ManNode.Head) {
                    p.flushln();
                    p.flags &= ~Terminal.NOBREAK;
                } else if (n instanceof ManNode.Body) {
                    p.newln();
                    p.offset = offset;
                }
            }
            case UR, MT -> postUR(n);
            default -> {
            }
        }
    }

    // ---------------------------------------------------------------- paragraphs

    /** Blank lines before a paragraph, except at the start of a section (but inside RS, always). */
    private void bvspace(ManNode n) {
        p.newln();
        if ((n.parent instanceof ManNode.Root || n.parent.tok != Tok.RS) && n.prevSibling() == null) {
            return;
        }
        for (int i = 0; i < pardist; i++) {
            p.vspace();
        }
    }

    private boolean preSection(ManNode n, boolean sub) {
        if (n instanceof ManNode.Block) {
            lmargin[lmargincur] = INDENT;
            offset = INDENT;
            ManNode prev = n.prevSibling();
            if (prev == null || (prev.tok == n.tok && ((ManNode.Block) prev).body != null
                    && ((ManNode.Block) prev).body.firstChild() == null)) {
                return true;
            }
            for (int i = 0; i < pardist; i++) {
                p.vspace();
            }
        } else if (n instanceof ManNode.Head) {
            p.fontRepl(Output.BOLD);
            p.offset = sub ? 3 : 0;
            p.rmargin = offset;
            p.trailspace = offset;
            p.flags |= Terminal.NOBREAK | Terminal.BRIND;
        } else {
            p.offset = offset;
            p.rmargin = p.maxrmargin;
            p.trailspace = 0;
            p.flags &= ~(Terminal.NOBREAK | Terminal.BRIND);
        }
        return true;
    }

    private boolean prePP(ManNode n) {
        if (n instanceof ManNode.Block) {
            lmargin[lmargincur] = INDENT;
            bvspace(n);
        } else if (n instanceof ManNode.Head) {
            return false;
        } else {
            p.offset = offset;
        }
        return true;
    }

    /** Indentation from a width argument, remembered for the next paragraph of this kind. */
    private int width(ManNode arg) {
        if (arg instanceof ManNode.Text t) {
            int len = Units.hspan(t.string, 'n');
            if (len != Units.INVALID) {
                if (len < 0 && -len > offset) {
                    len = -offset;
                } else if (len > Short.MAX_VALUE) {
                    len = INDENT;
                }
                lmargin[lmargincur] = len;
                return len;
            }
        }
        return lmargin[lmargincur];
    }

    private boolean preTP(ManNode n) {
        if (n instanceof ManNode.Block) {
            if (n.tok == Tok.TP) {
                bvspace(n);
            }
            return true;
        }
        if (n instanceof ManNode.Head) {
            p.flags |= Terminal.NOBREAK | Terminal.BRTRSP;
            p.trailspace = 1;
        } else {
            p.flags |= Terminal.NOSPACE;
        }
        ManNode head = ((ManNode.Block) n.parent).head;
        ManNode arg = head == null ? null : head.first;
        int len = arg != null && !arg.has(ManNode.LINE) ? width(arg) : lmargin[lmargincur];
        if (n instanceof ManNode.Head) {
            p.offset = offset;
            p.rmargin = offset + len;
            ManNode nn = n.first;
            while (nn != null && !nn.has(ManNode.LINE)) {
                nn = nn.next; // arguments on the .TP line itself are not printed
            }
            while (nn != null) {
                ManNode next = nn.next;
                node(nn);
                nn = next;
            }
            return false;
        }
        p.offset = offset + len;
        p.rmargin = p.maxrmargin;
        p.trailspace = 0;
        p.flags &= ~(Terminal.NOBREAK | Terminal.BRTRSP);
        return true;
    }

    private boolean preIP(ManNode n) {
        if (n instanceof ManNode.Block) {
            bvspace(n);
            return true;
        }
        if (n instanceof ManNode.Head) {
            p.flags |= Terminal.NOBREAK;
            p.trailspace = 1;
        } else {
            p.flags |= Terminal.NOSPACE;
        }
        ManNode head = ((ManNode.Block) n.parent).head;
        ManNode arg = head == null || head.first == null ? null : head.first.next;
        int len = arg != null ? width(arg) : lmargin[lmargincur];
        if (n instanceof ManNode.Head) {
            p.offset = offset;
            p.rmargin = offset + len;
            if (n.first != null) {
                node(n.first);
            }
            return false;
        }
        p.offset = offset + len;
        p.rmargin = p.maxrmargin;
        return true;
    }

    private boolean preHP(ManNode n) {
        if (n instanceof ManNode.Block) {
            bvspace(n);
            return true;
        }
        if (n instanceof ManNode.Head) {
            return false;
        }
        if (n.first == null) {
            return false;
        }
        if (!n.first.has(ManNode.NOFILL)) {
            p.flags |= Terminal.NOBREAK | Terminal.BRIND;
            p.trailspace = 2;
        }
        ManNode head = ((ManNode.Block) n.parent).head;
        int len = width(head == null ? null : head.first);
        p.offset = offset;
        p.rmargin = offset + len;
        return true;
    }

    private boolean preRS(ManNode n) {
        if (n instanceof ManNode.Block) {
            p.newln();
            return true;
        }
        if (n instanceof ManNode.Head) {
            return false;
        }
        ManNode.Head head = ((ManNode.Block) n.parent).head;
        int aux = Short.MAX_VALUE + 1;
        if (head.first == null) {
            aux = lmargin[lmargincur];
        } else if (head.first instanceof ManNode.Text t) {
            int v = Units.hspan(t.string, 'n');
            if (v != Units.INVALID) {
                aux = v;
            }
        }
        if (aux < 0 && -aux > offset) {
            aux = -offset;
        } else if (aux > Short.MAX_VALUE) {
            aux = INDENT;
        }
        head.aux = aux;
        offset += aux;
        p.offset = offset;
        p.rmargin = p.maxrmargin;
        if (++lmarginsz < MAXMARGINS) {
            lmargincur = lmarginsz;
        }
        lmargin[lmargincur] = INDENT;
        return true;
    }

    private void postRS(ManNode n) {
        if (!(n instanceof ManNode.Body)) {
            return;
        }
        p.newln();
        offset -= ((ManNode.Block) n.parent).head.aux;
        p.offset = offset;
        if (--lmarginsz < MAXMARGINS) {
            lmargincur = Math.max(lmarginsz, 0);
        }
    }

    private boolean prePD(ManNode n) {
        if (n.first == null) {
            pardist = 1;
        } else if (n.first instanceof ManNode.Text t) {
            int v = Units.vspan(t.string, 'v');
            if (v != Units.INVALID) {
                pardist = v;
            }
        }
        return false;
    }

    private boolean preIn(ManNode n) {
        p.newln();
        if (!(n.first instanceof ManNode.Text t)) {
            p.offset = offset;
            return false;
        }
        String cp = t.string;
        int less = 0;
        if (cp.startsWith("-")) {
            less = -1;
            cp = cp.substring(1);
        } else if (cp.startsWith("+")) {
            less = 1;
            cp = cp.substring(1);
        }
        int v = Units.hspan(cp, 'n');
        if (v == Units.INVALID) {
            return false;
        }
        if (less < 0) {
            p.offset -= Math.min(p.offset, v);
        } else if (less > 0) {
            p.offset += v;
        } else {
            p.offset = v;
        }
        if (p.offset > Short.MAX_VALUE) {
            p.offset = INDENT;
        }
        return false;
    }

    private boolean preLiteral(ManNode n) {
        p.newln();
        if (n.parent.tok == Tok.HP && p.rmargin < p.maxrmargin) {
            p.offset = p.rmargin;
            p.rmargin = p.maxrmargin;
            p.trailspace = 0;
            p.flags &= ~(Terminal.NOBREAK | Terminal.BRIND);
            p.flags |= Terminal.NOSPACE;
        }
        return false;
    }

    // ---------------------------------------------------------------- in-line macros

    private boolean alternate(ManNode n) {
        byte[] font = switch (n.tok) {
            case RB -> new byte[] {Output.ROMAN, Output.BOLD};
            case RI -> new byte[] {Output.ROMAN, Output.UNDER};
            case BR -> new byte[] {Output.BOLD, Output.ROMAN};
            case BI -> new byte[] {Output.BOLD, Output.UNDER};
            case IR -> new byte[] {Output.UNDER, Output.ROMAN};
            default -> new byte[] {Output.UNDER, Output.BOLD}; // IB
        };
        int i = 0;
        for (ManNode nn = n.first; nn != null; nn = nn.next, i = 1 - i) {
            p.fontRepl(font[i]);
            p.word(((ManNode.Text) nn).string);
            if (nn.has(ManNode.EOS)) {
                p.flags |= Terminal.SENTENCE;
            }
            if (nn.next != null) {
                p.flags |= Terminal.NOSPACE;
            }
        }
        return false;
    }

    private boolean preOP(ManNode n) {
        p.word("[");
        p.flags |= Terminal.KEEP | Terminal.NOSPACE;
        ManNode a = n.first;
        if (a instanceof ManNode.Text t) {
            p.fontRepl(Output.BOLD);
            p.word(t.string);
        }
        if (a != null && a.next instanceof ManNode.Text t) {
            p.fontRepl(Output.UNDER);
            p.word(t.string);
        }
        p.fontRepl(Output.ROMAN);
        p.flags &= ~Terminal.KEEP;
        p.flags |= Terminal.NOSPACE;
        p.word("]");
        return false;
    }

    private boolean preSY(ManNode n) {
        if (n instanceof ManNode.Block) {
            ManNode prev = n.prevSibling();
            if (prev == null || prev.tok != Tok.SY) {
                bvspace(n);
            }
            return true;
        }
        ManNode.Head head = ((ManNode.Block) n.parent).head;
        int len = 1;
        if (head != null && head.first instanceof ManNode.Text t) {
            len += Terminal.strlen(t.string);
        }
        if (n instanceof ManNode.Head) {
            p.offset = offset;
            p.rmargin = offset + len;
            ManNode.Body body = ((ManNode.Block) n.parent).body;
            if (body == null || body.first == null || !body.first.has(ManNode.NOFILL)) {
                p.flags |= Terminal.NOBREAK;
            }
            p.fontRepl(Output.BOLD);
        } else {
            lmargin[lmargincur] = len;
            p.offset = offset + len;
            p.rmargin = p.maxrmargin;
            p.flags |= Terminal.NOSPACE;
        }
        return true;
    }

    private void postUR(ManNode n) {
        if (!(n instanceof ManNode.Block b)) {
            return;
        }
        p.word("<");
        p.flags |= Terminal.NOSPACE;
        if (b.head != null && b.head.first != null) {
            node(b.head.first);
        }
        p.flags |= Terminal.NOSPACE;
        p.word(">");
    }
}
