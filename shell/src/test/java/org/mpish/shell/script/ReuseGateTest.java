package org.mpish.shell.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The gate that decides whether a script's runs may share contexts with frozen built-ins (mpish explore). Each
 * refused script reaches or changes built-in state in its own way: a frozen built-in would make it behave
 * differently from mpish run (an assignment that fails, a check that sees the freezing), so it must get fresh
 * contexts. The allowed ones are the ordinary shapes of an MPI script.
 */
class ReuseGateTest {
    /** The frozen method names a kept context reports (a few of them; the real list is the engine's). */
    private static final Set<String> METHODS = Set.of("toString", "push", "valueOf", "Array", "call");

    private static String refusal(String code) { return ReuseGate.scan(code).refusal(METHODS); }

    @ParameterizedTest
    @ValueSource(strings = {
            "Array.prototype.sum = function () {};",                    // a prototype
            "const o = {}; o.__proto__.x = 1;",                         // the prototype of every object
            "const A = [].constructor;",                                // a constructor from any value
            "Object.defineProperty(Math, 'x', {value: 1});",
            "Object.setPrototypeOf(a, b);",
            "Object.getPrototypeOf(a).x = 1;",
            "Object.assign(Math, {x: 1});",                             // [[Set]] on a built-in
            "Object.freeze(JSON);",
            "if (Object.isFrozen(Math)) throw 1;",                      // sees the freezing
            "Reflect.set(Math, 'x', 1);",
            "const p = new Proxy({}, {});",
            "eval('Math.x = 1');",                                      // code from a string
            "const f = Function('return 1');",
            "globalThis.x = 1;",
            "with (Math) { x = 1; }",
            "import('x');",
            "delete Math.max;",
            "function f() { return arguments.length; }",                // the global arguments array at top level
            "new FinalizationRegistry(() => {});",                      // runs code after the run
            "Error.captureStackTrace(o);",
            "Error.stackTraceLimit = 0;",
            "load('other.js');",                                        // code the gate never read
            "const o = Java.type('x');",
            "Math.x = 1;",                                              // a member of a built-in global
            "JSON.parse.x = 1;",                                        // a member of a built-in's member
            "Math.x++;",
            "++Math.x;",
            "Math = {};",                                               // the built-in global itself
            "const M = Math; M.x = 1;",                                 // a built-in as a value (an alias)
            "foo(Number);",
            "function Math() {}",                                       // a built-in global declared again
            "class JSON {}",
            "const k = Math[key];",
            "o['toString'] = f;",                                       // an override by a string key
            "o.toString = () => 'x';",                                  // a name a frozen method shadows
            "a.push = null;",
            "f().x = 1;",                                               // a member of a call's result
            "[a.x, b] = [1, 2];",                                       // destructuring into members
            "({x: o.x} = v);",
            "for (o.push of list) {}",
            "const s = 'constructor';",                                 // a denied word as a string
            "const s = \"\\x63onstructor\";",                           // spelled with an escape
            "const s = `constructor`;",
            "const c = [][\"\\u0063onstructor\"];",                     // a unicode escape
            "const c = \\u0063onstructor;",
            "/* unterminated",
            "const s = 'unterminated;",
            "f(a[0);",                                                  // brackets that do not pair
    })
    void refused(String code) {
        assertNotNull(refusal(code), code);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "const a = [1, 2]; a[0] = 3; a[i + 1] += 2; a.length = 0;",
            "const o = {}; o.x = 1; o.count++; --o.count; o.total += 2;",
            "let x = 1; x = 2; x += 3; x++;",
            "const [a, b] = f(); const {c, d = 1} = g(); let [e] = h();",
            "if (e instanceof Error) print(typeof Symbol); const m = new Map(); m.set(1, 2);",
            "class E extends Error { constructor(m) { super(m); this.name = 'E'; this.code = 1; } }",
            "const v = Math.max(1, 2) + Number.parseInt('3') + JSON.stringify([]).length + String(4).length;",
            "const r = /prototype|constructor/.test(s);",                 // a regular expression is data
            "// Array.prototype.x = 1 in a comment\nconst y = 2 / 3 / 4;",
            "print(`sum ${a + b} and ${f({x: 1})}`);",
            "const o = {a: 1, b: [2, 3]}; const s = o.a ? o.b[0] : 0;",
            "MPI.Recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0, MPI.COMM_WORLD); mem.write(buf, MPI.INT, [1]);",
    })
    void allowed(String code) {
        assertNull(refusal(code), code);
    }

    @Test
    void theBenchmarkScriptIsLetThroughAndRunsAsAFunctionBody() throws Exception {
        String code = Files.readString(Path.of(System.getProperty("mpish.root", "..")).resolve("scripts/explore/two-wildcards.js"));
        ReuseGate.Scan s = ReuseGate.scan(code);
        assertNull(s.refusal(METHODS));
        assertTrue(s.wrappable());
    }

    @Test
    void aFunctionBodyOnlyWhenLineOneHasNoCodeAndThisIsAnInstancesOwn() {
        assertTrue(ReuseGate.scan("// a comment\nconst x = 1;").wrappable());
        assertTrue(ReuseGate.scan("\nclass A { f() { return this.x; } }").wrappable());
        // code on line 1 would be reported one function header to the right
        assertFalse(ReuseGate.scan("const x = 1;").wrappable());
        // at top level, and in a plain function, this is the global object, where global code's vars live
        assertFalse(ReuseGate.scan("//\nvar x = 1; print(this.x);").wrappable());
        assertFalse(ReuseGate.scan("//\nfunction f() { return this; }").wrappable());
        // a stack trace would show the function's frame
        assertFalse(ReuseGate.scan("//\ntry { f(); } catch (e) { print(e.stack); }").wrappable());
    }

    @Test
    void theFrozenMethodNamesCountOnlyForMembersAssigned() {
        ReuseGate.Scan s = ReuseGate.scan("const o = {}; o.push = 1; print([].push.length);");
        assertNull(s.refused());
        assertEquals(Set.of("push"), s.assigned());
        assertNotNull(s.refusal(Set.of("push")));
        assertNull(s.refusal(Set.of("pop")));
    }
}
