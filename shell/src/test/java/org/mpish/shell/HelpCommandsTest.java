package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.catalog.Catalogue;

/** 'help CALL' is made from the declaration: synopses, arguments that may be left out, structure members. */
class HelpCommandsTest {
    private static List<String> help(String call) { return HelpCommands.Help.callHelp(Catalogue.get().call(call)); }

    @Test
    void optionalArgumentsAreNamedWithWhatTheCallGets() {
        List<String> h = help("MPI_Init");
        assertEquals("  shell:  MPI_Init [argc] [argv]", h.get(1));
        assertTrue(h.contains("  argc may be left out: the call then gets NULL"), h.toString());
        assertTrue(h.contains("  argv may be left out: the call then gets NULL"), h.toString());
        assertTrue(help("MPI_Comm_rank").stream().noneMatch(l -> l.contains("left out")));
    }

    @Test
    void xferListsEveryMemberWithItsFields() {
        List<String> h = help("LAPI_Xfer");
        assertTrue(h.contains("          LAPI_Xfer hndl Xfer_type=type field=value ..."), h.toString());
        // lapi_rmw_t and lapi_getv_t as lapi.h declares them
        assertTrue(h.contains("    LAPI_RMW_XFER (lapi_rmw_t): op, tgt, size, tgt_var, in_val, prev_tgt_val, org_cntr, shdlr, sinfo."),
                h.toString());
        assertTrue(h.contains("    LAPI_GETV_XFER (lapi_getv_t): flags, tgt, org_vec, tgt_vec, tgt_cntr, org_cntr, chndlr, cinfo."),
                h.toString());
        assertEquals(10, h.stream().filter(l -> l.startsWith("    LAPI_")).count(), h.toString());
        assertTrue(h.contains("    lapi_vec_t fields: vec_type, num_vecs, info, len."), h.toString());
        assertTrue(help("LAPI_Util").contains("    lapi_dgsp_descr_t fields: code, code_size, depth, density, size, extent, lext, rext,"
                + " atom_size."));
        List<String> init = help("LAPI_Init");
        assertTrue(init.contains("    protocol, lib_vers, epoch_num, num_compl_hndlr_thr, instance_no, info6, err_hndlr, lapi_thread_attr,"
                + " adapter_name, add_info."), init.toString());
    }
}
