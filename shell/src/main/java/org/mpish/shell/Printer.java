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
    private volatile java.io.PrintWriter transcript;

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
        log(s);
    }

    public void error(String s) {
        err.println(color ? "\u001b[31m" + s + "\u001b[0m" : s);
        err.flush();
        log(s);
    }

    /** Starts (or, with null, stops) copying input and output to a file. */
    public synchronized void transcript(java.nio.file.Path file) throws java.io.IOException {
        if (transcript != null) transcript.close();
        transcript = file == null ? null : new java.io.PrintWriter(java.nio.file.Files.newBufferedWriter(file), true);
    }

    /** Records a command line in the transcript. */
    public void input(String prompt, String line) { log(prompt + line); }

    private void log(String s) {
        java.io.PrintWriter t = transcript;
        if (t != null) t.println(s.replaceAll("\u001b\\[[0-9;]*m", ""));
    }

    /** Output that may arrive while a prompt is shown. */
    public void async(String s) {
        log(s);
        Consumer<String> a = above;
        if (a != null) a.accept(s);
        else {
            out.println(s);
            out.flush();
        }
    }

    /** An error that may arrive while a prompt is shown (a job abort, a deadlock, a detached call failing). */
    public void asyncError(String s) {
        Consumer<String> a = above;
        if (a != null) {
            log(s);
            a.accept(color ? "\u001b[31m" + s + "\u001b[0m" : s);
        } else error(s);
    }

    public String bold(String s) { return color ? "\u001b[1m" + s + "\u001b[0m" : s; }
    public String dim(String s) { return color ? "\u001b[2m" + s + "\u001b[0m" : s; }
}
