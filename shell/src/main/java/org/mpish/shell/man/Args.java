package org.mpish.shell.man;

/**
 * Splits the rest of a macro line into arguments with roff's quoting rules: blanks separate
 * arguments, {@code "..."} quotes one (with {@code ""} for a literal quote), {@code \ } is a
 * blank inside an argument, and copy mode turns {@code \\} into {@code \} and {@code \t} into a tab.
 */
final class Args {
    private final String buf;
    private final int line;
    private final Diags diags;
    /** Interpolates again after copy mode turned "\\\\" into "\\"; null for synthetic arguments. */
    private final RoffLexer lexer;
    private int pos;
    /** Applies .tr to each argument once it is split off (mandoc's roff_strdup); null for none. */
    private Roff translator;

    Args(String buf, int pos, int line, Diags diags, RoffLexer lexer) {
        this.buf = buf;
        this.pos = pos;
        this.line = line;
        this.diags = diags;
        this.lexer = lexer;
    }

    /** Applies the {@code .tr} translations of {@code roff} to each argument after splitting. */
    Args translating(Roff roff) {
        translator = roff == null || roff.translations.isEmpty() ? null : roff;
        return this;
    }

    /** Position of the next argument. */
    int pos() {
        return pos;
    }

    boolean quotedAt(int i) {
        return i < buf.length() && buf.charAt(i) == '"';
    }

    boolean atEnd() {
        return pos >= buf.length();
    }

    /** The unparsed rest of the line as text of the page (translated as the arguments are). */
    String restText() {
        String r = rest();
        return translator == null ? r : translator.translated(r);
    }

    /** The unparsed rest of the line. */
    String rest() {
        return buf.substring(Math.min(pos, buf.length()));
    }

    /** The next argument, or null at the end of the line. */
    String next() {
        String a = split();
        return a == null || translator == null ? a : translator.translated(a);
    }

    private String split() {
        if (pos >= buf.length()) {
            return null;
        }
        int start = pos;
        boolean quoted = false;
        boolean closed = false;
        boolean white = false;
        if (buf.charAt(start) == '"') {
            quoted = true;
            start++;
        }
        StringBuilder arg = new StringBuilder();
        boolean copyEscape = false;
        int cp = start;
        int len = buf.length();
        while (cp < len) {
            char c = buf.charAt(cp);
            if (c == '\\' && cp + 1 < len) {
                char n = buf.charAt(cp + 1);
                if (n == 'a' || n == 't') {
                    arg.append('\t');
                    cp += 2;
                    continue;
                }
                if (n == '\\') {
                    arg.append('\\');
                    copyEscape = true;
                    cp += 2;
                    continue;
                }
                if (n == ' ' && !quoted) {
                    arg.append("\\ ");
                    cp += 2;
                    continue;
                }
                arg.append(c);
                cp++;
                continue;
            }
            if (!quoted) {
                if (c == ' ') {
                    white = true;
                    break;
                }
            } else if (c == '"') {
                if (cp + 1 < len && buf.charAt(cp + 1) == '"') {
                    arg.append('"');
                    cp += 2;
                    continue;
                }
                closed = true;
                break;
            }
            arg.append(c);
            cp++;
        }
        if (quoted && !closed) {
            diags.style(line, pos, "unterminated quoted argument");
        }
        if (cp < len) {
            cp++; // the separating blank or the closing quote
            while (cp < len && buf.charAt(cp) == ' ') {
                cp++;
            }
        }
        pos = cp;
        if (pos >= len && (white || buf.charAt(pos - 1) == ' ')) {
            diags.style(line, pos, "whitespace at end of input line");
        }
        if (!copyEscape || lexer == null) {
            return arg.toString();
        }
        // "\\\\" became "\\": the argument is interpolated again, like roff does
        java.util.List<Runnable> messages = new java.util.ArrayList<>();
        String expanded = lexer.expand(arg.toString(), line, messages);
        messages.forEach(Runnable::run);
        return expanded;
    }
}
