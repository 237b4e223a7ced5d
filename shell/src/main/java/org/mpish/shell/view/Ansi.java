package org.mpish.shell.view;

/** Colour for the views, only when the printer uses colour. */
final class Ansi {
    private final boolean on;

    Ansi(boolean on) { this.on = on; }

    String code(String sgr, String s) { return on ? "\u001b[" + sgr + "m" + s + "\u001b[0m" : s; }
    String bold(String s) { return code("1", s); }
    String dim(String s) { return code("2", s); }
}
