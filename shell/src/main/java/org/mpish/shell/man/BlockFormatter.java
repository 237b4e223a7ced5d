package org.mpish.shell.man;

/**
 * The block macros of man(7) on the terminal: sections, paragraphs, tagged and indented lists,
 * relative insets and synopsis blocks.  Holds the indentation state: the current left margin and,
 * per RS level, the indentation remembered from the last TP/IP/HP width argument (as groff does).
 */
final class BlockFormatter {
    private static final int MAXMARGINS = 64;
    static final int INDENT = 7;

    private final Terminal p;
    private final ManFormatter f;
    private final int[] lmargin = new int[MAXMARGINS];
    private int lmargincur;
    private int lmarginsz;
    /** Left margin of the current section body (changes with RS and in). */
    int offset = INDENT;
    /** Blank lines between paragraphs (.PD). */
    int pardist = 1;
    /** The indentation each RS block added, to take back at its end (the tree stays untouched). */
    private final java.util.Map<ManNode, Integer> rsIndent = new java.util.IdentityHashMap<>();

    BlockFormatter(Terminal p, ManFormatter f) {
        this.p = p;
        this.f = f;
        lmargin[0] = INDENT;
    }

    // ---------------------------------------------------------------- post actions (pre actions below)

    /** SH, SS: the heading and the body each end their line. */
    void postSection(ManNode n) {
        if (n instanceof ManNode.Head || n instanceof ManNode.Body) {
            p.newln();
        }
    }

    /** TP, TQ: the tag is written out (its overflow continues on the same line), the body ends its line. */
    void postTP(ManNode n) {
        if (n instanceof ManNode.Head) {
            p.flushln();
        } else if (n instanceof ManNode.Body) {
            p.newln();
            p.setOffset(offset);
        }
    }

    /** IP: as TP, and after the tag the field spans the whole line again. */
    void postIP(ManNode n) {
        if (n instanceof ManNode.Head) {
            p.flushln();
            p.clear(Terminal.NOBREAK);
            p.setTrailspace(0);
            p.setRmargin(p.maxrmargin());
        } else if (n instanceof ManNode.Body) {
            p.newln();
            p.setOffset(offset);
        }
    }

    /** HP: the hanging paragraph ends and the margins return to the section's. */
    void postHP(ManNode n) {
        if (n instanceof ManNode.Body) {
            p.newln();
            if (n.first == null) {
                p.vspace(); // groff compatibility: .HP breaks even when empty
            }
            p.clear(Terminal.NOBREAK | Terminal.BRIND);
            p.setTrailspace(0);
            p.setOffset(offset);
            p.setRmargin(p.maxrmargin());
        }
    }

    /** SY: the command name is written out, the body ends its line. */
    void postSY(ManNode n) {
        if (n instanceof ManNode.Head) {
            p.flushln();
            p.clear(Terminal.NOBREAK);
        } else if (n instanceof ManNode.Body) {
            p.newln();
            p.setOffset(offset);
        }
    }

    /** Blank lines before a paragraph, except at the start of a section (but inside RS, always). */
    private void bvspace(ManNode n) {
        p.newln();
        if (n instanceof ManNode.Block b && b.body != null && b.body.firstChild() != null
                && b.body.firstChild().tok == Tok.TBL) {
            return; // the table makes its own space
        }
        if ((n.parent instanceof ManNode.Root || n.parent.tok != Tok.RS) && n.prevSibling() == null) {
            return;
        }
        for (int i = 0; i < pardist; i++) {
            p.vspace();
        }
    }

