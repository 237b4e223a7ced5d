package org.mpish.shell.man;

import java.util.List;

/**
 * The mdoc(7) macros of a SYNOPSIS and of function prototypes ({@code .Nm} blocks, {@code .Fn},
 * {@code .Fo}, {@code .Ft}, {@code .In}, {@code .Fd}, {@code .Vt} spacing) and the standard
 * sentences of {@code .Ex} and {@code .Rv}: the actions that {@link MdocFormatter}'s table rows
 * point to, following mandoc's mdoc_term.c.
 */
final class MdocSynopsis {
    private MdocSynopsis() {}

    static boolean preNm(MdocFormatter f, MdocParser.Node n) {
        if (f.name.isEmpty() && !n.kids.isEmpty() && n.kids.get(0).tok == null) {
            f.name = n.kids.get(0).text;
        }
        if (n.line && f.section.equals("SYNOPSIS") && n.parent.tok != null && n.parent.tok.equals("Sh")) {
            return synopsisNm(f, n);
        }
        f.p.fontRepl(Output.BOLD);
        if (n.kids.isEmpty() || n.kids.get(0).tok != null || MdocParser.delim(n.kids.get(0).text) != MdocParser.NONE) {
            f.p.word(f.name);
        }
        return true;
    }

    /** In SYNOPSIS, a .Nm line starts a block: the name, then the rest indented after it. */
    static boolean synopsisNm(MdocFormatter f, MdocParser.Node n) {
        Terminal p = f.p;
        List<MdocParser.Node> sib = n.parent.kids;
        int idx = sib.indexOf(n);
        p.newln();
        if (idx > 1 && sib.get(idx - 1).tok != null && !"Nm".equals(sib.get(idx - 1).tok)) {
            p.vspace();
        } else if (idx > 1 && sib.get(idx - 1).tok == null) {
            p.vspace();
        }
        String nm = !n.kids.isEmpty() && n.kids.get(0).tok == null ? n.kids.get(0).text : f.name;
        int off = p.offset();
        p.set(Terminal.NOBREAK | Terminal.BRIND);
        p.setRmargin(off + Deroff.width(nm) + 1);
        p.fontRepl(Output.BOLD);
        p.word(nm);
        p.fontRepl(Output.ROMAN);
        p.flushln();
        p.clear(Terminal.NOBREAK | Terminal.BRIND);
        p.setOffset(p.rmargin());
        p.setRmargin(p.maxrmargin());
        p.set(Terminal.NOSPACE);
        int start = !n.kids.isEmpty() && n.kids.get(0).tok == null ? 1 : 0;
        for (int i = start; i < n.kids.size(); i++) {
            f.node(n.kids.get(i));
        }
        // following lines up to the next .Nm belong to this block; mandoc keeps each of
        // those input lines on one output line
        p.set(Terminal.PREKEEP);
        int j = idx + 1;
        boolean body = start < n.kids.size();
        while (j < sib.size() && !("Nm".equals(sib.get(j).tok) && sib.get(j).line) && !"Pp".equals(sib.get(j).tok)) {
            MdocParser.Node k = sib.get(j);
            f.node(k);
            sib.remove(j);
            body = true;
        }
        p.clear(Terminal.KEEP | Terminal.PREKEEP);
        if (body) {
            p.flushln(); // as mandoc ends the block's body: a line even when empty (after a .br)
        } else {
            p.newln();
        }
        p.setOffset(off);
        return false;
    }

    static boolean preEx(MdocFormatter f, MdocParser.Node n) {
        String nm = n.kids.size() > 1 ? n.kids.get(1).text : f.name;
        f.p.word("The");
        f.p.fontRepl(Output.BOLD);
        f.p.word(nm);
        f.p.fontRepl(Output.ROMAN);
        f.p.word("utility exits\\~0 on success, and\\~>0 if an error occurs.");
        f.p.set(Terminal.SENTENCE);
        return false;
    }

    static boolean inSynopsis(MdocFormatter f, MdocParser.Node n) {
        return n.line && f.section.equals("SYNOPSIS") && n.parent.tok != null && n.parent.tok.equals("Sh");
    }

    /**
     * Spacing before a SYNOPSIS element, as mandoc decides: a line break after one of the same
     * kind (except functions, which always group with what precedes), a blank line after a
     * function, include, directive or variable (or after a type not followed by its function),
     * a line break otherwise.
     */
    static void synopsisPre(MdocFormatter f, MdocParser.Node n) {
        if (!inSynopsis(f, n)) {
            return;
        }
        MdocParser.Node prev = MdocBlocks.previous(n);
        if (prev == null) {
            return;
        }
        if (n.tok.equals(prev.tok) && !List.of("Ft", "Fo", "Fn").contains(n.tok)) {
            f.p.newln();
            return;
        }
        String pt = prev.tok == null ? "" : prev.tok;
        boolean fn = n.tok.equals("Fn") || n.tok.equals("Fo");
        if (List.of("Fd", "Fn", "Fo", "In", "Vt").contains(pt) || pt.equals("Ft") && !fn) {
            f.p.vspace();
        } else {
            f.p.newln();
        }
    }

