package org.mpish.shell;

/** A shell command that is not an MPI or LAPI call (help, man, ranks, trace, js, ...). */
public interface Builtin {
    String name();

    /** One-line usage, e.g. "rank N". */
    String usage();

    /** One-line summary for `help`. */
    String summary();

    /** Runs the command; returns false when it failed (the shell keeps going either way). */
    boolean run(Session session, LineParser.Line line);
}
