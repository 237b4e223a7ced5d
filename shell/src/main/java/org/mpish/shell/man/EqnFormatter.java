package org.mpish.shell.man;

/**
 * Prints an {@link Eqn} tree on the terminal the way mandoc's eqn_term.c does: one line of
 * text, fractions as {@code a/b}, superscripts after {@code ^}, subscripts after {@code _},
 * square roots with the root sign, and parentheses wherever the grouping would otherwise be
 * lost.
 */
final class EqnFormatter {

    private EqnFormatter() {
    }

    /** Prints an equation; afterwards the next word is separated by a blank again. */
    static void render(Terminal p, Eqn.Box root) {
        box(p, root);
        p.clear(Terminal.NOSPACE);
    }

    private static byte termFont(int f) {
        return switch (f) {
            case Eqn.F_BOLD, Eqn.F_FAT -> Output.BOLD;
            case Eqn.F_ITALIC -> Output.UNDER;
            default -> Output.ROMAN;
        };
    }

    /** Whether a box needs parentheses (or its left/right fences) around it. */
    private static boolean delimited(Eqn.Box bp) {
        if ((bp.type == Eqn.LIST && bp.expect > 1) || (bp.type == Eqn.PILE && (bp.prev != null || bp.next != null))) {
            return true;
        }
        Eqn.Box up = bp.parent;
        if (up == null) {
            return false;
        }
        if (up.pos == Eqn.P_SQRT) {
            return true;
        }
        // a diacritic followed by ^ or _
        if ((bp.top != null || bp.bottom != null) && up.type == Eqn.SUBEXPR && up.pos != Eqn.P_OVER && bp.next != null) {
            return true;
        }
        // over, sub, sup, from and to nested in each other
        return bp.type == Eqn.SUBEXPR && bp.pos != Eqn.P_SQRT
                && ((up.type == Eqn.LIST && bp.expect == 1) || up.type == Eqn.SUBEXPR);
    }

    private static void box(Terminal p, Eqn.Box bp) {
        boolean delim = delimited(bp);
        if (delim) {
            Eqn.Box prev = bp.prev;
            if ((bp.parent.type == Eqn.SUBEXPR && prev != null)
                    || (bp.type == Eqn.LIST && bp.first != null && bp.first.type != Eqn.PILE
                        && bp.first.type != Eqn.MATRIX && prev != null
                        && (prev.type == Eqn.LIST || (prev.type == Eqn.TEXT && prev.text != null
                            && !prev.text.isEmpty() && (prev.text.charAt(0) == '\\' || isAlpha(prev.text.charAt(0))))))) {
                p.set(Terminal.NOSPACE);
            }
            p.word(bp.left != null ? bp.left : "(");
            p.set(Terminal.NOSPACE);
        }

        byte saved = p.font();
        if (bp.font != Eqn.F_NONE) {
            p.fontRepl(termFont(bp.font));
        }
        if (bp.text != null) {
            String t = bp.text;
            // (mandoc's test also matches the empty string's terminating NUL)
            if (t.isEmpty() || "!\"'),.:;?]}".indexOf(t.charAt(0)) >= 0) {
                p.set(Terminal.NOSPACE);
            }
            p.word(t);
            if (!t.isEmpty()) {
                char last = t.charAt(t.length() - 1);
                if ("\"'([{".indexOf(last) >= 0 || (bp.prev == null && (last == '-' || t.endsWith("\\[mi]")))) {
                    p.set(Terminal.NOSPACE);
                }
            }
        }

        if (bp.pos == Eqn.P_SQRT) {
            p.word("\\(sr");
            if (bp.first != null) {
                p.set(Terminal.NOSPACE);
                box(p, bp.first);
            }
        } else if (bp.type == Eqn.SUBEXPR) {
            Eqn.Box child = bp.first;
            box(p, child);
            p.set(Terminal.NOSPACE);
            p.word(bp.pos == Eqn.P_OVER ? "/" : bp.pos == Eqn.P_SUP || bp.pos == Eqn.P_TO ? "^" : "_");
            child = child.next;
            if (child != null) {
                p.set(Terminal.NOSPACE);
                box(p, child);
                if (bp.pos == Eqn.P_FROMTO || bp.pos == Eqn.P_SUBSUP) {
                    p.set(Terminal.NOSPACE);
                    p.word("^");
                    p.set(Terminal.NOSPACE);
                    child = child.next;
                    if (child != null) {
                        box(p, child);
                    }
                }
            }
        } else {
            Eqn.Box child = bp.first;
            if (bp.type == Eqn.MATRIX && child != null && child.type == Eqn.LIST && child.expect > 1) {
                child = child.first;
            }
            for (; child != null; child = child.next) {
                box(p, bp.type == Eqn.PILE && child.type == Eqn.LIST && child.expect > 1 && child.args == 1
                        ? child.first : child);
            }
        }

        if (bp.font != Eqn.F_NONE) {
            p.fontRepl(saved);
        }
        if (bp.top != null) {
            p.set(Terminal.NOSPACE);
            p.word(bp.top);
        }
        if (bp.bottom != null) {
            p.set(Terminal.NOSPACE);
            p.word("_");
        }
        if (delim) {
            p.set(Terminal.NOSPACE);
            p.word(bp.right != null ? bp.right : ")");
            if (bp.parent.type == Eqn.SUBEXPR && bp.next != null) {
                p.set(Terminal.NOSPACE);
            }
        }
    }

    private static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
