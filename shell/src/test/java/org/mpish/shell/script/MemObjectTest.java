package org.mpish.shell.script;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;

/**
 * The {@code mem} global's errors name what the script passed (the project's rule: bad input gets one line that says
 * what is wrong). A datatype given by a name that is no datatype must show that name, not the engine's string class.
 */
@Timeout(60)
class MemObjectTest {
    private static String run(String code) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = new ScriptRunner(1, List.of(), 30, Sandbox.STRICT, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Job.Options.defaults()).run("mem.js", code);
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aBadDatatypeIsNamedAsTheScriptWroteIt() {
        String out = run("""
                const a = mem.alloc(16);
                for (const t of ['nope', 42, null, {x: 1}]) {
                  try { mem.read(a, t); print('read'); } catch (e) { print(e.name + ': ' + e.message); }
                }
                try { mem.write(a, 'MPI_NOPE', 1); print('written'); } catch (e) { print(e.name + ': ' + e.message); }
                print(mem.read(a, 'MPI_INT')[0], mem.read(a, 'int')[0]);
                """);
        assertEquals("""
                TypeError: mem: "nope" is not a datatype
                TypeError: mem: 42 is not a datatype
                TypeError: mem: null is not a datatype
                TypeError: mem: {x: 1} is not a datatype
                TypeError: mem: "MPI_NOPE" is not a datatype
                0 0
                """, out);
    }
}
