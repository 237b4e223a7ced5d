package org.mpish.shell.man;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds an mdoc(7) tree from the lines the roff layer delivers: each macro line becomes a node
 * whose children are its arguments, with callable macros on the line nested inside the macro
 * that parses them (as mandoc's mdoc_macro.c does), and explicit blocks (.Bl/.El, .Bd/.Ed,
 * .Oo/.Oc, .Xo/.Xc, .Bk/.Ek, .Rs/.Re) closed by their end macros.
 */
final class MdocParser {

    /** One node: a macro (tok non-null) or a word/text line (tok null). */
    static final class Node {
        final String tok;
        final String text;
        final List<Node> kids = new ArrayList<>();
        final List<String> opts = new ArrayList<>();
        Node parent;
        boolean line;
        /** Where a macro line's macro stands (for messages about it found later), 0 when not known. */
        int ln;
        int col;
        boolean eos;
        /** The table of a {@code TS} node. */
        Tbl table;
        /** The equation of an {@code EQ} node (null while it is read, or when empty). */
        Eqn.Box eqn;

        Node(String tok, String text) {
            this.tok = tok;
            this.text = text;
        }
    }

    /** Macros that take the rest of the line (including nested macros) as their body. */
    static final Set<String> LINE_SCOPED = Set.of("Op", "Dq", "Sq", "Pq", "Aq", "Bq", "Brq", "Qq", "Ql",
            "D1", "Dl", "Nd", "Sh", "Ss", "It");
    /** Explicit blocks and their closing macros. */
    static final Map<String, String> EXPLICIT = Map.ofEntries(Map.entry("Bl", "El"), Map.entry("Bd", "Ed"),
            Map.entry("Oo", "Oc"), Map.entry("Xo", "Xc"), Map.entry("Bk", "Ek"), Map.entry("Rs", "Re"),
            Map.entry("Eo", "Ec"), Map.entry("Fo", "Fc"), Map.entry("Po", "Pc"), Map.entry("So", "Sc"),
            Map.entry("Ao", "Ac"), Map.entry("Bo", "Bc"), Map.entry("Do", "Dc"), Map.entry("Qo", "Qc"),
            Map.entry("Bro", "Brc"), Map.entry("Bf", "Ef"));
    /** mandoc's in-line macros (see {@link #parseInline}). */
    static final Set<String> IN_LINE = Set.of("Ad", "An", "Ar", "Cd", "Cm", "Dv", "Er", "Ev", "Fa", "Fl", "Fn",
            "Ft", "Ic", "Li", "Ot", "Pa", "Va", "Em", "Ms", "No", "Sx", "Sy", "Tn", "Fr", "Lk", "Mt");
    /** In-line macros that make an element even without words ({@code .Ar} prints "file ..."). */
    static final Set<String> MAY_BE_EMPTY = Set.of("An", "Ar", "Fl", "Mt", "Pa");
    /** The one-line enclosures (partial implicit blocks). */
    static final Set<String> ENCLOSURES = Set.of("Op", "Dq", "Sq", "Pq", "Aq", "Bq", "Brq", "Qq", "Ql");
    /** Macros that may appear among another macro's arguments. */
    static final Set<String> CALLABLE = Set.of("Ad", "An", "Ar", "Aq", "Bq", "Brq", "Bx", "Cm", "Dq", "Dv",
            "Em", "Er", "Ev", "Fa", "Fl", "Fn", "Fx", "Ic", "Li", "Ms", "Nm", "No", "Ns", "Nx", "Op", "Ox",
            "Pa", "Pf", "Pq", "Ql", "Qq", "Sq", "Sx", "Sy", "Tn", "Ux", "Va", "Xr", "Dx", "Bsx", "At", "Oo",
            "Oc", "Xo", "Xc", "Ek", "Ec", "Eo", "Lk", "Mt", "St", "Ft", "Ta", "Cd", "Ot", "Fc", "Fo", "Bc",
            "Bo", "Dc", "Do", "Pc", "Po", "Qc", "Qo", "Sc", "So", "Ac", "Ao", "Bro", "Brc", "Sm", "Dd", "Ud", "Lb", "Vt");

    final Node root = new Node("root", null);
    private Node cur = root;
    final Roff roff = new Roff();
    /** The roff request layer shared with man(7): definitions, conditions, strings, registers. */
    private RoffRequests rr;
    private Diags diags;
    /** The page's eqn(7) reader (definitions last from one equation to the next); null before the first. */
    private Eqn eqn;
    /** The equation being read ({@code .EQ} seen, {@code .EN} not yet), or null. */
    private Node eqnNode;
    /** The table being read ({@code .TS} seen, {@code .TE} not yet), or null. */
    private Tbl tbl;
    String title = "";
    String section = "";
    String date = "";
    String os = "";
    String arch;

