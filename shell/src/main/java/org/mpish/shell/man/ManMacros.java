package org.mpish.shell.man;

/**
 * What each kind of man(7) macro does to the tree (after mandoc's man_macro.c): implicit blocks,
 * explicit blocks and their end macros, and in-line elements with next-line scope.
 */
final class ManMacros {

    private ManMacros() {
    }

    /** SH, SS, TP, TQ, PP, LP, P, IP, HP, SY: close what they end, then head and body. */
    static void blockImplicit(ManScopes s, Tok tok, int ln, int ppos, Args args) {
        s.rewind(tok);
        s.noNofill = true;
        if (tok == Tok.SH || tok == Tok.SS) {
            s.nofill = false;
        }
        s.addBlock(tok, ln, ppos);
        ManNode.Head head = s.addHead(tok, ln, ppos);
        for (int la = args.pos(); ; la = args.pos()) {
            String a = args.next();
            if (a == null) {
                break;
            }
            s.addText(a, ln, la);
        }
        if (tok.is(Tok.BSCOPED) && (tok == Tok.TP || tok == Tok.TQ || s.last == head)) {
            s.bline = true;
            return;
        }
        s.unscope(head);
        s.addBody(tok, ln, ppos);
        s.noNofill = false;
    }

    /** RS, UR, MT: a block that stays open until its end macro. */
    static void blockExplicit(ManScopes s, Tok tok, int ln, int ppos, Args args) {
        if (tok == Tok.RS) {
            s.rewind(tok);
            s.noNofill = true;
        }
        s.addBlock(tok, ln, ppos);
        ManNode.Head head = s.addHead(tok, ln, ppos);
        int la = args.pos();
        String a = args.next();
        if (a != null) {
            s.addText(a, ln, la);
            if (tok == Tok.RS && s.roff != null) {
                // the an-margin register follows RS indentation in basic units, as in mandoc
                if (s.roff.register("an-margin") == 0) {
                    s.roff.registers.put("an-margin", 7 * 24);
                }
                head.aux = (int) (strtod(a) * 24.0);
                if (head.aux > 0) {
                    s.roff.registers.put("an-margin", s.roff.register("an-margin") + head.aux);
                }
            }
        }
        if (!args.atEnd()) {
            s.diags.error(ln, args.pos(), "skipping excess arguments: " + tok + " ... " + args.rest());
        }
        s.unscope(head);
        s.addBody(tok, ln, ppos);
        s.noNofill = false;
    }

    /** RE, UE, ME, YS: close the matching explicit block. */
    static void blockClose(ManScopes s, Tok tok, int ln, int ppos, Args args) {
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
                for (ManNode nn = s.last.parent; nn != null; nn = nn.parent) {
                    if (nn.tok() == Tok.RS && nn instanceof ManNode.Block) {
                        rewinds++;
                    }
                }
                int[] parsed = strtol(a);
                int digits = parsed[1];
                if (digits < a.length()) {
                    s.diags.error(ln, la + (args.quotedAt(la) ? 1 : 0) + digits,
                            "skipping excess arguments: RE ... " + a.substring(digits));
                }
                int target = parsed[0];
                if (target == 0) {
                    target = 1;
                }
                rewinds -= target;
                if (rewinds < 1) {
                    s.diags.error(ln, ppos, "fewer RS blocks open, skipping: RE " + target);
                    return;
                }
            }
        }
        ManNode nn = s.last.parent;
        for (; nn != null; nn = nn.parent) {
            if (nn.tok() == open && nn instanceof ManNode.Block && --rewinds == 0) {
                break;
            }
        }
        if (nn == null) {
            s.diags.error(ln, ppos, "skipping end of block that is not open: " + tok);
            s.rewind(Tok.PP);
            if (tok == Tok.RE) {
                ManNode br = s.addElem(Tok.BR_REQ, ln, ppos);
                br.flags |= ManNode.LINE | ManNode.VALID;
                s.nextSibling();
            }
            return;
        }
        int cline = s.last.line;
        int cpos = s.last.pos;
        Tok ctok = s.last.tok();
        s.unscope(nn);
        if (tok == Tok.RE && s.roff != null && nn instanceof ManNode.Block b && b.head() != null && b.head().aux > 0) {
            s.roff.registers.put("an-margin", s.roff.register("an-margin") - b.head().aux);
        }
        if (!args.atEnd()) {
            ManNode.Text t = s.addText(args.restText(), ln, ppos);
            t.flags |= ManNode.DELIMC;
            if (ManParser.endsSentence(t.string)) {
                t.flags |= ManNode.EOS;
            }
        }
        if (ctok == Tok.LP || ctok == Tok.PP || ctok == Tok.P) {
            blockImplicit(s, ctok, cline, cpos, new Args("", 0, ln, s.diags, null));
        }
        if (tok == Tok.YS && s.last == nn) {
            s.addElem(tok, ln, ppos);
            s.unscope(s.last);
        }
    }

    /** C strtod on the start of a string: the number there, 0 if none. */
    static double strtod(String s) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\s*[-+]?(\\d+\\.?\\d*|\\.\\d+)").matcher(s);
        return m.find() ? Double.parseDouble(m.group().strip()) : 0;
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

    /** In-line macros (B, BR, OP, EX ...): an element holding its arguments. */
    static void inline(ManScopes s, Tok tok, int ln, int ppos, Args args) {
        ManNode.Elem n = s.addElem(tok, ln, ppos);
        if (tok == Tok.EX) {
            s.nofill = true;
        } else if (tok == Tok.EE) {
            s.nofill = false;
        }
        while (true) {
            if (!args.atEnd() && s.last != n && tok == Tok.PD) {
                s.diags.error(ln, args.pos(), "skipping excess arguments: PD ... " + args.rest());
                break;
            }
            int la = args.pos();
            String a = args.next();
            if (a == null) {
                break;
            }
            if (tok.is(Tok.JOIN) && s.last instanceof ManNode.Text t) {
                t.string = t.string + " " + a;
            } else {
                s.addText(a, ln, la);
            }
        }
        if (n != s.last && s.last instanceof ManNode.Text t && ManParser.endsSentence(t.string)) {
            t.flags |= ManNode.EOS;
        }
        if (n == s.last && tok.is(Tok.ESCOPED)) {
            s.eline = true;
            return;
        }
        s.asChild = false;
        for (; s.last != null; s.last = s.last.parent) {
            s.last.flags |= ManNode.VALID;
            if (s.last == n) {
                break;
            }
        }
        if (tok.is(Tok.ESCOPED)) {
            s.descope(ln, ppos, null);
        }
    }
}
