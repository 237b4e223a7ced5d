package org.mpish.shell.man;

/**
 * Lays out a validated man(7) tree on a {@link Terminal}: each macro's pre and post actions are one
 * row of {@link ManActs} (mandoc's man_term.c table), each kept request's one row of
 * {@link RequestFormatter}.  Sections are indented 7 columns, subsection titles 3; tagged and
 * indented paragraphs remember their indentation for the next one, like groff does.
 */
final class ManFormatter {
    final Terminal p;
    final BlockFormatter blocks;

    private ManFormatter(Terminal p) {
        this.p = p;
        this.blocks = new BlockFormatter(p, this);
    }

    static Output format(ManNode.Root root, ManValidator.Meta meta, int width, boolean utf8) {
        Terminal p = new Terminal(width, utf8);
        ManFormatter f = new ManFormatter(p);
        PageFrame.header(p, meta);
        p.set(Terminal.NOSPACE);
        f.list(root.first);
        PageFrame.footer(p, meta);
        return p.out();
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
                p.set(Terminal.NOSPACE);
            }
            p.word(t.string);
        } else if (n.tok.isRequest()) {
            RequestFormatter.pre(p, n);
            return;
        } else {
            ManActs.Act act = ManActs.of(n.tok);
            boolean fonts = !act.has(ManActs.NOTEXT);
            if (fonts) {
                p.fontRepl(Output.ROMAN);
            }
            if (act.pre(this, n) && n.first != null) {
                list(n.first);
            }
            act.post(this, n);
            if (fonts) {
                p.fontRepl(Output.ROMAN);
            }
        }
        // In no-fill mode, each input line is an output line: after the last node of a line,
        // write it out without breaking it.
        if (n.has(ManNode.NOFILL) && !p.has(Terminal.NOBREAK | Terminal.NONEWLINE)
                && (n.next == null || n.next.has(ManNode.LINE))) {
            p.set(Terminal.BRNEVER | Terminal.NOSPACE);
            if (n instanceof ManNode.Text) {
                p.flushln();
            } else {
                p.newln();
            }
            p.clear(Terminal.BRNEVER);
            if (p.rmargin() < p.maxrmargin() && n.parent.tok == Tok.HP) {
                p.setOffset(p.rmargin());
                p.setRmargin(p.maxrmargin());
            }
        }
        if (n.has(ManNode.EOS)) {
            p.set(Terminal.SENTENCE);
        }
    }

    // ---------------------------------------------------------------- in-line macros (rows of ManActs)

    /** B, SB, I: the children in one font. */
    boolean font(byte font) {
        p.fontRepl(font);
        return true;
    }

    /** DT: tab stops back to every half inch. */
    boolean preDT(ManNode n) {
        p.tabSet(null);
        p.tabSet("T");
        p.tabSet(".5i");
        return false;
    }

    boolean prePD(ManNode n) {
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

    boolean preIn(ManNode n) {
        p.newln();
        if (!(n.first instanceof ManNode.Text t)) {
            p.setOffset(blocks.offset);
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
            p.setOffset(p.offset() - (Math.min(p.offset(), v)));
        } else if (less > 0) {
            p.setOffset(p.offset() + v);
        } else {
            p.setOffset(v);
        }
        if (p.offset() > Short.MAX_VALUE) {
            p.setOffset(BlockFormatter.INDENT);
        }
        return false;
    }

    boolean preLiteral(ManNode n) {
        p.newln();
        if (n.parent.tok == Tok.HP && p.rmargin() < p.maxrmargin()) {
            p.setOffset(p.rmargin());
            p.setRmargin(p.maxrmargin());
            p.setTrailspace(0);
            p.clear(Terminal.NOBREAK | Terminal.BRIND);
            p.set(Terminal.NOSPACE);
        }
        return false;
    }

    boolean alternate(ManNode n) {
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
                p.set(Terminal.SENTENCE);
            }
            if (nn.next != null) {
                p.set(Terminal.NOSPACE);
            }
        }
        return false;
    }

    boolean preOP(ManNode n) {
        p.word("[");
        p.set(Terminal.KEEP | Terminal.NOSPACE);
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
        p.clear(Terminal.KEEP);
        p.set(Terminal.NOSPACE);
        p.word("]");
        return false;
    }

    void postUR(ManNode n) {
        if (!(n instanceof ManNode.Block b)) {
            return;
        }
        p.word("<");
        p.set(Terminal.NOSPACE);
        if (b.head != null && b.head.first != null) {
            node(b.head.first);
        }
        p.set(Terminal.NOSPACE);
        p.word(">");
    }
}
