package org.mpish.shell.man;

/**
 * One message about a man(7) source file, in mandoc's format {@code file:line:col: LEVEL: message}.
 *
 * @param file    the file name as given to the parser
 * @param line    1-based input line, or 0 for messages about the whole file
 * @param column  1-based column (byte position plus one, as mandoc counts)
 * @param level   severity
 * @param message the message text, including its detail after a colon when there is one
 */
public record Diagnostic(String file, int line, int column, Level level, String message) {

    @Override
    public String toString() {
        String where = line > 0 ? file + ":" + line + ":" + column : file;
        return where + ": " + level + ": " + message;
    }
}
