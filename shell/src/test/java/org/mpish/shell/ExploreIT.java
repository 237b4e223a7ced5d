package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code mpish explore} and {@code mpish run --schedule} through the real launcher (issue 20). The expected
 * schedules come from the MPI standard: a wildcard receive may match any sender whose message is pending
 * (MPI-4.1 section 3.5, only messages from one sender keep their order), MPI_Waitany may return any completed
 * request (section 3.7.5), a receive after a probe need not match the probed message unless it names its
 * source (section 3.8.1), and a standard-mode send may wait for its receive (section 3.4). Each problem found is
 * replayed with {@code run --schedule}, which must end the same way every time.
 */
@Timeout(600)
class ExploreIT {
    private static Path dir;

    private static final String WAITANY = """
            const comm = MPI.COMM_WORLD;
            const rank = MPI.Comm_rank(comm);
            const a = mem.alloc(4), b = mem.alloc(4);
            if (rank === 0) {
              const reqs = [MPI.Irecv(a, 1, MPI.INT, 1, 0, comm), MPI.Irecv(b, 1, MPI.INT, 2, 0, comm)];
              const r = MPI.Waitany(2, reqs);
              if (r.index !== 0) throw new Error('assumed rank 1 completes first, got index ' + r.index);
              MPI.Wait(r.array_of_requests[1]);
              print('rank 1 first');
            } else {
              MPI.Send(a, 1, MPI.INT, 0, 0, comm);
            }
            """;

    private static final String PROBE = """
            const comm = MPI.COMM_WORLD;
            const rank = MPI.Comm_rank(comm);
            if (rank === 0) {
              for (let i = 0; i < 2; i++) {
                const st = MPI.Probe(MPI.ANY_SOURCE, 0, comm);
                const n = MPI.Get_count(st, MPI.INT);
                MPI.Recv(mem.alloc(4 * n), n, MPI.INT, MPI.ANY_SOURCE, 0, comm);   // should name st.MPI_SOURCE
              }
              print('both received');
            } else {
              const n = rank === 1 ? 1 : 4;
              MPI.Send(mem.alloc(4 * n), n, MPI.INT, 0, 0, comm);
            }
            """;

    private static final String ORDER = """
            const comm = MPI.COMM_WORLD;
            const rank = MPI.Comm_rank(comm);
            const buf = mem.alloc(4);
            if (rank === 0) {
              for (let i = 1; i < MPI.Comm_size(comm); i++) print('from ' + MPI.Recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0, comm).MPI_SOURCE);
            } else {
              MPI.Send(buf, 1, MPI.INT, 0, 0, comm);
            }
            """;

    private static final String POLL = """
            const comm = MPI.COMM_WORLD;
            const buf = mem.alloc(4);
            if (MPI.Comm_rank(comm) === 0) {
              let polls = 0;
              while (!MPI.Iprobe(1, 0, comm).flag) polls++;
              MPI.Recv(buf, 1, MPI.INT, 1, 0, comm);
              const q = MPI.Irecv(buf, 1, MPI.INT, 1, 1, comm);
              MPI.Barrier(comm);
              const t = MPI.Test(q);
              print('polls ' + polls + ', test ' + t.flag);
              if (!t.flag) MPI.Wait(t.request);
            } else {
              MPI.Send(buf, 1, MPI.INT, 0, 0, comm);
              MPI.Send(buf, 1, MPI.INT, 0, 1, comm);
              MPI.Barrier(comm);
            }
            """;

    private static final String LOCKS = """
            const rank = MPI.Comm_rank(MPI.COMM_WORLD);
            const { baseptr, win } = MPI.Win_allocate(4, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
            mem.write(baseptr, MPI.INT, [0]);
            MPI.Barrier(MPI.COMM_WORLD);
            if (rank > 0) {
              const buf = mem.alloc(4);
              MPI.Win_lock(MPI.LOCK_EXCLUSIVE, 0, 0, win);
              MPI.Get(buf, 1, MPI.INT, 0, 0, 1, MPI.INT, win);
              MPI.Win_flush(0, win);
              const seen = mem.read(buf, MPI.INT, 1)[0];
              if (rank === 1 && seen !== 0) throw new Error('rank 1 was not first: it saw ' + seen);
              mem.write(buf, MPI.INT, [seen + rank]);
              MPI.Put(buf, 1, MPI.INT, 0, 0, 1, MPI.INT, win);
              MPI.Win_unlock(0, win);
            }
            MPI.Barrier(MPI.COMM_WORLD);
            if (rank === 0) print('counter ' + mem.read(baseptr, MPI.INT, 1)[0]);
            MPI.Win_free(win);
            """;

