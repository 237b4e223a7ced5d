package org.mpish.shell.man;

/**
 * Builds the man(7) syntax tree from logical input lines, with mandoc's scoping rules:
 * implicit blocks (SH, TP, PP ...) close each other, explicit blocks (RS, UR) need their end
 * macro, and a macro without arguments may take the next input line (next-line scope).
 * Text lines and man(7)-specific requests are handled here, the roff request layer (definitions,
 * conditions, strings, registers) in {@link RoffRequests}, shared with the mdoc(7) parser; see
 * {@link ManScopes} for the scope machinery.
 */
final class ManParser {

    final ManScopes s;
    private final Diags diags;
    private RoffLexer lexer;
    /** Strings, registers, macros and the .ie/.el stack of the page. */
    final Roff roff = new Roff();
    /** The roff request layer (definitions, conditions, strings, registers), shared with mdoc. */
    private final RoffRequests rr;
    /** The open {@code .ce}/{@code .rj} node collecting text lines, or null. */
    private ManNode centred;
    /** Text lines {@link #centred} still takes after the current one. */
    private int centredLines;

    private record Pending(int line, String text) { }

    /** The table being read ({@code .TS} seen, {@code .TE} not yet), or null. */
    private Tbl tbl;
    private ManNode.Elem tblNode;
    /** The page's eqn(7) reader (definitions and delimiters last from one equation to the next); null before the first. */
    private Eqn eqn;
    /** The equation being read ({@code .EQ} or an opening delimiter seen), or null. */
    private ManNode.Elem eqnNode;
    /** Whether {@link #eqnNode} was opened by an in-line delimiter. */
    private boolean eqnInline;
    /** Times the current input line was cut at a delimiter; mandoc gives up after 1000. */
    private int reparses;

    ManParser(Diags diags) {
        this.diags = diags;
        this.s = new ManScopes(diags);
        this.rr = new RoffRequests(diags, roff, this::line);
    }

    /** Parses a whole document; messages go to the parser's diagnostics. */
    void run(String source) {
        lexer = new RoffLexer(source, diags, () -> s.nofill || eqnNode != null || tbl != null); // mandoc: no long-line advice there either
        lexer.roff = roff;
        rr.lexer = lexer;
        s.roff = roff;
        RoffLexer.Line line;
        while ((line = rr.next()) != null) {
            line(line);
        }
        rr.finish();
        if (eqnNode != null) {
            diags.error(eqnNode.line, eqnNode.pos, "appending missing end of block: EQ");
            endEqn();
        }
        if (tbl != null) {
            diags.error(tbl.line, 0, "appending missing end of block: TS");
            tbl = null;
        }
        s.endOfInput();
    }

    private void line(RoffLexer.Line in) {
        RoffLexer.Line line = rr.enter(in);
        if (line == null) {
            return;
        }
        reparses = 0;
        entered(line);
    }

