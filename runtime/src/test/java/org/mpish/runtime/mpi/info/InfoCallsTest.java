package org.mpish.runtime.mpi.info;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;

/**
 * Info objects, MPI-4.1 chapter 10 (the deprecated MPI_Info_get / get_valuelen in 10 and A.3) and MPI_INFO_ENV /
 * MPI_Info_create_env (11.2.3). Expected values: the standard and the same calls run under Open MPI 4.1.4 and
 * MPICH 4.0.2 on this machine (printed by /tmp test programs; quoted next to each assertion).
 */
@Timeout(30)
class InfoCallsTest {
    private static Object info(Rank r, String... kv) {
        Object i = call1(r, "MPI_Info_create");
        for (int k = 0; k < kv.length; k += 2) call(r, "MPI_Info_set", i, kv[k], kv[k + 1]);
        return i;
    }

    @Test
    void infoGetCutsTheValueToValuelenCharactersAndSaysWhetherTheKeyIsThere() {
        // Open MPI: get3 -> 'hel' flag 1; get5 -> 'hello'; get10 -> 'hello'; "valuelen" 5 flag 1; missing key flag 0
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Object i = info(r, "k1", "hello");
                assertArrayEquals(new Object[] {"hel", true}, call(r, "MPI_Info_get", i, "k1", 3));
                assertArrayEquals(new Object[] {"hello", true}, call(r, "MPI_Info_get", i, "k1", 5));
                assertArrayEquals(new Object[] {"hello", true}, call(r, "MPI_Info_get", i, "k1", 10));
                assertArrayEquals(new Object[] {"", true}, call(r, "MPI_Info_get", i, "k1", 0));
                assertEquals(false, call(r, "MPI_Info_get", i, "zz", 10)[1]);
                assertArrayEquals(new Object[] {5, true}, call(r, "MPI_Info_get_valuelen", i, "k1"));
                assertEquals(false, call(r, "MPI_Info_get_valuelen", i, "zz")[1]);
            });
        }
    }

    @Test
    void infoGetRefusesANegativeValuelenAndABadKey() {
        // Open MPI: valuelen -1 -> MPI_ERR_ARG; an empty key -> MPI_ERR_INFO_KEY
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object i = info(r, "k1", "hello");
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Info_get", i, "k1", -1));
                expectError(ErrorClass.MPI_ERR_INFO_KEY, () -> call(r, "MPI_Info_get", i, "", 10));
                expectError(ErrorClass.MPI_ERR_INFO_KEY, () -> call(r, "MPI_Info_get_valuelen", i, "k".repeat(256)));
            });
        }
    }

    @Test
    void infoEnvHoldsTheStandardsKeysMpishKnowsAndIsReadOnly() {
        // 11.2.3 reserves command, argv, maxprocs, soft, host, arch, wdir, file, thread_level; Open MPI shows
        // maxprocs = 1 for -n 1, host = vm (gethostname), arch = x86_64 (uname -m), wdir = the working directory
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                call(r, "MPI_Init_thread", null, null, 1);
                Map<String, String> env = read(r, "MPI_INFO_ENV");
                assertEquals(List.of("maxprocs", "host", "arch", "wdir", "thread_level"), List.copyOf(env.keySet()));
                assertEquals("3", env.get("maxprocs"));
                assertEquals(System.getProperty("user.dir"), env.get("wdir"));
                assertEquals("MPI_THREAD_FUNNELED", env.get("thread_level")); // Open MPI after Init_thread(FUNNELED)
                assertEquals(call(r, "MPI_Get_processor_name")[0], env.get("host"));
                expectError(ErrorClass.MPI_ERR_INFO, () -> call(r, "MPI_Info_set", "MPI_INFO_ENV", "x", "y"));
                expectError(ErrorClass.MPI_ERR_INFO, () -> call(r, "MPI_Info_delete", "MPI_INFO_ENV", "host"));
                expectError(ErrorClass.MPI_ERR_INFO, () -> call(r, "MPI_Info_free", "MPI_INFO_ENV"));
                Object copy = call1(r, "MPI_Info_dup", "MPI_INFO_ENV");
                call(r, "MPI_Info_set", copy, "x", "y"); // a copy is the program's own
                assertEquals(6, call1(r, "MPI_Info_get_nkeys", copy));
                assertEquals(5, call1(r, "MPI_Info_get_nkeys", "MPI_INFO_ENV"));
            });
        }
    }

    @Test
    void archIsWhatUnameSays() throws Exception {
        Process u = new ProcessBuilder("uname", "-m").start();
        String arch = new String(u.getInputStream().readAllBytes()).strip();
        u.waitFor();
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> assertEquals(arch, read(r, "MPI_INFO_ENV").get("arch")));
        }
    }

    @Test
    void createEnvAddsCommandAndArgvFromItsArgumentsAndWorksBeforeAndAfterMpi() {
        // Open MPI's MPI_INFO_ENV for "./t a b": command = t_o, argv = "a b"
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Handle e = (Handle) call1(r, "MPI_Info_create_env", 3, List.of("prog", "a", "b"));
                assertEquals(false, call1(r, "MPI_Initialized")); // 11.2.1: it does not start MPI
                Map<String, String> m = read(r, e);
                assertEquals("prog", m.get("command"));
                assertEquals("a b", m.get("argv"));
                assertEquals("2", m.get("maxprocs"));
                Handle none = (Handle) call1(r, "MPI_Info_create_env", 0, null);
                assertTrue(!read(r, none).containsKey("command"));
                assertNotEquals(e, none);
                call(r, "MPI_Info_free", e);
                call(r, "MPI_Finalize");
                Handle after = (Handle) call1(r, "MPI_Info_create_env", 1, List.of("p"));
                assertEquals("p", read(r, after).get("command"));
                call(r, "MPI_Info_free", after);
            });
        }
    }

    @Test
    void createEnvRefusesAnArgcItsArgvDoesNotHave() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Info_create_env", 2, List.of("only")));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Info_create_env", -1, null));
            });
        }
    }

    static Map<String, String> read(Rank r, Object info) {
        Map<String, String> m = new LinkedHashMap<>();
        int n = (int) call1(r, "MPI_Info_get_nkeys", info);
        for (int k = 0; k < n; k++) {
            String key = (String) call1(r, "MPI_Info_get_nthkey", info, k);
            m.put(key, (String) call(r, "MPI_Info_get", info, key, 1024)[0]);
        }
        return m;
    }
}
