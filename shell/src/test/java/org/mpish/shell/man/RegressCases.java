package org.mpish.shell.man;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The golden cases in {@code src/test/resources/man-regress}. */
final class RegressCases {

    private RegressCases() {
    }

    static Path dir() {
        try {
            return Path.of(RegressCases.class.getResource("/man-regress").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every {@code *.in} file, sorted. */
    static List<Path> inputs() {
        try (Stream<Path> s = Files.list(dir())) {
            return s.filter(p -> p.getFileName().toString().endsWith(".in")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path sibling(Path in, String suffix) {
        String name = in.getFileName().toString();
        return in.resolveSibling(name.substring(0, name.length() - 3) + suffix);
    }
}