    private void entered(RoffLexer.Line line) {
        String buf = line.text();
        int ln = line.number();
        if (tbl == null && eqn != null && eqn.delim && (eqnNode == null || eqnInline) && inlineEqn(line)) {
            return;
        }
        if (eqnNode != null && !buf.startsWith(".EN")) {
            line.report();
            eqn.read(buf);
            return;
        }
        if (tbl != null) {
            tableLine(line);
            return;
        }
        // text going on after an in-line equation continues its input line
        s.newLine = s.last.tok() != Tok.EQN || ln > s.last.line;
        boolean control = roff.isControl(buf) || buf.startsWith("\\.");
        if (!control) {
            line.report();
            text(ln, roff.translated(buf));
            rr.springTrap(ln);
            return;
        }
        line.report();
        int pos = buf.charAt(0) == '\\' ? 2 : 1;
        while (pos < buf.length() && (buf.charAt(pos) == ' ' || buf.charAt(pos) == '\t')) {
            pos++;
        }
        if (pos == buf.length()) {
            return;
        }
        if (buf.charAt(pos) == '"') {
            diags.style(ln, pos, "bad comment style");
            return;
        }
        if (buf.charAt(pos) == '.' && (pos + 1 == buf.length() || " \t\\".indexOf(buf.charAt(pos + 1)) >= 0)) {
            nameEnd(ln, buf, pos);
            diags.error(ln, pos, "skipping end of block that is not open: ..");
            return;
        }
        int[] span = nameEnd(ln, buf, pos);
        int end = span[0];
        String name = buf.substring(pos, end);
        if (lexer.emptyStrings.contains(name)) {
            return; // an unknown macro, already reported, is now an empty user macro
        }
        if (name.equals("TS")) {
            endCentred();
            startTable(ln, pos);
            return;
        }
        if (name.equals("EQ")) {
            startEqn(ln, pos, buf, span[1]);
            return;
        }
        if (name.equals("EN")) {
            if (eqnNode != null) {
                endEqn();
            } else {
                diags.error(ln, pos, "skipping end of block that is not open: EN");
            }
            if (span[1] < buf.length()) {
                diags.error(ln, span[1], "skipping all arguments: EN " + buf.substring(span[1]));
            }
            return;
        }
        if (rr.request(name, ln, buf, span[1])) {
            return;
        }
        if (name.equals("TH") && !roff.macros.containsKey(name)) {
            forgetMacroNames();
        }
        if (roff.macros.containsKey(name)) {
            rr.expandMacro(name, ln, buf.substring(Math.min(span[1], buf.length())));
            return;
        }
        Tok req = Tok.request(name);
        if (req != null) {
            request(req, ln, pos, span[1], buf);
        } else if (Requests.IGNORED.contains(name)) {
            return;
        } else if (Requests.INSECURE.contains(name)) {
            // in a condition's body mandoc places it at the body's control character
            diags.error(ln, diags.inBody > 0 ? 1 : pos, "skipping insecure request: " + name);
        } else if (Requests.UNIMPLEMENTED.contains(name)) {
            diags.unsupp(ln, pos, "unsupported roff request: " + name);
        } else if (endCentred() && !macro(ln, pos, buf)) {
            lexer.emptyStrings.add(name);
        }
    }

    /**
     * End of a request or macro name (roff's rules): a blank or the end of the line ends it, and
     * an escape sequence other than {@code \\} ends it with an error.
     */
    private int[] nameEnd(int ln, String buf, int pos) {
        int cp = pos;
        while (cp < buf.length()) {
            char c = buf.charAt(cp);
            if (c == ' ' || c == '\t') {
                return new int[] {cp, cp + 1};
            }
            if (c == '\\' && cp + 1 < buf.length()) {
                char n = buf.charAt(cp + 1);
                if (n == '{' || n == '}') {
                    break;
                }
                if (n == '\\') {
                    cp += 2;
                    continue;
                }
                diags.error(ln, 0, "escaped character not allowed in a name: " + buf.substring(pos, cp + 2));
                return new int[] {cp, Escape.parse(buf, cp + 1).end()};
            }
            cp++;
        }
        return new int[] {cp, cp};
    }

    // ---------------------------------------------------------------- roff requests

    /**
     * At {@code .TH}, as in mandoc: definitions made earlier under the name of a man(7) macro
     * (a page's own {@code .EX}, say) are dropped, so the standard macro is used.
     */
    private void forgetMacroNames() {
        for (Tok t : Tok.values()) {
            if (!t.isRequest()) {
                roff.macros.remove(t.macroName());
                roff.strings.remove(t.macroName());
            }
        }
        roff.macros.remove("MR");
        roff.strings.remove("MR");
    }


    // ---------------------------------------------------------------- equations

    /** {@code .EQ}: the following lines up to {@code .EN} are an equation (one node of the tree). */
    private void startEqn(int ln, int pos, String buf, int args) {
        s.breakScope(Tok.EQN);
        boolean newLine = ln > s.last.line;
        eqnNode = s.addElem(Tok.EQN, ln, pos);
        eqnNode.flags = (eqnNode.flags & ~ManNode.LINE) | (newLine ? ManNode.LINE : 0) | ManNode.VALID;
        s.nextSibling();
        if (eqn == null) {
            eqn = new Eqn(diags);
        }
        eqn.begin(ln, pos);
        if (args < buf.length()) {
            diags.error(ln, args, "skipping all arguments: .EQ " + buf.substring(args));
        }
    }

    private void endEqn() {
        eqnNode.eqn = eqn.parse();
        eqnNode = null;
        eqnInline = false;
    }

