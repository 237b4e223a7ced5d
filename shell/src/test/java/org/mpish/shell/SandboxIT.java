package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The script sandbox through the real launcher (issue 9): a script handed to `mpish run` cannot look up host
 * classes, open files, start processes, read the environment or open sockets; each becomes possible only with
 * its option (mpish(1) OPTIONS): --allow-io for files, --allow-env for the environment, --allow-host-classes for
 * Java classes, and through them processes and sockets. One probe script tries everything and prints, per
 * capability, "allowed" or "refused: why"; the files it would touch are checked on disk too.
 */
class SandboxIT {
    private static Path dir;

    private static final String PROBE = """
            const dir = args[0];
            function probe(name, f) {
              try { const v = f(); print(name + ': allowed' + (v === undefined ? '' : ' ' + v)); }
              catch (e) { print(name + ': refused: ' + String(e.message || e).split('\\n')[0]); }
            }
            probe('host-class', () => Java.type('java.lang.StringBuilder') && 'StringBuilder');
            probe('host-package', () => new java.lang.StringBuilder('x').toString());
            probe('file-read', () => readFile(dir + '/secret.txt').trim());
            probe('file-load', () => load(dir + '/lib.js'));
            probe('file-write', () => writeFile(dir + '/written.txt', 'pwned'));
            probe('file-via-java', () => Java.type('java.nio.file.Files').readString(Java.type('java.nio.file.Path').of(dir + '/secret.txt')).trim());
            probe('process', () => { const p = new (Java.type('java.lang.ProcessBuilder'))(['touch', dir + '/process-ran']).start(); p.waitFor(); });
            probe('env', () => getenv('PATH') ? 'PATH' : 'empty');
            probe('env-via-java', () => Java.type('java.lang.System').getenv('PATH') ? 'PATH' : 'empty');
            probe('socket', () => { const s = new (Java.type('java.net.ServerSocket'))(0); const ok = s.getLocalPort() > 0; s.close(); return ok; });
            probe('url-load', () => load('http://127.0.0.1:9/x.js'));
            """;

    @BeforeAll
    static void files() throws Exception {
        dir = Files.createTempDirectory("mpish-sandbox");
        Files.writeString(dir.resolve("secret.txt"), "s3cret\n");
        Files.writeString(dir.resolve("lib.js"), "globalThis.libLoaded = true;\n");
        Files.writeString(dir.resolve("probe.js"), PROBE);
    }

    private static Map<String, String> probe(String... options) throws Exception {
        for (String f : List.of("written.txt", "process-ran")) Files.deleteIfExists(dir.resolve(f));
        List<String> args = new ArrayList<>(List.of("run", "-n", "1"));
        args.addAll(List.of(options));
        args.addAll(List.of(dir.resolve("probe.js").toString(), dir.toString()));
        Launcher.Result r = Launcher.run(null, args.toArray(String[]::new));
        assertEquals(0, r.status(), r.toString());
        Map<String, String> out = new LinkedHashMap<>();
        for (String l : r.out().lines().toList()) {
            int c = l.indexOf(": ");
            out.put(l.substring(0, c), l.substring(c + 2));
        }
        assertEquals(11, out.size(), r.toString());
        return out;
    }

    private static void refused(Map<String, String> m, String... names) {
        for (String n : names) assertTrue(m.get(n).startsWith("refused"), n + " should be refused: " + m);
    }

    private static void allowed(Map<String, String> m, String... names) {
        for (String n : names) assertTrue(m.get(n).startsWith("allowed"), n + " should be allowed: " + m);
    }

    @Test
    void withoutOptionsAScriptTouchesNothingOutsideItsJob() throws Exception {
        Map<String, String> m = probe();
        refused(m, "host-class", "host-package", "file-read", "file-load", "file-write", "file-via-java", "process", "env",
                "env-via-java", "socket", "url-load");
        assertTrue(m.get("file-read").contains("--allow-io"), m.toString());
        assertTrue(m.get("env").contains("--allow-env"), m.toString());
        assertTrue(m.get("host-class").contains("java.lang.StringBuilder"), m.toString());
        assertFalse(Files.exists(dir.resolve("written.txt")), "a file was written");
        assertFalse(Files.exists(dir.resolve("process-ran")), "a process ran");
    }

    @Test
    void allowIoOpensFilesAndNothingElse() throws Exception {
        Map<String, String> m = probe("--allow-io");
        allowed(m, "file-read", "file-load", "file-write");
        assertEquals("allowed s3cret", m.get("file-read"));
        assertEquals("pwned", Files.readString(dir.resolve("written.txt")));
        refused(m, "host-class", "file-via-java", "process", "env", "env-via-java", "socket", "url-load");
        assertFalse(Files.exists(dir.resolve("process-ran")), "a process ran");
    }

    @Test
    void allowEnvOpensTheEnvironmentAndNothingElse() throws Exception {
        Map<String, String> m = probe("--allow-env");
        assertEquals("allowed PATH", m.get("env"));
        refused(m, "host-class", "file-read", "file-load", "file-write", "process", "env-via-java", "socket");
        assertFalse(Files.exists(dir.resolve("written.txt")), "a file was written");
    }

    @Test
    void allowHostClassesOpensJavaAndWithItProcessesAndSockets() throws Exception {
        Map<String, String> m = probe("--allow-host-classes");
        allowed(m, "host-class", "host-package", "file-via-java", "process", "env-via-java", "socket");
        assertEquals("allowed true", m.get("socket"));
        assertTrue(Files.exists(dir.resolve("process-ran")), "the process did not run: " + m);
        refused(m, "file-read", "env"); // the script functions still follow their own options
    }
}