    /**
     * Whether a page is mdoc(7): as mandoc decides, by which of {@code .Dd} and {@code .TH} comes
     * first (lines inside {@code .ig} blocks and macro definitions do not count).
     */
    static boolean isMdoc(String source) {
        String skipTo = null;
        for (String l : source.lines().toList()) {
            if (l.length() < 2 || (l.charAt(0) != '.' && l.charAt(0) != '\'')) {
                continue;
            }
            String req = l.substring(1).strip();
            String name = req.split("[ \t]", 2)[0];
            if (skipTo != null) {
                if (name.equals(skipTo)) {
                    skipTo = null;
                }
                continue;
            }
            if (name.equals("ig") || name.startsWith("de") || name.startsWith("am")) {
                String[] a = req.split("[ \t]+");
                int endArg = name.equals("ig") ? 1 : 2;
                skipTo = a.length > endArg && !a[endArg].startsWith("\\\"") ? a[endArg] : ".";
                continue;
            }
            if (name.equals("Dd")) {
                return true;
            }
            if (name.equals("TH")) {
                return false;
            }
        }
        return false;
    }

    void run(String source, Diags diags) {
        this.diags = diags;
        this.checks = new MdocChecks(diags);
        // mandoc's long-line advice is not given inside literal displays or tables
        RoffLexer lexer = new RoffLexer(source, diags, () -> tbl != null || eqnNode != null || inNofill());
        lexer.roff = roff;
        rr = new RoffRequests(diags, roff, this::input);
        rr.lexer = lexer;
        RoffLexer.Line line;
        while ((line = rr.next()) != null) {
            input(line);
        }
        rr.finish();
        if (tbl != null) {
            diags.error(tbl.line, 0, "appending missing end of block: TS");
            tbl.end(0, true);
        }
        if (eqnNode != null) {
            diags.error(eqnNode.ln, eqnNode.col, "appending missing end of block: EQ");
            eqnNode.eqn = eqn.parse();
            eqnNode = null;
        }
        dropTrailingParagraph(null);
        checks.finish();
        xrefs.values().removeIf(x -> checks.isSelf(x.name, x.section)); // mandoc does not look up the page's own names
    }

    /** The mdoc(7) macros mandoc knows (roff_name from Dd to Tg). */
    static final Set<String> MACROS = Set.of("Dd", "Dt", "Os", "Sh", "Ss", "Pp", "D1", "Dl", "Bd", "Ed", "Bl", "El",
            "It", "Ad", "An", "Ap", "Ar", "Cd", "Cm", "Dv", "Er", "Ev", "Ex", "Fa", "Fd", "Fl", "Fn", "Ft", "Ic", "In",
            "Li", "Nd", "Nm", "Op", "Ot", "Pa", "Rv", "St", "Va", "Vt", "Xr", "%A", "%B", "%D", "%I", "%J", "%N", "%O",
            "%P", "%R", "%T", "%V", "Ac", "Ao", "Aq", "At", "Bc", "Bf", "Bo", "Bq", "Bsx", "Bx", "Db", "Dc", "Do", "Dq",
            "Ec", "Ef", "Em", "Eo", "Fx", "Ms", "No", "Ns", "Nx", "Ox", "Pc", "Pf", "Po", "Pq", "Qc", "Ql", "Qo", "Qq",
            "Re", "Rs", "Sc", "So", "Sq", "Sm", "Sx", "Sy", "Tn", "Ux", "Xc", "Xo", "Fo", "Fc", "Oo", "Oc", "Bk", "Ek",
            "Bt", "Hf", "Fr", "Ud", "Lb", "Lp", "Lk", "Mt", "Brq", "Bro", "Brc", "%C", "Es", "En", "Dx", "%Q", "%U",
            "Ta", "Tg");

    /** A macro line's name that is neither an mdoc macro nor a roff request (mandoc skips the line). */
    private static boolean unknown(String name) {
        return !name.isEmpty() && !name.startsWith("\\") && !MACROS.contains(name) && Tok.request(name) == null
                && !Requests.IGNORED.contains(name) && !Requests.INSECURE.contains(name)
                && !Requests.UNIMPLEMENTED.contains(name) && !name.equals("TS") && !name.equals("TE")
                && !name.equals("EQ") && !name.equals("EN") && !name.equals("T&");
    }

    /** An item's head as mandoc names it: its first macro, or its leading words joined. */
    private static String itHead(List<String> args) {
        if (CALLABLE.contains(args.get(0))) {
            return args.get(0);
        }
        StringBuilder b = new StringBuilder();
        for (String a : args) {
            if (CALLABLE.contains(a) || delim(a) != NONE) {
                break;
            }
            b.append(b.isEmpty() ? "" : " ").append(a);
        }
        return b.toString();
    }

