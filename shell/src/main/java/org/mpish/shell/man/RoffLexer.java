package org.mpish.shell.man;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns source text into logical input lines the way the roff preprocessor does before any
 * macro is looked at: non-ASCII characters become {@code \[uXXXX]}, control characters are
 * replaced, continuation lines are joined, comments are dropped, strings ({@code \*}) and
 * registers ({@code \n}) are interpolated, and every escape sequence is checked.
 */
final class RoffLexer {

    /**
     * A logical input line; {@code number} is that of its last physical line, as mandoc counts.
     * {@code raw} is the line before comments and escapes were processed; {@code last} marks the
     * final line of the file (mandoc counts an extra byte there).
     */
    record Line(int number, String text, String raw, boolean last) {
    }

    /** Strings every document may interpolate with {@code \*}. */
    private static final Map<String, String> PREDEFINED = Map.ofEntries(
            Map.entry("Am", "&"), Map.entry("Ba", "|"), Map.entry("Ge", "\\(>="),
            Map.entry("Gt", ">"), Map.entry("If", "infinity"), Map.entry("Le", "\\(<="),
            Map.entry("Lq", "\\(lq"), Map.entry("Lt", "<"), Map.entry("Na", "NaN"),
            Map.entry("Ne", "\\(!="), Map.entry("Pi", "pi"), Map.entry("Pm", "\\(+-"),
            Map.entry("Rq", "\\(rq"), Map.entry("left-bracket", "["),
            Map.entry("left-parenthesis", "("), Map.entry("lp", "("),
            Map.entry("left-singlequote", "\\(oq"), Map.entry("q", "\\(dq"),
            Map.entry("quote-left", "\\(oq"), Map.entry("quote-right", "\\(cq"),
            Map.entry("R", "\\(rg"), Map.entry("right-bracket", "]"),
            Map.entry("right-parenthesis", ")"), Map.entry("rp", ")"),
            Map.entry("right-singlequote", "\\(cq"), Map.entry("Tm", "(Tm)"),
            Map.entry("Px", "POSIX"), Map.entry("Ai", "ANSI"), Map.entry("'", "\\'"),
            Map.entry("aa", "\\(aa"), Map.entry("ga", "\\(ga"), Map.entry("`", "\\`"),
            Map.entry("lq", "\\(lq"), Map.entry("rq", "\\(rq"), Map.entry("ua", "\\(ua"),
            Map.entry("va", "\\(va"), Map.entry("<=", "\\(<="), Map.entry(">=", "\\(>="));

    private final Diags diags;
    private final String[] physical;
    private final int count;
    private int index;

    RoffLexer(String source, Diags diags) {
        this.diags = diags;
        this.physical = source.split("\n", -1);
        int n = physical.length;
        if (n > 0 && physical[n - 1].isEmpty()) {
            n--; // the final newline does not start another line
        }
        this.count = n;
    }

    /**
     * The next logical line, or null at the end.  Lines are produced on demand so that
     * messages come out interleaved with the parser's, in input order.
     */
    Line next() {
        if (index >= count) {
            return null;
        }
        StringBuilder buf = new StringBuilder();
        int scanFrom = 0;
        String raw = null;
        int number = index;
        while (index < count) {
            number = ++index;
            convert(physical[number - 1], number, buf);
            if (raw == null) {
                raw = buf.toString();
            }
            int cut = comments(buf, number, scanFrom);
            if (cut < 0) {
                break;
            }
            scanFrom = cut; // continuation: append the next physical line here
        }
        return new Line(number, expand(buf.toString(), number), raw, index >= count);
    }