    /**
     * With in-line delimiters set ({@code delim $$}), a line holding the next delimiter is cut
     * there, as mandoc does: the delimiter becomes an {@code .EQ} (or {@code .EN}) line of its
     * own, text before it ends in {@code \&} and text after an equation starts with one, so
     * the blanks around an equation stay. Returns false when the line has no delimiter.
     */
    private boolean inlineEqn(RoffLexer.Line line) {
        String buf = line.text();
        int at = buf.indexOf(eqnNode == null ? eqn.odelim : eqn.cdelim);
        if (at < 0) {
            return false;
        }
        if (++reparses > 1000) {
            // a delimiter that the .EQ line itself contains would be cut out again for ever:
            // like mandoc, give up the rest of the input line
            if (reparses == 1001) {
                diags.error(line.number(), 0, "input stack limit exceeded, infinite loop?");
            }
            return true;
        }
        boolean opening = eqnNode == null;
        String before = buf.substring(0, at);
        String after = buf.substring(at + 1);
        if (opening) {
            after = after.replaceFirst("^ +", "");
        }
        java.util.List<String> parts = new java.util.ArrayList<>();
        if (!buf.isEmpty() && !before.isEmpty()) {
            parts.add(opening ? before + "\\&" : before);
        }
        parts.add(opening ? ".EQ" : ".EN");
        if (!after.isEmpty()) {
            parts.add(opening ? after : "\\&" + after);
        }
        eqnInline = opening;
        boolean first = true;
        for (String part : parts) {
            if (reparses > 1000) {
                break;
            }
            entered(new RoffLexer.Line(line.number(), part, first ? line.messages() : java.util.List.of()));
            first = false;
        }
        return true;
    }

    // ---------------------------------------------------------------- tables

    private void startTable(int ln, int pos) {
        if (s.elineOpen() || s.blineOpen()) {
            s.breakScope(Tok.TBL);
        }
        tblNode = s.addElem(Tok.TBL, ln, pos);
        tblNode.flags |= ManNode.LINE | ManNode.VALID;
        tbl = new Tbl(diags, ln);
        tblNode.table = tbl;
        s.nextSibling();
    }

    /**
     * A line inside a table: requests that only affect typesetting are done, {@code .TE} ends
     * the table, {@code .T&} restarts the layout, and other macro lines lose their name
     * (as in mandoc, which does not run macros inside tables).
     */
    /** Where the arguments after a request name start (mandoc reports .br, .sp ... in tables there). */
    private static int afterName(String line, int end) {
        while (end < line.length() && (line.charAt(end) == ' ' || line.charAt(end) == '\t')) {
            end++;
        }
        return end;
    }

    private void tableLine(RoffLexer.Line line) {
        String buf = line.text();
        int ln = line.number();
        line.report();
        boolean control = roff.isControl(buf);
        if (!control) {
            tbl.read(ln, buf);
            return;
        }
        int pos = 1;
        while (pos < buf.length() && (buf.charAt(pos) == ' ' || buf.charAt(pos) == '\t')) {
            pos++;
        }
        if (pos == buf.length()) {
            tbl.read(ln, buf);
            return;
        }
        int end = pos;
        while (end < buf.length() && buf.charAt(end) != ' ' && buf.charAt(end) != '\t') {
            end++;
        }
        String name = buf.substring(pos, end);
        if (name.startsWith("\\\"")) {
            return;
        }
        // roff's own requests (.ds, .if, .de ...) and user macros are run before tbl sees the line, as in mandoc
        int restAt = Math.min(end + 1, buf.length());
        if (!name.equals("TS") && rr.request(name, ln, buf, restAt)) {
            return;
        }
        if (roff.macros.containsKey(name)) {
            rr.expandMacro(name, ln, buf.substring(restAt));
            return;
        }
        switch (name) {
            case "TE" -> {
                boolean empty = !tbl.end(ln, false);
                if (empty) {
                    diags.error(tbl.line, 1, "tbl without any data cells");
                }
                if (tbl.inBlock()) {
                    diags.error(ln, 0, "data block open at end of table: TE");
                }
                tbl = null;
                if (empty) {
                    // as mandoc: a table without data is read as a blank line (.sp)
                    s.delete(tblNode);
                    tblNode = null;
                    line(new RoffLexer.Line(ln, ".sp", java.util.List.of()));
                }
                tblNode = null;
                return;
            }
            case "T&" -> {
                tbl.restart();
                return;
            }
            case "TS", "br", "sp", "ce", "rj" -> {
                diags.unsupp(ln, afterName(buf, end), "ignoring macro in table: " + buf.substring(pos));
                return;
            }
            default -> { }
        }
        if (Requests.IGNORED.contains(name) || Tok.request(name) != null || Requests.UNIMPLEMENTED.contains(name)) {
            return; // a request: done by roff, not part of the table
        }
        diags.unsupp(ln, pos, "ignoring macro in table: " + buf.substring(pos));
        while (end < buf.length() && buf.charAt(end) == ' ') {
            end++;
        }
        tbl.read(ln, buf.substring(end));
    }

