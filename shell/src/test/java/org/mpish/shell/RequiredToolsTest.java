package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * In CI every program the tests run must be installed, so that no test skips for lack of one there (the tests
 * that need one also fail on their own, through {@link Tools#require}). Outside CI this reports what is missing.
 */
class RequiredToolsTest {
    @Test
    void inCiEveryToolTheTestsUseIsInstalled() {
        List<String> missing = new ArrayList<>();
        for (String[] t : Tools.ALL) if (Tools.missing(t[0]) != null) missing.add(t[0] + " (Debian package " + t[1] + ")");
        if (!missing.isEmpty() && !Tools.inCi()) System.out.println("RequiredToolsTest: not installed, their tests skip: " + missing);
        if (Tools.inCi()) assertEquals(List.of(), missing, "CI=true: programs the tests need are missing");
    }
}
