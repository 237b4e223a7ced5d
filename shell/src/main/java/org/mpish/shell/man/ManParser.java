package org.mpish.shell.man;

/**
 * Builds the man(7) syntax tree from logical input lines, with mandoc's scoping rules:
 * implicit blocks (SH, TP, PP ...) close each other, explicit blocks (RS, UR) need their end
 * macro, and a macro without arguments may take the next input line (next-line scope).
 * Requests and text lines are handled here too; see {@link ManScopes} for the scope machinery.
 */
final class ManParser {

    final ManScopes s;
    private final Diags diags;
    /** Nesting depth of a skipped conditional block ({@code \{ ... \}}), 0 when none. */
    private int skipBraces;
    /** End marker of a skipped definition block, or null. */
    private String skipUntil;
    private RoffLexer lexer;
    /** The table being read ({@code .TS} seen, {@code .TE} not yet), or null. */
    private Tbl tbl;
    private ManNode.Elem tblNode;

    ManParser(Diags diags) {
        this.diags = diags;
        this.s = new ManScopes(diags);
    }

    /** Parses a whole document; messages go to the parser's diagnostics. */
    void run(String source) {
        lexer = new RoffLexer(source, diags, () -> s.nofill);
        for (RoffLexer.Line line; (line = lexer.next()) != null; ) {
            line(line);
        }
        if (tbl != null) {
            diags.error(tbl.line, 0, "appending missing end of block: TS");
            tbl = null;
        }
        s.endOfInput();
    }

    private void line(RoffLexer.Line line) {
        String buf = line.text();
        int ln = line.number();
        if (skipping(buf)) {
            return;
        }
        if (tbl != null) {
            tableLine(line);
            return;
        }
        s.newLine = true;
        boolean control = !buf.isEmpty() && (buf.charAt(0) == '.' || buf.charAt(0) == '\'')
                || buf.startsWith("\\.");
        if (!control) {
            line.report();
            text(ln, buf);
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
            startTable(ln, pos);
            return;
        }
        Tok req = Tok.request(name);
        if (req != null) {
            request(req, ln, pos, span[1], buf);
        } else if (Requests.IGNORED.contains(name)) {
            return;
        } else if (Requests.INSECURE.contains(name)) {
            diags.error(ln, pos, "skipping insecure request: " + name);
        } else if (Requests.DEFINITIONS.contains(name)) {
            diags.unsupp(ln, pos, "unsupported roff request: " + name);
            String rest = buf.substring(end).trim();
            String[] words = rest.split("[ \t]+");
            int marker = name.equals("ig") ? 0 : 1;
            skipUntil = words.length > marker && !words[marker].isEmpty() ? words[marker] : ".";
        } else if (Requests.CONDITIONALS.contains(name)) {
            diags.unsupp(ln, pos, "unsupported roff request: " + name);
            skipBraces = braceDelta(buf.substring(end));
        } else if (Requests.UNIMPLEMENTED.contains(name)) {
            diags.unsupp(ln, pos, "unsupported roff request: " + name);
        } else if (!macro(ln, pos, buf)) {
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

    /** Skips the body of definitions and braced conditionals, which are not supported. */
    private boolean skipping(String buf) {
        if (skipUntil != null) {
            String b = buf.trim();
            if (b.startsWith(".") && b.substring(1).trim().startsWith(skipUntil)) {
                String rest = b.substring(1).trim().substring(skipUntil.length());
                if (rest.isEmpty() || rest.charAt(0) == ' ' || rest.charAt(0) == '\t' || skipUntil.equals(".")) {
                    skipUntil = null;
                }
            }
            return true;
        }
        if (skipBraces > 0) {
            skipBraces += braceDelta(buf);
            return true;
        }
        return false;
    }

    private static int braceDelta(String s) {
        int d = 0;
        for (int i = 0; i + 1 < s.length(); i++) {
            if (s.charAt(i) == '\\') {
                char c = s.charAt(i + 1);
                if (c == '{') {
                    d++;
                } else if (c == '}') {
                    d--;
                }
                i++;
            }
        }
        return Math.max(d, 0);
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
    private void tableLine(RoffLexer.Line line) {
        String buf = line.text();
        int ln = line.number();
        line.report();
        boolean control = !buf.isEmpty() && (buf.charAt(0) == '.' || buf.charAt(0) == '\'');
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
        switch (name) {
            case "TE" -> {
                if (!tbl.end(ln, false)) {
                    diags.error(tbl.line, 0, "empty table");
                }
                if (tbl.inBlock()) {
                    diags.error(ln, 0, "data block open at end of table: TE");
                }
                tbl = null;
                tblNode = null;
                return;
            }
            case "T&" -> {
                tbl.restart();
                return;
            }
            case "TS", "br", "sp", "ce", "rj" -> {
                diags.error(ln, 0, "ignoring macro in table: " + buf);
                return;
            }
            default -> { }
        }
        if (Requests.IGNORED.contains(name) || Tok.request(name) != null || Requests.UNIMPLEMENTED.contains(name)) {
            return; // a request: done by roff, not part of the table
        }
        diags.error(ln, 0, "ignoring macro in table: " + buf);
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
        Args args = new Args(buf, offs, ln, diags, lexer);
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
