package org.mpish.shell.man;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden tests: each {@code man-regress/<case>.in} must render exactly like the checked-in
 * {@code .out_ascii} (mandoc -T ascii -O width=78 | col -bx) and report exactly the messages in
 * {@code .out_lint} (mandoc -T lint -W all), and where there is a {@code .out_utf8}, render like
 * {@code mandoc -T utf8} too.  {@code regenerate.sh} rebuilds them from mandoc.
 */
class ManRegressTest {

    static List<Path> cases() {
        return RegressCases.inputs();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void rendersLikeMandoc(Path in) {
        String expected = RegressCases.read(RegressCases.sibling(in, ".out_ascii"));
        String actual = ManPage.render(RegressCases.read(in), in.getFileName().toString(), 78, Style.PLAIN);
        assertEquals(expected, actual);
    }

    /** The cases with a {@code .out_utf8} (mandoc -T utf8 -O width=78 | col -bx in a UTF-8 locale). */
    static List<Path> utf8Cases() {
        return RegressCases.inputs().stream().filter(p -> java.nio.file.Files.exists(RegressCases.sibling(p, ".out_utf8"))).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("utf8Cases")
    void rendersLikeMandocInUtf8(Path in) {
        String expected = RegressCases.read(RegressCases.sibling(in, ".out_utf8"));
        String actual = ManPage.parse(RegressCases.read(in), in.getFileName().toString()).render(78, Style.PLAIN, Device.UTF8);
        assertEquals(expected, actual);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void reportsLikeMandoc(Path in) {
        String expected = RegressCases.read(RegressCases.sibling(in, ".out_lint"));
        String actual = ManPage.parse(RegressCases.read(in), in.getFileName().toString()).diagnostics()
                .stream().map(d -> d + "\n").collect(Collectors.joining());
        assertEquals(expected, actual);
    }
}
