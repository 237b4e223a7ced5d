package org.mpish.shell.man;

import java.util.HashMap;
import java.util.Map;

/**
 * mdoc(7) macros that print looked-up or assembled text: bibliographic references ({@code .Rs}
 * parts), standards ({@code .St}) and library names ({@code .Lb}); the actions of their rows in
 * {@link MdocFormatter}'s table.
 */
final class MdocReferences {
    private MdocReferences() {}

    /** Library descriptions for {@code .Lb}, by library name. */
    static final Map<String, String> LIBRARIES = new HashMap<>();

    static {
        try (java.io.InputStream in = MdocReferences.class.getResourceAsStream("mdoc-lib.tsv")) {
            if (in == null) {
                throw new IllegalStateException("missing resource mdoc-lib.tsv");
            }
            for (String l : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                int tab = l.indexOf('\t');
                if (!l.startsWith("#") && tab > 0) {
                    LIBRARIES.put(l.substring(0, tab), l.substring(tab + 1));
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Standards for {@code .St}, by specifier. */
    static final Map<String, String> STANDARDS = table("mdoc-st.tsv");

    static boolean quotedTitle(MdocParser.Node n) {
        return n.parent != null && "Rs".equals(n.parent.tok) && n.parent.opts.contains("quoteT");
    }

    static boolean isRef(MdocParser.Node n, String tok) {
        return n != null && tok.equals(n.tok);
    }

    static MdocParser.Node prevSibling(MdocParser.Node n) {
        int i = n.parent.kids.indexOf(n);
        return i > 0 ? n.parent.kids.get(i - 1) : null;
    }

    static MdocParser.Node nextSibling(MdocParser.Node n) {
        int i = n.parent.kids.indexOf(n);
        return i + 1 < n.parent.kids.size() ? n.parent.kids.get(i + 1) : null;
    }

    /**
     * After a part of a reference: a comma, or a full stop after the last part; two authors in a
     * row are joined by "and" alone (no comma after the first).
     */
    static void postReference(MdocFormatter f, MdocParser.Node n) {
        f.p.fontRepl(Output.ROMAN);
        MdocParser.Node next = nextSibling(n);
        if (isRef(n, "%A") && isRef(next, "%A") && !isRef(nextSibling(next), "%A") && !isRef(prevSibling(n), "%A")) {
            return;
        }
        if (n.parent == null || !"Rs".equals(n.parent.tok)) {
            return;
        }
        f.p.set(Terminal.NOSPACE);
        if (next == null) {
            f.p.word(".");
            f.p.set(Terminal.SENTENCE);
        } else {
            f.p.word(",");
        }
    }

    /** {@code .St -specifier}: the standard's name; an unknown specifier prints nothing (as mandoc). */
    static boolean preSt(MdocFormatter f, MdocParser.Node n) {
        if (!n.kids.isEmpty() && n.kids.get(0).tok == null) {
            String name = STANDARDS.get(n.kids.get(0).text);
            if (name != null) {
                f.p.word(name);
            }
        }
        return false;
    }

    static Map<String, String> table(String resource) {
        Map<String, String> m = new HashMap<>();
        try (java.io.InputStream in = MdocReferences.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            for (String l : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                int tab = l.indexOf('\t');
                if (!l.startsWith("#") && tab > 0) {
                    m.put(l.substring(0, tab), l.substring(tab + 1));
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return m;
    }

    /** {@code .Lb name}: the library's description, or {@code library "name"} for an unknown one. */
    static boolean preLb(MdocFormatter f, MdocParser.Node n) {
        for (int i = 0; i < n.kids.size(); i++) {
            MdocParser.Node k = n.kids.get(i);
            if (i == 0 && k.tok == null) {
                String d = LIBRARIES.get(k.text);
                // the minus of "-lname" is a minus sign, not a place to break the line
                f.p.word(d != null ? d.replace("-", "\\-") : "library \\(lq" + k.text + "\\(rq");
            } else {
                f.node(k);
            }
        }
        return false;
    }

    /** In the LIBRARY section a {@code .Lb} line ends the output line. */
    static void postLb(MdocFormatter f, MdocParser.Node n) {
        if (n.line && f.section.equals("LIBRARY")) {
            f.p.newln();
        }
    }
}