    /** Task 2 sends its active message only after task 0 has handled task 1's (an MPI message says so). */
    private static final String AM_AFTER = """
            MPI.Comm_rank(MPI.COMM_WORLD);
            const h = LAPI.Init();
            const me = LAPI.Qenv(h, LAPI.TASK_ID);
            const arrived = mem.alloc(8), buf = mem.alloc(4);
            const from = [];
            function onMessage(hndl, uhdr, uhdr_len, info) { from.push(info.src); }
            const handlers = LAPI.Address_init(h, onMessage), counters = LAPI.Address_init(h, arrived);
            if (me === 0) {
              LAPI.Waitcntr(h, arrived, 1);
              MPI.Send(buf, 1, MPI.INT, 2, 0, MPI.COMM_WORLD);
              LAPI.Waitcntr(h, arrived, 1);
              if (from[0] !== 1) throw new Error('task ' + from[0] + ' came first');
              print('from ' + from.join(' then '));
            } else {
              if (me === 2) MPI.Recv(buf, 1, MPI.INT, 0, 0, MPI.COMM_WORLD);
              const sent = mem.alloc(8);
              LAPI.Amsend(h, 0, handlers[0], 0, 0, 0, 0, counters[0], sent, 0);
              LAPI.Waitcntr(h, sent, 1);
            }
            LAPI.Gfence(h);
            LAPI.Term(h);
            """;

    /** Task 1 sends two active messages: they keep their order; only task 2's may come before, between or after. */
    private static final String AM_TWO = """
            const h = LAPI.Init();
            const me = LAPI.Qenv(h, LAPI.TASK_ID);
            const arrived = mem.alloc(8);
            const from = [];
            function onMessage(hndl, uhdr, uhdr_len, info) { from.push(info.src + ':' + mem.read(uhdr, MPI.INT, 1)[0]); }
            const handlers = LAPI.Address_init(h, onMessage), counters = LAPI.Address_init(h, arrived);
            if (me === 0) {
              LAPI.Waitcntr(h, arrived, 3);
              print(from.join(' '));
            } else {
              const sent = mem.alloc(8), hdr = mem.alloc(8);
              for (let i = 0; i < (me === 1 ? 2 : 1); i++) {
                mem.write(hdr, MPI.INT, [i]);
                LAPI.Amsend(h, 0, handlers[0], hdr, 8, 0, 0, counters[0], sent, 0);
                LAPI.Waitcntr(h, sent, 1);
              }
            }
            LAPI.Gfence(h);
            LAPI.Term(h);
            """;

    /** Each node's rank 0 takes its node's messages with wildcard receives and insists on rank order. */
    private static final String NODE_ORDER = """
            const world = MPI.COMM_WORLD;
            const node = MPI.Comm_split_type(world, MPI.COMM_TYPE_SHARED, 0, MPI.INFO_NULL);
            const me = MPI.Comm_rank(node), n = MPI.Comm_size(node);
            const buf = mem.alloc(4);
            if (me === 0) {
              const from = [];
              for (let i = 1; i < n; i++) from.push(MPI.Recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0, node).MPI_SOURCE);
              if (from.some((f, i) => f !== i + 1)) throw new Error('out of rank order: ' + from.join(' '));
              print(MPI.Get_processor_name().name + ': ' + n + ' ranks');
            } else {
              MPI.Send(buf, 1, MPI.INT, 0, 0, node);
            }
            """;

    private static final String SPIN = """
            if (MPI.Comm_rank(MPI.COMM_WORLD) === 0) { for (;;) {} }
            """;

    @BeforeAll
    static void scripts() throws Exception {
        dir = Files.createTempDirectory("mpish-explore");
        Files.writeString(dir.resolve("waitany.js"), WAITANY);
        Files.writeString(dir.resolve("probe.js"), PROBE);
        Files.writeString(dir.resolve("order.js"), ORDER);
        Files.writeString(dir.resolve("spin.js"), SPIN);
        Files.writeString(dir.resolve("node-order.js"), NODE_ORDER);
        Files.writeString(dir.resolve("poll.js"), POLL);
        Files.writeString(dir.resolve("locks.js"), LOCKS);
        Files.writeString(dir.resolve("am-after.js"), AM_AFTER);
        Files.writeString(dir.resolve("am-two.js"), AM_TWO);
    }

