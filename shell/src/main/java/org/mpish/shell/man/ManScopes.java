package org.mpish.shell.man;

/**
 * The parser's insertion point and scope rules (after mandoc's man_macro.c): where the next
 * node goes, which open blocks a new macro closes, and how next-line scopes end.
 */
final class ManScopes {
    final ManNode.Root root = new ManNode.Root();
    final Diags diags;
    /** The page's roff state (registers that macros update); may be null. */
    Roff roff;
    /** The node after or below which the next node is inserted. */
    ManNode last = root;
    /** Insert the next node as the first child of {@link #last} rather than after it. */
    boolean asChild = true;
    /** The next node starts an input line. */
    boolean newLine;
    /** No-fill mode (.nf, .EX). */
    boolean nofill;
    /** Suppresses the no-fill flag on the block, head and body nodes of implicit blocks and RS. */
    boolean noNofill;
    /** An in-line macro without arguments waits for the next line. */
    boolean eline;
    /** A block head without arguments (or a TP tag) waits for the next line. */
    boolean bline;

    ManScopes(Diags diags) {
        this.diags = diags;
    }

    boolean elineOpen() {
        return eline;
    }

    boolean blineOpen() {
        return bline;
    }

    // ---------------------------------------------------------------- node allocation

    private <T extends ManNode> T add(T n) {
        if (nofill && !noNofill) {
            n.flags |= ManNode.NOFILL;
        }
        if (newLine) {
            n.flags |= ManNode.LINE;
        }
        newLine = false;
        if (asChild) {
            n.parent = last;
            n.next = last.first;
            if (last.first != null) {
                last.first.prev = n;
            } else {
                last.last = n;
            }
            last.first = n;
        } else {
            last.insertAfter(n);
        }
        if (n instanceof ManNode.Head h && n.parent instanceof ManNode.Block b) {
            b.head = h;
        } else if (n instanceof ManNode.Body bo && n.parent instanceof ManNode.Block b) {
            b.body = bo;
        }
        last = n;
        return n;
    }

    ManNode.Text addText(String s, int ln, int pos) {
        ManNode.Text t = add(new ManNode.Text(s, ln, pos + diags.shift));
        asChild = false;
        return t;
    }

    ManNode.Elem addElem(Tok tok, int ln, int pos) {
        ManNode.Elem e = add(new ManNode.Elem(tok, ln, pos + diags.shift));
        asChild = true;
        return e;
    }

    ManNode.Block addBlock(Tok tok, int ln, int pos) {
        ManNode.Block b = add(new ManNode.Block(tok, ln, pos + diags.shift));
        asChild = true;
        return b;
    }

    ManNode.Head addHead(Tok tok, int ln, int pos) {
        ManNode.Head h = add(new ManNode.Head(tok, ln, pos + diags.shift));
        asChild = true;
        return h;
    }

    void addBody(Tok tok, int ln, int pos) {
        add(new ManNode.Body(tok, ln, pos + diags.shift));
        asChild = true;
    }

    void nextSibling() {
        asChild = false;
    }

    /** Deletes a subtree, moving the insertion point out of it like mandoc does. */
    void delete(ManNode n) {
        for (ManNode m = last; m != null; m = m.parent) {
            if (m == n) {
                if (n.prev != null) {
                    last = n.prev;
                    asChild = false;
                } else {
                    last = n.parent;
                    asChild = true;
                }
                break;
            }
        }
        n.unlink();
    }

    // ---------------------------------------------------------------- scope rules

    /** Closes all open nodes from the insertion point up to and including {@code to}. */
    void unscope(ManNode to) {
        ManNode stop = to.parent;
        ManNode n = last;
        while (n != stop && n != null) {
            if (stop == null && !n.has(ManNode.VALID)) {
                Tok t = n.tok();
                if ((bline || eline) && t != null && (t.is(Tok.BSCOPED) || t.is(Tok.NSCOPED))) {
                    diags.warn(n.line, n.pos, "line scope broken: EOF breaks " + t);
                    if (eline) {
                        if (n.parent instanceof ManNode.Root || !n.parent.tok().is(Tok.ESCOPED)) {
                            eline = false;
                        }
                    } else {
                        n = n.parent;
                        bline = false;
                    }
                    last = n;
                    ManNode up = n.parent;
                    delete(last);
                    n = up;
                    continue;
                }
                if (n instanceof ManNode.Block && t != null && t.kind == Tok.Kind.BLOCK_EXPLICIT) {
                    diags.error(n.line, n.pos, "appending missing end of block: " + t);
                }
            }
            last = n;
            n = n.parent;
            last.flags |= ManNode.VALID;
        }
        asChild = last == stop;
    }

