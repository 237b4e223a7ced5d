package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;

/**
 * Every catalogued call has its page, named exactly as the call, whose C synopsis is the catalogue's prototype,
 * with shell and JavaScript synopses, an EXAMPLE whose JavaScript is a file in scripts/ (run by ScriptsIT), and
 * a SEE ALSO that names only pages that exist.
 */
class ManPagesTest {
    private static final Path MAN = Repo.root().resolve("man");
    private static final Pattern EXAMPLE_FILE = Pattern.compile("example:\\s*(\\S+)");

    @Test
    void everyCallHasAPageWhoseSynopsisMatchesTheCatalogue() throws IOException {
        List<String> problems = new ArrayList<>();
        org.mpish.shell.man.WhatisIndex index = org.mpish.shell.man.WhatisIndex.build(MAN);
        for (Call c : Catalogue.get().calls()) {
            Path page = MAN.resolve("man3").resolve(c.name() + ".3");
            if (!Files.exists(page)) {
                // a call documented on another call's page (MPI_Iallreduce and MPI_Allreduce_init on MPI_Allreduce's)
                // is listed in that page's NAME, which is how `man MPI_Iallreduce` finds it
                Path named = index.find(c.name() + "(3)");
                if (named == null) {
                    problems.add(c.name() + ": no page man/man3/" + c.name() + ".3, and no page lists it in NAME");
                    continue;
                }
                page = named;
            }
            ManSource src = new ManSource(Files.readString(page));
            String synopsis = ManSource.normalize(ManSource.text(src.subsection("SYNOPSIS", "C")));
            String expected = ManSource.normalize(c.cPrototype());
            if (!synopsis.contains(expected + ";") && !synopsis.contains(expected + " ;")) {
                problems.add(c.name() + ": SYNOPSIS C shows '" + synopsis + "', the catalogue declares '" + expected + ";'");
            }
            if (src.subsection("SYNOPSIS", "Shell").isEmpty()) problems.add(c.name() + ": no .SS Shell in SYNOPSIS");
            if (src.subsection("SYNOPSIS", "JavaScript").isEmpty()) problems.add(c.name() + ": no .SS JavaScript in SYNOPSIS");
            for (String sec : List.of("NAME", "DESCRIPTION", "ERRORS", "EXAMPLE", "SEE ALSO")) {
                if (src.section(sec).isEmpty()) problems.add(c.name() + ": no " + sec + " section");
            }
        }
        if (!problems.isEmpty()) fail(problems.size() + " page problems:\n" + String.join("\n", problems));
    }

    @Test
    void examplesAreKeptInScriptsAndSeeAlsoNamesExistingPages() throws IOException {
        List<String> problems = new ArrayList<>();
        try (Stream<Path> pages = Files.walk(MAN)) {
            for (Path page : pages.filter(p -> p.getFileName().toString().matches(".*\\.[137]")).toList()) {
                String text = Files.readString(page);
                ManSource src = new ManSource(text);
                Matcher m = EXAMPLE_FILE.matcher(text.lines().findFirst().orElse(""));
                if (page.getParent().getFileName().toString().equals("man3")) {
                    if (!m.find()) {
                        problems.add(page.getFileName() + ": first line must name its example script (.\\\" ... example: scripts/...js)");
                    } else {
                        Path script = Repo.root().resolve(m.group(1));
                        if (!Files.exists(script)) problems.add(page.getFileName() + ": example script " + m.group(1) + " does not exist");
                        else {
                            String js = ManSource.normalize(Files.readString(script));
                            String ex = ManSource.normalize(ManSource.unescape(String.join("\n", src.section("EXAMPLE"))));
                            if (!ex.contains(js)) problems.add(page.getFileName() + ": EXAMPLE does not show " + m.group(1) + " as it is");
                        }
                    }
                }
                for (String l : src.section("SEE ALSO")) {
                    Matcher ref = Pattern.compile("^\\.BR\\s+(\\S+)\\s+\\((\\d)\\)").matcher(l);
                    if (ref.find() && !Files.exists(MAN.resolve("man" + ref.group(2)).resolve(ref.group(1) + "." + ref.group(2)))) {
                        problems.add(page.getFileName() + ": SEE ALSO names " + ref.group(1) + "(" + ref.group(2) + "), which has no page");
                    }
                }
            }
        }
        if (!problems.isEmpty()) fail(problems.size() + " page problems:\n" + String.join("\n", problems));
    }

    @Test
    @org.junit.jupiter.api.condition.EnabledIf("mandocInstalled")
    void mandocLintFindsNothingInAnyPage() throws Exception {
        List<String> cmd = new ArrayList<>(List.of("mandoc", "-T", "lint", "-W", "warning"));
        try (Stream<Path> pages = Files.walk(MAN)) {
            pages.filter(p -> p.getFileName().toString().matches(".*\\.[137]")).sorted().forEach(p -> cmd.add(p.toString()));
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        assertEquals("", out, "mandoc -T lint -W warning");
        assertEquals(0, p.exitValue(), out);
    }

    static boolean mandocInstalled() { return Repo.onPath("mandoc"); }

    @Test
    void synopsisReaderJoinsAlternatingFonts() {
        String t = ManSource.text(List.of(".BI \"int MPI_Comm_rank(MPI_Comm \" comm \", int *\" rank );"));
        assertEquals("int MPI_Comm_rank(MPI_Comm comm, int *rank);", t.strip());
        assertTrue(ManSource.normalize("a  b\n c").equals("a b c"));
    }
}
