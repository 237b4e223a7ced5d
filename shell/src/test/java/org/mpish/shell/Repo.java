package org.mpish.shell;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository root: from -Dmpish.root, else the nearest parent holding both pom.xml and man/. */
public final class Repo {
    private Repo() {}

    public static Path root() {
        String p = System.getProperty("mpish.root");
        if (p != null && Files.isDirectory(Path.of(p, "man"))) return Path.of(p);
        Path d = Path.of("").toAbsolutePath();
        while (d != null) {
            if (Files.exists(d.resolve("pom.xml")) && Files.isDirectory(d.resolve("man")) && Files.exists(d.resolve("mpish"))) return d;
            d = d.getParent();
        }
        throw new IllegalStateException("repository root not found");
    }

    public static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, tool))) return true;
        }
        return false;
    }
}
