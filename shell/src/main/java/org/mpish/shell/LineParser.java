package org.mpish.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into a rank target, a command and its arguments. Arguments are separated by blanks;
 * quotes make strings; a JavaScript function ({@code function(a,b){...}}, {@code (a,b)=>...}) or a
 * {@code `backtick`} expression is one argument however many blanks it holds; {@code [1, 2]} is a list;
 * {@code name=value} names the C parameter. Errors are {@link ParseError} with the column.
 */
public final class LineParser {
    /** A parsed line: target ranks (null = the default rank; empty = all), command word and arguments. */
    public record Line(String target, String command, List<Token> args, String raw) {
        public Line(String target, String command, List<Token> args) { this(target, command, args, null); }
    }

    public static final class ParseError extends RuntimeException {
        private final int column;
        public ParseError(String message, int column) {
            super(message, null, false, false);
            this.column = column;
        }
        public int column() { return column; }
    }

    private static final java.util.regex.Pattern JS_LINE = java.util.regex.Pattern.compile("\\s*(@\\S+\\s+)?js(\\s|$)");
    private final String s;
    private int pos;

    private LineParser(String s) { this.s = s; }

    /** Splits a line holding several commands separated by ';' (outside quotes, brackets and braces). */
    public static List<String> splitCommands(String line) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int start = 0;
        for (int i = 0; i < line.length(); i++) {
            if (i == start && JS_LINE.matcher(line.substring(start)).lookingAt()) {
                break; // "js CODE" takes the rest of the line, semicolons included
            }
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote != '`') i++;
                else if (c == quote) quote = 0;
            } else if (c == '"' || c == '\'' || c == '`') quote = c;
            else if (c == '(' || c == '[' || c == '{') depth++;
            else if (c == ')' || c == ']' || c == '}') depth--;
            else if (c == ';' && depth == 0) {
                out.add(line.substring(start, i));
                start = i + 1;
            }
        }
        out.add(line.substring(start));
        return out;
    }

    public static Line parse(String line) {
        return new LineParser(line).line();
    }

    private Line line() {
        skipBlanks();
        String target = null;
        if (peek() == '@') {
            int st = pos++;
            while (pos < s.length() && !Character.isWhitespace(s.charAt(pos))) pos++;
            target = s.substring(st + 1, pos);
            if (target.isEmpty()) throw new ParseError("'@' needs ranks: @2, @0,2, @1-3 or @*", st + 1);
            skipBlanks();
        }
        int cs = pos;
        while (pos < s.length() && !Character.isWhitespace(s.charAt(pos))) pos++;
        String command = s.substring(cs, pos);
        if (command.equals("js")) {
            // JavaScript is not tokenized: the rest of the line is the code
            return new Line(target, command, List.of(), s.substring(pos).strip());
        }
        List<Token> args = new ArrayList<>();
        skipBlanks();
        while (pos < s.length()) {
            args.add(argument());
            skipBlanks();
        }
        return new Line(target, command, args);
    }

    private Token argument() {
        int st = pos;
        // name=value
        int i = pos;
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) i++;
        if (i > pos && i < s.length() && s.charAt(i) == '=' && (i + 1 >= s.length() || s.charAt(i + 1) != '>')
                && Character.isLetter(s.charAt(pos))) {
            String name = s.substring(pos, i);
            pos = i + 1;
            if (pos >= s.length() || Character.isWhitespace(s.charAt(pos))) throw new ParseError(name + "= needs a value", pos + 1);
            return value().named(name);
        }
        pos = st;
        return value();
    }

    private Token value() {
        int st = pos;
        char c = s.charAt(pos);
        if (c == '"' || c == '\'') return new Token(Token.Kind.STRING, quoted(c), null, null, st + 1);
        if (c == '`') {
            int end = s.indexOf('`', pos + 1);
            if (end < 0) throw new ParseError("unclosed ` expression", st + 1);
            pos = end + 1;
            return new Token(Token.Kind.JS, s.substring(st + 1, end), null, null, st + 1);
        }
        if (c == '[') return list();
        if (s.startsWith("function", pos) && (pos + 8 >= s.length() || !Character.isLetterOrDigit(s.charAt(pos + 8)))) {
            int brace = s.indexOf('{', pos);
            if (brace < 0) throw new ParseError("function literal without a body", st + 1);
            pos = brace;
            skipBalanced();
            return new Token(Token.Kind.JS, s.substring(st, pos), null, null, st + 1);
        }
        if (c == '(') {
            skipBalanced();
            int save = pos;
            skipBlanks();
            if (s.startsWith("=>", pos)) {
                pos += 2;
                skipBlanks();
                if (pos < s.length() && s.charAt(pos) == '{') skipBalanced();
                else while (pos < s.length() && !Character.isWhitespace(s.charAt(pos))) {
                    if ("([{".indexOf(s.charAt(pos)) >= 0) skipBalanced(); else pos++;
                }
                return new Token(Token.Kind.JS, s.substring(st, pos), null, null, st + 1);
            }
            pos = save;
            return new Token(Token.Kind.JS, s.substring(st, pos), null, null, st + 1);
        }
        if (c == '{') {
            skipBalanced();
            return new Token(Token.Kind.JS, "(" + s.substring(st, pos) + ")", null, null, st + 1);
        }
        while (pos < s.length() && !Character.isWhitespace(s.charAt(pos)) && s.charAt(pos) != ',' && s.charAt(pos) != ']') pos++;
        if (pos == st) throw new ParseError("unexpected '" + s.charAt(pos) + "'", st + 1);
        String w = s.substring(st, pos);
        // a bare identifier followed by => is a one-parameter arrow function
        int save = pos;
        skipBlanks();
        if (s.startsWith("=>", pos) && w.matches("[A-Za-z_$][A-Za-z0-9_$]*")) {
            pos = save;
            pos = s.indexOf("=>", pos) + 2;
            skipBlanks();
            if (pos < s.length() && s.charAt(pos) == '{') skipBalanced();
            else while (pos < s.length() && !Character.isWhitespace(s.charAt(pos))) pos++;
            return new Token(Token.Kind.JS, s.substring(st, pos), null, null, st + 1);
        }
        pos = save;
        return new Token(Token.Kind.WORD, w, null, null, st + 1);
    }

    private Token list() {
        int st = pos++;
        List<Token> items = new ArrayList<>();
        skipBlanks();
        while (true) {
            if (pos >= s.length()) throw new ParseError("unclosed [ list", st + 1);
            if (s.charAt(pos) == ']') { pos++; break; }
            items.add(value());
            skipBlanks();
            if (pos < s.length() && s.charAt(pos) == ',') { pos++; skipBlanks(); }
        }
        return new Token(Token.Kind.LIST, s.substring(st, pos), null, items, st + 1);
    }

    private String quoted(char q) {
        int st = pos++;
        StringBuilder sb = new StringBuilder();
        while (pos < s.length()) {
            char c = s.charAt(pos++);
            if (c == q) return sb.toString();
            if (c == '\\' && pos < s.length()) {
                char e = s.charAt(pos++);
                sb.append(switch (e) { case 'n' -> '\n'; case 't' -> '\t'; default -> e; });
            } else sb.append(c);
        }
        throw new ParseError("unclosed " + q + " string", st + 1);
    }

    /** Moves past a bracketed region starting at pos, honouring nesting and strings. */
    private void skipBalanced() {
        int st = pos;
        int depth = 0;
        char quote = 0;
        while (pos < s.length()) {
            char c = s.charAt(pos++);
            if (quote != 0) {
                if (c == '\\') pos++;
                else if (c == quote) quote = 0;
                continue;
            }
            if (c == '"' || c == '\'' || c == '`') quote = c;
            else if (c == '(' || c == '[' || c == '{') depth++;
            else if (c == ')' || c == ']' || c == '}') {
                if (--depth == 0) return;
            }
        }
        throw new ParseError("unbalanced " + s.charAt(st) + " ... (no closing bracket)", st + 1);
    }

    private void skipBlanks() { while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) pos++; }
    private char peek() { return pos < s.length() ? s.charAt(pos) : 0; }
}