    /** Appends one physical line, encoding non-ASCII input and replacing control characters. */
    private void convert(String raw, int number, StringBuilder buf) {
        int n = raw.length();
        if (n > 0 && raw.charAt(n - 1) == '\r') {
            n--;
        }
        for (int i = 0; i < n; ) {
            int c = raw.codePointAt(i);
            i += Character.charCount(c);
            if (c >= 0x80) {
                buf.append(String.format("\\[u%04X]", c));
            } else if (c == 0x7f || (c < 0x20 && c != '\t')) {
                String hex = "0x" + Integer.toHexString(c);
                if (c == 0 || c == 4 || c > 0x0a) {
                    diags.error(number, buf.length(), "skipping bad character: " + hex);
                } else {
                    diags.unsupp(number, buf.length(), "unsupported control character: " + hex);
                }
                if (c != '\r') {
                    buf.append('?');
                }
            } else {
                buf.append((char) c);
            }
        }
    }

    /**
     * Removes a comment and detects continuation.
     * Returns the index where the next physical line must be appended, or -1 when the line is complete.
     */
    private int comments(StringBuilder buf, int number, int from) {
        for (int i = from; i < buf.length(); i++) {
            if (buf.charAt(i) != '\\') {
                continue;
            }
            if (i + 1 == buf.length()) {
                buf.setLength(i);
                return i;
            }
            char next = buf.charAt(i + 1);
            if (next == '"' || next == '#') {
                char last = buf.charAt(buf.length() - 1);
                if (buf.length() > i + 2 && (last == ' ' || last == '\t')) {
                    diags.style(number, buf.length() - 1, "whitespace at end of input line");
                }
                if (next == '#') {
                    buf.setLength(i);
                    return i;
                }
                int cut = i;
                while (cut > 0 && buf.charAt(cut - 1) == ' ' && (cut == 1 || buf.charAt(cut - 2) != '\\')) {
                    cut--;
                }
                buf.setLength(cut);
                return -1;
            }
            if (next == '\\') {
                i++;
            }
        }
        return -1;
    }

    /**
     * Interpolates strings and registers and checks all escapes.  mandoc scans lines from the
     * right, so messages for one line are reported right to left; we do the same.
     */
    private String expand(String line, int number) {
        List<Runnable> messages = new ArrayList<>();
        StringBuilder out = new StringBuilder();
        int i = 0;
        int len = line.length();
        while (i < len) {
            char c = line.charAt(i);
            if (c != '\\') {
                out.append(c);
                i++;
                continue;
            }
            Escape e = Escape.parse(line, i + 1);
            int at = i; // mandoc scans right to left, so columns are those of the input
            String seq = line.substring(i, Math.min(e.end(), len));
            String replacement = null;
            switch (e.kind()) {
                case STRING -> {
                    String name = e.arg(line);
                    replacement = PREDEFINED.get(name);
                    if (replacement == null) {
                        messages.add(() -> diags.warn(number, at, "undefined string, using \"\": " + name));
                        replacement = "";
                    }
                }
                case REGISTER -> replacement = "0";
                case WIDTH -> replacement = String.valueOf(24 * e.arg(line).replaceAll("\\\\.", "").length());
                case NUMCHECK -> replacement = e.arg(line).matches("[-+]?[0-9]+(\\.[0-9]*)?[a-zA-Z]?") ? "1" : "0";
                case MACROARG -> {
                    messages.add(() -> diags.error(number, at, "using macro argument outside macro: " + seq));
                    replacement = "";
                }
                case ERROR -> messages.add(() -> diags.warn(number, at, "invalid escape sequence: " + seq));
                case UNSUPP -> messages.add(() -> diags.unsupp(number, at, "unsupported escape sequence: " + seq));
                case UNDEF -> {
                    char u = line.charAt(e.argStart());
                    if (u != '\\' && u != '.') {
                        messages.add(() -> diags.warn(number, at,
                                "undefined escape, printing literally: " + seq));
                    }
                }
                case SPECIAL -> {
                    if (!CharTable.known(e.arg(line))) {
                        messages.add(() -> diags.warn(number, at, "invalid escape sequence: " + seq));
                    }
                }
                default -> {
                }
            }
            if (replacement != null) {
                out.append(replacement);
            } else {
                out.append(seq);
            }
            i = Math.max(e.end(), i + 1);
        }
        for (int k = messages.size() - 1; k >= 0; k--) {
            messages.get(k).run();
        }
        return out.toString();
    }
}
