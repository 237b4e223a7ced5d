package org.mpish.shell.man;

/**
 * The parser's insertion point and scope rules (after mandoc's man_macro.c): where the next
 * node goes, which open blocks a new macro closes, and how next-line scopes end.
 */
final class ManScopes {
    final ManNode.Root root = new ManNode.Root();
    private final Diags diags;
    /** The node after or below which the next node is inserted. */
    ManNode last = root;
    /** Insert the next node as the first child of {@link #last} rather than after it. */
    private boolean asChild = true;
    /** The next node starts an input line. */
    boolean newLine;
    /** No-fill mode (.nf, .EX). */
    boolean nofill;
    /** Suppresses the no-fill flag on the block, head and body nodes of implicit blocks and RS. */
    private boolean noNofill;
    /** An in-line macro without arguments waits for the next line. */
    private boolean eline;
    /** A block head without arguments (or a TP tag) waits for the next line. */
    private boolean bline;

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
        ManNode.Text t = add(new ManNode.Text(s, ln, pos));
        asChild = false;
        return t;
    }

    ManNode.Elem addElem(Tok tok, int ln, int pos) {
        ManNode.Elem e = add(new ManNode.Elem(tok, ln, pos));
        asChild = true;
        return e;
    }

    private ManNode.Block addBlock(Tok tok, int ln, int pos) {
        ManNode.Block b = add(new ManNode.Block(tok, ln, pos));
        asChild = true;
        return b;
    }

    private ManNode.Head addHead(Tok tok, int ln, int pos) {
        ManNode.Head h = add(new ManNode.Head(tok, ln, pos));
        asChild = true;
        return h;
    }

    private void addBody(Tok tok, int ln, int pos) {
        add(new ManNode.Body(tok, ln, pos));
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
    private void rewind(Tok tok) {
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

    // ---------------------------------------------------------------- macro handlers

    void blockImplicit(Tok tok, int ln, int ppos, Args args) {
        rewind(tok);
        noNofill = true;
        if (tok == Tok.SH || tok == Tok.SS) {
            nofill = false;
        }
        addBlock(tok, ln, ppos);
        ManNode.Head head = addHead(tok, ln, ppos);
        for (int la = args.pos(); ; la = args.pos()) {
            String a = args.next();
            if (a == null) {
                break;
            }
            addText(a, ln, la);
        }
        if (tok.is(Tok.BSCOPED) && (tok == Tok.TP || tok == Tok.TQ || last == head)) {
            bline = true;
            return;
        }
        unscope(head);
        addBody(tok, ln, ppos);
        noNofill = false;
    }

    void blockExplicit(Tok tok, int ln, int ppos, Args args) {
        if (tok == Tok.RS) {
            rewind(tok);
            noNofill = true;
        }
        addBlock(tok, ln, ppos);
        ManNode.Head head = addHead(tok, ln, ppos);
        int la = args.pos();
        String a = args.next();
        if (a != null) {
            addText(a, ln, la);
        }
        if (!args.atEnd()) {
            diags.error(ln, args.pos(), "skipping excess arguments: " + tok + " ... " + args.rest());
        }
        unscope(head);
        addBody(tok, ln, ppos);
        noNofill = false;
    }

    void blockClose(Tok tok, int ln, int ppos, Args args) {
        Tok open = switch (tok) {
            case RE -> Tok.RS;
            case YS -> Tok.SY;
            case UE -> Tok.UR;
            default -> Tok.MT;
        };
        int rewinds = 1;
        if (tok == Tok.RE) {
            int la = args.pos();
            String a = args.next();
            if (a != null) {
                for (ManNode nn = last.parent; nn != null; nn = nn.parent) {
                    if (nn.tok() == Tok.RS && nn instanceof ManNode.Block) {
                        rewinds++;
                    }
                }
                int[] parsed = strtol(a);
                int digits = parsed[1];
                if (digits < a.length()) {
                    diags.error(ln, la + (args.quotedAt(la) ? 1 : 0) + digits,
                            "skipping excess arguments: RE ... " + a.substring(digits));
                }
                int target = parsed[0];
                if (target == 0) {
                    target = 1;
                }
                rewinds -= target;
                if (rewinds < 1) {
                    diags.error(ln, ppos, "fewer RS blocks open, skipping: RE " + target);
                    return;
                }
            }
        }
        ManNode nn = last.parent;
        for (; nn != null; nn = nn.parent) {
            if (nn.tok() == open && nn instanceof ManNode.Block && --rewinds == 0) {
                break;
            }
        }
        if (nn == null) {
            diags.error(ln, ppos, "skipping end of block that is not open: " + tok);
            rewind(Tok.PP);
            if (tok == Tok.RE) {
                ManNode br = addElem(Tok.BR_REQ, ln, ppos);
                br.flags |= ManNode.LINE | ManNode.VALID;
                nextSibling();
            }
            return;
        }
        int cline = last.line;
        int cpos = last.pos;
        Tok ctok = last.tok();
        unscope(nn);
        if (!args.atEnd()) {
            ManNode.Text t = addText(args.rest(), ln, ppos);
            t.flags |= ManNode.DELIMC;
            if (ManParser.endsSentence(t.string)) {
                t.flags |= ManNode.EOS;
            }
        }
        if (ctok == Tok.LP || ctok == Tok.PP || ctok == Tok.P) {
            blockImplicit(ctok, cline, cpos, new Args("", 0, ln, diags, null));
        }
        if (tok == Tok.YS && last == nn) {
            addElem(tok, ln, ppos);
            unscope(last);
        }
    }

    /** C strtol: the value (0 if none) and the number of characters used. */
    static int[] strtol(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        int sign = 1;
        int j = i;
        if (j < s.length() && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
            sign = s.charAt(j) == '-' ? -1 : 1;
            j++;
        }
        int k = j;
        long v = 0;
        while (k < s.length() && Character.isDigit(s.charAt(k))) {
            v = Math.min(v * 10 + (s.charAt(k) - '0'), Integer.MAX_VALUE);
            k++;
        }
        if (k == j) {
            return new int[] {0, 0};
        }
        return new int[] {(int) (sign * v), k};
    }

    void inline(Tok tok, int ln, int ppos, Args args) {
        ManNode.Elem n = addElem(tok, ln, ppos);
        if (tok == Tok.EX) {
            nofill = true;
        } else if (tok == Tok.EE) {
            nofill = false;
        }
        while (true) {
            if (!args.atEnd() && last != n && tok == Tok.PD) {
                diags.error(ln, args.pos(), "skipping excess arguments: PD ... " + args.rest());
                break;
            }
            int la = args.pos();
            String a = args.next();
            if (a == null) {
                break;
            }
            if (tok.is(Tok.JOIN) && last instanceof ManNode.Text t) {
                t.string = t.string + " " + a;
            } else {
                addText(a, ln, la);
            }
        }
        if (n != last && last instanceof ManNode.Text t && ManParser.endsSentence(t.string)) {
            t.flags |= ManNode.EOS;
        }
        if (n == last && tok.is(Tok.ESCOPED)) {
            eline = true;
            return;
        }
        asChild = false;
        for (; last != null; last = last.parent) {
            last.flags |= ManNode.VALID;
            if (last == n) {
                break;
            }
        }
        if (tok.is(Tok.ESCOPED)) {
            descope(ln, ppos, null);
        }
    }

    /** Closes everything at the end of the input, reporting what was left open. */
    void endOfInput() {
        unscope(root);
    }
}
