package org.mpish.shell;

import java.io.PrintStream;
import java.util.function.Consumer;

/**
 * Where the shell writes. Results printed while the user types (a blocked call completing, a trace event,
 * the deadlock roll-call) go above the prompt when a line reader is active.
 */
public final class Printer {
    private final PrintStream out;
    private final PrintStream err;
    private final boolean color;
    private volatile Consumer<String> above;

    public Printer(PrintStream out, PrintStream err, boolean color) {
        this.out = out;
        this.err = err;
        this.color = color;
    }

    public PrintStream out() { return out; }
    public boolean color() { return color; }

    /** Installs the line reader's print-above function (null: print directly). */
    public void setAbove(Consumer<String> above) { this.above = above; }

    public void println(String s) {
        out.println(s);
        out.flush();
    }

    public void error(String s) {
        err.println(color ? "\u001b[31m" + s + "\u001b[0m" : s);
        err.flush();
    }

    /** Output that may arrive while a prompt is shown. */
    public void async(String s) {
        Consumer<String> a = above;
        if (a != null) a.accept(s);
        else println(s);
    }

    public String bold(String s) { return color ? "\u001b[1m" + s + "\u001b[0m" : s; }
    public String dim(String s) { return color ? "\u001b[2m" + s + "\u001b[0m" : s; }
}
