package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Param;

/** Which arguments a shell command may leave out is what the catalogue declares, nothing guessed from the C text. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OptionalArgsTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();

    private boolean run(Session s, String line) {
        out.reset();
        err.reset();
        return s.execute(line);
    }

    private String err() { return err.toString(StandardCharsets.UTF_8); }
    private String out() { return out.toString(StandardCharsets.UTF_8); }

    @Test
    void declaredOptionalArgumentsMayBeLeftOutAndOthersMayNot() {
        Printer printer = new Printer(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false);
        try (Session s = new Session(2, printer, false)) {
            // MPI_Init(NULL, NULL), as C programs call it
            assertTrue(run(s, "MPI_Init"), err());
            // extra_state left out is NULL
            assertTrue(run(s, "MPI_Comm_create_keyval MPI_COMM_NULL_COPY_FN MPI_COMM_NULL_DELETE_FN"), err());
            assertTrue(out().contains("comm_keyval = "), out());
            // lapi_info left out is a zeroed lapi_info_t
            assertTrue(run(s, "LAPI_Init"), err());
            assertTrue(out().contains("hndl = 0"), out());
            // pointers that are not optional, whatever their C type: LAPI_Address's void *my_addr, LAPI_Xfer's xfer_cmd
            assertFalse(run(s, "LAPI_Address"));
            assertTrue(err().contains("LAPI_Address: missing my_addr (usage: LAPI_Address my_addr)"), err());
            assertFalse(run(s, "LAPI_Xfer 0"));
            assertTrue(err().contains("LAPI_Xfer: missing xfer_cmd"), err());
            assertFalse(run(s, "MPI_Comm_set_attr MPI_COMM_WORLD 0"));
            assertTrue(err().contains("missing attribute_val"), err());
        }
    }

    @Test
    void everyOptionalParameterSaysWhatTheCallGets() {
        int optional = 0;
        for (Call c : Catalogue.get().calls()) {
            for (Param p : c.inputs()) {
                if (!p.optional()) continue;
                optional++;
                assertFalse(p.whenOmitted().isBlank(), c.name() + " " + p.name());
            }
        }
        // MPI_Init's two and MPI_Init_thread's two (argc, argv), the four keyval-creating calls' extra_state, LAPI_Init's lapi_info
        assertEquals(9, optional);
    }
}