    /** Closes the implicit blocks that a new {@code tok} block ends. */
    void rewind(Tok tok) {
        ManNode n = last;
        if (tok == Tok.RS && n.first == null
                && (n.tok() == Tok.P || n.tok() == Tok.PP || n.tok() == Tok.LP)) {
            return; // an empty paragraph right before RS stays open
        }
        while (true) {
            if (n instanceof ManNode.Root) {
                return;
            }
            if (n.has(ManNode.VALID)) {
                n = n.parent;
                continue;
            }
            if (!(n instanceof ManNode.Block)) {
                if (n.parent instanceof ManNode.Root) {
                    unscope(n);
                    return;
                }
                n = n.parent;
                continue;
            }
            Tok nt = n.tok();
            if (tok != Tok.SH && (nt == Tok.SH
                    || (tok != Tok.SS && (nt == Tok.SS || nt.kind == Tok.Kind.BLOCK_EXPLICIT)))) {
                return;
            }
            unscope(n);
            n = last;
        }
    }

    /** A macro that may not appear inside an open next-line scope breaks that scope. */
    void breakScope(Tok tok) {
        if (eline && (tok.isRequest() || !tok.is(Tok.NSCOPED))) {
            ManNode n = last;
            if (n instanceof ManNode.Text) {
                n = n.parent;
            }
            if (n.tok() == null || n.tok().isRequest()
                    || (n.tok().flags & (Tok.NSCOPED | Tok.ESCOPED)) == Tok.NSCOPED) {
                n = n.parent;
            }
            diags.warn(n.line, n.pos, "line scope broken: " + tok + " breaks " + n.tok());
            delete(n);
            eline = false;
        }
        if (bline && (tok == Tok.NF || tok == Tok.FI)
                && (last.tok() == Tok.SH || last.tok() == Tok.SS)) {
            ManNode n = last;
            unscope(n);
            addBody(n.tok(), n.line, n.pos);
            bline = false;
            noNofill = false;
        }
        if (bline && tok != Tok.NF && tok != Tok.FI && (tok.isRequest() || tok.is(Tok.XSCOPE))) {
            ManNode n = last;
            if (n instanceof ManNode.Text) {
                n = n.parent;
            }
            if (n.tok() == null || n.tok().isRequest() || !n.tok().is(Tok.XSCOPE)) {
                n = n.parent;
            }
            n = n.parent; // from the head to its block
            if (n == null || n instanceof ManNode.Root) {
                bline = false;
                return;
            }
            diags.warn(n.line, n.pos, "line scope broken: " + tok + " breaks " + n.tok());
            delete(n);
            bline = false;
            noNofill = false;
        }
    }

    /** After a line in next-line scope: close element scopes, then a pending block head. */
    void descope(int ln, int offs, String start) {
        if (start != null && endsWithC(start)) {
            return;
        }
        if (eline) {
            while (!(last.parent instanceof ManNode.Root) && last.parent.tok() != null
                    && last.parent.tok().is(Tok.ESCOPED)) {
                unscope(last.parent);
            }
            eline = false;
        }
        if (!bline) {
            return;
        }
        closeHeadOpenBody(ln, offs);
    }

    /** Ends the pending next-line head scope and opens the body. */
    void closeHeadOpenBody(int ln, int pos) {
        unscope(last.parent);
        addBody(last.tok(), ln, pos);
        bline = false;
        noNofill = false;
    }

    /** A blank text line: ignored in line scope and right after headings, else {@code .sp}. */
    void blankLine(int ln) {
        if (eline || bline) {
            diags.warn(ln, 0, "skipping blank line in line scope");
            return;
        }
        if (last.tok() == Tok.SH || last.tok() == Tok.SS) {
            return;
        }
        if (last instanceof ManNode.Text t && endsWithC(t.string)) {
            t.string = t.string.substring(0, t.string.length() - 2);
            return;
        }
        addElem(Tok.SP, ln, 0);
        nextSibling();
    }

    /** Whether a string ends with an unescaped {@code \c}. */
    static boolean endsWithC(String s) {
        int n = s.length();
        if (n < 2 || s.charAt(n - 2) != '\\' || s.charAt(n - 1) != 'c') {
            return false;
        }
        int k = n - 2;
        while (k > 0 && s.charAt(k - 1) == '\\') {
            k--;
        }
        return (n - 2 - k) % 2 == 0;
    }

    /** Closes everything at the end of the input, reporting what was left open. */
    void endOfInput() {
        unscope(root);
    }
}
