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
    /** Strings, registers, macros and the .ie/.el stack of the page. */
    final Roff roff = new Roff();
    /** Lines produced by expanding user macros, read before the next input line. */
    private final java.util.ArrayDeque<Pending> queue = new java.util.ArrayDeque<>();
    /** Open {@code \{} scopes of conditions that were true; their {@code \}} is dropped. */
    private int trueBraces;
    /** The macro definition being collected ({@code .de} to {@code ..}), or null. */
    private Definition defining;
    /** User macro expansions so far: a macro that calls itself for ever is stopped. */
    private int expansions;
    /** Nesting of condition bodies and macro lines handled as new lines. */
    private int depth;
    /** Text lines left before the input line trap of {@code .it} fires, 0 when none is set. */
    private int trapLines;
    /** The macro the input line trap calls. */
    private String trapMacro;
    /** The open {@code .ce}/{@code .rj} node collecting text lines, or null. */
    private ManNode centred;
    /** Text lines {@link #centred} still takes after the current one. */
    private int centredLines;

    private record Pending(int line, String text) { }

    private static final class Definition {
        final String name;
        final String end;
        final boolean append;
        final StringBuilder body = new StringBuilder();

        Definition(String name, String end, boolean append) {
            this.name = name;
            this.end = end;
            this.append = append;
        }
    }

    /** More user macro expansions than this means a macro calls itself without end. */
    private static final int MAX_EXPANSIONS = 20000;
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
        lexer.roff = roff;
        s.roff = roff;
        for (;;) {
            RoffLexer.Line line;
            if (!queue.isEmpty()) {
                Pending p = queue.poll();
                java.util.List<Runnable> msgs = new java.util.ArrayList<>();
                line = new RoffLexer.Line(p.line(), defining != null ? p.text() : lexer.expand(p.text(), p.line(), msgs), msgs);
            } else if ((line = lexer.next()) == null) {
                break;
            }
            line(line);
        }
        if (defining != null) {
            diags.error(lexer == null ? 0 : 0, 0, "appending missing end of block: de " + defining.name);
            finishDefinition();
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
        if (defining != null) {
            defineLine(buf);
            return;
        }
        if (skipping(buf)) {
            return;
        }
        if (trueBraces > 0 && buf.contains("\\}")) {
            int n = 0;
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < buf.length(); i++) {
                if (buf.charAt(i) == '\\' && i + 1 < buf.length()) {
                    if (buf.charAt(i + 1) == '}') {
                        n++;
                        i++;
                        continue;
                    }
                    b.append('\\').append(buf.charAt(++i));
                    continue;
                }
                b.append(buf.charAt(i));
            }
            trueBraces = Math.max(0, trueBraces - n);
            buf = b.toString();
            if (buf.isBlank() || buf.strip().equals(".") || buf.strip().equals("'")) {
                return;
            }
            line = new RoffLexer.Line(ln, buf, line.messages());
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
            text(ln, roff.translated(buf));
            springTrap(ln);
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
        if (roffRequest(name, ln, buf, span[1])) {
            return;
        }
        if (name.equals("TH") && !roff.macros.containsKey(name)) {
            forgetMacroNames();
        }
        if (roff.macros.containsKey(name)) {
            expandMacro(name, ln, buf.substring(Math.min(span[1], buf.length())));
            return;
        }
        Tok req = Tok.request(name);
        if (req != null) {
            request(req, ln, pos, span[1], buf);
        } else if (Requests.IGNORED.contains(name)) {
            return;
        } else if (Requests.INSECURE.contains(name)) {
            diags.error(ln, pos, "skipping insecure request: " + name);
        } else if (Requests.UNIMPLEMENTED.contains(name)) {
            diags.unsupp(ln, pos, "unsupported roff request: " + name);
        } else if (endCentred() && !macro(ln, pos, roff.translations.isEmpty() ? buf : buf.substring(0, span[0]) + roff.translated(buf.substring(span[0])))) {
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

    /** Handles the roff requests that define and test things; false if {@code name} is not one. */
    private boolean roffRequest(String name, int ln, String buf, int restAt) {
        String rest = restAt >= buf.length() ? "" : buf.substring(restAt);
        switch (name) {
            case "if", "ie", "el" -> conditional(name, ln, rest, Math.min(restAt, buf.length()));
            case "de", "de1", "dei", "dei1", "am", "am1", "ami", "ami1" -> {
                java.util.List<String> a = Roff.arguments(rest);
                if (a.isEmpty()) {
                    diags.error(ln, 0, "skipping request without numeric argument: " + name);
                    return true;
                }
                String macro = a.get(0);
                if (name.startsWith("dei") || name.startsWith("ami")) {
                    String v = roff.string(macro);
                    macro = v == null ? macro : v;
                }
                defining = new Definition(macro, a.size() > 1 ? a.get(1) : ".", name.startsWith("am"));
                lexer.raw = true;
            }
            case "ig" -> {
                java.util.List<String> a = Roff.arguments(rest);
                skipUntil = a.isEmpty() ? "." : a.get(0);
            }
            case "ds", "ds1", "as", "as1" -> {
                int i = 0;
                while (i < rest.length() && rest.charAt(i) != ' ' && rest.charAt(i) != '\t') {
                    i++;
                }
                String key = rest.substring(0, i);
                if (key.isEmpty()) {
                    return true;
                }
                while (i < rest.length() && (rest.charAt(i) == ' ' || rest.charAt(i) == '\t')) {
                    i++;
                }
                String value = rest.substring(i);
                if (value.startsWith("\"")) {
                    value = value.substring(1);
                }
                value = Roff.copyMode(value); // as mandoc: \\ in the value is stored as \
                if (name.startsWith("as")) {
                    String old = roff.strings.get(key);
                    value = (old == null ? "" : old) + value;
                }
                roff.strings.put(key, value);
                lexer.emptyStrings.remove(key);
            }
            case "nr" -> {
                java.util.List<String> a = Roff.arguments(rest);
                if (a.size() < 2) {
                    return true;
                }
                String v = a.get(1);
                int[] pos = {0};
                boolean rel = v.startsWith("+") || v.startsWith("-");
                Integer val = roff.expression(v, pos, 'u');
                if (val != null) {
                    roff.registers.put(a.get(0), rel ? roff.register(a.get(0)) + val : val);
                    Integer step = a.size() > 2 ? roff.expression(a.get(2), new int[] {0}, 'u') : null;
                    if (step != null) {
                        roff.steps.put(a.get(0), step);
                    }
                }
            }
            case "rr" -> Roff.arguments(rest).forEach(k -> {
                roff.registers.remove(k);
                roff.steps.remove(k);
            });
            case "it" -> {
                int[] pos = {0};
                Integer n = roff.expression(rest, pos, 'u');
                if (n == null) {
                    diags.error(ln, 0, "skipping request without numeric argument: it " + rest);
                    return true;
                }
                String m = rest.substring(pos[0]).strip();
                trapLines = n;
                // as mandoc: DocBook's "an-trap" (a man(7) internal) means a line break
                trapMacro = n == 1 && m.equals("an-trap") ? "br" : m;
            }
            case "tr" -> roff.translate(rest.strip());
            case "rm" -> Roff.arguments(rest).forEach(k -> {
                roff.strings.remove(k);
                roff.macros.remove(k);
            });
            case "rn" -> {
                java.util.List<String> a = Roff.arguments(rest);
                if (a.size() >= 2) {
                    String m = roff.macros.remove(a.get(0));
                    String st = roff.strings.remove(a.get(0));
                    if (m != null) {
                        roff.macros.put(a.get(1), m);
                    }
                    if (st != null) {
                        roff.strings.put(a.get(1), st);
                    }
                }
            }
            case "als" -> {
                java.util.List<String> a = Roff.arguments(rest);
                if (a.size() >= 2) {
                    String m = roff.macros.get(a.get(1));
                    String st = roff.strings.get(a.get(1));
                    if (m != null) {
                        roff.macros.put(a.get(0), m);
                    }
                    if (st != null) {
                        roff.strings.put(a.get(0), st);
                    }
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** Counts a text line against the input line trap; the line that reaches it calls the trap's macro. */
    private void springTrap(int ln) {
        if (trapLines == 1) {
            trapLines = 0;
            queue.addFirst(new Pending(ln, "." + trapMacro));
        } else if (trapLines > 1) {
            trapLines--;
        }
    }

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

    /** {@code .if COND BODY}, {@code .ie COND BODY}, {@code .el BODY}, with {@code \{ ... \}} bodies. */
    private void conditional(String name, int ln, String rest, int restAt) {
        int[] pos = {0};
        boolean cond;
        if (name.equals("el")) {
            cond = roff.popElse();
        } else {
            while (pos[0] < rest.length() && rest.charAt(pos[0]) == ' ') {
                pos[0]++;
            }
            cond = roff.condition(rest, pos);
            if (name.equals("ie")) {
                roff.pushElse(cond);
            }
        }
        while (pos[0] < rest.length() && (rest.charAt(pos[0]) == ' ' || rest.charAt(pos[0]) == '\t')) {
            pos[0]++;
        }
        String body = rest.substring(Math.min(pos[0], rest.length()));
        boolean brace = body.startsWith("\\{");
        if (brace) {
            body = body.substring(2);
            while (body.startsWith(" ")) {
                body = body.substring(1);
            }
        }
        if (!cond) {
            if (brace) {
                int d = 1 + braceBalance(body);
                skipBraces = Math.max(0, d);
            }
            return;
        }
        if (brace) {
            trueBraces++;
        }
        if (!body.isEmpty() && depth < 100) {
            depth++;
            int shift = diags.shift;
            diags.shift += restAt + rest.length() - body.length() - 1; // mandoc counts the body from its control character
            try {
                line(new RoffLexer.Line(ln, body, java.util.List.of()));
            } finally {
                depth--;
                diags.shift = shift;
            }
        }
    }

    private void defineLine(String buf) {
        String t = buf;
        if (!t.isEmpty() && (t.charAt(0) == '.' || t.charAt(0) == '\'')) {
            String r = t.substring(1).stripLeading();
            int sp = 0;
            while (sp < r.length() && r.charAt(sp) != ' ' && r.charAt(sp) != '\t') {
                sp++;
            }
            String tok = r.substring(0, sp);
            if (defining.end.equals(".") ? tok.startsWith(".") : tok.equals(defining.end)) {
                finishDefinition();
                return;
            }
        }
        defining.body.append(Roff.copyMode(buf)).append('\n');
    }

    private void finishDefinition() {
        String body = defining.body.toString();
        if (body.endsWith("\n")) {
            body = body.substring(0, body.length() - 1);
        }
        String old = roff.macros.get(defining.name);
        roff.macros.put(defining.name, defining.append && old != null ? old + "\n" + body : body);
        lexer.emptyStrings.remove(defining.name);
        defining = null;
        lexer.raw = false;
    }

    /** Runs a user macro: its lines, with the arguments put in, are read next. */
    private void expandMacro(String name, int ln, String rest) {
        if (++expansions > MAX_EXPANSIONS) {
            if (expansions == MAX_EXPANSIONS + 1) {
                diags.error(ln, 0, "input stack limit exceeded, infinite loop?");
            }
            return;
        }
        java.util.List<String> args = Roff.arguments(rest);
        roff.argc = args.size();
        String body = Roff.substitute(roff.macros.get(name), name, args);
        if (body.isEmpty()) {
            return;
        }
        String[] lines = body.split("\n", -1);
        for (int i = lines.length - 1; i >= 0; i--) {
            queue.addFirst(new Pending(ln, lines[i]));
        }
    }

    /** {@code \{} minus {@code \}} in a line. */
    private static int braceBalance(String s) {
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
        return d;
    }

    /** Skips {@code .ig} blocks and the bodies of false conditions. */
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
            skipBraces = Math.max(0, skipBraces + braceBalance(buf));
            return true;
        }
        return false;
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
                diags.unsupp(ln, pos, "ignoring macro in table: " + buf.substring(pos));
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