    /** mandoc's checks beyond parsing, fed the same lines. */
    private MdocChecks checks;
    /** The input line being parsed and where its macro name starts, for messages about its structure. */
    private int lineNo;
    private int macroPos;

    /** Whether text here lies directly in a section or a list item (mandoc checks such text for BSD names). */
    private boolean topText() {
        return cur == root || "Sh".equals(cur.tok) || "Ss".equals(cur.tok) || "It".equals(cur.tok);
    }

    /**
     * One input line: the roff layer takes definitions, conditions, strings and user macro calls
     * (a macro's lines come back here one by one); tables go to tbl(7); the rest is mdoc.
     */
    private void input(RoffLexer.Line in) {
        RoffLexer.Line line = rr.enter(in);
        if (line == null) {
            return;
        }
        line.report(); // the lexer's messages about escapes and comments on this line
        String t = line.text();
        String req = t.length() > 1 && (t.charAt(0) == '.' || t.charAt(0) == '\'') ? t.substring(1).strip() : null;
        if (tbl != null) {
            // a table's lines go to tbl(7) up to .TE; .T& restarts the layout
            if (req != null && (req.equals("TE") || req.startsWith("TE "))) {
                if (!tbl.end(line.number(), false)) {
                    diags.error(tbl.line, 1, "tbl without any data cells");
                    Node sp = new Node("sp", null); // as mandoc: an empty table is a blank line
                    sp.line = true;
                    add(sp);
                }
                tbl = null;
            } else if (req != null && req.startsWith("T&")) {
                tbl.restart();
            } else if (req == null || req.isEmpty()) {
                tbl.read(line.number(), t);
            } else {
                tableMacro(tbl, line.number(), t);
            }
            return;
        }
        if (eqnNode != null) {
            // an equation's lines go to eqn(7) up to .EN
            if (req != null && (req.equals("EN") || req.startsWith("EN ") || req.startsWith("EN\t"))) {
                eqnNode.eqn = eqn.parse();
                eqnNode = null;
            } else {
                eqn.read(t);
            }
            return;
        }
        if (req != null && (req.equals("EQ") || req.startsWith("EQ ") || req.startsWith("EQ\t"))) {
            int pos = t.indexOf("EQ");
            Node n = new Node("EQ", null);
            n.line = true;
            n.ln = line.number();
            n.col = pos;
            add(n);
            eqnNode = n;
            if (eqn == null) {
                eqn = new Eqn(diags);
            }
            eqn.begin(line.number(), pos);
            String rest = t.substring(pos + 2).strip();
            if (!rest.isEmpty()) {
                diags.error(line.number(), t.indexOf(rest, pos + 2), "skipping all arguments: .EQ " + rest);
            }
            return;
        }
        if (req != null && (req.equals("EN") || req.startsWith("EN "))) {
            diags.error(line.number(), t.indexOf("EN"), "skipping end of block that is not open: EN");
            return;
        }
        if (req != null && (req.equals("TS") || req.startsWith("TS "))) {
            tbl = new Tbl(diags, line.number());
            Node n = new Node("TS", null);
            n.line = true;
            n.table = tbl;
            add(n);
            return;
        }
        if (req != null) {
            int pos = 1;
            while (pos < t.length() && (t.charAt(pos) == ' ' || t.charAt(pos) == '\t')) {
                pos++;
            }
            int end = pos;
            while (end < t.length() && t.charAt(end) != ' ' && t.charAt(end) != '\t') {
                end++;
            }
            String name = t.substring(pos, end);
            int restAt = Math.min(end + 1, t.length());
            if (rr.request(name, line.number(), t, restAt)) {
                return;
            }
            if (roff.macros.containsKey(name)) {
                rr.expandMacro(name, line.number(), t.substring(restAt));
                return;
            }
            if (unknown(name) && !rr.lexer.emptyStrings.contains(name)) {
                diags.error(line.number(), pos, "skipping unknown macro: " + t.substring(pos - 1));
                rr.lexer.emptyStrings.add(name); // as in mandoc, reported once: it is now an empty macro
            }
            references(line.number(), t);
            checks.macro(line.number(), t, topText());
            macroPos = pos;
        } else {
            rr.springTrap(line.number());
            if (!inNofill()) {
                sentenceChecks(line.number(), t);
                if (t.isEmpty()) {
                    checks.blank(line.number());
                }
            }
            if (!t.isEmpty() && !(t.length() == 1 && (t.charAt(0) == '.' || t.charAt(0) == '\''))) {
                checks.text(line.number(), t, topText(), inNofill());
            }
        }
        lineNo = line.number();
        line(t);
    }

    /** A page an {@code .Xr} names, where it is first named and how often. */
    static final class Xref {
        final String name;
        final String section;
        final int line;
        final int pos;
        int count = 1;

