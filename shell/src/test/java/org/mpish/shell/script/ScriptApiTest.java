package org.mpish.shell.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;
import org.mpish.runtime.catalog.Catalogue;

/**
 * Issue 19, item 13: a script can list what MPI, LAPI and mem hold. Object.keys and for-in give every call and
 * constant of the catalogue (before any is used, and in the same order after), and the members still work.
 */
@Timeout(60)
class ScriptApiTest {
    private static String run(String code) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = new ScriptRunner(1, List.of(), 30, Sandbox.STRICT, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Job.Options.defaults()).run("keys.js", code);
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    private static List<String> names(String object) {
        return ScriptApi.members(Catalogue.get(), object).stream().map(ScriptApi.Member::name).toList();
    }

    @Test
    void objectKeysAndForInListEveryCallAndConstant() {
        String out = run("""
                print(Object.keys(MPI).join(' '));
                const seen = []; for (const k in LAPI) seen.push(k); print(seen.join(' '));
                print(Object.keys(mem).join(' '));
                print(MPI.Comm_rank(MPI.COMM_WORLD), typeof MPI.Send, LAPI.PUT_XFER !== undefined);
                print(Object.keys(MPI).join(' '));
                """);
        List<String> lines = out.lines().toList();
        List<String> mpi = List.of(lines.get(0).split(" "));
        assertEquals(names("MPI"), mpi);
        assertEquals(names("LAPI"), List.of(lines.get(1).split(" ")));
        assertEquals(List.of("alloc", "free", "read", "write", "limit", "inUse"), List.of(lines.get(2).split(" ")));
        // names any MPI or LAPI programmer expects (the standard's and IBM's), independent of the catalogue
        for (String n : List.of("Init", "Send", "Recv", "Comm_rank", "Win_create", "COMM_WORLD", "ANY_SOURCE", "INT")) {
            assertTrue(mpi.contains(n), n);
        }
        for (String n : List.of("Init", "Xfer", "Put", "Get", "Amsend", "Waitcntr")) assertTrue(lines.get(1).contains(n), n);
        assertEquals("0 function true", lines.get(3));
        assertEquals(lines.get(0), lines.get(4), "using members does not change the list");
    }

    /**
     * A call takes exactly its C binding's arguments less the OUT ones (MPI-4.1: MPI_Wtime none, MPI_Comm_rank one,
     * MPI_Send six, MPI_Sendrecv twelve less its status): one more, even undefined, is an error naming the count, and
     * the function's length says the count, as a JavaScript function's does.
     */
    @Test
    void argumentCountsFollowTheCBinding() {
        String out = run("""
                const tryIt = (f) => { try { f(); return 'ok'; } catch (e) { return e.name + ': ' + e.message; } };
                const b = mem.alloc(8);
                print(MPI.Wtime.length, MPI.Comm_rank.length, MPI.Send.length, MPI.Sendrecv.length);
                print(tryIt(() => MPI.Wtime(1)));
                print(tryIt(() => MPI.Comm_rank(MPI.COMM_WORLD, 1, 2)));
                print(tryIt(() => MPI.Send(b, 1, MPI.LONG, 0, 0, MPI.COMM_WORLD, 7)));
                print(tryIt(() => MPI.Sendrecv(b, 1, MPI.LONG, 0, 5, b, 1, MPI.LONG, 0, 5, MPI.COMM_WORLD)));
                print(tryIt(() => MPI.Sendrecv(b, 1, MPI.LONG, 0, 5, b, 1, MPI.LONG, 0, 5, MPI.COMM_WORLD, undefined)));
                """);
        assertEquals(List.of("0 1 6 11",
                "TypeError: MPI.Wtime takes 0 arguments (), got 1",
                "TypeError: MPI.Comm_rank takes 1 argument (comm), got 3",
                "TypeError: MPI.Send takes 6 arguments (buf, count, datatype, dest, tag, comm), got 7",
                "ok",
                "TypeError: MPI.Sendrecv takes 11 arguments (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,"
                        + " recvtype, source, recvtag, comm), got 12"), out.lines().toList());
    }

    /** Members a script used before listing are listed too, once each; so are the ones from every listing function. */
    @Test
    void listingAfterUseAndEveryListingFunction() {
        String out = run("""
                const r = MPI.Comm_rank(MPI.COMM_WORLD), s = LAPI.Xfer;
                const sorted = (a) => [...a].sort().join(' ');
                const forIn = (o) => { const a = []; for (const k in o) a.push(k); return a; };
                print(sorted(forIn(MPI)));
                print(sorted(Object.keys(MPI)));
                print(sorted(Object.getOwnPropertyNames(LAPI)));
                print(Object.entries(MPI).length === Object.keys(MPI).length, Reflect.ownKeys(LAPI).length,
                      Object.keys.name, Object.keys.length, Object.keys({a: 1, b: 2}).join());
                """);
        List<String> lines = out.lines().toList();
        String mpi = String.join(" ", names("MPI").stream().sorted().toList());
        assertEquals(mpi, lines.get(0));
        assertEquals(mpi, lines.get(1));
        assertEquals(String.join(" ", names("LAPI").stream().sorted().toList()), lines.get(2));
        assertEquals("true " + names("LAPI").size() + " keys 1 a,b", lines.get(3));
    }

    @Test
    void membersStayReadOnly() {
        String out = run("""
                for (const k of ['Send', 'Bogus']) {
                  try { MPI[k] = 1; print(k, 'assigned'); } catch (e) { print(k, e.name); }
                }
                print(typeof MPI.Send, MPI.Bogus, 'Send' in MPI, 'Bogus' in MPI);
                """);
        assertEquals("Send TypeError\nBogus TypeError\nfunction undefined true false\n", out);
    }
}
