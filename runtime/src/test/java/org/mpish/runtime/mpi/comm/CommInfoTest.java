package org.mpish.runtime.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;

/**
 * Communicator hints, MPI-4.1 section 7.4.4: the four assertions (mpi_assert_no_any_tag, no_any_source,
 * exact_length, allow_overtaking), each "false" unless set; MPICH 4.0.2's MPI_Comm_get_info on MPI_COMM_WORLD
 * shows these four as "false" (with hints of its own, which mpish does not have). Unknown hints are dropped.
 */
@Timeout(30)
class CommInfoTest {
    static Map<String, String> hints(Rank r, Object comm) {
        Object info = call1(r, "MPI_Comm_get_info", comm);
        Map<String, String> m = new LinkedHashMap<>();
        int n = (int) call1(r, "MPI_Info_get_nkeys", info);
        for (int k = 0; k < n; k++) {
            String key = (String) call1(r, "MPI_Info_get_nthkey", info, k);
            m.put(key, (String) call(r, "MPI_Info_get_string", info, key, 64)[1]);
        }
        call(r, "MPI_Info_free", info);
        return m;
    }

    @Test
    void everyAssertionIsFalseUntilSetAndUnknownKeysAndValuesAreDropped() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                assertEquals(Map.of("mpi_assert_no_any_tag", "false", "mpi_assert_no_any_source", "false",
                        "mpi_assert_exact_length", "false", "mpi_assert_allow_overtaking", "false"), hints(r, "MPI_COMM_WORLD"));
                Object info = call1(r, "MPI_Info_create");
                call(r, "MPI_Info_set", info, "mpi_assert_no_any_source", "true");
                call(r, "MPI_Info_set", info, "mpi_assert_exact_length", "perhaps");
                call(r, "MPI_Info_set", info, "my_own_hint", "7");
                Object dup = call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_set_info", dup, info);
                Map<String, String> h = hints(r, dup);
                assertEquals("true", h.get("mpi_assert_no_any_source"));
                assertEquals("false", h.get("mpi_assert_exact_length"));
                assertEquals(4, h.size());
                assertEquals("false", hints(r, "MPI_COMM_WORLD").get("mpi_assert_no_any_source")); // only dup changed
            });
        }
    }

    @Test
    void dupWithInfoAndIdupWithInfoGiveTheNewCommunicatorTheHintsOfInfo() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Object info = call1(r, "MPI_Info_create");
                call(r, "MPI_Info_set", info, "mpi_assert_no_any_tag", "true");
                Object a = call1(r, "MPI_Comm_dup_with_info", "MPI_COMM_WORLD", info);
                Object[] b = call(r, "MPI_Comm_idup_with_info", "MPI_COMM_WORLD", info);
                call(r, "MPI_Wait", b[1]);
                assertEquals("true", hints(r, a).get("mpi_assert_no_any_tag"));
                assertEquals("true", hints(r, b[0]).get("mpi_assert_no_any_tag"));
                // the new communicator works: a message goes round it
                int me = (int) call1(r, "MPI_Comm_rank", b[0]);
                assertEquals(2, call1(r, "MPI_Comm_size", b[0]));
                assertTrue(me == 0 || me == 1);
                call(r, "MPI_Barrier", b[0]);
            });
        }
    }

    @Test
    void aFreedInfoOrCommIsAnError() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object info = call1(r, "MPI_Info_create");
                call(r, "MPI_Info_free", info);
                expectError(ErrorClass.MPI_ERR_INFO, () -> call(r, "MPI_Comm_set_info", "MPI_COMM_WORLD", info));
                expectError(ErrorClass.MPI_ERR_COMM, () -> call(r, "MPI_Comm_get_info", "MPI_COMM_NULL"));
                Handle ok = (Handle) call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
                call(r, "MPI_Comm_set_info", ok, "MPI_INFO_NULL"); // no hints: nothing changes
            });
        }
    }
}
