package org.mpish.shell.man;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The checks {@code mandoc -T lint} makes on an mdoc(7) page beyond parsing: the prologue
 * ({@code .Dd} dates, {@code .Dt} title and section, {@code .Os}), the order of the conventional
 * sections, the {@code .Xr} list of SEE ALSO, AUTHORS without {@code .An}, punctuation stuck to a
 * macro's last word, commas in function arguments, BSD names that have their own macros, and
 * trailing blanks. It reads the lines the roff layer hands the mdoc parser, and splits each
 * macro line into macros and words the way mandoc's macro parser does, far enough to know which
 * word is each macro's last and where it stands on the line.
 */
final class MdocChecks {

    /** The conventional sections, in the order mandoc expects them. */
    static final List<String> SECTIONS = List.of("NAME", "LIBRARY", "SYNOPSIS", "DESCRIPTION", "CONTEXT",
            "IMPLEMENTATION NOTES", "RETURN VALUES", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES",
            "DIAGNOSTICS", "COMPATIBILITY", "ERRORS", "SEE ALSO", "STANDARDS", "HISTORY", "AUTHORS", "CAVEATS",
            "BUGS", "SECURITY CONSIDERATIONS");

    /** Macros whose consecutive words make one text (mandoc's MDOC_JOIN). */
    private static final Set<String> JOIN = Set.of("Dd", "Sh", "Ss", "D1", "Dl", "It", "An", "Cd", "Ic", "Li", "Nd",
            "Aq", "Bq", "Dq", "Em", "No", "Pq", "Ql", "Qq", "Sq", "Sx", "Sy", "Ux", "Brq", "En", "Ao", "Bo", "Do",
            "Po", "Qo", "So", "Oo", "Bro", "%A", "%B", "%C", "%D", "%I", "%J", "%O", "%Q", "%R", "%T");
    /** Macros that close their element at punctuation and open a new one after it (mandoc's in_line). */
    private static final Set<String> IN_LINE = Set.of("Ad", "An", "Ar", "Cd", "Cm", "Dv", "Er", "Ev", "Fa", "Fl",
            "Fn", "Ft", "Ic", "In", "Li", "Ms", "Nm", "No", "Ot", "Pa", "Sx", "Sy", "Tn", "Va", "Vt", "Em", "Mt",
            "Lk", "Fr", "Lb");
    /** Macros taking a fixed number of words (mandoc's in_line_argn). */
    private static final Map<String, Integer> ARGN = Map.ofEntries(Map.entry("Xr", 2), Map.entry("St", 1),
            Map.entry("At", 1), Map.entry("Bsx", 1), Map.entry("Bx", 2), Map.entry("Dx", 1), Map.entry("Fx", 1),
            Map.entry("Nx", 1), Map.entry("Ox", 1), Map.entry("Ux", 0), Map.entry("Ns", 0), Map.entry("Ap", 0),
            Map.entry("Sm", 1));
    /** One-line enclosures: the rest of the line up to its closing punctuation (blk_part_imp). */
    private static final Set<String> ENCLOSE = Set.of("Aq", "Bq", "Brq", "D1", "Dl", "Dq", "En", "Op", "Pq", "Ql",
            "Qq", "Sq");
    /** Macros whose last word mandoc checks for punctuation written without a blank before it. */
    private static final Set<String> DELIM_NB = Set.of("Ad", "Ft", "In", "Op", "Vt", "Aq", "Pq", "Ql", "Qq", "Sq",
            "Lk", "Brq", "Lb", "Fa", "Fn", "Nm", "Ar", "Pa", "Mt", "An", "Er", "Cm", "Dv", "Ev", "Ic", "Li", "Ms",
            "No", "Va", "Em", "Sy", "Fl", "Xr", "Bx", "Bsx", "Fx", "Nx", "Ox", "Dx", "Ux");

    /** The AT&T versions {@code .At} knows. */
    private static final Set<String> AT_VERSIONS = Set.of("v1", "v2", "v3", "v4", "v5", "v6", "v7", "32v", "III", "V",
            "V.1", "V.2", "V.3", "V.4");

