package org.mpish.shell.man;

import java.util.ArrayList;
import java.util.List;

/** Collects diagnostics for one file; positions are passed 0-based and stored 1-based like mandoc prints them. */
final class Diags {
    private final String file;
    private final List<Diagnostic> list = new ArrayList<>();

    Diags(String file) {
        this.file = file;
    }

    /** Added to positions while a condition's body is parsed as a line of its own. */
    int shift;
    /** How many conditional bodies are being parsed (mandoc reports some requests there at the body's start). */
    int inBody;

    void add(int line, int pos, Level level, String message) {
        list.add(new Diagnostic(file, line, pos + shift + 1, level, message));
    }

    void style(int line, int pos, String message) {
        add(line, pos, Level.STYLE, message);
    }

    void warn(int line, int pos, String message) {
        add(line, pos, Level.WARNING, message);
    }

    void error(int line, int pos, String message) {
        add(line, pos, Level.ERROR, message);
    }

    void unsupp(int line, int pos, String message) {
        add(line, pos, Level.UNSUPP, message);
    }

    List<Diagnostic> list() {
        return List.copyOf(list);
    }
}
