package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** LAPI in the shell: LAPI_Xfer's union as name=value fields, named counters, the cntr view, lapi trace events. */
class LapiShellIT {
    @Test
    void xferFieldsByNameCountersViewAndTrace() throws Exception {
        String session = String.join("\n",
                "@* LAPI_Init",
                "cntr new c0",
                "@1 cntr new t0",
                "@1 js buf = mem.alloc(16)",
                "js src = mem.alloc(16); mem.write(src, MPI.INT, [1, 2, 3, 4]); src",
                "trace on lapi",
                "LAPI_Xfer 0 type=PUT tgt=1 tgt_addr=`65568` org_addr=`src` len=16 org_cntr=c0 tgt_cntr=0x10000",
                "trace off",
                "cntr",
                "@1 cntr",
                "@1 js mem.read(buf, MPI.INT, 4)",
                "LAPI_Xfer 0 Xfer_type=LAPI_GET_XFER tgt=1 tgt_addr=0x10020 org_addr=`src` len=4 org_cnt=c0",
                "LAPI_Xfer 0 type=PUT tgt=7 len=0",
                "@1 LAPI_Addr_set 0 `(h, uhdr, uhdr_len, info) => { print('handler ran for task ' + info.src); }` 1",
                "LAPI_Amsend 0 1 1 0 0 0 0 0 0 0",
                "@1 LAPI_Probe 0",
                "");
        Launcher.Result r = Launcher.run(session, "-n", "2");
        String out = r.out(), err = r.err();
        assertTrue(out.contains("trace [0] lapi sent: h0 put of 16 bytes"), r.toString());
        assertTrue(out.contains("trace [1] lapi landed: h0 16 bytes at 0x10020"), r.toString());
        assertTrue(out.contains("lapi cntr: tgt_cntr 0x10000 -> 1: put data arrived"), r.toString());
        assertTrue(out.matches("(?s).*0x10000\\s+c0\\s+1 org_cntr\\s+1\\s+origin buffer reusable.*"), r.toString());
        assertTrue(out.matches("(?s).*0x10000\\s+t0\\s+1 tgt_cntr\\s+1\\s+put data arrived.*"), r.toString());
        assertTrue(out.contains("[1, 2, 3, 4]"), r.toString());
        assertTrue(err.contains("LAPI_Xfer: xfer_cmd (LAPI_GET_XFER) has no field 'org_cnt'"), r.toString());
        assertTrue(err.contains("code 428: LAPI_ERR_TGT"), r.toString());
        assertTrue(out.contains("handler ran for task 0"), r.toString());
        assertEquals(1, r.status(), "a failed call makes the exit status non-zero\n" + r);
    }
}
