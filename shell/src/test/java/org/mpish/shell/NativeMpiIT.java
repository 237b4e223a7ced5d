package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpish.runtime.ffm.Implementations;

/**
 * mpish run --mpi through the real launcher on both Debian MPIs: point-to-point with statuses, collectives and a user
 * reduction called back by the library, attribute copy and delete callbacks, error handlers, RMA, buffered mode,
 * a bad address caught before the call, a failing rank ending the launch, and --timeout leaving no process behind.
 * Expected lines follow from the MPI standard's semantics (what each call must do), not from mpish. Skips with the
 * reason where an MPI is not installed; fails instead in CI (CI=true), where .ci/run installs both.
 */
class NativeMpiIT {
    @TempDir Path dir;

    static void require(String impl) {
        if (Implementations.installed(impl)) return;
        String why = Implementations.missing(impl);
        if (Tools.inCi()) fail(why + " (CI=true: .ci/run installs it)");
        Assumptions.abort(why);
    }

    private Path script(String name, String code) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, code);
        return f;
    }

    static final String FEATURES = """
            const w = MPI.COMM_WORLD, rank = MPI.Comm_rank(w), size = MPI.Comm_size(w);
            const b = mem.alloc(64);
            const peer = (rank + 1) % size, from = (rank + size - 1) % size;
            mem.write(b, MPI.INT, [100 + rank]);
            const rs = MPI.Isend(b, 1, MPI.INT, peer, 10 + rank, w);
            const rr = MPI.Irecv(b + 16, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG, w);
            const {array_of_requests: rq, array_of_statuses: st} = MPI.Waitall(2, [rs, rr]);
            print(`recv ${mem.read(b + 16, MPI.INT)} from ${st[1].MPI_SOURCE} tag ${st[1].MPI_TAG} count ${st[1].count} null ${rq[1] === MPI.REQUEST_NULL}`);
            print(`ints ${MPI.Get_count(st[1], MPI.INT)} shorts ${MPI.Get_count(st[1], MPI.SHORT)}`);
            mem.write(b, MPI.INT, [rank + 1]);
            MPI.Allreduce(b, b + 8, 1, MPI.INT, MPI.SUM, w);
            const max = MPI.Op_create((inv, inout, len, t) => {
              const x = mem.read(inv, MPI.INT, len), y = mem.read(inout, MPI.INT, len);
              mem.write(inout, MPI.INT, y.map((v, i) => Math.max(v, x[i])));
            }, true);
            MPI.Allreduce(b, b + 12, 1, MPI.INT, max, w);
            print(`sum ${mem.read(b + 8, MPI.INT)} max ${mem.read(b + 12, MPI.INT)}`);
            const log = [];
            const kv = MPI.Comm_create_keyval((c, k, extra, v) => { log.push(`copy ${v.n} ${extra.tag}`); return {n: v.n + 1}; },
                                               (c, k, v, extra) => { log.push(`delete ${v.n}`); }, {tag: "x"});
            MPI.Comm_set_attr(w, kv, {n: 1});
            const d = MPI.Comm_dup(w);
            const {attribute_val, flag} = MPI.Comm_get_attr(d, kv);
            print(`dup attr ${attribute_val.n} flag ${flag}`);
            MPI.Comm_free(d);
            print(`log ${log.join(", ")}`);
            print(`tag_ub at least 32767: ${MPI.Comm_get_attr(w, MPI.TAG_UB).attribute_val >= 32767}`);
            MPI.Comm_set_errhandler(w, MPI.ERRORS_RETURN);
            try { MPI.Send(b, 1, MPI.INT, size + 5, 0, w); } catch (e) { print(`bad rank: ${e.errorClass === MPI.ERR_RANK}`); }
            try { MPI.Send(b + 60, 2, MPI.INT, peer, 0, w); } catch (e) { print(`bad address: ${e.message}`); }
            const seen = [];
            MPI.Comm_set_errhandler(w, MPI.Comm_create_errhandler((c, code) => seen.push(MPI.Error_class(code) === MPI.ERR_RANK)));
            try { MPI.Send(b, 1, MPI.INT, -7, 0, w); } catch (e) { print(`handler saw ${seen.join()} then ${e.errorClass === MPI.ERR_RANK}`); }
            const {baseptr, win} = MPI.Win_allocate(16, 4, MPI.INFO_NULL, w);
            mem.write(baseptr, MPI.INT, [0, 0, 0, 0]);
            MPI.Win_fence(0, win);
            mem.write(b, MPI.INT, [rank * 10 + 5]);
            MPI.Put(b, 1, MPI.INT, peer, 1, 1, MPI.INT, win);
            MPI.Win_fence(0, win);
            print(`window ${mem.read(baseptr, MPI.INT, 4)}`);
            MPI.Win_free(win);
            const bb = mem.alloc(1024);
            MPI.Buffer_attach(bb, 1024);
            MPI.Bsend(b, 1, MPI.INT, peer, 3, w);
            MPI.Recv(b + 4, 1, MPI.INT, from, 3, w);
            const det = MPI.Buffer_detach();
            print(`detached ${det.buffer_addr === bb} ${det.size}`);
            try { LAPI.Init(null); } catch (e) { print(`lapi: ${e.message}`); }
            try { MPI.Buffer_iflush(); } catch (e) { print(`iflush: ${e.message}`); }
            """;

    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void aScriptRunsAsRealMpiProcessesWithCallbacksErrorsAndCheckedMemory(String impl) throws Exception {
        require(impl);
        Launcher.Result r = Launcher.run(null, 180, "run", "--mpi", impl, "-n", "2", "--timeout", "150",
                script("features.js", FEATURES).toString());
        assertEquals(0, r.status(), r.toString());
        String out = r.out();
        for (String line : List.of(
                "[0] recv 101 from 1 tag 11 count 4 null true", "[1] recv 100 from 0 tag 10 count 4 null true",
                "[0] ints 1 shorts 2", "[1] ints 1 shorts 2",
                "[0] sum 3 max 2", "[1] sum 3 max 2",                       // 1 + 2, max(1, 2)
                "[0] dup attr 2 flag true", "[0] log copy 1 x, delete 2",   // copied at MPI_Comm_dup, deleted at MPI_Comm_free
                "[1] tag_ub at least 32767: true",                          // MPI-4.1 8.1.2: at least 32767
                "[0] bad rank: true", "[1] handler saw true then true",
                "[0] window 0,15,0,0", "[1] window 0,5,0,0",                // each rank put rank*10+5 into the next one's int 1
                "[0] detached true 1024", "[1] detached true 1024")) {
            assertTrue(out.contains(line + "\n"), "missing '" + line + "' in\n" + r);
        }
        // the bad address is caught before the call: the message names the call and the MPI rank
        assertTrue(out.contains("[1] bad address: MPI_Send: MPI_ERR_BUFFER: access of 8 bytes at 0x"), r.toString());
        assertTrue(out.contains("[rank 1]\n"), r.toString());
        assertTrue(out.contains("[0] lapi: LAPI.Init: LAPI_Init: LAPI needs the in-process engine"), r.toString());
        // MPI_Buffer_iflush is MPI-4.1; neither Debian library exports it (nm -D): one line naming the library, no crash
        assertTrue(out.contains("[0] iflush: MPI.Buffer_iflush: " + impl + " (") && out.contains(") does not have this call\n"), r.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void aFatalBadAddressEndsTheLaunchNamingRankAndCallWithNoProcessLeft(String impl) throws Exception {
        require(impl);
        Path f = script("fatal-" + impl + ".js", """
                const b = mem.alloc(8);
                if (MPI.Comm_rank(MPI.COMM_WORLD) === 1) MPI.Send(b + 4, 2, MPI.INT, 0, 0, MPI.COMM_WORLD);
                MPI.Barrier(MPI.COMM_WORLD);
                print("not reached");
                """);
        Launcher.Result r = Launcher.run(null, 180, "run", "--mpi", impl, "-n", "2", "--timeout", "150", f.toString());
        assertTrue(r.status() != 0 && r.status() != 124, r.toString());
        assertTrue(r.err().contains("mpish: rank 1: MPI_Send: MPI_ERR_BUFFER: access of 8 bytes at 0x"), r.toString());
        assertFalse(r.out().contains("not reached"), r.toString());
        assertNoProcessRuns(f);
    }

    /**
     * A user reduction that throws while the library runs MPI_Allreduce: the upcall returns into the library, the
     * call then fails through the communicator's error handler (MPI_ERRORS_RETURN: an MPI_ERR_OTHER error the script
     * catches, naming this process's MPI rank), and the process goes on with working calls, as in-process.
     */
    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void aCallbackThatThrowsInsideANativeCallFailsThatCallThroughTheErrorHandler(String impl) throws Exception {
        require(impl);
        Path f = script("cbthrow-" + impl + ".js", """
                const w = MPI.COMM_WORLD, rank = MPI.Comm_rank(w);
                const b = mem.alloc(16);
                mem.write(b, MPI.INT, [rank + 1]);
                const bad = MPI.Op_create((inv, inout, len, t) => { throw new Error("op exploded"); }, true);
                MPI.Comm_set_errhandler(w, MPI.ERRORS_RETURN);
                try { MPI.Allreduce(b, b + 8, 1, MPI.INT, bad, w); print("no error"); }
                catch (e) { print(`caught ${e.errorClass === MPI.ERR_OTHER} ${e.message}`); }
                MPI.Allreduce(b, b + 8, 1, MPI.INT, MPI.SUM, w);
                print(`after ${mem.read(b + 8, MPI.INT)}`);
                """);
        Launcher.Result r = Launcher.run(null, 180, "run", "--mpi", impl, "-n", "2", "--timeout", "150", f.toString());
        assertEquals(0, r.status(), r.toString());
        for (int rank = 0; rank < 2; rank++) {
            // each rank's call fails, the message naming the callback's error and that rank
            String caught = "[" + rank + "] caught true MPI_Allreduce: MPI_ERR_OTHER: ";
            String line = r.out().lines().filter(l -> l.startsWith(caught)).findFirst().orElse(null);
            assertTrue(line != null, "missing '" + caught + "' in\n" + r);
            assertTrue(line.endsWith("a callback failed: threw Error: op exploded [rank " + rank + "]"), line);
            assertTrue(r.out().contains("[" + rank + "] after 3\n"), r.toString()); // 1 + 2 with MPI_SUM afterwards
        }
        assertFalse(r.out().contains("no error"), r.toString());
    }

    /** A script error that ends one rank (an uncaught JavaScript exception) ends the launch with a report naming the rank and cause. */
    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void aJavaScriptExceptionThatEndsOneRankEndsTheLaunchNamingRankAndCause(String impl) throws Exception {
        require(impl);
        Path f = script("crash-" + impl + ".js", """
                print("started");
                if (MPI.Comm_rank(MPI.COMM_WORLD) === 1) throw new Error("script failed on purpose");
                MPI.Barrier(MPI.COMM_WORLD);
                print("not reached");
                """);
        Launcher.Result r = Launcher.run(null, 180, "run", "--mpi", impl, "-n", "2", "--timeout", "150", f.toString());
        assertTrue(r.status() != 0 && r.status() != 124, r.toString()); // ended by the error, not by the timeout
        assertTrue(r.err().contains("mpish: rank 1: crash-" + impl + ".js:2:48: Error: script failed on purpose"), r.toString());
        assertTrue(r.out().contains("[0] started\n") && r.out().contains("[1] started\n"), r.toString());
        assertFalse(r.out().contains("not reached"), r.toString()); // rank 0 never gets past the barrier rank 1 left
        assertNoProcessRuns(f);
    }

    @Test
    void timeoutEndsEveryProcessOfTheLaunch() throws Exception {
        String impl = Implementations.installed("openmpi") ? "openmpi" : "mpich";
        require(impl);
        Path f = script("hang.js", """
                const b = mem.alloc(4);
                print("started");
                if (MPI.Comm_rank(MPI.COMM_WORLD) === 0) MPI.Recv(b, 1, MPI.INT, 1, 99, MPI.COMM_WORLD);
                else MPI.Barrier(MPI.COMM_WORLD);
                """);
        long t0 = System.nanoTime();
        Launcher.Result r = Launcher.run(null, 180, "run", "--mpi", impl, "-n", "2", "--timeout", "6", f.toString());
        assertEquals(124, r.status(), r.toString());
        assertTrue(r.err().contains("mpish: job aborted: timeout: the job ran longer than 6 s"), r.toString());
        assertTrue(System.nanoTime() - t0 < 120e9, "the launch was not ended promptly");
        assertNoProcessRuns(f);
    }

    @Test
    void aMissingImplementationNamesTheDebianPackages() throws Exception {
        String saved = System.getProperty("mpish.mpi.bin");
        System.setProperty("mpish.mpi.bin", dir.toString()); // a folder without mpiexec.mpich or mpicc.mpich
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
            int status = Main.run(new String[] {"run", "--mpi", "mpich", "-n", "2", script("x.js", "print(1)").toString()},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(2, status);
            String e = err.toString(StandardCharsets.UTF_8);
            assertEquals(1, e.lines().count(), e);
            assertTrue(e.contains("MPICH is not installed") && e.contains("install the Debian packages mpich libmpich-dev"), e);
        } finally {
            if (saved == null) System.clearProperty("mpish.mpi.bin");
            else System.setProperty("mpish.mpi.bin", saved);
        }
    }

    /**
     * A topology query is given room for more entries than the topology has: C fills only those (bench-checked on
     * both MPIs with a C program: MPI_Graph_neighbors(star, 1, 5, nb) writes nb[0] = 0 and leaves the rest;
     * MPI_Graph_get with maxindex 6, maxedges 8 writes 4 and 6 entries; MPI_Cart_get with maxdims 4 on a 2-d grid
     * writes 2 of each), so the script gets those entries only, as in-process.
     */
    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void topologyQueriesGiveOnlyTheEntriesTheLibraryWrote(String impl) throws Exception {
        require(impl);
        Path f = script("topo-" + impl + ".js", """
                const w = MPI.COMM_WORLD, rank = MPI.Comm_rank(w);
                const star = MPI.Graph_create(w, 4, [3, 4, 5, 6], [1, 2, 3, 0, 0, 0], 0);
                if (rank === 0) for (let n = 0; n < 4; n++) print(`node ${n}: ${MPI.Graph_neighbors(star, n, 5).join(' ')}`);
                const g = MPI.Graph_get(star, 6, 8);
                if (rank === 0) print(`index ${g.index.join(' ')} edges ${g.edges.join(' ')}`);
                const cart = MPI.Cart_create(w, 2, [2, 2], [1, 0], 0);
                const c = MPI.Cart_get(cart, 4);
                if (rank === 3) print(`cart ${c.dims.join(' ')} periods ${Array.from(c.periods, Number).join(' ')} coords ${c.coords.join(' ')}`);
                """);
        Launcher.Result r = Launcher.run(null, 180, "run", "--mpi", impl, "-n", "4", "--timeout", "150", f.toString());
        assertEquals(0, r.status(), r.toString());
        for (String line : List.of("[0] node 0: 1 2 3", "[0] node 1: 0", "[0] node 3: 0", "[0] index 3 4 5 6 edges 1 2 3 0 0 0",
                "[3] cart 2 2 periods 1 0 coords 1 1")) {
            assertTrue(r.out().contains(line + "\n"), "missing '" + line + "' in\n" + r);
        }
    }

    /**
     * A generalized request's query, free and cancel functions written in JavaScript are upcalls: the library calls
     * them at the points MPI-4.1 section 13.2 names, and the status query_fn fills is the one the completing call
     * reports. Expected order and counts from a C program doing the same on both MPIs: cancel_fn(complete=0) at
     * MPI_Cancel, query_fn at MPI_Request_get_status, query_fn then free_fn at MPI_Wait, 24 bytes = 6 ints, and a
     * query_fn returning MPI_ERR_OTHER makes MPI_Wait fail with that class (after free_fn).
     */
    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void generalizedRequestFunctionsAreCalledBackByTheLibrary(String impl) throws Exception {
        require(impl);
        Path f = script("greq-" + impl + ".js", """
                const log = [];
                const query = (st, status) => { log.push(`query_fn(${st.name})`); return MPI.Status_set_elements(status, MPI.BYTE, 24); };
                const free = (st) => { log.push(`free_fn(${st.name})`); return MPI.SUCCESS; };
                const cancel = (st, complete) => { log.push(`cancel_fn(${st.name}, complete=${complete})`); return MPI.SUCCESS; };
                const q = MPI.Grequest_start(query, free, cancel, {name: 'copy'});
                print(`test ${MPI.Test(q).flag}`);
                MPI.Cancel(q);
                MPI.Grequest_complete(q);
                const peek = MPI.Request_get_status(q);
                print(`get_status ${peek.flag} ${MPI.Get_count(peek.status, MPI.INT)}`);
                const done = MPI.Wait(q);
                print(`wait ${MPI.Get_count(done.status, MPI.INT)} ${done.request === MPI.REQUEST_NULL}`);
                print(log.join(', '));
                log.length = 0;
                MPI.Comm_set_errhandler(MPI.COMM_WORLD, MPI.ERRORS_RETURN);
                MPI.Comm_set_errhandler(MPI.COMM_SELF, MPI.ERRORS_RETURN);
                const b = MPI.Grequest_start((st) => { log.push('bad query'); return MPI.ERR_OTHER; }, free, cancel, {name: 'b'});
                MPI.Grequest_complete(b);
                try { MPI.Wait(b); print('no error'); } catch (e) { print(`wait failed ${e.errorClass === MPI.ERR_OTHER}; ${log.join(', ')}`); }
                """);
        Launcher.Result r = Launcher.run(null, 180, "run", "--mpi", impl, "-n", "1", "--timeout", "150", f.toString());
        assertEquals(0, r.status(), r.toString());
        assertEquals(List.of("test false", "get_status true 6", "wait 6 true", // one rank: lines are not labelled
                "cancel_fn(copy, complete=false), query_fn(copy), query_fn(copy), free_fn(copy)",
                "wait failed true; bad query, free_fn(b)"), r.out().lines().toList(), r.toString());
    }

    /** mpish run --mpi reads a script from standard input as mpish run does: every process runs it, named <stdin>. */
    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void aScriptFromStandardInputRunsOnEveryProcess(String impl) throws Exception {
        require(impl);
        Launcher.Result r = Launcher.run("""
                const w = MPI.COMM_WORLD;
                print(`rank ${MPI.Comm_rank(w)} of ${MPI.Comm_size(w)} args ${args.join(',')}`);
                MPI.Barrier(w); // both have printed: rank 1's failure aborts the launch, maybe before a slower rank 0 starts
                if (MPI.Comm_rank(w) === 1) throw new Error("stdin script failed on purpose");
                """, 180, "run", "--mpi", impl, "-n", "2", "--timeout", "150", "-", "a", "b");
        assertTrue(r.out().contains("[0] rank 0 of 2 args a,b\n") && r.out().contains("[1] rank 1 of 2 args a,b\n"), r.toString());
        assertTrue(r.status() != 0 && r.status() != 124, r.toString());
        assertTrue(r.err().contains("mpish: rank 1: <stdin>:4:"), r.toString());
    }

    /**
     * --memory-cap with --mpi: each process's rank has the cap; the one that goes over ends the launch with one line
     * naming its MPI rank and the cap, while the other waits inside a blocking MPI call.
     */
    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void theMemoryCapEndsTheLaunchNamingTheRankOverIt(String impl) throws Exception {
        require(impl);
        Path f = script("grow-" + impl + ".js", """
                if (MPI.Comm_rank(MPI.COMM_WORLD) === 1) { const a = []; for (;;) a.push(new Float64Array(1 << 20)); }
                MPI.Barrier(MPI.COMM_WORLD);
                print("not reached");
                """);
        Launcher.Result r = Launcher.run(null, 180, "run", "--mpi", impl, "-n", "2", "--timeout", "150", "--memory-cap", "400M", f.toString());
        assertTrue(r.status() != 0 && r.status() != 124, r.toString());
        assertTrue(r.err().contains("mpish: job aborted: rank 1 went over the job's memory cap of 400 MiB"), r.toString());
        assertFalse(r.out().contains("not reached"), r.toString());
        assertNoProcessRuns(f);
    }

    /**
     * Dynamic windows: memory attached after MPI_Win_create_dynamic is reached with the target's address as
     * target_disp (a rank address, as MPI_Get_address gives it), in a fence epoch and under a lock. The lines must be
     * those of the same program in C (test resource native/dynamic_window.c) built and run on the same MPI. An access
     * outside every attached region is MPI_ERR_RMA_RANGE (MPI-4.1, the error classes table: target memory not attached); neither
     * library reports it (both return MPI_SUCCESS; mpish(7)), so that line is mpish's alone. About 15 s per MPI here
     * (the C program's build and launch beside mpish's).
     */
    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void dynamicWindowsReachAttachedMemoryByRankAddress(String impl) throws Exception {
        require(impl);
        Path c = dir.resolve("dynamic_window.c"), exe = dir.resolve("dynamic_window");
        try (var in = NativeMpiIT.class.getResourceAsStream("/native/dynamic_window.c")) {
            Files.write(c, in.readAllBytes());
        }
        Process cc = new ProcessBuilder("mpicc." + impl, "-o", exe.toString(), c.toString()).redirectErrorStream(true).start();
        String ccOut = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, cc.waitFor(), ccOut);
        List<String> launch = new java.util.ArrayList<>(NativeLaunch.command(impl, 2, List.of()));
        launch.add(exe.toString());
        ProcessBuilder pb = new ProcessBuilder(launch).redirectError(ProcessBuilder.Redirect.DISCARD);
        NativeLaunch.quietSignals(pb.environment());
        Process cRun = pb.start();
        List<String> expected = new String(cRun.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().sorted().toList();
        assertEquals(0, cRun.waitFor());
        assertEquals(6, expected.size(), expected.toString()); // fence, lock and freed lines of both ranks

        Launcher.Result r = Launcher.run(null, 180, "run", "--mpi", impl, "-n", "2", "--timeout", "150",
                script("dynamic-" + impl + ".js", """
            const w = MPI.COMM_WORLD, rank = MPI.Comm_rank(w), peer = 1 - rank;
            let win = MPI.Win_create_dynamic(MPI.INFO_NULL, w);
            const region = mem.alloc(16), buf = mem.alloc(64);
            mem.write(region, MPI.INT, [100 * rank, 100 * rank + 1, 100 * rank + 2, 100 * rank + 3]);
            MPI.Win_attach(win, region, 16);
            mem.write(buf, MPI.LONG, [MPI.Get_address(region)]);
            MPI.Allgather(buf, 1, MPI.AINT, buf + 16, 1, MPI.AINT, w);
            const there = mem.read(buf + 16, MPI.LONG, 2)[peer];
            mem.write(buf + 32, MPI.INT, [rank + 7, -1, 5, -1]);
            MPI.Win_fence(0, win);
            MPI.Put(buf + 32, 1, MPI.INT, peer, there + 8, 1, MPI.INT, win);
            MPI.Get(buf + 36, 1, MPI.INT, peer, there + 4, 1, MPI.INT, win);
            MPI.Win_fence(0, win);
            print(`fence: region ${mem.read(region, MPI.INT, 4)} got ${mem.read(buf + 36, MPI.INT)}`);
            MPI.Barrier(w);
            MPI.Win_lock(MPI.LOCK_SHARED, peer, 0, win);
            MPI.Fetch_and_op(buf + 40, buf + 44, MPI.INT, peer, there + 12, MPI.SUM, win);
            MPI.Win_unlock(peer, win);
            MPI.Barrier(w);
            MPI.Win_lock(MPI.LOCK_EXCLUSIVE, rank, 0, win);
            const last = mem.read(region + 12, MPI.INT);
            MPI.Win_unlock(rank, win);
            print(`lock: old ${mem.read(buf + 44, MPI.INT)} now ${last}`);
            MPI.Win_set_errhandler(win, MPI.ERRORS_RETURN);
            MPI.Win_lock(MPI.LOCK_SHARED, peer, 0, win);
            try { MPI.Put(buf + 32, 1, MPI.INT, peer, there + 64, 1, MPI.INT, win); print("outside: no error"); }
            catch (e) { print(`outside: ${e.errorClass === MPI.ERR_RMA_RANGE}`); }
            MPI.Win_unlock(peer, win);
            MPI.Barrier(w);
            MPI.Win_detach(win, region);
            win = MPI.Win_free(win);
            win = MPI.Win_free(MPI.Win_create_dynamic(MPI.INFO_NULL, w));
            print(`freed ${win === MPI.WIN_NULL}`);
                    """).toString());
        assertEquals(0, r.status(), r.toString());
        List<String> got = r.out().lines().filter(l -> !l.contains("outside:")).sorted().toList();
        assertEquals(expected, got, r.toString());
        assertTrue(r.out().contains("[0] outside: true\n") && r.out().contains("[1] outside: true\n"), r.toString());
    }

    /** The interactive shell on a real MPI is not there yet: one line saying so and what to use, exit status 2 (mpish(1)). */
    @Test
    void theShellOnARealMpiSaysItIsNotThereYet() throws Exception {
        Launcher.Result r = Launcher.run(null, 60, "--mpi", "openmpi", "-n", "2");
        assertEquals(2, r.status(), r.toString());
        assertEquals(List.of("mpish: the shell cannot drive a real MPI yet (see mpish(1), Real MPI); run a script on one with"
                + " mpish run --mpi openmpi -n N SCRIPT"), r.err().lines().toList());
    }

    /** No process of the launch (the MPI launcher, its daemons, the ranks' JVMs) names the script any more. */
    private static void assertNoProcessRuns(Path script) throws InterruptedException {
        String name = script.toAbsolutePath().toString();
        long end = System.nanoTime() + 10_000_000_000L;
        List<String> left;
        do {
            left = ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(name))
                    .map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList();
            if (left.isEmpty()) return;
            Thread.sleep(200);
        } while (System.nanoTime() < end);
        fail("processes left after the launch: " + left);
    }
}
