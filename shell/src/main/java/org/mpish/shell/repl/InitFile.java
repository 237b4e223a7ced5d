package org.mpish.shell.repl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mpish.shell.Session;

/** Runs $XDG_CONFIG_HOME/mpish/init (shell commands) when the interactive shell starts; errors are reported, not fatal. */
final class InitFile {
    private InitFile() {}

    static Path path() {
        String cfg = System.getenv("XDG_CONFIG_HOME");
        Path dir = cfg != null && !cfg.isEmpty() ? Path.of(cfg) : Path.of(System.getProperty("user.home"), ".config");
        return dir.resolve("mpish").resolve("init");
    }

    static void run(Session session) {
        Path p = path();
        if (!Files.isRegularFile(p)) return;
        try {
            int n = 0;
            for (String line : Files.readAllLines(p)) {
                n++;
                if (!session.execute(line)) session.printer().error(p + ":" + n + ": this init command failed");
            }
        } catch (IOException e) {
            session.printer().error("cannot read " + p + ": " + e.getMessage());
        }
    }
}
