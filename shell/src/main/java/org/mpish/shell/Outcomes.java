package org.mpish.shell;

/**
 * What the session's commands came to, for the exit status: failed commands, lines that could not be
 * understood (usage errors), and an explicit {@code exit}.
 */
final class Outcomes {
    private final Printer printer;
    private int errors;
    private int usageErrors;
    private boolean exitRequested;
    private int exitCode;

    Outcomes(Printer printer) { this.printer = printer; }

    /** Records a usage error (a line that could not be understood) and prints it; false. */
    boolean usage(String message) {
        usageErrors++;
        printer.error(message);
        return false;
    }

    /** Records a failed command and prints why; false. */
    boolean failure(String message) {
        errors++;
        printer.error(message);
        return false;
    }

    /** Records a failed command whose message was printed already (or will be, when it arrives). */
    void countError() { errors++; }

    /** 0 when every command succeeded, 2 when the failures were usage errors only, 1 otherwise. */
    int exitStatus() {
        if (exitRequested) return exitCode;
        if (errors > 0) return 1;
        return usageErrors > 0 ? 2 : 0;
    }

    void requestExit(int code) {
        exitRequested = true;
        exitCode = code;
    }

    boolean exitRequested() { return exitRequested; }
}
