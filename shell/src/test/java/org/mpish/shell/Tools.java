package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * External programs some tests need (tmux, mandoc, col). On a developer's machine a missing one skips those tests,
 * saying which program is missing; in CI ({@code CI=true}, set by .ci/run and by the usual CI services) it fails
 * them, naming the program, because a check that silently stops running is no check.
 */
public final class Tools {
    /** Every program a test of this project runs, and the Debian package that provides it (.ci/run installs them). */
    public static final List<String[]> ALL = List.of(
            new String[] {"tmux", "tmux"},
            new String[] {"mandoc", "mandoc"},
            new String[] {"col", "bsdextrautils"});

    private Tools() {}

    public static boolean inCi() { return "true".equalsIgnoreCase(System.getenv("CI")); }

    /** The first of {@code tools} not on the PATH, or null. */
    public static String missing(String... tools) {
        for (String t : tools) if (!Repo.onPath(t)) return t;
        return null;
    }

    /** Skips the calling test (fails it in CI) unless every one of {@code tools} is on the PATH. */
    public static void require(String... tools) {
        String m = missing(tools);
        if (m == null) return;
        String msg = "this test needs '" + m + "', which is not on the PATH";
        if (inCi()) fail(msg + " (CI=true: a missing tool fails the test instead of skipping it; .ci/run installs it)");
        Assumptions.abort(msg + ": skipped");
    }
}