    boolean preSection(ManNode n, boolean sub) {
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
            p.setOffset(sub ? 3 : 0);
            p.setRmargin(offset);
            p.setTrailspace(offset);
            p.set(Terminal.NOBREAK | Terminal.BRIND);
        } else {
            p.setOffset(offset);
            p.setRmargin(p.maxrmargin());
            p.setTrailspace(0);
            p.clear(Terminal.NOBREAK | Terminal.BRIND);
        }
        return true;
    }

    boolean prePP(ManNode n) {
        if (n instanceof ManNode.Block) {
            lmargin[lmargincur] = INDENT;
            bvspace(n);
        } else if (n instanceof ManNode.Head) {
            return false;
        } else {
            p.setOffset(offset);
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

    boolean preTP(ManNode n) {
        if (n instanceof ManNode.Block) {
            if (n.tok == Tok.TP) {
                bvspace(n);
            }
            return true;
        }
        if (n instanceof ManNode.Head) {
            p.set(Terminal.NOBREAK | Terminal.BRTRSP);
            p.setTrailspace(1);
        } else {
            p.set(Terminal.NOSPACE);
        }
        ManNode head = ((ManNode.Block) n.parent).head;
        ManNode arg = head == null ? null : head.first;
        int len = arg != null && !arg.has(ManNode.LINE) ? width(arg) : lmargin[lmargincur];
        if (n instanceof ManNode.Head) {
            p.setOffset(offset);
            p.setRmargin(offset + len);
            ManNode nn = n.first;
            while (nn != null && !nn.has(ManNode.LINE)) {
                nn = nn.next; // arguments on the .TP line itself are not printed
            }
            while (nn != null) {
                ManNode next = nn.next;
                f.node(nn);
                nn = next;
            }
            return false;
        }
        p.setOffset(offset + len);
        p.setRmargin(p.maxrmargin());
        p.setTrailspace(0);
        p.clear(Terminal.NOBREAK | Terminal.BRTRSP);
        return true;
    }

    boolean preIP(ManNode n) {
        if (n instanceof ManNode.Block) {
            bvspace(n);
            return true;
        }
        if (n instanceof ManNode.Head) {
            p.set(Terminal.NOBREAK);
            p.setTrailspace(1);
        } else {
            p.set(Terminal.NOSPACE);
        }
        ManNode head = ((ManNode.Block) n.parent).head;
        ManNode arg = head == null || head.first == null ? null : head.first.next;
        int len = arg != null ? width(arg) : lmargin[lmargincur];
        if (n instanceof ManNode.Head) {
            p.setOffset(offset);
            p.setRmargin(offset + len);
            if (n.first != null) {
                f.node(n.first);
            }
            return false;
        }
        p.setOffset(offset + len);
        p.setRmargin(p.maxrmargin());
        return true;
    }

    boolean preHP(ManNode n) {
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
            p.set(Terminal.NOBREAK | Terminal.BRIND);
            p.setTrailspace(2);
        }
        ManNode head = ((ManNode.Block) n.parent).head;
        int len = width(head == null ? null : head.first);
        p.setOffset(offset);
        p.setRmargin(offset + len);
        return true;
    }

    boolean preRS(ManNode n) {
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
        rsIndent.put(head, aux);
        offset += aux;
        p.setOffset(offset);
        p.setRmargin(p.maxrmargin());
        if (++lmarginsz < MAXMARGINS) {
            lmargincur = lmarginsz;
        }
        lmargin[lmargincur] = INDENT;
        return true;
    }

    void postRS(ManNode n) {
        if (!(n instanceof ManNode.Body)) {
            return;
        }
        p.newln();
        offset -= rsIndent.getOrDefault(((ManNode.Block) n.parent).head, 0);
        p.setOffset(offset);
        if (--lmarginsz < MAXMARGINS) {
            lmargincur = Math.max(lmarginsz, 0);
        }
    }

    boolean preSY(ManNode n) {
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
            len += Deroff.width(t.string);
        }
        if (n instanceof ManNode.Head) {
            p.setOffset(offset);
            p.setRmargin(offset + len);
            ManNode.Body body = ((ManNode.Block) n.parent).body;
            if (body == null || body.first == null || !body.first.has(ManNode.NOFILL)) {
                p.set(Terminal.NOBREAK);
            }
            p.fontRepl(Output.BOLD);
        } else {
            lmargin[lmargincur] = len;
            p.setOffset(offset + len);
            p.setRmargin(p.maxrmargin());
            p.set(Terminal.NOSPACE);
        }
        return true;
    }
}
