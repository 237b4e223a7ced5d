package org.mpish.runtime.mpi.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Event;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.info.Info;

/**
 * Initialisation, threads and what a process learns about where it runs: MPI-4.1 sections 11.2.3 (thread levels),
 * 9.1.1-9.1.3 (processor name, library version, hardware info) and 15.2.1 (MPI_Pcontrol). Expected values: the
 * standard, and runs of the same calls under Open MPI 4.1.4 and MPICH 4.0.2 on this machine.
 */
@Timeout(30)
class ProcessCallsTest {
    @Test
    void threadLevelsHaveTheValuesOfOpenMpiAndMpichAndGrowWithWhatTheyAllow() {
        // both implementations print "levels 0 1 2 3"; the standard asks SINGLE < FUNNELED < SERIALIZED < MULTIPLE
        Catalogue cat = Catalogue.get();
        assertEquals(List.of(0, 1, 2, 3), List.of("MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE")
                .stream().map(n -> cat.constant(n).value().apply(null)).toList());
    }

    @Test
    void initThreadGivesWhatWasAskedUpToFunneledAndQueryThreadRepeatsIt() {
        // Open MPI and MPICH: Init_thread(FUNNELED) -> provided 1, Query_thread 1, Is_thread_main 1
        int[] asked = {0, 1, 2, 3};
        int[] want = {0, 1, 1, 1}; // a rank's calls all run on its own thread: mpish provides at most FUNNELED
        for (int i = 0; i < asked.length; i++) {
            int required = asked[i], expected = want[i];
            try (TestJob t = new TestJob(2)) {
                t.spmd(r -> {
                    assertEquals(expected, call1(r, "MPI_Init_thread", null, null, required), "provided for required " + required);
                    assertEquals(expected, call1(r, "MPI_Query_thread"));
                    assertEquals(true, call1(r, "MPI_Is_thread_main"));
                    assertEquals(true, call1(r, "MPI_Initialized"));
                });
            }
        }
    }

    @Test
    void mpiInitOrAnImplicitStartMeansThreadSingle() {
        // MPI-4.1 11.2.3: MPI_Init is MPI_Init_thread with MPI_THREAD_SINGLE (both implementations: "after MPI_Init query 0")
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                call(r, "MPI_Init", null, null);
                assertEquals(0, call1(r, "MPI_Query_thread"));
            });
        }
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> assertEquals(0, call1(r, "MPI_Query_thread")));
        }
    }

    @Test
    void initThreadTwiceOrAfterAnyCallOrWithABadLevelIsAnError() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                call(r, "MPI_Comm_rank", "MPI_COMM_WORLD"); // mpish starts MPI on a rank at its first call
                expectError(ErrorClass.MPI_ERR_OTHER, () -> call(r, "MPI_Init_thread", null, null, 1));
            });
        }
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                call(r, "MPI_Init_thread", null, null, 0);
                TestJob.returnErrors(r);
                expectError(ErrorClass.MPI_ERR_OTHER, () -> call(r, "MPI_Init_thread", null, null, 0));
            });
        }
        try (TestJob t = new TestJob(1)) {
            // a level outside 0..3: Open MPI refuses it; mpish says which levels exist (and MPI is not started)
            t.spmd(r -> {
                TestJob.returnErrors(r);
                var e = expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Init_thread", null, null, 7));
                assertTrue(e.getMessage().contains("required is 7"), e.getMessage());
                assertEquals(false, call1(r, "MPI_Initialized"));
            });
        }
    }

    @Test
    void theMainThreadIsTheRanksOwnThreadAndNoOther() throws Exception {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> assertEquals(true, call1(r, "MPI_Is_thread_main")));
            // the same call made from another thread (this test's) is not on the main thread
            assertFalse(Thread.currentThread() == t.rank(0).thread());
            assertEquals(false, call1(t.rank(0), "MPI_Is_thread_main"));
        }
    }

    @Test
    void processorNameIsTheSimulatedNodeAndFitsItsMaximum() {
        // a real MPI gives gethostname(2) ("vm" here from Open MPI and MPICH alike); mpish gives the simulated node,
        // node0 for every rank without --nodes (NodesTest covers the placement). MPI_MAX_PROCESSOR_NAME is Open
        // MPI's 256 (mpi.h of Open MPI 4.1.4); resultlen does not count C's terminating null
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                Object[] o = call(r, "MPI_Get_processor_name");
                assertEquals("node0", o[0]);
                assertEquals(5, o[1]);
                assertEquals(256, Catalogue.get().constant("MPI_MAX_PROCESSOR_NAME").value().apply(r));
            });
        }
    }

    @Test
    void libraryVersionNamesMpishAndTheStandardAndFitsItsMaximum() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Object[] o = call(r, "MPI_Get_library_version");
                String v = (String) o[0];
                assertEquals(v.length(), o[1]);
                assertTrue(v.startsWith("mpish ") && v.contains("MPI 4.1"), v);
                assertTrue(v.length() < (int) Catalogue.get().constant("MPI_MAX_LIBRARY_VERSION_STRING").value().apply(r));
                call(r, "MPI_Finalize");
                // 11.2.1: allowed after MPI_Finalize
                assertEquals(v, call(r, "MPI_Get_library_version")[0]);
            });
        }
    }

    @Test
    void hwResourceInfoIsANewEmptyInfoTheCallerFrees() {
        // Open MPI documents an empty info object; mpish knows no hardware beyond one host's shared memory
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Handle a = (Handle) call1(r, "MPI_Get_hw_resource_info");
                Handle b = (Handle) call1(r, "MPI_Get_hw_resource_info");
                assertTrue(a instanceof Info && a != b && a.isValid());
                assertEquals(0, call1(r, "MPI_Info_get_nkeys", a));
                call(r, "MPI_Info_free", a);
                assertTrue(a.isFreed());
            });
        }
    }

    @Test
    void pcontrolAcceptsAnyLevelAndShowsItInTheTrace() {
        // 15.2.1: any level is legal (Open MPI and MPICH return MPI_SUCCESS for 0 and 5)
        try (TestJob t = new TestJob(1)) {
            List<Event> events = t.record();
            t.spmd(r -> {
                call(r, "MPI_Pcontrol", 0);
                call(r, "MPI_Pcontrol", 5);
            });
            List<Object> levels = events.stream().filter(e -> e.kind().equals("pcontrol")).map(e -> e.fields().get("level")).toList();
            assertEquals(List.of(0, 5), levels);
        }
    }
}
