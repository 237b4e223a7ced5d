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
 * {@code .out_lint} (mandoc -T lint -W all).  {@code regenerate.sh} rebuilds both from mandoc.
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

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void reportsLikeMandoc(Path in) {
        String expected = RegressCases.read(RegressCases.sibling(in, ".out_lint"));
        String actual = ManPage.parse(RegressCases.read(in), in.getFileName().toString()).diagnostics()
                .stream().map(d -> d + "\n").collect(Collectors.joining());
        assertEquals(expected, actual);
    }
}
