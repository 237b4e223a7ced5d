package org.mpish.shell.man;

/**
 * Lays out a validated man(7) tree on a {@link Terminal}: one pre/post action per macro, as in
 * mandoc's man_term.c.  Sections are indented 7 columns, subsection titles 3; tagged and
 * indented paragraphs remember their indentation for the next one, like groff does.
 */
final class ManFormatter {
    private final Terminal p;
    private final BlockFormatter blocks;

    private ManFormatter(Terminal p) {
        this.p = p;
        this.blocks = new BlockFormatter(p, this);
    }

    static Output format(ManNode.Root root, ManValidator.Meta meta, int width, boolean utf8) {
        Terminal p = new Terminal(width, utf8);
        ManFormatter f = new ManFormatter(p);
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

    void node(ManNode n) {
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
        Boolean block = blocks.pre(n);
        if (block != null) {
            return block;
        }
        return switch (n.tok) {
            case SB, B -> {
                p.fontRepl(Output.BOLD);
                yield true;
            }
            case I -> {
                p.fontRepl(Output.UNDER);
                yield true;
            }
            case BI, IB, BR, RB, IR, RI -> alternate(n);
            case DT -> {
                p.tabSet(null);
                p.tabSet("T");
                p.tabSet(".5i");
                yield false;
            }
            case UC, AT -> false;
            case PD -> prePD(n);
            case IN -> preIn(n);
            case OP -> preOP(n);
            case EX, EE -> preLiteral(n);
            case UR, MT -> !(n instanceof ManNode.Head);
            default -> true;
        };
    }

    private void post(ManNode n) {
        if (!blocks.post(n) && (n.tok == Tok.UR || n.tok == Tok.MT)) {
            postUR(n);
        }
    }

    // ---------------------------------------------------------------- in-line macros and requests

    private boolean prePD(ManNode n) {
        if (n.first == null) {
            blocks.pardist = 1;
        } else if (n.first instanceof ManNode.Text t) {
            int v = Units.vspan(t.string, 'v');
            if (v != Units.INVALID) {
                blocks.pardist = v;
            }
        }
        return false;
    }

    private boolean preIn(ManNode n) {
        p.newln();
        if (!(n.first instanceof ManNode.Text t)) {
            p.offset = blocks.offset;
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
            p.offset = BlockFormatter.INDENT;
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