        Xref(String name, String section, int line, int pos) {
            this.name = name;
            this.section = section;
            this.line = line;
            this.pos = pos;
        }
    }

    /** The pages the document refers to with {@code .Xr}, in the order first named. */
    final java.util.Map<String, Xref> xrefs = new java.util.LinkedHashMap<>();

    /** Notes each {@code Xr NAME SECTION} on a macro line (as the macro or called from one). */
    private void references(int ln, String t) {
        int i = 1;
        while (i < t.length()) {
            while (i < t.length() && t.charAt(i) == ' ') {
                i++;
            }
            int start = i;
            while (i < t.length() && t.charAt(i) != ' ') {
                i++;
            }
            if (i > start && t.startsWith("Xr", start) && i - start == 2) {
                List<String> words = Roff.arguments(t.substring(Math.min(i + 1, t.length())));
                if (words.size() >= 2 && !words.get(0).isEmpty()) {
                    String key = words.get(0) + "(" + words.get(1) + ")";
                    Xref x = xrefs.get(key);
                    if (x == null) {
                        int at = i;
                        while (at < t.length() && t.charAt(at) == ' ') {
                            at++;
                        }
                        xrefs.put(key, new Xref(words.get(0), words.get(1), ln, at)); // mandoc places it at the name
                    } else {
                        x.count++;
                    }
                }
            }
        }
    }

