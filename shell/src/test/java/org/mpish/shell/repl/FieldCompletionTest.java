package org.mpish.shell.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jline.reader.Candidate;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;

/** Tab completion of a structure argument's fields comes from the members the catalogue declares. */
class FieldCompletionTest {
    private static final Catalogue CAT = Catalogue.get();

    private static List<String> complete(String call, String... args) {
        Call c = CAT.call(call);
        List<Candidate> out = FieldCompletion.complete(CAT, c, List.of(args), args[args.length - 1]);
        return out == null ? null : out.stream().map(Candidate::value).toList();
    }

    @Test
    void xferOffersTheSelectorThenTheFieldsOfTheMemberItNames() {
        assertEquals(List.of("Xfer_type="), complete("LAPI_Xfer", "0", ""));
        // lapi_put_t in lapi.h, in its order (pad is never offered)
        assertEquals(List.of("flags=", "tgt=", "tgt_addr=", "org_addr=", "len=", "shdlr=", "sinfo=", "tgt_cntr=", "org_cntr=",
                "cmpl_cntr="), complete("LAPI_Xfer", "0", "Xfer_type=LAPI_PUT_XFER", ""));
        // the shell's short form, and fields already given are left out
        assertEquals(List.of("flags=", "tgt=", "tgt_addr=", "org_addr=", "tgt_cntr=", "org_cntr=", "chndlr=", "cinfo="),
                complete("LAPI_Xfer", "0", "type=GET", "len=8", ""));
    }

    @Test
    void afterNameEqualsTheFieldsPredefinedValues() {
        List<String> types = complete("LAPI_Xfer", "0", "Xfer_type=");
        assertTrue(types.contains("Xfer_type=LAPI_PUT_XFER") && types.contains("Xfer_type=LAPI_AMV_XFER"), types.toString());
        List<String> flags = complete("LAPI_Xfer", "0", "type=PUTV", "flags=");
        assertTrue(flags.contains("flags=USE_TGT_VEC_TYPE"), flags.toString());
        List<String> op = complete("LAPI_Xfer", "0", "type=RMW", "op=");
        assertTrue(op.contains("op=FETCH_AND_ADD"), op.toString());
    }

    @Test
    void aPlainStructureOffersAllItsFieldsAndOtherWordsAreLeftAlone() {
        List<String> info = complete("LAPI_Init", "");
        assertEquals("protocol=", info.get(0));
        assertTrue(info.contains("instance_no=") && info.contains("err_hndlr="), info.toString());
        // the handle comes before the structure: not a field yet; a parameter's name= is not a field
        assertNull(complete("LAPI_Xfer", ""));
        assertNull(complete("LAPI_Xfer", "hndl="));
        assertNull(complete("MPI_Comm_rank", ""));
    }
}
