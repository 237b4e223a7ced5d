package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.mpish.runtime.ffm.Implementations;

/**
 * mpish compare over the whole scripts/ corpus: every script must give the same output, rank by rank, in-process and
 * on both MPIs, or declare the difference in a {@code // mpish-compare: differs /REGEX/ why} header (each one a
 * finding, listed in mpish(7)). Scripts are found, not listed, so a new script is compared unless a rule below or
 * {@link #EXCLUDED} says why it cannot be. Two compares run at once (each starts up to 2 N + 1 JVMs; more would only
 * queue on this 2-core machine); the whole run's duration is printed.
 * <p>The whole corpus runs only with {@code -Dmpish.corpus=true} ({@code ./run-tests -Dmpish.corpus=true}): it starts
 * three engines per script (about 2 N + 1 JVMs), over half an hour on the loaded 2-core machine, past CI's fifteen
 * minutes. By default {@link #SUBSET} runs: a few scripts that between them reach every part of the native engine
 * (upcalls of each kind, statuses, datatypes, RMA and its mapped memory, topology arrays, communicators and groups).
 * Running many scripts in one process per MPI is not an option: MPI cannot be initialized again after
 * MPI_Finalize, so the scripts would share one MPI session, and what one leaves on MPI_COMM_WORLD (attributes, an
 * error handler) would change what the next one sees, which is not the comparison a user gets.
 */
class NativeCorpusIT {
    /** Scripts that cannot agree on a real MPI, each with the reason (the rules in {@link #reasonToSkip} cover the rest). */
    static final Map<String, String> EXCLUDED = Map.ofEntries(
            Map.entry("examples/MPI_Buffer_flush.js", "MPI_Buffer_flush is MPI-4.1: neither Open MPI 4.1.4 nor MPICH 4.0.2 has it"),
            Map.entry("examples/MPI_Comm_attach_buffer.js", "MPI_Comm_attach_buffer is MPI-4.1: neither library has it"),
            Map.entry("examples/MPI_Get_hw_resource_info.js", "MPI_Get_hw_resource_info is MPI-4.1: neither library has it"),
            Map.entry("p2p/bsend-tutorial.js", "uses MPI_Buffer_iflush and the communicator buffers of MPI-4.1: neither library has them"),
            Map.entry("examples/MPI_Session_set_errhandler.js", "sessions are MPI-4.0: Open MPI 4.1.4 lacks them"),
            Map.entry("p2p/partitioned.js", "partitioned communication is MPI-4.0: Open MPI 4.1.4 lacks it (MPICH 4.0.2 has it, and shows"
                    + " no partition arrived before MPI_Wait, which the standard allows)"),
            Map.entry("examples/error_codes.js", "MPI_Remove_error_class and friends are MPI-4.1: neither library has them"),
            Map.entry("examples/datatype_maps.js", "MPI_Type_contiguous_c (large counts) is MPI-4.0: Open MPI 4.1.4 lacks it"),
            Map.entry("examples/MPI_Info_get.js", "MPICH 4.0.2 fails MPI_Info_get with MPI_ERR_INFO_VALUE when the value is longer than"
                    + " valuelen, where the standard truncates it (a finding, in mpish(7))"),
            Map.entry("examples/MPI_Comm_set_info.js", "MPI_Comm_get_info lists the hints the implementation uses, which the"
                    + " standard leaves to it: MPICH adds keys of its own (enable_multi_nic_striping)"),
            Map.entry("examples/MPI_Win_set_info.js", "MPI_Win_get_info lists the implementation's own hints: MPICH adds keys (alloc_shared_noncontig)"),
            Map.entry("examples/errhandlers.js", "prints MPI_Error_string, whose text is each implementation's (MPICH's spans lines, with its"
                    + " error stack); Open MPI refuses setting MPI_TAG_UB with MPI_ERR_OTHER (in mpish(7))"),
            Map.entry("examples/MPI_Info_create_env.js", "MPI_Info_create_env is MPI-4.0: Open MPI 4.1.4 lacks it (and the native engine"
                    + " cannot pass argv yet)"),
            Map.entry("sessions/side-by-side.js", "sessions are MPI-4.0: Open MPI 4.1.4 lacks them"),
            Map.entry("sessions/session-ring.js", "sessions are MPI-4.0: Open MPI 4.1.4 lacks them"),
            Map.entry("examples/MPI_Win_allocate_shared.js", "reads every segment through rank 0's address; the native engine maps"
                    + " each queried segment alone, so the read past it is refused (a gap of the native engine)"),
            Map.entry("p2p/bsend-overflow.js", "in-process reports the MPI_Bsend that overflows the buffer; on both MPIs the launch"
                    + " runs into --timeout instead (not yet explained)"),
            Map.entry("p2p/deadlock.js", "a real MPI does not detect a deadlock: the launch waits until --timeout (in mpish(7))"),
            Map.entry("coll/nonblocking.js", "fails on both MPIs after its first nonblocking collectives (not yet investigated)"),
            Map.entry("examples/callback_failure.js", "what a failing copy callback's code becomes, and which delete callbacks of"
                    + " the half-made communicator run, differ on both MPIs (not yet reviewed)"),
            Map.entry("examples/MPI_Win_lock_all.js", "MPICH 4.0.2 gives wrong counters, likely the lost one-sided writes of"
                    + " MPI_Rput's example (not yet checked in C)"),
            Map.entry("examples/MPI_Comm_spawn.js", "shows mpish refusing to spawn; a real MPI tries to start the program 'worker'"),
            Map.entry("examples/MPI_Grequest_start.js", "two findings, both reproduced in C: MPICH 4.0.2 runs free_fn at"
                    + " MPI_Request_free of a request not yet complete (the standard: once both MPI_Request_free and"
                    + " MPI_Grequest_complete have happened); both libraries raise MPI_Waitall's error on MPI_COMM_WORLD's"
                    + " handler, not MPI_COMM_SELF's (the MPI-3.1 rule; MPI-4.1 names MPI_COMM_SELF), so the fatal default"
                    + " ends the process (in mpish(7))"),
            Map.entry("examples/status_fields.js", "MPI_Request_get_status_any, _some and _all are MPI-4.1: neither library has them"),
            Map.entry("tests/attr_contract.js", "checks mpish's own contract, error texts included"));

