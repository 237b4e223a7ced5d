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