    /** A macro or a word of a parsed macro line. */
    private static final class N {
        final String tok;
        String text;
        final int pos;
        final List<N> kids = new ArrayList<>();
        /** The input line (set on the nodes kept for SEE ALSO). */
        int line;

        N(String tok, String text, int pos) {
            this.tok = tok;
            this.text = text;
            this.pos = pos;
        }
    }

    private record Arg(String s, int pos) { }

    private final Diags diags;
    private String msec;
    private boolean os;
    private String date;
    private int dateLine;
    private int datePos;
    /** The current section: an index into SECTIONS, -1 before the first, -2 for a custom one. */
    private int sec = -1;
    private int lastNamed = -1;
    private int shLine;
    private int shPos;
    private boolean hasAn;
    /** SEE ALSO's nodes at the top of the section, in order (text lines, macros and their words). */
    private final List<N> seeAlso = new ArrayList<>();
    /** Pages named in NAME (true) or by .Xr (false), keyed "section\0name", as mandoc's table of references. */
    private final Map<String, Boolean> refs = new HashMap<>();
    /** The last text of the open .Nd, its position and whether it was the first. */
    private N ndLast;
    private int ndLine;
    private boolean ndFirst;
    private boolean inNd;

    MdocChecks(Diags diags) {
        this.diags = diags;
    }

    /** Whether a page named (section, name) is one the page documents itself (.Nm in NAME). */
    boolean isSelf(String name, String section) {
        return Boolean.TRUE.equals(refs.get(section + "\0" + name));
    }

    /**
     * A text line. {@code top} says whether it lies directly in a section or a list item (where
     * mandoc looks for BSD names), {@code nofill} whether it is in a literal display.
     */
    void text(int ln, String t, boolean top, boolean nofill) {
        for (int tab = nofill ? -1 : t.indexOf('\t'); tab >= 0; tab = t.indexOf('\t', tab + 1)) {
            diags.warn(ln, tab, "tab in filled text");
        }
        int ws = t.length();
        while (ws > 0 && (t.charAt(ws - 1) == ' ' || t.charAt(ws - 1) == '\t') && !escaped(t, ws - 1)) {
            ws--;
        }
        if (ws < t.length()) {
            diags.style(ln, ws, "whitespace at end of input line");
        }
        String s = t.substring(0, ws);
        if (top) {
            bsdNames(ln, 0, s);
        }
        N n = new N(null, s, 0);
        n.line = ln;
        if (inNd) {
            ndLast = n;
            ndLine = ln;
            ndFirst = false;
        }
        if (sec == SECTIONS.indexOf("SEE ALSO")) {
            seeAlso.add(n);
        }
    }

    /** A blank line outside a literal display: mandoc makes it a vertical space. */
    void blank(int ln) {
        diags.warn(ln, 0, "blank line in fill mode, using .sp");
        if (sec == SECTIONS.indexOf("SEE ALSO")) {
            N sp = new N("sp", null, 0);
            sp.line = ln;
            seeAlso.add(sp);
        }
    }

    private static boolean escaped(String t, int i) {
        int k = i;
        while (k > 0 && t.charAt(k - 1) == '\\') {
            k--;
        }
        return (i - k) % 2 == 1;
    }

