package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What the pages tell a user, in words (issue 19 items 8, 9, 12, 14). */
class ManPageWordingTest {
    private static final Path MAN = Repo.root().resolve("man");
    /** A rule id of semantics.md (A6, B3, L32, R58): for tests and comments, never for users. */
    private static final Pattern RULE_ID = Pattern.compile("(?<![\\w\\\\-])[ABLR]\\d{1,3}(?![\\w])");

    private static String text(String page) throws IOException {
        return Files.readString(MAN.resolve(page));
    }

    /** The page's text without roff comments and with font escapes and line breaks removed, for phrase matching. */
    private static String words(String page) throws IOException {
        StringBuilder b = new StringBuilder();
        for (String line : text(page).split("\n")) {
            if (line.startsWith(".\\\"")) continue;
            b.append(line.replaceFirst("^\\.(B|I|BR|IR|RB|RI|BI|IB)\\s+", "")).append(' ');
        }
        return b.toString().replaceAll("\\\\f[BIRP]", "").replace("\"", "").replaceAll("\\s+", " ");
    }

    @Test
    void noPageShowsARuleId() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> pages = Files.walk(MAN)) {
            for (Path p : pages.filter(Files::isRegularFile).toList()) {
                String[] lines = Files.readString(p).split("\n");
                for (int i = 0; i < lines.length; i++) {
                    if (lines[i].startsWith(".\\\"")) continue;
                    Matcher m = RULE_ID.matcher(lines[i]);
                    if (m.find()) found.add(MAN.relativize(p) + ":" + (i + 1) + ": " + lines[i]);
                }
            }
        }
        assertEquals(List.of(), found);
    }

    /** With USE_TGT_VEC_TYPE tgt_vec is a lapi_vec_t; without it, a lapi_lvec_t (the LAPI_Xfer documentation). */
    @Test
    void xferSaysTheTargetVectorTypeTheRightWayRound() throws IOException {
        String w = words("man3/LAPI_Xfer.3");
        assertTrue(w.contains("Without the flag USE_TGT_VEC_TYPE , tgt_vec is a lapi_lvec_t"), w);
        assertTrue(w.contains("With the flag, tgt_vec is a lapi_vec_t read by its own type"), w);
        assertTrue(!w.contains("target vector is read as a lapi_lvec_t"), "the old, reversed sentence is still there");
    }

    @Test
    void xferListsEachAliasOnOneLine() throws IOException {
        String w = words("man3/LAPI_Xfer.3");
        String[][] aliases = {{"LAPI_ERROR_ORG_ADDR_NULL", "LAPI_ERR_ORG_ADDR_NULL"}, {"LAPI_ERROR_ORG_EXTENT", "LAPI_ERR_ORG_EXTENT"},
                {"LAPI_ERROR_ORG_STRIDE", "LAPI_ERR_ORG_STRIDE"}, {"LAPI_ERROR_ORG_VEC_ADDR", "LAPI_ERR_ORG_VEC_ADDR"},
                {"LAPI_ERROR_ORG_VEC_LEN", "LAPI_ERR_ORG_VEC_LEN"}, {"LAPI_ERROR_ORG_VEC_NULL", "LAPI_ERR_ORG_VEC_NULL"},
                {"LAPI_ERROR_ORG_VEC_TYPE", "LAPI_ERR_ORG_VEC_TYPE"}, {"LAPI_ERR_MEMORY_DELETED", "LAPI_ERR_MEMORY_EXHAUSTED"},
                {"LAPI_ERR_TGT_CLEAR", "LAPI_ERR_TGT_PURGED"}, {"BUFFER_BOTH_CONTIOUS", "BUFFER_BOTH_CONTIGUOUS"}};
        for (String[] a : aliases) assertTrue(w.contains(a[0] + " is an alias of " + a[1]) || w.contains(a[0] + " alias of " + a[1]), a[0]);
    }

    @Test
    void keyvalPagesPromiseKeyvalInvalidIsNeverReturned() throws IOException {
        for (String p : List.of("MPI_Keyval_create", "MPI_Comm_create_keyval", "MPI_Type_create_keyval", "MPI_Win_create_keyval")) {
            String w = words("man3/" + p + ".3");
            assertTrue(w.contains("A key value returned is never MPI_KEYVAL_INVALID, so that value can initialise a static variable"), p);
        }
    }
}