    // ---------------------------------------------------------------- requests

    private void request(Tok tok, int ln, int ppos, int end, String buf) {
        int pos = Math.min(end, buf.length());
        while (pos < buf.length() && buf.charAt(pos) == ' ') {
            pos++;
        }
        String rest = buf.substring(pos);
        switch (tok) {
            case CE, RJ -> centre(tok, ln, ppos, pos, rest);
            case TA -> {
                ManNode n = s.addElem(tok, ln, ppos);
                for (String a : Roff.arguments(rest)) {
                    s.addText(a, ln, pos);
                }
                n.flags |= ManNode.LINE | ManNode.VALID;
                s.last = n;
                s.nextSibling();
            }
            case BR_REQ, NF, FI -> {
                if (s.elineOpen() || s.blineOpen()) {
                    s.breakScope(tok);
                }
                ManNode n = s.addElem(tok, ln, ppos);
                if (!rest.isEmpty()) {
                    diags.error(ln, pos, "skipping all arguments: " + tok + " " + rest);
                }
                if (tok == Tok.NF) {
                    s.nofill = true;
                } else if (tok == Tok.FI) {
                    s.nofill = false;
                }
                n.flags |= ManNode.LINE | ManNode.VALID;
                s.nextSibling();
            }
            default -> { // sp, ti, ft: at most one argument
                if ((s.elineOpen() || s.blineOpen()) && (tok == Tok.SP || tok == Tok.TI)) {
                    s.breakScope(tok);
                }
                ManNode n = s.addElem(tok, ln, ppos);
                if (!rest.isEmpty()) {
                    int sp = rest.indexOf(' ');
                    String arg = sp < 0 ? rest : rest.substring(0, sp);
                    if (sp >= 0) {
                        int ex = sp;
                        while (ex < rest.length() && rest.charAt(ex) == ' ') {
                            ex++;
                        }
                        if (ex < rest.length()) {
                            diags.error(ln, pos + ex, "skipping excess arguments: " + tok + " ... "
                                    + rest.substring(ex));
                        }
                    }
                    s.addText(arg, ln, pos);
                }
                n.flags |= ManNode.LINE | ManNode.VALID;
                s.last = n;
                s.nextSibling();
            }
        }
    }

    /**
     * {@code .ce N} / {@code .rj N} as mandoc parses them: the following N text lines (and the
     * requests among them) become children of the node, after the count; N below 1 ends it at once.
     */
    private void centre(Tok tok, int ln, int ppos, int pos, String rest) {
        if (s.elineOpen() || s.blineOpen()) {
            s.breakScope(tok);
        }
        if (centred != null) {
            s.last = centred;
            s.nextSibling();
        }
        ManNode n = s.addElem(tok, ln, ppos);
        n.flags |= ManNode.LINE | ManNode.VALID;
        String arg = rest;
        int sp = rest.indexOf(' ');
        if (sp >= 0) {
            arg = rest.substring(0, sp);
            String ex = rest.substring(sp).stripLeading();
            if (!ex.isEmpty()) {
                diags.error(ln, pos + rest.length() - ex.length(), "skipping excess arguments: " + tok + " ... " + ex);
            }
        }
        if (arg.isEmpty()) {
            arg = "1";
        }
        s.addText(arg, ln, pos);
        int[] at = {0};
        Integer lines = roff.expression(arg, at, 'u');
        if (lines == null) {
            diags.error(ln, pos, "argument is not numeric, using 1: ce " + rest);
            lines = 1;
        }
        if (lines < 1) {
            s.last = n;
            centred = null;
            centredLines = 0;
        } else {
            centred = n;
            centredLines = lines;
        }
        s.nextSibling();
    }

    /** Ends {@code .ce}/{@code .rj} collection (a macro or the end of the count does); always true. */
    private boolean endCentred() {
        if (centred != null) {
            s.last = centred;
            s.nextSibling();
            centred = null;
            centredLines = 0;
        }
        return true;
    }

    // ---------------------------------------------------------------- macros