    /** Whether text is inside an unfilled display ({@code .Bd -literal} or {@code -unfilled}). */
    private boolean inNofill() {
        for (Node n = cur; n != null; n = n.parent) {
            if ("Bd".equals(n.tok) && (n.opts.contains("-literal") || n.opts.contains("-unfilled"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * mandoc's advice that a new sentence start on a new line: a period after two letters or
     * digits (not "nc" or "vs", as in etc. and vs.), one blank, up to two more, then a capital.
     */
    private void sentenceChecks(int ln, String t) {
        int end = t.stripTrailing().length();
        for (int c = t.indexOf('.'); c >= 0; c = t.indexOf('.', c + 1)) {
            if (c < 2) {
                continue;
            }
            if (end - c < 3) {
                break;
            }
            char a = t.charAt(c - 2);
            char b = t.charAt(c - 1);
            if (t.charAt(c + 1) != ' ' || !alnum(a) || !alnum(b) || (a == 'n' && b == 'c') || (a == 'v' && b == 's')) {
                continue;
            }
            int k = c + 2;
            if (k < t.length() && t.charAt(k) == ' ') {
                k++;
            }
            if (k < t.length() && t.charAt(k) == ' ') {
                k++;
            }
            if (k < t.length() && t.charAt(k) >= 'A' && t.charAt(k) <= 'Z') {
                diags.warn(ln, k, "new sentence, new line");
            }
        }
    }

    private static boolean alnum(char c) {
        return c < 0x80 && Character.isLetterOrDigit(c);
    }

    /**
     * A macro line inside a table. As in mandoc, which runs no mdoc macro there: the macro's name
     * is dropped and the rest of the line is table data (so {@code .Nm crypt} in a {@code T{}
     * block is the word crypt); {@code .TS}, {@code .br}, {@code .sp}, {@code .ce}, {@code .rj}
     * and other roff requests add nothing to the table.
     */
    /** Where the arguments after a request name start (mandoc reports .br, .sp ... in tables there). */
    private static int afterName(String line, int end) {
        while (end < line.length() && (line.charAt(end) == ' ' || line.charAt(end) == '\t')) {
            end++;
        }
        return end;
    }

    private void tableMacro(Tbl tbl, int ln, String t) {
        int pos = 1;
        while (pos < t.length() && (t.charAt(pos) == ' ' || t.charAt(pos) == '\t')) {
            pos++;
        }
        int end = pos;
        while (end < t.length() && t.charAt(end) != ' ' && t.charAt(end) != '\t') {
            end++;
        }
        String name = t.substring(pos, end);
        if (List.of("TS", "br", "sp", "ce", "rj").contains(name)) {
            diags.unsupp(ln, afterName(t, end), "ignoring macro in table: " + t.substring(pos));
            return;
        }
        if (name.startsWith("\\\"") || Requests.IGNORED.contains(name) || Tok.request(name) != null
                || Requests.UNIMPLEMENTED.contains(name)) {
            return;
        }
        diags.unsupp(ln, pos, "ignoring macro in table: " + t.substring(pos));
        while (end < t.length() && t.charAt(end) == ' ') {
            end++;
        }
        tbl.read(ln, t.substring(end));
    }

    private void line(String buf) {
        if (buf.isEmpty()) {
            Node n = new Node("Pp", ""); // a blank line (text "" tells it from a .Pp macro)
            n.line = true;
            Node prev = cur.kids.isEmpty() ? null : cur.kids.get(cur.kids.size() - 1);
            if (prev != null && prev.line && prev.text == null && prev.ln > 0 && !inNofill()
                    && ("br".equals(prev.tok) || "Pp".equals(prev.tok))) {
                // mandoc: a blank line is a vertical space, which makes the break or paragraph before it useless
                diags.warn(prev.ln, prev.col, "skipping paragraph macro: " + prev.tok + " before sp");
            }
            add(n);
            return;
        }
        if (buf.charAt(0) != '.' && buf.charAt(0) != '\'') {
            String t = buf.stripTrailing();
            Node n = new Node(null, t);
            n.line = true;
            n.eos = endsSentence(t);
            add(n);
            return;
        }
        String rest = buf.substring(1).strip();
        if (rest.isEmpty()) {
            return;
        }
        int sp = rest.indexOf(' ');
        String name = sp < 0 ? rest : rest.substring(0, sp);
        String argstr = sp < 0 ? "" : rest.substring(sp + 1);
        List<String> args;
        if (name.equals("It") && inColumnList() && argstr.indexOf('\t') >= 0) {
            // in a -column list a tab separates cells as .Ta does; as in mandoc, macro names
            // after a tab are plain words
            args = new ArrayList<>();
            String[] cells = argstr.split("\t", -1);
            for (int c = 0; c < cells.length; c++) {
                if (c > 0) {
                    args.add("Ta");
                }
                for (String w : Roff.arguments(cells[c])) {
                    args.add(c > 0 && CALLABLE.contains(w) ? "\\&" + w : w);
                }
            }
        } else {
            args = Roff.arguments(argstr);
        }
        if (name.equals("Tg")) {
            return; // a tag for search; nothing is printed
        }
        if (!name.equals("It") && args.contains("Ta") && inColumnList()) {
            // in mandoc a cell separator on a later line ends an .Xo opened in the item: its .Xc is then stray
            for (Node n = cur; n != root && !"Bl".equals(n.tok); n = n.parent) {
                if ("Xo".equals(n.tok)) {
                    n.opts.add("broken");
                }
            }
        }
        switch (name) {
            case "Dd" -> {
                String d = String.join(" ", args);
                if (d.equals("$Mdocdate$")) {
                    // a date left for the version control system to fill in: today, as mandoc prints it
                    d = java.time.LocalDate.now().format(java.time.format.DateTimeFormatter.ofPattern("MMMM d, yyyy", java.util.Locale.ENGLISH));
                } else if (d.startsWith("$Mdocdate")) {
                    // "$Mdocdate: March 31 2022 $" is printed as "March 31, 2022"
                    java.util.List<String> w = new java.util.ArrayList<>(java.util.List.of(d.replace("$Mdocdate:", "").replace("$", "").strip().split("\\s+")));
                    d = w.size() == 3 ? w.get(0) + " " + w.get(1) + ", " + w.get(2) : String.join(" ", w);
                }
                date = d;
                return;
            }
            case "Dt" -> {
                title = args.isEmpty() ? "UNTITLED" : args.get(0);
                section = args.size() > 1 ? args.get(1) : "";
                arch = args.size() > 2 ? args.get(2) : null;
                return;
            }
            case "Os" -> {
                os = String.join(" ", args);
                if (os.isEmpty()) {
                    os = MdocFormatter.defaultOs(); // .Os alone names this system; no .Os leaves the footer empty
                }
                return;
            }
            default -> {
            }
        }
        if (!name.isEmpty() && Character.isLowerCase(name.charAt(0)) && !name.equals("sp") && !name.equals("br")
                || name.equals("\\\"")) {
            return; // roff requests such as .ad, .nh are not laid out in mdoc's tree
        }
        String close = closing(name);
        if (close != null) {
            Node open = cur;
            while (open != root && !close.equals(open.tok)) {
                open = open.parent;
            }
            if (open == root || open.opts.contains("broken")) {
                diags.error(lineNo, macroPos, "skipping end of block that is not open: " + name);
            }
            if (open != root) {
                cur = container(open.parent);
                if (open.tok.equals("Rs")) {
                    sortReference(open);
                }
                // anything after the closing macro on its line continues in the enclosing scope
                List<String> tail = args;
                if (!tail.isEmpty()) {
                    parseArgs(cur, tail, 0, true);
                    Node last = lastLeaf(cur, cur);
                    if (last != null && last.tok == null && endsSentence(last.text)) {
                        last.eos = true; // ".Pc ." ends a sentence
                    }
                }
            }
            return;
        }
        if (name.equals("Sh") || name.equals("Ss")) {
            while (cur != root) {
                cur = cur.parent;
            }
            dropTrailingParagraph(name);
        } else if (name.equals("It")) {
            Node bl = cur;
            while (bl != root && !"Bl".equals(bl.tok)) {
                bl = bl.parent;
            }
            if (bl != root) {
                cur = bl;
                if (!args.isEmpty() && bl.opts.stream().anyMatch(o -> Set.of("-bullet", "-dash", "-enum", "-hyphen",
                        "-item").contains(o))) {
                    diags.error(lineNo, macroPos, "skipping all arguments: It " + itHead(args));
                }
            } else {
                // an item outside any list is dropped, leaving a line break (as mandoc does)
                diags.error(lineNo, macroPos, "skipping item outside list: It " + argstr);
                Node br = new Node("br", null);
                br.line = true;
                br.ln = lineNo;
                br.col = macroPos;
                add(br);
                return;
            }
        }
        Node m = new Node(name, null);
        m.line = true;
        m.ln = lineNo;
        m.col = macroPos;
        if ("Bl".equals(cur.tok) && !name.equals("It")) {
            boolean par = name.equals("Pp") || name.equals("Lp") || name.equals("br");
            if (par && !cur.opts.contains("-compact") && !cur.opts.contains("-column")) {
                // mandoc drops a paragraph before an item of a spaced list (it assumes an item follows)
                diags.warn(lineNo, macroPos, "skipping paragraph macro: " + (name.equals("br") ? "br" : "Pp") + " before It");
                return;
            } else {
                diags.warn(lineNo, macroPos, "moving content out of list: " + (name.equals("Lp") ? "Pp" : name));
            }
        }
        add(m);
        if (EXPLICIT.containsKey(name)) {
            if (name.equals("Bl") || name.equals("Bd") || name.equals("Bk") || name.equals("Bf")) {
                m.opts.addAll(args);
                cur = m;
                return;
            }
            cur = m;
            Node scope = m;
            parseArgs(m, args, 0, true);
            if (cur != m) {
                // closed on its own line (.Oo ... Oc): the line's last word is in the enclosing scope
                scope = cur;
            }
            Node last = lastLeaf(scope, m);
            if (last != null && last.tok == null && endsSentence(last.text)) {
                last.eos = true;
            }
            return;
        }
        parseInto(m, args, 0);
        Node last = lastLeaf(cur == m ? m : m.parent, m);
        if (last != null && last.tok == null && endsSentence(last.text)) {
            last.eos = true;
        }
        if ((name.equals("Sh") || name.equals("Ss") || name.equals("It")) && !within(cur, m)) {
            cur = m; // unless the line opened a block inside m (".It Xo"), which stays current
        }
    }

    /**
     * The nearest node from {@code n} up that takes later input lines: the root, a heading, a list
     * item or an open explicit block (not a one-line macro such as {@code .Op} or {@code .Fl}, which
     * an explicit block opened and closed within its line leaves behind).
     */
    private Node container(Node n) {
        while (n != root && n.parent != null && !(EXPLICIT.containsKey(n.tok) || n.tok.equals("Sh")
                || n.tok.equals("Ss") || n.tok.equals("It"))) {
            n = n.parent;
        }
        return n;
    }

    private static boolean within(Node n, Node ancestor) {
        for (Node k = n; k != null; k = k.parent) {
            if (k == ancestor) {
                return true;
            }
        }
        return false;
    }

    /**
     * As mandoc's validator: a {@code .Pp} ending a section or subsection is dropped (the heading
     * that follows makes its own blank line). A {@code .br} is kept: in this flat tree it may end a
     * SYNOPSIS {@code .Nm} block, where mandoc keeps it.
     */
    void dropTrailingParagraph(String next) {
        if (root.kids.isEmpty()) {
            return;
        }
        Node sec = root.kids.get(root.kids.size() - 1);
        if (!"Sh".equals(sec.tok) && !"Ss".equals(sec.tok) || sec.kids.isEmpty()) {
            return;
        }
        Node last = sec.kids.get(sec.kids.size() - 1);
        if (last.line && last.text == null && ("Pp".equals(last.tok) || "Lp".equals(last.tok))) {
            sec.kids.remove(sec.kids.size() - 1);
            // mandoc: the paragraph ends a section's body, or stands before a subsection inside its section
            if (last.ln > 0) {
                diags.warn(last.ln, last.col, "skipping paragraph macro: Pp " + ("Ss".equals(next) && "Sh".equals(sec.tok)
                        ? "before Ss" : "at the end of " + sec.tok));
            }
        }
    }

    private boolean inColumnList() {
        Node bl = cur;
        while (bl != root && !"Bl".equals(bl.tok)) {
            bl = bl.parent;
        }
        return bl != root && bl.opts.contains("-column");
    }

    /** The order mandoc prints the parts of a reference in, whatever order the page gives them. */
    private static final List<String> REFERENCE_ORDER = List.of("%A", "%T", "%B", "%I", "%J", "%R", "%N", "%V",
            "%U", "%P", "%Q", "%C", "%D", "%O");

    /**
     * Puts the parts of an {@code .Rs} block in {@link #REFERENCE_ORDER} (a stable sort; anything
     * else goes first), and notes whether a title is to be quoted: when a book or journal (other
     * than the first part) names where it appeared.
     */
    private static void sortReference(Node rs) {
        for (int i = 1; i < rs.kids.size(); i++) {
            String t = rs.kids.get(i).tok;
            if ("%J".equals(t) || "%B".equals(t)) {
                rs.opts.add("quoteT");
            }
        }
        List<Node> sorted = new ArrayList<>(rs.kids);
        sorted.sort(java.util.Comparator.comparingInt(k -> REFERENCE_ORDER.indexOf(k.tok)));
        rs.kids.clear();
        rs.kids.addAll(sorted);
    }

    /** The last word of the line that began with {@code m} (it may have landed in m's parent). */
    private static Node lastLeaf(Node scope, Node m) {
        Node n = scope.kids.isEmpty() ? m : scope.kids.get(scope.kids.size() - 1);
        if (scope != m && scope.kids.indexOf(m) < 0) {
            n = m;
        }
        while (n.tok != null && !n.kids.isEmpty()) {
            n = n.kids.get(n.kids.size() - 1);
        }
        return n.tok == null ? n : null;
    }

    private static String closing(String name) {
        for (Map.Entry<String, String> e : EXPLICIT.entrySet()) {
            if (e.getValue().equals(name)) {
                return e.getKey();
            }
        }
        return null;
    }

    /** Fills macro {@code m} from args[i..]; returns the index after what it consumed. */
    private int parseInto(Node m, List<String> args, int i) {
        if (LINE_SCOPED.contains(m.tok) || m.tok.equals("Pf")) {
            int end = args.size();
            // closing punctuation at the end of the line stays outside the enclosure
            if (!m.tok.equals("It") && !m.tok.equals("Sh") && !m.tok.equals("Ss") && !m.tok.equals("Nd")
                    && !m.tok.equals("D1") && !m.tok.equals("Dl")) {
                while (end > i && delim(args.get(end - 1)) == CLOSE) {
                    end--;
                }
            }
            if (m.tok.equals("Pf") && i < end) {
                Node w = new Node(null, args.get(i++));
                w.parent = m;
                m.kids.add(w);
            }
            parseArgs(m, args.subList(0, end), i, true);
            if (m.parent != null && !m.kids.isEmpty() && "Ns".equals(m.kids.get(m.kids.size() - 1).tok)
                    && ENCLOSURES.contains(m.tok)) {
                // a trailing .Ns goes after the enclosure: "[user@]host" from ".Op Ar user Ns @ Ns"
                Node ns = m.kids.remove(m.kids.size() - 1);
                ns.parent = m.parent;
                m.parent.kids.add(m.parent.kids.indexOf(m) + 1, ns);
            }
            if (end < args.size()) {
                parseArgs(m.parent, args.subList(0, args.size()), end, true);
            }
            return args.size();
        }
        if (IN_LINE.contains(m.tok) && m.parent != null) {
            return parseInline(m, args, i);
        }
        int max = switch (m.tok) {
            case "Xr" -> 2;
            case "St" -> 1;
            case "Ft", "In", "Fd", "Cd" -> Integer.MAX_VALUE;
            case "Ns", "Ta", "Oc", "Xc", "Ec", "Ek", "Sm" -> 0;
            default -> Integer.MAX_VALUE;
        };
        if (m.tok.equals("Sm")) {
            if (i < args.size() && (args.get(i).equals("on") || args.get(i).equals("off"))) {
                m.opts.add(args.get(i++));
            }
        }
        int taken = 0;
        // leading opening delimiters come before the macro's own text
        while (i < args.size() && taken < max) {
            String a = args.get(i);
            if (CALLABLE.contains(a) && !a.isEmpty()) {
                break;
            }
            if (delim(a) != NONE && !(delim(a) == OPEN && m.kids.isEmpty())) {
                break;
            }
            if (delim(a) == OPEN) {
                break;
            }
            Node w = new Node(null, a);
            w.parent = m;
            m.kids.add(w);
            i++;
            taken++;
        }
        if (i < args.size()) {
            return parseArgs(m.parent, args, i, true);
        }
        return i;
    }

    /**
     * mandoc's in-line macros: their words up to a nested macro. A delimiter closes the element and
     * stays outside it; a word after it opens a new element of the same macro ({@code .Fl c | s} is
     * two flags; every word of {@code .Fl} is its own flag). Macros that may be empty ({@code .Ar},
     * {@code .Fl}, ...) make an empty element when they have no words.
     */
    private int parseInline(Node m, List<String> args, int i) {
        String tok = m.tok;
        Node parent = m.parent;
        int at = parent.kids.indexOf(m);
        parent.kids.remove(at);
        List<Node> out = new ArrayList<>();
        boolean nc = MAY_BE_EMPTY.contains(tok);
        boolean mayopen = true;
        boolean usedM = false;
        Node scope = null;
        int cnt = 0;
        boolean nested = false;
        while (i < args.size()) {
            if (onlyPunctuation(args, i)) {
                break; // trailing punctuation goes after the macro
            }
            String a = args.get(i);
            if (CALLABLE.contains(a) && !(tok.equals("Fn") && cnt == 0)) {
                if (cnt == 0 && nc) {
                    out.add(element(m, usedM, parent));
                    usedM = true;
                }
                nested = true;
                break;
            }
            int d = delim(a);
            if (d != NONE) {
                if ((d == CLOSE || d == MIDDLE && tok.equals("Fl")) && cnt == 0 && scope == null && nc && mayopen) {
                    out.add(element(m, usedM, parent)); // an empty element before the punctuation
                    usedM = true;
                    cnt++;
                }
                if (scope != null && !tok.equals("Lk")) {
                    scope = null;
                    if (tok.equals("Fn")) {
                        mayopen = false;
                    }
                }
            } else if (mayopen && scope == null) {
                scope = element(m, usedM, parent);
                usedM = true;
                out.add(scope);
                cnt++;
            }
            Node w = new Node(null, a);
            if (scope != null) {
                w.parent = scope;
                scope.kids.add(w);
            } else {
                w.parent = parent;
                out.add(w);
            }
            if (scope != null && tok.equals("Fl")) {
                scope = null;
            }
            i++;
        }
        if (cnt == 0 && nc && !nested) {
            out.add(element(m, usedM, parent));
        }
        parent.kids.addAll(at, out);
        if (i < args.size()) {
            return parseArgs(parent, args, i, true);
        }
        return i;
    }

    /** The element to fill: the macro's own node first (it carries the line-start mark), then new ones. */
    private static Node element(Node m, boolean usedM, Node parent) {
        Node e = usedM ? new Node(m.tok, null) : m;
        e.parent = parent;
        return e;
    }

    private static boolean onlyPunctuation(List<String> args, int i) {
        for (int k = i; k < args.size(); k++) {
            if (delim(args.get(k)) == NONE) {
                return false;
            }
        }
        return true;
    }

    /** Adds args[i..] to {@code into}: words, delimiters and nested macros. */
    private int parseArgs(Node into, List<String> args, int i, boolean all) {
        while (i < args.size()) {
            String a = args.get(i);
            if (CALLABLE.contains(a)) {
                Node m = new Node(a, null);
                m.parent = into;
                into.kids.add(m);
                if (EXPLICIT.containsKey(a)) {
                    // an explicit block opened inside a line: its contents follow on later lines
                    cur = m;
                    i = parseArgs(m, args, i + 1, true);
                    continue;
                }
                String close = closing(a);
                if (close != null) {
                    into.kids.remove(m);
                    Node open = into;
                    while (open != null && open != root && !close.equals(open.tok)) {
                        open = open.parent;
                    }
                    if (open != null && open != root) {
                        cur = container(open.parent);
                        return parseArgs(open.parent, args, i + 1, true);
                    }
                    i++;
                    continue;
                }
                int before = into.kids.size();
                i = parseInto(m, args, i + 1);
                if (before < 0) {
                    break;
                }
                return i;
            }
            Node w = new Node(null, a);
            w.parent = into;
            into.kids.add(w);
            i++;
        }
        return i;
    }

    private void add(Node n) {
        n.parent = cur;
        cur.kids.add(n);
    }

    static final int NONE = 0;
    static final int OPEN = 1;
    static final int MIDDLE = 2;
    static final int CLOSE = 3;

    /** mdoc's delimiter classes: opening ( [, middle |, closing . , : ; ) ] ? !. */
    static int delim(String s) {
        if (s.length() != 1) {
            return s.equals("\\&") ? NONE : NONE;
        }
        return switch (s.charAt(0)) {
            case '(', '[' -> OPEN;
            case '|' -> MIDDLE;
            case '.', ',', ':', ';', ')', ']', '?', '!' -> CLOSE;
            default -> NONE;
        };
    }

    static boolean endsSentence(String t) {
        int k = t.length() - 1;
        while (k >= 0 && "\"')]*".indexOf(t.charAt(k)) >= 0) {
            k--;
        }
        return k >= 0 && ".!?".indexOf(t.charAt(k)) >= 0 && (k == 0 || t.charAt(k - 1) != '\\');
    }
}