    /** A macro line ({@code t} starts with the control character). */
    void macro(int ln, String t, boolean top) {
        int p = 1;
        while (p < t.length() && (t.charAt(p) == ' ' || t.charAt(p) == '\t')) {
            p++;
        }
        int e = p;
        while (e < t.length() && t.charAt(e) != ' ' && t.charAt(e) != '\t') {
            e++;
        }
        String name = t.substring(p, e);
        if (name.isEmpty() || name.startsWith("\\\"")) {
            return;
        }
        List<Arg> args = args(t, e);
        if (t.endsWith(" ")) {
            diags.style(ln, args.isEmpty() ? t.length() - 1 : t.length(), "whitespace at end of input line");
        }
        dtLine = ln;
        if (name.equals("Ns")) {
            diags.warn(ln, p, "skipping no-space macro"); // at the start of a line it has nothing to join
        }
        switch (name) {
            case "Dd" -> dd(ln, args);
            case "Dt" -> dt(args);
            case "Os" -> os(args);
            case "Sh" -> sh(ln, p, args);
            default -> {
            }
        }
        if (name.equals("Dd") || name.equals("Dt") || name.equals("Os") || name.equals("Sh")) {
            return;
        }
        List<Arg> all = new ArrayList<>();
        all.add(new Arg(name, p));
        all.addAll(args);
        N line = new N("line", null, 0);
        seq(line, all, 0, all.size(), true, ln);
        if (inNd && !name.equals("Nd")) {
            N last = line.kids.isEmpty() ? null : line.kids.get(line.kids.size() - 1);
            ndLast = last != null && last.tok == null ? last : null;
            ndLine = ln;
            ndFirst = false;
        }
        if (top) {
            for (N k : line.kids) {
                if (k.tok == null) {
                    bsdNames(ln, k.pos, k.text);
                }
            }
        }
        if (sec == SECTIONS.indexOf("SEE ALSO")) {
            line.kids.forEach(k -> k.line = ln);
            seeAlso.addAll(line.kids);
        }
        check(line, ln, sec == 0);
    }

