package org.mpish.shell.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jline.reader.Candidate;
import org.jline.reader.Parser;
import org.jline.reader.impl.DefaultParser;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.shell.Printer;
import org.mpish.shell.Session;

/** Issue 19, item 13: in a js command, Tab after MPI., LAPI. or mem. offers their members with a synopsis. */
class ShellCompleterTest {
    private static List<Candidate> complete(String line) {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        try (Session s = new Session(2, new Printer(sink, sink, false), false)) {
            List<Candidate> out = new ArrayList<>();
            new ShellCompleter(s).complete(null, new DefaultParser().parse(line, line.length(), Parser.ParseContext.COMPLETE), out);
            return out;
        }
    }

    private static Map<String, String> byValue(List<Candidate> cs) {
        return cs.stream().collect(Collectors.toMap(Candidate::value, c -> c.descr() == null ? "" : c.descr(), (a, b) -> a));
    }

    @Test
    void membersOfMpiWithTheirSynopsis() {
        Map<String, String> c = byValue(complete("js print(MPI.Comm_r"));
        // int MPI_Comm_rank(MPI_Comm comm, int *rank): comm in, rank out (the MPI standard)
        assertEquals("rank = MPI.Comm_rank(comm)", c.get("print(MPI.Comm_rank"));
        assertTrue(c.containsKey("print(MPI.Send"), "every member is offered; the line editor filters by prefix");
        long calls = Catalogue.get().calls().stream().filter(x -> x.api().equals("MPI")).count();
        long constants = Catalogue.get().constants().stream().filter(x -> x.api().equals("MPI")).count();
        assertEquals(calls + constants, c.size());
        assertTrue(c.get("print(MPI.COMM_WORLD").contains("MPI_COMM_WORLD"), c.get("print(MPI.COMM_WORLD"));
    }

    @Test
    void membersOfLapiAndMem() {
        Map<String, String> lapi = byValue(complete("@1 js LAPI.X"));
        Call xfer = Catalogue.get().call("LAPI_Xfer");
        assertEquals(xfer.scriptSynopsis(), lapi.get("LAPI.Xfer"));
        assertTrue(lapi.get("LAPI.Xfer").startsWith("LAPI.Xfer(hndl, xfer_cmd)"), lapi.get("LAPI.Xfer"));
        Map<String, String> mem = byValue(complete("js const b = mem."));
        assertEquals(List.of("mem.alloc", "mem.free", "mem.inUse", "mem.limit", "mem.read", "mem.write"),
                mem.keySet().stream().sorted().toList());
        assertTrue(mem.get("mem.alloc").startsWith("mem.alloc(bytes)"), mem.get("mem.alloc"));
    }

    @Test
    void onlyAfterTheObjectsOwnName() {
        assertEquals(List.of(), complete("js myMPI."));
        assertEquals(List.of(), complete("js x.mem."));
        assertEquals(List.of(), complete("js MPI"));
        // outside js the word is a shell argument, not JavaScript
        assertTrue(complete("MPI_Comm_rank MPI.").stream().noneMatch(x -> x.value().contains("MPI.Comm_rank")));
    }
}
