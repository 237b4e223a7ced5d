package org.mpish.shell.man;

import java.util.function.Consumer;

/**
 * The roff request layer shared by the man(7) and mdoc(7) parsers, as mandoc's roff.c sits under
 * both: macro definitions ({@code .de}/{@code .am} and their variants) and their expansion with
 * arguments, {@code .ig}, conditions ({@code .if}/{@code .ie}/{@code .el} with {@code \{ ... \}}
 * bodies), strings and registers ({@code .ds}/{@code .as}/{@code .nr}/{@code .rr}/{@code .rm}/
 * {@code .rn}/{@code .als}), {@code .tr} and the input line trap {@code .it}. Lines this layer does
 * not take are the parser's; a true condition's body goes back to the parser through its sink.
 */
final class RoffRequests {

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

    private final Diags diags;
    final Roff roff;
    RoffLexer lexer;
    /** Where the body of a true condition is handled, as a line of its own (the parser's line handler). */
    private final Consumer<RoffLexer.Line> sink;
    /** Nesting depth of a skipped conditional block ({@code \{ ... \}}), 0 when none. */
    private int skipBraces;
    /** End marker of a skipped definition block, or null. */
    private String skipUntil;
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

    private record Pending(int line, String text) { }

    RoffRequests(Diags diags, Roff roff, Consumer<RoffLexer.Line> sink) {
        this.diags = diags;
        this.roff = roff;
        this.sink = sink;
    }

    /** The next line to handle: one from a macro expansion, else the next input line; null at the end. */
    RoffLexer.Line next() {
        if (!queue.isEmpty()) {
            Pending p = queue.poll();
            java.util.List<Runnable> msgs = new java.util.ArrayList<>();
            return new RoffLexer.Line(p.line(), defining != null ? p.text() : lexer.expand(p.text(), p.line(), msgs), msgs);
        }
        return lexer.next();
    }

    /** At the end of the input: a definition still open is closed with an error. */
    void finish() {
        if (defining != null) {
            diags.error(0, 0, "appending missing end of block: de " + defining.name);
            finishDefinition();
        }
    }

    /**
     * Takes a line into a definition being collected, skips it inside {@code .ig} or a false
     * condition, and drops the {@code \}} closing a true condition; returns the line left for the
     * parser (perhaps shortened) or null when nothing is left.
     */
    RoffLexer.Line enter(RoffLexer.Line line) {
        String buf = line.text();
        int ln = line.number();
        if (defining != null) {
            defineLine(buf);
            return null;
        }
        if (skipping(buf)) {
            return null;
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
                return null;
            }
            line = new RoffLexer.Line(ln, buf, line.messages());
        }
        return line;
    }

    /** Handles the roff requests that define and test things; false if {@code name} is not one. */
    boolean request(String name, int ln, String buf, int restAt) {
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
            case "nop" -> nop(ln, buf, restAt);
            case "cc" -> {
                // .cc X: X is the control character; none, or '.', restores . and ' (mandoc's roff_cc)
                roff.control = rest.isEmpty() || rest.charAt(0) == '.' ? 0 : rest.charAt(0);
                String excess = rest.length() > 1 ? rest.substring(1).strip() : "";
                if (!excess.isEmpty()) {
                    diags.error(ln, buf.length() - excess.length(), "skipping excess arguments: cc ... " + excess);
                }
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
    void springTrap(int ln) {
        if (trapLines == 1) {
            trapLines = 0;
            queue.addFirst(new Pending(ln, "." + trapMacro));
        } else if (trapLines > 1) {
            trapLines--;
        }
    }

    /** {@code .if COND BODY}, {@code .ie COND BODY}, {@code .el BODY}, with {@code \{ ... \}} bodies. */
    /** {@code .nop LINE}: the rest of the line is read again as an input line of its own (mandoc's roff_nop). */
    private void nop(int ln, String buf, int restAt) {
        int at = Math.min(restAt, buf.length());
        while (at < buf.length() && buf.charAt(at) == ' ') {
            at++;
        }
        if (depth >= 100) {
            return;
        }
        depth++;
        int shift = diags.shift;
        diags.shift += at;
        try {
            sink.accept(new RoffLexer.Line(ln, buf.substring(at), java.util.List.of()));
        } finally {
            depth--;
            diags.shift = shift;
        }
    }

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
        if ((!body.isEmpty() || brace) && depth < 100) { // an empty body after \{ is a blank line, as in mandoc
            depth++;
            int shift = diags.shift;
            diags.shift += restAt + rest.length() - body.length() - 1; // mandoc counts the body from its control character
            diags.inBody++;
            try {
                sink.accept(new RoffLexer.Line(ln, body, java.util.List.of()));
            } finally {
                depth--;
                diags.inBody--;
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
        if (EMPTY_REQUEST.matcher(buf).matches()) {
            return; // a control character alone, or with a comment: mandoc keeps nothing of it (seen in tables)
        }
        defining.body.append(Roff.copyMode(buf)).append('\n');
    }

    private static final java.util.regex.Pattern EMPTY_REQUEST = java.util.regex.Pattern.compile("[.'][ \t]*(\\\\\".*)?");

    void finishDefinition() {
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
    void expandMacro(String name, int ln, String rest) {
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

}