    static void postSynopsis(MdocFormatter f, MdocParser.Node n) {
        f.p.fontRepl(Output.ROMAN);
        if (inSynopsis(f, n)) {
            f.p.newln();
        }
    }

    static boolean preFt(MdocFormatter f, MdocParser.Node n) {
        synopsisPre(f, n);
        f.p.fontRepl(Output.UNDER);
        return true;
    }

    static boolean preIn(MdocFormatter f, MdocParser.Node n) {
        synopsisPre(f, n);
        boolean syn = inSynopsis(f, n);
        if (syn) {
            f.p.fontRepl(Output.BOLD);
            f.p.word("#include");
            f.p.fontRepl(Output.ROMAN);
        }
        f.p.word("<");
        f.p.set(Terminal.NOSPACE);
        f.p.fontRepl(Output.UNDER);
        for (MdocParser.Node k : n.kids) {
            f.p.word(k.text);
        }
        f.p.fontRepl(Output.ROMAN);
        f.p.set(Terminal.NOSPACE);
        f.p.word(">");
        return false;
    }

    static boolean preFd(MdocFormatter f, MdocParser.Node n) {
        synopsisPre(f, n);
        f.p.fontRepl(Output.BOLD);
        return true;
    }

    /** .Fo name / .Fa lines / .Fc: laid out as one .Fn with those arguments. */
    static boolean preFo(MdocFormatter f, MdocParser.Node n) {
        List<String> args = new java.util.ArrayList<>();
        for (MdocParser.Node k : n.kids) {
            if (k.tok == null && args.isEmpty()) {
                args.add(k.text);
            } else if ("Fa".equals(k.tok)) {
                for (MdocParser.Node w : k.kids) {
                    if (w.tok == null) {
                        args.add(w.text);
                    }
                }
            }
        }
        return fn(f, n, args);
    }

    static boolean preFn(MdocFormatter f, MdocParser.Node n) {
        List<String> args = new java.util.ArrayList<>();
        for (MdocParser.Node k : n.kids) {
            args.add(k.text == null ? "" : k.text);
        }
        return fn(f, n, args);
    }

    static boolean fn(MdocFormatter f, MdocParser.Node n, List<String> args) {
        synopsisPre(f, n);
        boolean syn = inSynopsis(f, n);
        Terminal p = f.p;
        if (args.isEmpty()) {
            return false;
        }
        int off = p.offset();
        if (syn) {
            p.set(Terminal.NOBREAK | Terminal.BRIND);
            p.setRmargin(off + 4);
        }
        p.fontRepl(Output.BOLD);
        p.word(args.get(0));
        p.fontRepl(Output.ROMAN);
        p.set(Terminal.NOSPACE);
        p.word("(");
        p.set(Terminal.NOSPACE);
        for (int i = 1; i < args.size(); i++) {
            p.fontRepl(Output.UNDER);
            String a = args.get(i);
            // within one argument the words of a prototype (or of any .Fo argument) do not break apart
            p.word(syn || n.tok.equals("Fo") ? a.replace(' ', CharTable.NBSP) : a);
            p.fontRepl(Output.ROMAN);
            if (i + 1 < args.size()) {
                p.set(Terminal.NOSPACE);
                p.word(",");
            }
        }
        p.set(Terminal.NOSPACE);
        p.word(")");
        if (syn) {
            p.set(Terminal.NOSPACE);
            p.word(";");
            p.flushln();
            p.clear(Terminal.NOBREAK | Terminal.BRIND);
            p.setOffset(off);
            p.setRmargin(p.maxrmargin());
        }
        return false;
    }

    static boolean preRv(MdocFormatter f, MdocParser.Node n) {
        Terminal p = f.p;
        List<String> names = new java.util.ArrayList<>();
        for (MdocParser.Node k : n.kids) {
            if (k.tok == null && !k.text.equals("-std")) {
                names.add(k.text);
            }
        }
        if (names.isEmpty()) {
            names.add(f.name);
        }
        p.word("The");
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                p.word(i + 1 == names.size() ? "and" : ",");
            }
            p.fontRepl(Output.BOLD);
            p.word(names.get(i));
            p.fontRepl(Output.ROMAN);
            p.set(Terminal.NOSPACE);
            p.word("()");
        }
        p.word(names.size() > 1 ? "functions return" : "function returns");
        p.word("the value\\~0 if successful; otherwise the value\\~\\-1 is returned and the global variable");
        p.fontRepl(Output.UNDER);
        p.word("errno");
        p.fontRepl(Output.ROMAN);
        p.word("is set to indicate the error.");
        p.set(Terminal.SENTENCE);
        return false;
    }
}
