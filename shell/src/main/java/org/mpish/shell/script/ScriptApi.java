package org.mpish.shell.script;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;

/**
 * The members a script's {@code MPI}, {@code LAPI} and {@code mem} objects have, by name, each with a one-line
 * synopsis: what the shell's completion offers after {@code MPI.} in a {@code js} command. The same catalogue
 * order as the objects themselves ({@link ApiObject}): the calls, then the constants.
 */
public final class ScriptApi {
    /** One member: its name after the dot, and how it is used. */
    public record Member(String name, String synopsis) {}

    /** The global objects whose members this lists. */
    public static final List<String> OBJECTS = List.of("MPI", "LAPI", "mem");

    private ScriptApi() {}

    /** The members of {@code object} ("MPI", "LAPI" or "mem"); empty for anything else. */
    public static List<Member> members(Catalogue catalogue, String object) {
        List<Member> out = new ArrayList<>();
        if (object.equals("mem")) {
            MemObject.SYNOPSES.forEach((k, v) -> out.add(new Member(k, v)));
            return out;
        }
        for (Call c : calls(catalogue, object)) out.add(new Member(c.scriptName(), c.scriptSynopsis()));
        for (Constant c : constants(catalogue, object)) {
            out.add(new Member(c.scriptName(), "predefined " + c.group() + " " + c.name()));
        }
        return out;
    }

    static List<Call> calls(Catalogue catalogue, String api) {
        List<Call> out = new ArrayList<>();
        for (Call c : catalogue.calls()) if (c.api().equals(api)) out.add(c);
        return out;
    }

    static List<Constant> constants(Catalogue catalogue, String api) {
        List<Constant> out = new ArrayList<>();
        for (Constant c : catalogue.constants()) if (c.api().equals(api)) out.add(c);
        return out;
    }
}
