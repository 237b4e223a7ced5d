package org.mpish.shell;

import java.util.List;

/**
 * One argument on a command line. WORD: a number or a name; STRING: a quoted literal; JS: JavaScript to
 * evaluate in the rank's context (a function literal or a `backtick` expression); LIST: [a, b, c].
 * {@code name} is set for name=value arguments.
 */
public record Token(Kind kind, String text, String name, List<Token> items, int column, Token base) {
    public enum Kind { WORD, STRING, JS, LIST }

    public Token(Kind kind, String text, String name, List<Token> items, int column) { this(kind, text, name, items, column, null); }

    public Token named(String n) { return new Token(kind, text, n, items, column, base); }

    /** The same token with a whole value that its fields complete (a structure given whole and then field by field). */
    public Token withBase(Token b) { return new Token(kind, text, name, items, column, b); }

    @Override public String toString() { return (name != null ? name + "=" : "") + text; }
}
