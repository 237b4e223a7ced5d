package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpish.runtime.ffm.Implementations;

/**
 * mpish compare over scripts of scripts/ that use neither LAPI nor the in-process views: each must give the same
 * output, rank by rank, in-process and on both MPIs (or declare the difference in its header). The list is the
 * corpus run so far (see the report of the native-engine issue); each script costs three runs.
 */
class NativeCorpusIT {
    @ParameterizedTest
    @ValueSource(strings = {"scripts/hello.js", "scripts/examples/MPI_Send.js", "scripts/examples/MPI_Bsend.js",
            "scripts/p2p/ring.js", "scripts/examples/MPI_Op_create.js", "scripts/coll/reductions.js"})
    void theScriptAgreesOnEveryEngine(String script) throws Exception {
        for (String impl : Implementations.ALL) NativeMpiIT.require(impl);
        Launcher.Result r = Launcher.run(null, 600, "compare", "--timeout", "240", script);
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("openmpi agrees, mpich agrees with in-process"), r.toString());
    }
}
