package org.mpish.shell.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.shell.script.Sandbox;

/**
 * Hundreds of schedules in one JVM (issue 20, bad input): every run's rank threads and watchdog end with it, in
 * clean runs, deadlocked ones and ones that fail, and every exploration finds the same thing each time.
 */
@Timeout(300)
class ExploreChurnTest {
    private static final String ORDER = """
            const comm = MPI.COMM_WORLD;
            const buf = mem.alloc(4);
            if (MPI.Comm_rank(comm) === 0) {
              let last = -1;
              for (let i = 1; i < MPI.Comm_size(comm); i++) last = MPI.Recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0, comm).MPI_SOURCE;
              if (last === 2) throw new Error('rank 2 came last');
              if (last === 1) MPI.Recv(buf, 1, MPI.INT, 1, 0, comm);   // deadlocks: rank 1 sends once
            } else {
              MPI.Send(buf, 1, MPI.INT, 0, 0, comm);
            }
            """;

    private static List<String> ours() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("rank-") || n.startsWith("mpish-watchdog-") || n.startsWith("mpish-warm-jobs"))
                .sorted().toList();
    }

    @Test
    void hundredsOfSchedulesLeaveNoThreadBehind() throws Exception {
        ScheduledRun.Setup s = new ScheduledRun.Setup("order.js", ORDER, 4, List.of(), false, 30, new Sandbox(false, false, false));
        int schedules = 0;
        for (int i = 0; i < 60; i++) {
            ScheduleExplorer.Result r = new ScheduleExplorer(s, 1000, false).explore();
            // 3! orders of the senders; the last sender decides: rank 3 (2 orders) is fine, rank 2 throws, rank 1 deadlocks
            assertEquals(6, r.runs());
            assertTrue(r.complete());
            assertEquals(2, r.problems().size(), r.problems().toString());
            assertTrue(r.problems().stream().anyMatch(p -> p.what().startsWith("a deadlock")));
            assertTrue(r.problems().stream().anyMatch(p -> p.detail().contains("rank 2 came last")));
            schedules += r.runs();
        }
        assertEquals(360, schedules);
        long end = System.nanoTime() + 10_000_000_000L;
        while (!ours().isEmpty() && System.nanoTime() < end) Thread.sleep(20);
        assertEquals(List.of(), ours(), "threads of explored runs still alive");
    }

    /** Changes a global and a built-in; an earlier run's changes would show (each schedule must start afresh). */
    private static final String MARKS = """
            if (globalThis.marked !== undefined || Array.prototype.marked !== undefined || typeof MPI.marked !== 'undefined')
              throw new Error('an earlier run left its marks');
            globalThis.marked = 1;
            Array.prototype.marked = 1;
            Object.prototype.marked = 1;
            const comm = MPI.COMM_WORLD;
            const buf = mem.alloc(4);
            if (MPI.Comm_rank(comm) === 0) {
              for (let i = 1; i < MPI.Comm_size(comm); i++) MPI.Recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0, comm);
            } else {
              MPI.Send(buf, 1, MPI.INT, 0, 0, comm);
            }
            """;

    @Test
    void jobsMadeAheadServeOneRunEachAndEndWithTheExploration() throws Exception {
        ScheduledRun.Setup s = new ScheduledRun.Setup("marks.js", MARKS, 3, List.of(), false, 30, new Sandbox(false, false, false));
        try (var warm = ScheduledRun.warm(s, 16)) {
            for (int i = 0; i < 50; i++) {
                ScheduleExplorer.Result r = new ScheduleExplorer(s, 1000, false, warm).explore();
                assertEquals(2, r.runs());
                assertTrue(r.complete());
                assertEquals(List.of(), r.problems());
            }
        }
        long end = System.nanoTime() + 10_000_000_000L;
        while (!ours().isEmpty() && System.nanoTime() < end) Thread.sleep(20);
        assertEquals(List.of(), ours(), "threads of explored runs still alive");
    }

    /**
     * What a run leaves in its context's global object: a var, a marked function, a global holding a closure, a replaced
     * mpish global, a let (global code's own), the legacy RegExp statics. Each check stands for a fresh context
     * (what mpish run starts with); one left over from an earlier schedule would show.
     */
    private static final String GLOBALS = """
            const seen = [];
            if (typeof leftVar !== 'undefined') seen.push('a var');
            if (leftFunction.mark !== undefined) seen.push('a function');
            if (globalThis.counter !== undefined) seen.push('a closure, called ' + globalThis.counter() + ' times');
            if (print.replaced) seen.push('a replaced print');
            if (RegExp.$1 !== '' || RegExp.lastMatch !== '') seen.push('RegExp.$1 ' + RegExp.$1);
            if (Object.keys(globalThis).includes('left')) seen.push('a global property');
            if (seen.length > 0) throw new Error('an earlier run left ' + seen.join(', '));
            var leftVar = 1;
            function leftFunction() {}   // hoisted: a new one each run, unless an earlier run's is still there
            leftFunction.mark = 1;
            let mine = 2;
            globalThis.left = 3;
            globalThis.counter = (() => { let n = 0; return () => ++n; })();
            counter();
            const original = print;
            print = (...a) => original(...a);
            print.replaced = true;
            /(b+)/.exec('abbc');
            const comm = MPI.COMM_WORLD;
            const buf = mem.alloc(4);
            if (MPI.Comm_rank(comm) === 0) {
              for (let i = 1; i < MPI.Comm_size(comm); i++) MPI.Recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0, comm);
            } else {
              MPI.Send(buf, 1, MPI.INT, 0, 0, comm);
            }
            """;

    /** Changes built-ins, each in its own way; an earlier run's change would show. */
    private static final String BUILTINS = """
            const seen = [];
            if ([].leftOnArrays !== undefined) seen.push('Array.prototype.leftOnArrays');
            if (Math.random.name !== 'random') seen.push('a replaced Math.random');
            if (Object.getOwnPropertyDescriptor(Array.prototype, 'map').enumerable) seen.push('an enumerable map');
            if (Object.getPrototypeOf([][Symbol.iterator]()).next.name !== 'next') seen.push('a replaced iterator next');
            if (Object.isFrozen(JSON)) seen.push('a frozen JSON');
            if (seen.length > 0) throw new Error('an earlier run left ' + seen.join(', '));
            Array.prototype.leftOnArrays = 1;
            Math.random = function notRandom() { return 4; };
            Object.defineProperty(Array.prototype, 'map', {enumerable: true});
            const it = Object.getPrototypeOf([][Symbol.iterator]()), next = it.next;
            it.next = function replaced() { return next.call(this); };
            Object.freeze(JSON);
            if ([].leftOnArrays !== 1 || Math.random() !== 4) throw new Error('this run does not see its own changes');
            const comm = MPI.COMM_WORLD;
            const buf = mem.alloc(4);
            if (MPI.Comm_rank(comm) === 0) {
              for (let i = 1; i < MPI.Comm_size(comm); i++) MPI.Recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0, comm);
            } else {
              MPI.Send(buf, 1, MPI.INT, 0, 0, comm);
            }
            """;

    @Test
    void noScheduleSeesWhatAnEarlierOneLeftInItsGlobals() {
        for (String[] script : new String[][] {{"globals.js", GLOBALS}, {"builtins.js", BUILTINS}}) {
            ScheduledRun.Setup s = new ScheduledRun.Setup(script[0], script[1], 3, List.of(), false, 30, new Sandbox(false, false, false));
            try (var warm = ScheduledRun.warm(s, 16)) {
                for (int i = 0; i < 30; i++) {
                    ScheduleExplorer.Result r = new ScheduleExplorer(s, 1000, false, warm).explore();
                    assertEquals(List.of(), r.problems(), script[0] + ", exploration " + i);
                    assertEquals(2, r.runs());
                }
                // the gate sends them to fresh contexts: in a kept one their changes to built-ins would fail
                assertNotNull(warm.refusal(), script[0]);
                assertEquals(0, warm.contextCounts()[1], script[0]);
            }
        }
    }

    /**
     * A script the gate lets through (it names no built-in's prototype, constructor or global object) that still
     * reaches them through computed keys, and tries to leave a mark on each for a later run: Array.prototype, the
     * array iterator prototype, Object.prototype, the Math global replaced, a new global, Error.prototype.name
     * (left writable, put back after each run), print, the RegExp statics. Its runs share kept contexts; only the
     * freezing and the reset after each run keep the marks from the next run.
     */
    private static final String SNEAKY = """
            // leaves marks where the gate cannot see them
            const c = 'constr' + 'uctor', p = 'proto' + 'type', q = '__pro' + 'to__';
            const G = [][c][c]('return th' + 'is')();
            const AP = [][c][p], IP = [][Symbol.iterator]()[q], OP = ({})[q], EP = G['Err' + 'or'][p], R = G['Reg' + 'Exp'];
            const seen = [];
            if ([].leftMark !== undefined) seen.push('Array.prototype');
            if (IP.leftMark !== undefined) seen.push('the array iterator prototype');
            if (({}).leftMark !== undefined) seen.push('Object.prototype');
            if (typeof Math.max !== 'function') seen.push('Math replaced');
            if (G['left' + 'Global'] !== undefined) seen.push('a global');
            if (new Error('x').name !== 'Error') seen.push('Error.prototype.name');
            if (print.leftMark !== undefined) seen.push('print');
            if (R.$1 !== '' || R.lastMatch !== '') seen.push('RegExp.$1 ' + R.$1);
            if (seen.length > 0) throw new Error('an earlier run left marks on ' + seen.join(', '));
            AP.leftMark = 1;
            IP.leftMark = 1;
            OP.leftMark = 1;
            const m = 'Ma' + 'th', g = 'left' + 'Global', pr = 'pr' + 'int';
            G[m] = 1;
            G[g] = 1;
            EP.name = 'changed';
            const printed = G[pr];
            printed.leftMark = 1;
            /(b+)/.exec('abbc');
            const comm = MPI.COMM_WORLD;
            const buf = mem.alloc(4);
            if (MPI.Comm_rank(comm) === 0) {
              for (let i = 1; i < MPI.Comm_size(comm); i++) MPI.Recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0, comm);
            } else {
              MPI.Send(buf, 1, MPI.INT, 0, 0, comm);
            }
            """;

    @Test
    void keptContextsKeepEveryRunsMarksFromTheNext() {
        ScheduledRun.Setup s = new ScheduledRun.Setup("sneaky.js", SNEAKY, 3, List.of(), false, 30, new Sandbox(false, false, false));
        try (var warm = ScheduledRun.warm(s, 16)) {
            for (int i = 0; i < 40; i++) {
                ScheduleExplorer.Result r = new ScheduleExplorer(s, 1000, false, warm).explore();
                assertEquals(List.of(), r.problems(), "exploration " + i);
                assertEquals(2, r.runs());
            }
            assertNull(warm.refusal(), "the gate should let this script through");
            assertTrue(warm.contextCounts()[1] > 100, "contexts reused: " + warm.contextCounts()[1]);
        }
    }

    @Test
    void keptContextsReportWhatFreshOnesReportAndLeaveNoThreadBehind() throws Exception {
        // ORDER has code on its first line, so it runs as global code (an indirect eval); the same text after a
        // comment line runs as a function body: both report each problem as a fresh context does
        for (String code : new String[] {ORDER, "// the same, as a function body\n" + ORDER}) {
            ScheduledRun.Setup s = new ScheduledRun.Setup("order.js", code, 4, List.of(), false, 30, new Sandbox(false, false, false));
            List<String> fresh = new ScheduleExplorer(s, 1000, false).explore().problems().stream().map(p -> p.detail()).sorted().toList();
            assertEquals(2, fresh.size(), fresh.toString());
            try (var warm = ScheduledRun.warm(s, 16)) {
                for (int i = 0; i < 30; i++) {
                    ScheduleExplorer.Result r = new ScheduleExplorer(s, 1000, false, warm).explore();
                    assertEquals(6, r.runs());
                    assertEquals(fresh, r.problems().stream().map(p -> p.detail()).sorted().toList(), "exploration " + i);
                }
                assertNull(warm.refusal());
                assertTrue(warm.contextCounts()[1] > 0, "no context was reused");
            }
        }
        long end = System.nanoTime() + 10_000_000_000L;
        while (!ours().isEmpty() && System.nanoTime() < end) Thread.sleep(20);
        assertEquals(List.of(), ours(), "threads of explored runs still alive");
    }
}