    private static Launcher.Result mpish(String... args) throws Exception {
        return Launcher.run(null, 300, args);
    }

    private static String script(String name) {
        return name.contains("/") ? Repo.root().resolve(name).toString() : dir.resolve(name).toString();
    }

    /** Replays {@code schedule} three times: the same exit status and the same words on standard error each time. */
    private static Launcher.Result replays(String schedule, String script, int status, String expectedErr) throws Exception {
        Launcher.Result first = null;
        for (int i = 0; i < 3; i++) {
            Launcher.Result r = mpish("run", "--schedule", schedule, script);
            assertEquals(status, r.status(), r.toString());
            assertTrue(r.err().contains(expectedErr), r.toString());
            if (first == null) first = r;
            else {
                assertEquals(first.out(), r.out());
                assertEquals(first.err(), r.err());
            }
        }
        return first;
    }

    @Test
    void theWildcardRaceOfTheIssueIsFoundAndReplayed() throws Exception {
        String sched = dir.resolve("race.sched").toString();
        String race = script("scripts/explore/wildcard-race.js");
        Launcher.Result r = mpish("explore", "-n", "3", "-o", sched, race);
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.out().contains("2 schedules run"), r.toString());
        assertTrue(r.out().contains("exploration complete"), r.toString());
        assertTrue(r.out().contains("problem 1: a deadlock"), r.toString());
        assertTrue(r.out().contains("rank 0's 1st MPI_Recv (MPI_ANY_SOURCE, tag 0) matched rank 1, not rank 2"), r.toString());
        assertTrue(r.out().contains("rank 0: in MPI_Recv: a message from rank 1 with tag 0"), r.toString());
        assertFalse(r.out().contains("problem 2"), r.toString());
        Launcher.Result replay = replays(sched, race, 1, "deadlock: every rank is waiting");
        assertTrue(replay.err().contains("rank 0: in MPI_Recv: a message from rank 1 with tag 0"), replay.toString());
        assertTrue(replay.out().contains("first message: from rank 1"), replay.toString());
    }

    @Test
    void waitanyMayReturnEitherCompletedRequest() throws Exception {
        String sched = dir.resolve("waitany.sched").toString();
        Launcher.Result r = mpish("explore", "-n", "3", "-o", sched, script("waitany.js"));
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.out().contains("problem 1: an uncaught error"), r.toString());
        assertTrue(r.out().contains("rank 0's 1st MPI_Waitany (req0, req1) returned index 1 (req1), not index 0 (req0)"), r.toString());
        replays(sched, script("waitany.js"), 1, "assumed rank 1 completes first, got index 1");
    }

    @Test
    void aReceiveAfterAProbeMayMatchAnotherMessageAndTruncate() throws Exception {
        String sched = dir.resolve("probe.sched").toString();
        Launcher.Result r = mpish("explore", "-n", "3", "-o", sched, script("probe.js"));
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.out().contains("MPI_ERR_TRUNCATE"), r.toString());
        assertTrue(r.out().contains("rank 0's 1st MPI_Probe (MPI_ANY_SOURCE, tag 0) matched rank 1, not rank 2\n"
                + "    rank 0's 1st MPI_Recv (MPI_ANY_SOURCE, tag 0) matched rank 2, not rank 1"), r.toString());
        replays(sched, script("probe.js"), 1, "MPI_ERR_TRUNCATE");
    }

    @Test
    void headToHeadSendsDeadlockOnlyWithoutBuffering() throws Exception {
        String h2h = script("scripts/explore/buffering-deadlock.js");
        Launcher.Result buffered = mpish("explore", "-n", "2", h2h);
        assertEquals(0, buffered.status(), buffered.toString());
        assertTrue(buffered.out().contains("1 schedule run"), buffered.toString());
        assertTrue(buffered.out().contains("no problem in any schedule"), buffered.toString());
        String sched = dir.resolve("h2h.sched").toString();
        Launcher.Result sync = mpish("explore", "-n", "2", "--sync", "-o", sched, h2h);
        assertEquals(1, sync.status(), sync.toString());
        assertTrue(sync.out().contains("problem 1: a deadlock"), sync.toString());
        assertTrue(sync.out().contains("rank 0: in MPI_Send: rank 1 to receive"), sync.toString());
        replays(sched, h2h, 1, "rank 1: in MPI_Send: rank 0 to receive");
    }

    @Test
    void aDeterministicRingIsOneCompleteSchedule() throws Exception {
        Launcher.Result r = mpish("explore", "-n", "4", script("scripts/p2p/ring.js"));
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("1 schedule run"), r.toString());
        assertTrue(r.out().contains("exploration complete"), r.toString());
        assertTrue(r.out().contains("no problem in any schedule"), r.toString());
    }

    @Test
    void everyOrderOfThreeSendersIsRunOnceAndTheBudgetStopsIt() throws Exception {
        // rank 0's three wildcard receives can take the senders in 3! orders, no more
        Launcher.Result all = mpish("explore", "-n", "4", "--same-output", script("order.js"));
        assertEquals(1, all.status(), all.toString());
        assertTrue(all.out().contains("6 schedules run"), all.toString());
        assertTrue(all.out().contains("output that differs from the first schedule's"), all.toString());
        Launcher.Result some = mpish("explore", "-n", "4", "--max-schedules", "3", script("order.js"));
        assertEquals(3, some.status(), some.toString());
        assertTrue(some.out().contains("exploration stopped at --max-schedules 3"), some.toString());
        assertTrue(some.out().contains("no problem in the schedules run"), some.toString());
    }

    @Test
    void sixWildcardReceivesOnFourRanksAreExploredCompletely() throws Exception {
        // three senders, two messages each, kept in order per sender: 6! / (2! 2! 2!) = 90 orders, not 6! = 720
        Launcher.Result r = mpish("explore", "-n", "4", script("scripts/explore/six-wildcards.js"));
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("  90 schedules run; pruned: "), r.toString());
        assertTrue(r.out().contains("exploration complete: every schedule was run"), r.toString());
        assertTrue(r.out().contains("no problem in any schedule"), r.toString());
    }

    @Test
    void iprobeAndTestMayLookTooEarlyOnceEach() throws Exception {
        // each may miss what is there once (a polling loop then sees it): 2 x 2 outputs, all four different
        Launcher.Result r = mpish("explore", "-n", "2", "--same-output", script("poll.js"));
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.out().contains("4 schedules run"), r.toString());
        assertTrue(r.out().contains("exploration complete"), r.toString());
        assertTrue(r.out().contains("rank 0's 1st MPI_Iprobe (rank 1, tag 0) saw nothing yet, not rank 1's message"), r.toString());
        assertTrue(r.out().contains("rank 0's 1st MPI_Test (req0) saw the request pending, not the request complete"), r.toString());
        assertEquals(3, r.out().lines().filter(l -> l.startsWith("problem ")).count(), r.toString());
    }

    @Test
    void competingPassiveTargetLocksAreGrantedInEitherOrder() throws Exception {
        // MPI-4.1 section 12.5.3 leaves the order of competing lock requests open: rank 2 may go first
        String sched = dir.resolve("locks.sched").toString();
        Launcher.Result r = mpish("explore", "-n", "3", "-o", sched, script("locks.js"));
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.out().contains("2 schedules run"), r.toString());
        assertTrue(r.out().contains("rank 1's 1st MPI_Win_lock (exclusive lock on rank 0 of win0) was left to a competing request, "
                + "not granted first"), r.toString());
        replays(sched, script("locks.js"), 1, "rank 1 was not first: it saw 2");
    }

    @Test
    void activeMessagesFromTwoOriginsAreHandledInEitherOrder() throws Exception {
        // LAPI orders no two transfers (only counters and LAPI_Fence do): task 2's message may be handled first
        String sched = dir.resolve("am.sched").toString();
        String am = script("scripts/explore/am-order.js");
        Launcher.Result r = mpish("explore", "-n", "3", "-o", sched, am);
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.out().contains("2 schedules run"), r.toString());
        assertTrue(r.out().contains("exploration complete"), r.toString());
        assertTrue(r.out().contains("problem 1: an uncaught error"), r.toString());
        assertTrue(r.out().contains("rank 0's 1st active message handled on LAPI handle 0 came from task 2, not task 1"), r.toString());
        Launcher.Result replay = replays(sched, am, 1, "task 2's message was handled first");
        assertEquals("handled: from task 2, then task 1\n", replay.out());
        // a message sent only because the first was handled cannot come first: one schedule, the other pruned
        Launcher.Result after = mpish("explore", "-n", "3", script("am-after.js"));
        assertEquals(0, after.status(), after.toString());
        assertTrue(after.out().contains("1 schedule run; pruned: 1 sender"), after.toString());
        assertTrue(after.out().contains("no problem in any schedule"), after.toString());
    }

    @Test
    void activeMessagesOfOneOriginKeepTheirOrder() throws Exception {
        // task 2's one message before, between or after task 1's two, which stay in order: 3 outputs, not 3! = 6
        Launcher.Result r = mpish("explore", "-n", "3", "--same-output", script("am-two.js"));
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.out().contains("3 schedules run"), r.toString());
        assertTrue(r.out().contains("exploration complete"), r.toString());
        assertEquals(2, r.out().lines().filter(l -> l.startsWith("problem ")).count(), r.toString());
        assertTrue(r.out().contains("\"1:0 2:0 1:1\" here"), r.toString());
        assertTrue(r.out().contains("\"2:0 1:0 1:1\" here"), r.toString());
        assertFalse(r.out().contains("1:1 1:0"), r.toString());
    }

    @Test
    void theShellStepsThroughASavedScheduleWithItsViews() throws Exception {
        String sched = dir.resolve("step.sched").toString();
        String race = script("scripts/explore/wildcard-race.js");
        assertEquals(1, mpish("explore", "-n", "3", "-o", sched, race).status());
        Launcher.Result r = mpish("-c", "trace replay " + sched + " " + race + "; ranks; trace step; ranks; trace continue; ranks");
        assertEquals(1, r.status(), r.toString());
        String out = r.out();
        // paused before the receive takes rank 1's message: rank 0 waits with both messages queued
        int first = out.indexOf("paused at choice 1: rank 0's 1st MPI_Recv (MPI_ANY_SOURCE, tag 0) matched rank 1, not rank 2");
        int queued = out.indexOf("a message from any rank with tag 0 on MPI_COMM_WORLD (2 messages that do not match are queued");
        // then stuck: rank 0 waits for rank 1, which is in MPI_Finalize
        int stuck = out.indexOf("paused: no rank can move");
        int waits = out.indexOf("a message from rank 1 with tag 0 on MPI_COMM_WORLD (1 message that does not match is queued", stuck);
        int ended = out.indexOf("the replay ended with exit status 1");
        assertTrue(first >= 0 && queued > first && stuck > queued && waits > stuck && ended > waits, out);
        assertTrue(out.substring(ended).contains("deadlock: every rank is waiting"), out);
        assertTrue(out.contains("first message: from rank 1"), out);
        // a schedule of another script is refused in one line, and nothing starts
        Launcher.Result other = mpish("-c", "trace replay " + sched + " " + script("probe.js"));
        assertEquals(2, other.status(), other.toString());
        assertEquals("trace: " + sched + " is a schedule of wildcard-race.js, not of probe.js", other.err().strip());
        Launcher.Result none = mpish("-c", "trace step");
        assertEquals(1, none.status(), none.toString());
        assertTrue(none.err().contains("trace step: no replay"), none.toString());
    }

    @Test
    void exploreRunsTheRanksOnTheSimulatedNodesOfNodes() throws Exception {
        // block placement as mpirun's default mapping (--display-map): 4 ranks on 2 nodes are {0,1} and {2,3}, so each
        // node's wildcard receive has one sender (one schedule); on one node rank 0 has three senders, 3! orders
        // (MPI-4.1 3.5: only messages of one sender keep their order)
        String s = script("node-order.js");
        Launcher.Result one = mpish("explore", "-n", "4", s);
        assertEquals(1, one.status(), one.toString());
        assertTrue(one.out().contains("6 schedules run"), one.toString());
        Launcher.Result two = mpish("explore", "-n", "4", "--nodes", "2", s);
        assertEquals(0, two.status(), two.toString());
        assertTrue(two.out().startsWith("mpish explore: node-order.js on 4 ranks on 2 nodes\n"), two.toString());
        assertTrue(two.out().contains("1 schedule run"), two.toString());
        assertTrue(two.out().contains("no problem in any schedule"), two.toString());
        // 6 ranks on 2 nodes: two senders per node, and the order 2, 1 on either node is the problem
        String sched = dir.resolve("nodes.sched").toString();
        Launcher.Result six = mpish("explore", "-n", "6", "--nodes=2", "-o", sched, s);
        assertEquals(1, six.status(), six.toString());
        assertTrue(six.out().contains("out of rank order: 2 1"), six.toString());
        assertTrue(Files.readString(Path.of(sched)).contains("\nnodes 2\n"), Files.readString(Path.of(sched)));
        replays(sched, s, 1, "out of rank order: 2 1");
        Launcher.Result other = mpish("run", "--nodes", "3", "--schedule", sched, s);
        assertEquals(2, other.status(), other.toString());
        assertEquals("mpish run: " + sched + " is a schedule for 2 nodes, not 3 (--nodes)\n", other.err());
        Launcher.Result tooMany = mpish("explore", "-n", "2", "--nodes", "3", s);
        assertEquals(2, tooMany.status(), tooMany.toString());
        assertEquals("mpish explore: --nodes must be between 1 and the number of ranks (2), not 3\n", tooMany.err());
        // the shell's explore runs on the shell's nodes unless told otherwise
        Launcher.Result shell = mpish("-n", "4", "--nodes", "2", "-c", "explore " + s);
        assertEquals(0, shell.status(), shell.toString());
        assertTrue(shell.out().contains("on 4 ranks on 2 nodes"), shell.toString());
        assertTrue(shell.out().contains("1 schedule run"), shell.toString());
        Launcher.Result told = mpish("-n", "4", "-c", "explore --nodes 2 " + s);
        assertEquals(0, told.status(), told.toString());
        assertTrue(told.out().contains("1 schedule run"), told.toString());
    }

    @Test
    void aRunThatDoesNotEndIsReportedAtTheTimeout() throws Exception {
        Launcher.Result r = mpish("explore", "-n", "2", "--timeout", "1", script("spin.js"));
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.out().contains("a run past --timeout"), r.toString());
    }

    @Test
    void theShellExploresAScriptOrTheRecordedSession() throws Exception {
        Launcher.Result r = mpish("-n", "3", "-c", "explore " + script("scripts/explore/wildcard-race.js"));
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.out().contains("rank 0's 1st MPI_Recv (MPI_ANY_SOURCE, tag 0) matched rank 1, not rank 2"), r.toString());
        Launcher.Result none = mpish("-n", "2", "-c", "explore");
        assertEquals(1, none.status(), none.toString());
        assertTrue(none.err().contains("explore: which script?"), none.toString());
        String rec = dir.resolve("session.js").toString();
        Launcher.Result session = mpish("-n", "2", "-c", "record " + rec + "; @0 MPI_Send 0 0 MPI_INT 1 0 MPI_COMM_WORLD; "
                + "@1 MPI_Recv 0 0 MPI_INT MPI_ANY_SOURCE 0 MPI_COMM_WORLD; explore --sync");
        assertTrue(session.out().contains("mpish explore: session.js on 2 ranks, no buffering (--sync)"), session.toString());
        assertTrue(session.out().contains("1 schedule run"), session.toString());
        assertTrue(session.out().contains("no problem in any schedule"), session.toString());
    }

    @Test
    void badSchedulesAreOneLineErrors() throws Exception {
        String sched = dir.resolve("bad-race.sched").toString();
        String race = script("scripts/explore/wildcard-race.js");
        assertEquals(1, mpish("explore", "-n", "3", "-o", sched, race).status());
        Launcher.Result other = mpish("run", "--schedule", sched, script("probe.js"));
        assertEquals(2, other.status(), other.toString());
        assertEquals("mpish run: " + sched + " is a schedule of wildcard-race.js, not of probe.js\n", other.err());
        Launcher.Result ranks = mpish("run", "-n", "4", "--schedule", sched, race);
        assertEquals(2, ranks.status(), ranks.toString());
        assertEquals("mpish run: " + sched + " is a schedule for 3 ranks, not 4 (-n)\n", ranks.err());
        Path corrupt = dir.resolve("corrupt.sched");
        Files.writeString(corrupt, Files.readString(Path.of(sched)).replace("choice 0 0 MPI_Recv 1", "choice 0 zero MPI_Recv 1"));
        Launcher.Result c = mpish("run", "--schedule", corrupt.toString(), race);
        assertEquals(2, c.status(), c.toString());
        assertTrue(c.err().matches("mpish run: \\S+ line \\d+: the choice number is not a number: zero\n"), c.toString());
        Files.writeString(corrupt, "hello\n");
        Launcher.Result notOne = mpish("run", "--schedule", corrupt.toString(), race);
        assertEquals(2, notOne.status(), notOne.toString());
        assertEquals(1, notOne.err().lines().count(), notOne.toString());
        assertTrue(notOne.err().contains("is not an mpish schedule"), notOne.toString());
    }
}