    /** Handles a man(7) macro line; returns false if the macro is unknown. */
    private boolean macro(int ln, int ppos, String buf) {
        int offs = ppos;
        int size = 0;
        while (size < 4 && offs < buf.length() && " \t\\".indexOf(buf.charAt(offs)) < 0) {
            offs++;
            size++;
        }
        Tok tok = size > 0 && size < 4 ? Tok.macro(buf.substring(ppos, offs)) : null;
        if (tok == null) {
            diags.error(ln, ppos, "skipping unknown macro: " + buf.substring(ppos - 1));
            return false;
        }
        if (offs < buf.length() && buf.charAt(offs) == '\\') {
            offs = Escape.parse(buf, offs + 1).end();
        } else if (offs < buf.length() && buf.charAt(offs) == '\t') {
            offs++;
        }
        while (offs < buf.length() && buf.charAt(offs) == ' ') {
            offs++;
        }
        if (offs == buf.length() && offs > 0 && buf.charAt(offs - 1) == ' ') {
            diags.style(ln, offs - 1, "whitespace at end of input line");
        }
        s.breakScope(tok);
        boolean bline = s.blineOpen();
        if (bline && ManScopes.endsWithC(buf.substring(offs))) {
            bline = false;
        }
        // .tr applies to each argument once split, so a translation to '"' does not quote (as mandoc)
        Args args = new Args(buf, offs, ln, diags, lexer).translating(roff);
        switch (tok.kind) {
            case BLOCK_IMPLICIT -> ManMacros.blockImplicit(s, tok, ln, ppos, args);
            case BLOCK_EXPLICIT -> ManMacros.blockExplicit(s, tok, ln, ppos, args);
            case BLOCK_CLOSE -> ManMacros.blockClose(s, tok, ln, ppos, args);
            default -> ManMacros.inline(s, tok, ln, ppos, args);
        }
        if (bline && s.blineOpen() && !s.elineOpen() && !tok.is(Tok.NSCOPED)) {
            s.closeHeadOpenBody(ln, ppos);
        }
        return true;
    }

    // ---------------------------------------------------------------- text

    private void text(int ln, String line) {
        if (centred != null && !line.isEmpty()) {
            if (centredLines < 1) {
                endCentred();
            } else {
                centredLines--;
            }
        }
        String buf = hyphens(line);
        if (s.nofill) {
            s.addText(buf, ln, 0);
            s.descope(ln, 0, buf);
            return;
        }
        int i = 0;
        while (i < buf.length() && buf.charAt(i) == ' ') {
            i++;
        }
        if (i == buf.length()) {
            s.blankLine(ln);
            return;
        }
        int len = buf.length();
        char lastc = buf.charAt(len - 1);
        if (lastc == ' ' || lastc == '\t') {
            if (len > 1 && buf.charAt(len - 2) != '\\') {
                diags.style(ln, len - 1, "whitespace at end of input line");
            }
            int k = len - 1;
            while (k > 0 && buf.charAt(k) == ' ') {
                k--;
            }
            k += buf.charAt(k) == '\\' ? 2 : 1;
            buf = buf.substring(0, Math.min(k, len));
        }
        ManNode t = s.addText(buf, ln, 0);
        if (endsSentence(buf)) {
            t.flags |= ManNode.EOS;
        }
        s.descope(ln, 0, buf);
    }

    /** Marks hyphens between two letters as places where a line may be broken. */
    static String hyphens(String line) {
        StringBuilder b = new StringBuilder(line);
        int i = 0;
        while (i < b.length()) {
            char c = b.charAt(i);
            if (c == '\\') {
                Escape e = Escape.parse(line, i + 1);
                if (e.kind() == Escape.Kind.ERROR) {
                    break;
                }
                i = e.end();
                while (i < b.length() && b.charAt(i) == '-') {
                    i++;
                }
                continue;
            }
            if (c == '-' && i > 0 && i + 1 < b.length()
                    && isAlpha(b.charAt(i - 1)) && isAlpha(b.charAt(i + 1))) {
                b.setCharAt(i, CharTable.HYPH);
            }
            i++;
        }
        return b.toString();
    }

    private static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** mandoc's end-of-sentence test: [.!?] possibly followed by closing quotes and brackets. */
    static boolean endsSentence(String p) {
        boolean enclosed = false;
        boolean found = false;
        for (int q = p.length() - 1; q >= 0; q--) {
            char c = p.charAt(q);
            switch (c) {
                case '"', '\'', ']', ')' -> {
                    if (!found) {
                        enclosed = true;
                    }
                }
                case '.', '!', '?' -> found = true;
                default -> {
                    return found && (!enclosed || Character.isLetterOrDigit(c) && c < 0x80);
                }
            }
        }
        return found && !enclosed;
    }

}
