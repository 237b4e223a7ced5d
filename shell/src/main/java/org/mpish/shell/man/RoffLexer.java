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
     * {@code messages} are the diagnostics about comments and escapes on it.
     */
    record Line(int number, String text, List<Runnable> messages) {
        /** Issues the messages about comments and escapes, which mandoc reports after the line length. */
        void report() {
            messages.forEach(Runnable::run);
        }
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
    /** Whether the parser is in no-fill mode, where long lines are fine. */
    private final java.util.function.BooleanSupplier nofill;
    /** Messages about the current line, issued when the parser calls {@link Line#report}. */
    private List<Runnable> pending = new ArrayList<>();
    private final String[] physical;
    private final int count;
    private int index;
    /** The last continuation came from a {@code \#} comment rather than a trailing backslash. */
    private boolean hashComment;

    /** The page's strings and registers; null interpolates only the predefined ones. */
    Roff roff;
    /** Copy mode for macro definitions: lines come without interpolation. */
    boolean raw;

    RoffLexer(String source, Diags diags, java.util.function.BooleanSupplier nofill) {
        this.diags = diags;
        this.nofill = nofill;
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
        boolean open = false;
        int number = index;
        while (index < count) {
            number = ++index;
            int before = buf.length();
            convert(physical[number - 1], number, buf);
            if (before == 0) {
                longLine(buf, buf.length() + (index >= count ? 1 : 0), number);
            }
            int cut = comments(buf, number, scanFrom);
            open = cut >= 0 && hashComment;
            if (cut < 0) {
                break;
            }
            scanFrom = cut; // continuation: append the next physical line here
        }
        if (open) {
            return null; // "\#" on the last line: roff waits for a line that never comes
        }
        String text = raw ? buf.toString() : expand(buf.toString(), number, pending);
        Line line = new Line(number, text, pending);
        pending = new ArrayList<>();
        return line;
    }

    /** Style check on one physical line, before comments and escapes are looked at (mandoc's order). */
    private void longLine(StringBuilder buf, int len, int number) {
        if (len <= 80 || nofill.getAsBoolean() || buf.isEmpty() || " .\\".indexOf(buf.charAt(0)) >= 0) {
            return;
        }
        int space = buf.indexOf(" ");
        if ((space < 0 ? buf.length() : space) < 80) {
            diags.style(number, len - 1, "input text line longer than 80 bytes: "
                    + buf.substring(0, Math.min(20, buf.length())) + "...");
        }
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
                hashComment = false;
                return i;
            }
            char next = buf.charAt(i + 1);
            if (next == '"' || next == '#') {
                char last = buf.charAt(buf.length() - 1);
                if (buf.length() > i + 2 && (last == ' ' || last == '\t')) {
                    int at = buf.length() - 1;
                    pending.add(() -> diags.style(number, at, "whitespace at end of input line"));
                }
                if (next == '#') {
                    buf.setLength(i);
                    hashComment = true;
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
     * Names used while undefined, as strings or macros: roff then defines them as empty and
     * stays quiet about later uses.  Strings and macros share this table, as in roff.
     */
    final java.util.Set<String> emptyStrings = new java.util.HashSet<>();

    /**
     * Interpolates strings, registers and widths and checks all other escapes.  Like mandoc,
     * the line is scanned from the right, so interpolated text is checked again and messages
     * for one line come out right to left.  Messages are added to {@code report}.
     */
    String expand(String line, int number, List<Runnable> report) {
        StringBuilder b = new StringBuilder(line);
        for (int stesc = b.length() - 1; stesc >= 0; stesc--) {
            if (b.charAt(stesc) != '\\') {
                continue;
            }
            int cp = stesc - 1;
            while (cp >= 0 && b.charAt(cp) == '\\') {
                cp--;
            }
            if ((stesc - cp) % 2 == 0) {
                stesc = cp + 1; // an escaped backslash: skip the pair(s)
                continue;
            }
            if (stesc == b.length() - 1) {
                b.setLength(stesc); // a trailing backslash asks for continuation; nothing follows
                continue;
            }
            int at = stesc;
            char t = b.charAt(stesc + 1);
            if (t == '*' || t == 'n' || t == 'w' || t == 'B') {
                int end = interpolate(b, stesc, number, report);
                stesc = end; // rescan the inserted text
                continue;
            }
            String cur = b.toString();
            Escape e = Escape.parse(cur, stesc + 1);
            String seq = cur.substring(stesc, Math.min(e.end(), cur.length()));
            switch (e.kind()) {
                case MACROARG -> {
                    report.add(() -> diags.error(number, at, "using macro argument outside macro: " + seq));
                    b.replace(stesc, e.end(), "");
                }
                case ERROR -> report.add(() -> diags.warn(number, at, "invalid escape sequence: " + seq));
                case UNSUPP -> report.add(() -> diags.unsupp(number, at, "unsupported escape sequence: " + seq));
                case UNDEF -> {
                    char u = cur.charAt(e.argStart());
                    if (u != '\\' && u != '.') {
                        report.add(() -> diags.warn(number, at, "undefined escape, printing literally: " + seq));
                    }
                }
                case SPECIAL -> {
                    if (!CharTable.known(e.arg(cur))) {
                        report.add(() -> diags.warn(number, at, "invalid escape sequence: " + seq));
                    }
                }
                default -> {
                }
            }
        }
        return b.toString();
    }

    /**
     * Replaces {@code \*}, {@code \n}, {@code \w} or {@code \B} at {@code stesc} by its value.
     * Returns the index just after the inserted text.
     */
    private int interpolate(StringBuilder b, int stesc, int number, List<Runnable> report) {
        char t = b.charAt(stesc + 1);
        int cp = stesc + 2;
        int len = b.length();
        char term = 0;
        char sign = 0;
        int maxl;
        if (t == 'w' || t == 'B') {
            term = cp < len ? b.charAt(cp) : 0;
            cp++;
            maxl = 0;
        } else if (cp >= len) {
            maxl = 0;
        } else if (t == 'n' && (b.charAt(cp) == '+' || b.charAt(cp) == '-')) {
            sign = b.charAt(cp);
            cp++; // auto-increment
            if (cp < len && b.charAt(cp) == '(') {
                cp++;
                maxl = 2;
            } else if (cp < len && b.charAt(cp) == '[') {
                cp++;
                term = ']';
                maxl = 0;
            } else {
                maxl = 1;
            }
        } else if (b.charAt(cp) == '(') {
            cp++;
            maxl = 2;
        } else if (b.charAt(cp) == '[') {
            cp++;
            term = ']';
            maxl = 0;
        } else {
            maxl = 1;
        }
        int name = Math.min(cp, len);
        cp = name;
        int naml = 0;
        boolean complete = true;
        while (maxl == 0 || naml < maxl) {
            if (cp >= len) {
                String rest = b.substring(stesc);
                report.add(() -> diags.warn(number, stesc, "invalid escape sequence: " + rest));
                complete = false;
                break;
            }
            if (maxl == 0 && b.charAt(cp) == term) {
                cp++;
                break;
            }
            if (b.charAt(cp++) != '\\' || t != 'w') {
                naml++;
                continue;
            }
            Escape e = Escape.parse(b.toString(), cp);
            cp = Math.max(e.end(), cp);
            switch (e.kind()) {
                case SPECIAL, UNICODE, NUMBERED, OVERSTRIKE -> naml++;
                default -> {
                }
            }
        }
        String nm = b.substring(name, Math.min(name + naml, len));
        String res;
        switch (t) {
            case '*' -> {
                res = complete && roff != null ? roff.string(nm) : null;
                if (res == null && complete) {
                    res = PREDEFINED.get(nm);
                }
                if (res == null && complete && emptyStrings.contains(nm)) {
                    res = "";
                }
                if (res == null) {
                    report.add(() -> diags.warn(number, stesc, "undefined string, using \"\": " + nm));
                    if (complete && Tok.macro(nm) == null) {
                        emptyStrings.add(nm); // unless it names a man(7) macro
                    }
                    res = "";
                }
            }
            case 'n' -> res = complete ? String.valueOf(roff == null ? 0 : roff.register(nm, sign)) : "";
            case 'w' -> res = String.valueOf(24 * naml);
            default -> res = complete && nm.matches("[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)[cimnpPuvMf]?") ? "1" : "0";
        }
        b.replace(stesc, Math.min(cp, len), res);
        return stesc + res.length();
    }
}
