package org.mpish.shell.man;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManLintTest {

    @TempDir
    Path dir;

    @Test
    void cleanSamplePageHasNoMessages() {
        Path page = RegressCases.dir().resolve("page-mpish.in");
        assertEquals(List.of(), ManLint.lint(page));
    }

    @Test
    void reportsProblemsWithFileLineAndColumn() throws IOException {
        Path page = dir.resolve("MPI_Bad.3");
        Files.writeString(page, """
                .TH MPI_BAD 1
                .SH NAME
                MPI_Bad \\- bad\\(zz page\s
                .RE
                """, StandardCharsets.UTF_8);
        // exactly mandoc -T lint -W all, in mandoc's order (parsing first, then validation)
        assertEquals(List.of(
                page + ":3:15: WARNING: invalid escape sequence: \\(zz",
                page + ":3:24: STYLE: whitespace at end of input line",
                page + ":4:2: ERROR: skipping end of block that is not open: RE",
                page + ":1:13: WARNING: filename/section mismatch: *.3 vs TH ... 1",
                page + ":1:2: WARNING: missing date, using \"\": TH",
                page + ":4:2: WARNING: skipping paragraph macro: br at the end of SH"),
                ManLint.lint(page).stream().map(Diagnostic::toString).toList());
        assertEquals(1, ManLint.lint(page, Level.ERROR).size());
    }

    @Test
    void latin1FilesAreRead() throws IOException {
        Path page = dir.resolve("l.7");
        Files.write(page, ".TH L 7 2026-01-01\n.SH NAME\ncaf\u00e9 \\- x\n".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(List.of(), ManLint.lint(page, Level.ERROR));
    }
}
