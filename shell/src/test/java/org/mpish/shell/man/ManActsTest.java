package org.mpish.shell.man;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The man(7) terminal stage is a table, one row per macro (as mandoc's man_term.c) and one per
 * request the parser keeps (as roff_term.c): a token added to {@link Tok} without a row would be
 * laid out as a plain container, or a request silently dropped.
 */
class ManActsTest {

    @Test
    void everyMacroHasARow() {
        List<Tok> missing = Arrays.stream(Tok.values()).filter(t -> !t.isRequest() && !ManActs.hasRow(t)).toList();
        assertEquals(List.of(), missing, "man(7) macros without a row in ManActs");
    }

    @Test
    void everyKeptRequestHasARow() {
        List<Tok> missing = Arrays.stream(Tok.values()).filter(t -> t.isRequest() && !RequestFormatter.hasRow(t)).toList();
        assertEquals(List.of(), missing, "requests without a row in RequestFormatter");
    }
}