    /** Splits a macro line's arguments as mandoc does: blanks separate, double quotes group. */
    private static List<Arg> args(String t, int from) {
        List<Arg> out = new ArrayList<>();
        int i = from;
        while (true) {
            while (i < t.length() && (t.charAt(i) == ' ' || t.charAt(i) == '\t')) {
                i++;
            }
            if (i >= t.length()) {
                return out;
            }
            int start = i;
            StringBuilder b = new StringBuilder();
            if (t.charAt(i) == '"') {
                i++;
                while (i < t.length()) {
                    char c = t.charAt(i);
                    if (c == '"') {
                        if (i + 1 < t.length() && t.charAt(i + 1) == '"') {
                            b.append('"');
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    b.append(c);
                    i++;
                }
            } else {
                while (i < t.length() && t.charAt(i) != ' ' && t.charAt(i) != '\t') {
                    if (t.charAt(i) == '\\' && i + 1 < t.length()) {
                        b.append(t, i, i + 2);
                        i += 2;
                        continue;
                    }
                    b.append(t.charAt(i++));
                }
            }
            out.add(new Arg(b.toString(), start));
        }
    }

    private static boolean callable(String s) {
        return MdocParser.CALLABLE.contains(s) || s.equals("Tn") || s.equals("Nm");
    }

    /**
     * Parses args[i..end) into {@code into}'s children: macros (the first one always, when
     * {@code first}) and words.
     */
    private int seq(N into, List<Arg> args, int i, int end, boolean first, int ln) {
        while (i < end) {
            Arg a = args.get(i);
            if ((first && i == 0) || callable(a.s())) {
                i = macroAt(into, args, i, end, ln);
                continue;
            }
            word(into, a);
            i++;
        }
        return i;
    }

    /** Adds a word: joined to the previous word when the macro joins words and neither is punctuation. */
    private static void word(N into, Arg a) {
        N last = into.kids.isEmpty() ? null : into.kids.get(into.kids.size() - 1);
        if (JOIN.contains(into.tok) && last != null && last.tok == null && MdocParser.delim(a.s()) == MdocParser.NONE
                && MdocParser.delim(last.text) == MdocParser.NONE) {
            last.text += " " + a.s();
            return;
        }
        into.kids.add(new N(null, a.s(), a.pos()));
    }

    /** Parses the macro at args[i] into {@code into}; returns the index after what it took. */
    private int macroAt(N into, List<Arg> args, int i, int end, int ln) {
        Arg a = args.get(i);
        String tok = a.s();
        int pos = a.pos();
        i++;
        if (ENCLOSE.contains(tok) || tok.equals("It") || tok.equals("Nd") || tok.equals("Ss")) {
            N m = new N(tok, null, pos);
            into.kids.add(m);
            int stop = end;
            if (ENCLOSE.contains(tok) && !tok.equals("D1") && !tok.equals("Dl")) {
                while (stop > i && MdocParser.delim(args.get(stop - 1).s()) == MdocParser.CLOSE) {
                    stop--;
                }
            }
            seq(m, args, i, stop, false, ln);
            return stop;
        }
        if (IN_LINE.contains(tok)) {
            return inline(into, tok, pos, args, i, end);
        }
        Integer max = ARGN.get(tok);
        if (max != null) {
            N m = new N(tok, null, pos);
            into.kids.add(m);
            while (i < end && m.kids.size() < max && !callable(args.get(i).s())
                    && MdocParser.delim(args.get(i).s()) == MdocParser.NONE) {
                m.kids.add(new N(null, args.get(i).s(), args.get(i).pos()));
                i++;
            }
            return i;
        }
        N m = new N(tok, null, pos);
        into.kids.add(m);
        if (MdocParser.EXPLICIT.containsKey(tok) && !Set.of("Bl", "Bd", "Bk", "Bf").contains(tok)) {
            return seq(m, args, i, end, false, ln); // .Oo, .Ao ...: the rest of the line is inside
        }
        if (Set.of("Bl", "Bd", "Bk", "Bf", "Pp", "Lp", "Ex", "Rv", "Db", "Ed", "El", "Re", "Ef", "Tg", "Ud", "Bt")
                .contains(tok) || tok.startsWith("%")) {
            return end; // options or the rest of the line, not parsed for macros here
        }
        return i; // closing macros and the like: what follows belongs to the enclosing scope
    }

    /**
     * mandoc's in-line macros: words up to punctuation make one element, a word after the
     * punctuation opens another (each word of {@code .Fl} is its own); punctuation at the end of
     * the line stays outside.
     */
    private int inline(N into, String tok, int pos, List<Arg> args, int i, int end) {
        int last = end;
        while (last > i && MdocParser.delim(args.get(last - 1).s()) != MdocParser.NONE) {
            last--;
        }
        N el = null;
        boolean any = false;
        boolean mayOpen = true;
        if (tok.equals("An")) {
            while (i < end && (args.get(i).s().equals("-split") || args.get(i).s().equals("-nosplit"))) {
                i++;
            }
        }
        while (i < end && !callable(args.get(i).s())) {
            Arg a = args.get(i);
            int d = MdocParser.delim(a.s());
            if (d != MdocParser.NONE || i >= last) {
                if (el != null && tok.equals("Fn")) {
                    mayOpen = false;
                }
                el = null;
                into.kids.add(new N(null, a.s(), a.pos()));
            } else if (el == null && mayOpen) {
                el = new N(tok, null, pos);
                into.kids.add(el);
                any = true;
                word(el, a);
            } else if (el != null) {
                word(el, a);
            } else {
                into.kids.add(new N(null, a.s(), a.pos()));
            }
            if (tok.equals("Fl") && el != null) {
                el = null;
            }
            i++;
        }
        if (!any) {
            into.kids.add(new N(tok, null, pos));
        }
        return i;
    }

    /** The per-macro checks over a parsed line, depth first. */
    private void check(N n, int ln, boolean inName) {
        for (N k : n.kids) {
            if (k.tok == null) {
                continue;
            }
            check(k, ln, inName);
            switch (k.tok) {
                case "Tn" -> diags.style(ln, k.pos, "useless macro: Tn");
                case "An" -> hasAn |= !k.kids.isEmpty();
                case "Nm" -> {
                    if (inName && !k.kids.isEmpty() && k.kids.get(0).tok == null && msec != null) {
                        refs.put(msec + "\0" + k.kids.get(0).text, true);
                    }
                }
                case "Xr" -> {
                    if (k.kids.size() == 2) {
                        String key = k.kids.get(1).text + "\0" + k.kids.get(0).text;
                        Boolean named = refs.get(key);
                        if (Boolean.TRUE.equals(named)) {
                            diags.warn(ln, k.kids.get(0).pos, "cross reference to self: Xr " + k.kids.get(0).text
                                    + " " + k.kids.get(1).text);
                        } else if (named == null) {
                            refs.put(key, false);
                        }
                    }
                }
                case "Fa", "Fn" -> {
                    for (N w : k.kids) {
                        for (int c = 0; w.tok == null && c < w.text.length(); c++) {
                            char ch = w.text.charAt(c);
                            if (ch == '(' || ch == '{') {
                                break;
                            }
                            if (ch == ',') {
                                diags.warn(ln, w.pos + c, "comma in function argument: " + w.text);
                                break;
                            }
                        }
                    }
                }
                case "At" -> {
                    if (!k.kids.isEmpty() && !AT_VERSIONS.contains(k.kids.get(0).text)) {
                        diags.warn(ln, k.kids.get(0).pos, "unknown AT&T UNIX version: At " + k.kids.get(0).text);
                    }
                }
                case "Lb" -> {
                    if (!k.kids.isEmpty() && k.kids.get(0).tok == null
                            && !MdocReferences.LIBRARIES.containsKey(k.kids.get(0).text)) {
                        diags.warn(ln, k.kids.get(0).pos, "unknown library name: Lb " + k.kids.get(0).text);
                    }
                }
                case "Nd" -> {
                    inNd = true;
                    N last = k.kids.isEmpty() ? null : k.kids.get(k.kids.size() - 1);
                    ndLast = last != null && last.tok == null ? last : null;
                    ndLine = ln;
                    ndFirst = k.kids.size() == 1;
                }
                default -> {
                }
            }
            if (DELIM_NB.contains(k.tok)) {
                delimNb(k, ln);
            }
        }
    }

    /** Reports punctuation ending a macro's last word without a blank before it (post_delim_nb). */
    private void delimNb(N m, int ln) {
        if (m.kids.isEmpty()) {
            return;
        }
        N nch = m.kids.get(m.kids.size() - 1);
        if (nch.tok != null) {
            return;
        }
        String s = nch.text;
        int lc = s.length() - 1;
        if (lc <= 0) {
            return;
        }
        int d = MdocParser.delim(s.substring(lc));
        if (d == MdocParser.NONE || d == MdocParser.OPEN) {
            return;
        }
        if (lc > 1 && s.charAt(lc - 2) == '\\' && (s.charAt(lc - 1) == '&' || s.charAt(lc - 1) == 'e')) {
            return;
        }
        switch (s.charAt(lc)) {
            case ')' -> {
                if (s.indexOf('(') >= 0) {
                    return;
                }
            }
            case '.' -> {
                if (s.charAt(lc - 1) == '.') {
                    return;
                }
            }
            case ';' -> {
                if (m.tok.equals("Vt")) {
                    return;
                }
            }
            case '?' -> {
                if (s.charAt(lc - 1) == '?') {
                    return;
                }
            }
            case ']' -> {
                if (s.indexOf('[') >= 0) {
                    return;
                }
            }
            case '|' -> {
                if (lc == 1 && s.charAt(0) == '|') {
                    return;
                }
            }
            default -> {
            }
        }
        if (lc == 1 && !Character.isLetterOrDigit(s.charAt(0))) {
            return;
        }
        if ("!.:?".indexOf(s.charAt(lc)) >= 0 && Set.of("Em", "Li", "Pq", "Sy").contains(m.tok)) {
            int nw = 0;
            for (int c = lc - 1; c >= 0; c--) {
                char ch = s.charAt(c);
                if (ch == ' ') {
                    nw++;
                    if (c > 0 && s.charAt(c - 1) == ',') {
                        c--;
                    }
                } else if (ch < 0x80 && Character.isLetter(ch)) {
                    if (nw > 1) {
                        return;
                    }
                } else {
                    break;
                }
            }
        }
        diags.style(ln, nch.pos + lc, "no blank before trailing delimiter: " + m.tok
                + (nch == m.kids.get(0) ? "" : " ...") + " " + s);
    }

    /** mandoc's advice to write BSD names with their macros, at the first of each in a text. */
    private void bsdNames(int ln, int pos, String s) {
        String[][] names = {{"OpenBSD", "Ox"}, {"NetBSD", "Nx"}, {"FreeBSD", "Fx"}, {"DragonFly", "Dx"}};
        for (String[] n : names) {
            int at = s.indexOf(n[0]);
            if (at >= 0) {
                diags.style(ln, pos + at, "consider using OS macro: " + n[1]);
            }
        }
    }

    private void dd(int ln, List<Arg> args) {
        if (args.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder();
        for (Arg a : args) {
            b.append(b.isEmpty() ? "" : " ").append(a.s());
        }
        date = b.toString();
        dateLine = ln;
        datePos = args.get(0).pos();
        if (date.equals("$Mdocdate$")) {
            return;
        }
        java.time.LocalDate d = mdocDate(date);
        if (d != null) {
            String norm = d.format(java.time.format.DateTimeFormatter.ofPattern("MMMM d, yyyy", Locale.ENGLISH));
            if (d.isAfter(java.time.LocalDate.now().plusDays(1))) {
                diags.warn(ln, datePos, "date in the future, using it anyway: Dd " + norm);
            } else if (!date.startsWith("$") && !date.equals(norm)) {
                diags.style(ln, datePos, "normalizing date format to: Dd " + norm);
            }
            return;
        }
        if (date.matches("\\d{4}-\\d{1,2}-\\d{1,2}")) {
            diags.style(ln, datePos, "legacy man(7) date format: Dd " + date);
        } else {
            diags.warn(ln, datePos, "cannot parse date, using it verbatim: Dd " + date);
        }
    }

    private static final List<String> MONTHS = List.of("january", "february", "march", "april", "may", "june", "july",
            "august", "september", "october", "november", "december");

    /** mdoc's date forms: "Month D, YYYY" and "$Mdocdate: Month D YYYY $" (months may be abbreviated). */
    static java.time.LocalDate mdocDate(String s) {
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("(?:\\$Mdocdate: *([A-Za-z]+) +(\\d{1,2}) +(\\d{4}) *\\$|([A-Za-z]+) +(\\d{1,2}), *(\\d{4}))")
                .matcher(s);
        if (!m.matches()) {
            return null;
        }
        String mon = (m.group(1) != null ? m.group(1) : m.group(4)).toLowerCase(Locale.ROOT);
        String day = m.group(1) != null ? m.group(2) : m.group(5);
        String year = m.group(1) != null ? m.group(3) : m.group(6);
        int month = -1;
        for (int i = 0; i < 12; i++) {
            String full = MONTHS.get(i);
            if (mon.equals(full) || mon.equals(full.substring(0, 3))) {
                month = i + 1;
            }
        }
        try {
            return month < 0 ? null : java.time.LocalDate.of(Integer.parseInt(year), month, Integer.parseInt(day));
        } catch (java.time.DateTimeException e) {
            return null;
        }
    }

    private void dt(List<Arg> args) {
        if (args.isEmpty()) {
            return;
        }
        Arg title = args.get(0);
        for (int c = 0; c < title.s().length(); c++) {
            char ch = title.s().charAt(c);
            if (ch >= 'a' && ch <= 'z') {
                diagsAt(title.pos() + c, Level.STYLE, "lower case character in document title: Dt " + title.s());
                break;
            }
        }
        if (args.size() < 2) {
            return;
        }
        Arg s = args.get(1);
        msec = s.s();
        if (!s.s().matches("[1-9]|3p")) {
            diagsAt(s.pos(), Level.WARNING, "unknown manual section: Dt ... " + s.s());
        }
    }

    /** The line of the prologue macro being read. */
    private int dtLine;

    private void diagsAt(int pos, Level level, String msg) {
        diags.add(dtLine, pos, level, msg);
    }

    private void os(List<Arg> args) {
        os = true;
        if (args.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder();
        for (Arg a : args) {
            b.append(a.s());
        }
        String name = b.toString();
        boolean openbsd = name.contains("OpenBSD");
        boolean netbsd = !openbsd && name.contains("NetBSD");
        diagsAt(args.get(0).pos(), Level.STYLE, "operating system explicitly specified: Os " + args.get(0).s() + " ("
                + (openbsd ? "OpenBSD" : "NetBSD") + ")");
        if (date != null) {
            if (!date.startsWith("$Mdocdate") && openbsd) {
                diags.style(dateLine, datePos, "Mdocdate missing: Dd " + date + " (OpenBSD)");
            } else if (date.startsWith("$Mdocdate") && netbsd) {
                diags.style(dateLine, datePos, "Mdocdate found: Dd " + date + " (NetBSD)");
            }
        }
    }

    private void sh(int ln, int pos, List<Arg> args) {
        endSection();
        StringBuilder b = new StringBuilder();
        for (Arg a : args) {
            b.append(b.isEmpty() ? "" : " ").append(a.s());
        }
        String title = b.toString();
        int s = SECTIONS.indexOf(title);
        shLine = ln;
        shPos = pos;
        hasAn = false;
        if (s != 0 && lastNamed == -1) {
            diags.warn(ln, pos, "first section is not \"NAME\": Sh " + title);
        }
        sec = s < 0 ? -2 : s;
        if (s < 0) {
            return;
        }
        if (s == lastNamed) {
            diags.warn(ln, pos, "duplicate section title: Sh " + title);
        } else if (s < lastNamed) {
            diags.warn(ln, pos, "sections out of conventional order: Sh " + title);
        }
        lastNamed = s;
    }

    /** The checks made when a section ends: the Nd line, AUTHORS' .An, SEE ALSO's .Xr list. */
    private void endSection() {
        if (inNd && ndLast != null) {
            String s = ndLast.text;
            int lc = s.length() - 1;
            if (lc >= 0) {
                int d = MdocParser.delim(s.substring(lc));
                if (d != MdocParser.NONE && d != MdocParser.OPEN && s.charAt(lc) != ')') {
                    diags.style(ndLine, ndLast.pos + lc, "trailing delimiter: Nd"
                            + (ndFirst ? "" : " ...") + " " + s);
                }
            }
        }
        inNd = false;
        ndLast = null;
        if (sec == SECTIONS.indexOf("AUTHORS") && !hasAn) {
            diags.warn(shLine, shPos, "AUTHORS section without An macro");
        }
        if (sec == SECTIONS.indexOf("SEE ALSO")) {
            xrOrder();
        }
        seeAlso.clear();
    }

    /** mandoc's post_sh_see_also: .Xr pages sorted by section then name, separated by commas. */
    private void xrOrder() {
        String lastName = null;
        String lastSec = null;
        String lastPunct = null;
        int i = 0;
        while (i < seeAlso.size()) {
            N n = seeAlso.get(i);
            if (!"Xr".equals(n.tok) || n.kids.size() < 2) {
                break;
            }
            String name = n.kids.get(0).text;
            String s = n.kids.get(1).text;
            if (lastSec != null) {
                if (!lastPunct.equals(",")) {
                    warnAt(n, "unusual Xr punctuation: " + lastPunct + " before " + name + "(" + s + ")");
                }
                int cmp = lastSec.compareTo(s);
                if (cmp > 0) {
                    warnAt(n, "unusual Xr order: " + name + "(" + s + ") after " + lastName + "(" + lastSec + ")");
                } else if (cmp == 0 && lastName.toLowerCase(Locale.ROOT).compareTo(name.toLowerCase(Locale.ROOT)) > 0) {
                    warnAt(n, "unusual Xr order: " + name + " after " + lastName);
                }
            }
            lastName = name;
            lastSec = s;
            i++;
            if (i >= seeAlso.size()) {
                break;
            }
            N next = seeAlso.get(i);
            if ("Xr".equals(next.tok)) {
                lastPunct = "none";
                continue;
            }
            if (next.tok != null) {
                break;
            }
            for (int c = 0; c < next.text.length(); c++) {
                if (next.text.charAt(c) < 0x80 && Character.isLetter(next.text.charAt(c))) {
                    return;
                }
            }
            lastPunct = next.text;
            if (i + 1 >= seeAlso.size() || "Rs".equals(seeAlso.get(i + 1).tok)) {
                warnAt(next, "unusual Xr punctuation: " + lastPunct + " after " + lastName + "(" + lastSec + ")");
            }
            i++;
        }
    }

    private void warnAt(N n, String msg) {
        diags.warn(n.line, n.pos, msg);
    }

    /** At the end of the document: the open section's checks and the missing .Os. */
    void finish() {
        endSection();
        if (!os) {
            diags.warn(0, -1, "missing Os macro, using \"\"");
        }
    }
}
