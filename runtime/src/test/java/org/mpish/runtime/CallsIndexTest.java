package org.mpish.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.catalog.CallIndex;
import org.mpish.runtime.catalog.Catalogue;

/**
 * runtime/CALLS.md, the index from an exact C name to the file and method that declare the call, is what the
 * catalogue gives now (-Dmpish.writeIndex=true rewrites it), and every file it names exists and holds that method.
 */
class CallsIndexTest {
    private static final Path INDEX = Path.of("CALLS.md"); // surefire runs in runtime/
    private static final Path REPO = Path.of("..");

    @Test
    void theIndexIsUpToDate() throws IOException {
        String now = CallIndex.markdown(Catalogue.get());
        if (Boolean.getBoolean("mpish.writeIndex")) Files.writeString(INDEX, now);
        if (!Files.exists(INDEX)) fail("runtime/CALLS.md is missing: run this test with -Dmpish.writeIndex=true");
        assertEquals(now, Files.readString(INDEX), "runtime/CALLS.md is out of date: run CallsIndexTest with -Dmpish.writeIndex=true");
    }

    @Test
    void everyRowNamesAFileThatDeclaresTheCall() throws IOException {
        Matcher m = Pattern.compile("(?m)^\\| (\\S+) \\| [^|]+ \\| (\\S+) \\| (\\w+)\\(\\) \\|").matcher(CallIndex.markdown(Catalogue.get()));
        int rows = 0;
        while (m.find()) {
            rows++;
            Path src = REPO.resolve(m.group(2));
            assertTrue(Files.exists(src), m.group(1) + ": " + src);
            String text = Files.readString(src);
            assertTrue(text.contains(" " + m.group(3) + "("), m.group(1) + ": no method " + m.group(3) + " in " + src);
        }
        assertEquals(Catalogue.get().calls().size(), rows);
    }

    @Test
    void aNameBuiltFromAPatternLeadsToItsDeclaration() {
        String index = CallIndex.markdown(Catalogue.get());
        // AttrCalls declares the keyval calls of communicators, windows and datatypes from one pattern
        for (String k : new String[] {"Comm", "Win", "Type"}) {
            Matcher m = Pattern.compile("(?m)^\\| MPI_" + k + "_create_keyval \\| MPI attributes \\| (\\S+) \\|").matcher(index);
            assertTrue(m.find(), "MPI_" + k + "_create_keyval");
            assertTrue(m.group(1).endsWith("/AttrCalls.java"), m.group(1));
        }
    }
}