    /**
     * Compared in every run of the suite; together they pass through each kind of conversion and upcall of the native
     * engine. Start-up alone (hello.js) and the trimmed topology arrays (coll/graph.js) are left to NativeMpiIT's own
     * tests, to keep CI inside its 15 minutes: each script here costs about 18 s on an idle machine.
     */
    static final List<String> SUBSET = List.of(
            "examples/comm_attrs.js",            // attribute copy and delete callbacks as upcalls, keyvals
            "examples/MPI_Op_create.js",         // a user reduction as an upcall, library buffers mapped for it
            "examples/MPI_Status_set_elements.js", // statuses written and read through the library's layout
            "examples/datatypes.js",             // derived datatypes, extents for the buffer checks
            "rma/counter.js");                   // MPI_Win_allocate's memory mapped into the rank's, atomics

    /** Why a script is not compared, or null: the rules first (LAPI, the in-process views), then the list. */
    static String reasonToSkip(String rel, String text) {
        if (text.contains("LAPI")) return "LAPI needs the in-process engine";
        if (text.lines().anyMatch(l -> l.matches("^//\\s*mpish:\\s*explore.*"))) return "explore's schedules are the in-process engine's";
        if (rel.startsWith("bench/")) return "a benchmark: its output is timings (bench/ compares them)";
        return EXCLUDED.get(rel);
    }

    static List<Path> corpus() throws IOException {
        try (Stream<Path> s = Files.walk(Repo.root().resolve("scripts"))) {
            return s.filter(p -> p.toString().endsWith(".js")).sorted().toList();
        }
    }

    @TestFactory
    @EnabledIfSystemProperty(named = "mpish.corpus", matches = "true")
    Stream<DynamicTest> everyScriptAgreesOnEveryEngineOrDeclaresWhy() throws Exception {
        for (String impl : Implementations.ALL) NativeMpiIT.require(impl);
        Path scripts = Repo.root().resolve("scripts");
        List<Path> run = new ArrayList<>();
        for (Path f : corpus()) if (reasonToSkip(scripts.relativize(f).toString(), Files.readString(f)) == null) run.add(f);
        return compare(run);
    }

    @TestFactory
    @DisabledIfSystemProperty(named = "mpish.corpus", matches = "true") // the whole corpus includes them
    Stream<DynamicTest> aSubsetThatReachesEveryPartOfTheNativeEngineAgreesOnEveryEngine() throws Exception {
        for (String impl : Implementations.ALL) NativeMpiIT.require(impl);
        Path scripts = Repo.root().resolve("scripts");
        return compare(SUBSET.stream().map(scripts::resolve).toList());
    }

    private static Stream<DynamicTest> compare(List<Path> run) {
        Path scripts = Repo.root().resolve("scripts");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        long start = System.nanoTime();
        List<CompletableFuture<Launcher.Result>> results = new ArrayList<>();
        for (Path f : run) {
            String rel = Repo.root().relativize(f).toString();
            results.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return Launcher.run(null, 900, "compare", "--timeout", "240", rel);
                } catch (Exception e) {
                    return new Launcher.Result(-1, "", e.toString());
                }
            }, pool));
        }
        CompletableFuture.allOf(results.toArray(CompletableFuture[]::new)).whenComplete((v, t) -> {
            pool.shutdown();
            System.out.printf("NativeCorpusIT: %d scripts compared in %.0f s%n", run.size(), (System.nanoTime() - start) / 1e9);
        });
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < run.size(); i++) {
            Path f = run.get(i);
            CompletableFuture<Launcher.Result> res = results.get(i);
            tests.add(DynamicTest.dynamicTest(scripts.relativize(f).toString(), () -> {
                Launcher.Result r = res.join();
                assertEquals(0, r.status(), r.toString());
                assertTrue(r.out().contains("openmpi agrees, mpich agrees with in-process"), r.toString());
            }));
        }
        return tests.stream();
    }

    /** The rules and the list: each excluded script exists (a renamed script is not silently compared nowhere). */
    @Test
    void everyExclusionNamesAScriptThatExists() throws IOException {
        Path scripts = Repo.root().resolve("scripts");
        for (String rel : EXCLUDED.keySet()) assertTrue(Files.exists(scripts.resolve(rel)), rel + " is excluded but does not exist");
        for (String rel : SUBSET) {
            assertTrue(Files.exists(scripts.resolve(rel)), rel + " is in the subset but does not exist");
            assertEquals(null, reasonToSkip(rel, Files.readString(scripts.resolve(rel))), rel + " is in the subset but not compared");
        }
        assertEquals("LAPI needs the in-process engine", reasonToSkip("lapi/x.js", "LAPI_Init();"));
        assertEquals(null, reasonToSkip("p2p/ring.js", Files.readString(scripts.resolve("p2p/ring.js"))));
    }
}
