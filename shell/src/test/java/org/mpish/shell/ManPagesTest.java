package org.mpish.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Param;
import org.mpish.runtime.StructType;

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
        // the calls each page documents: its own, and those listed in its NAME (MPI_Iallreduce and MPI_Allreduce_init
        // on MPI_Allreduce's page, which is how `man MPI_Iallreduce` finds it)
        Map<Path, List<Call>> byPage = new LinkedHashMap<>();
        for (Call c : Catalogue.get().calls()) {
            Path page = MAN.resolve("man3").resolve(c.name() + ".3");
            if (!Files.exists(page)) {
                Path named = index.find(c.name() + "(3)");
                if (named == null) {
                    problems.add(c.name() + ": no page man/man3/" + c.name() + ".3, and no page lists it in NAME");
                    continue;
                }
                page = named;
            }
            byPage.computeIfAbsent(page, k -> new ArrayList<>()).add(c);
        }
        for (Map.Entry<Path, List<Call>> e : byPage.entrySet()) {
            ManSource src = new ManSource(Files.readString(e.getKey()));
            // the synopses stand in the order NAME lists the calls
            String name = ManSource.text(src.section("NAME"));
            List<Call> calls = new ArrayList<>(e.getValue());
            calls.sort(java.util.Comparator.comparingInt(c -> name.indexOf(c.name())));
            problems.addAll(synopsisProblems(calls, src));
            for (Call c : calls) {
                for (String sec : List.of("NAME", "DESCRIPTION", "ERRORS", "EXAMPLE", "SEE ALSO")) {
                    if (src.section(sec).isEmpty()) problems.add(c.name() + ": no " + sec + " section");
                }
            }
        }
        if (!problems.isEmpty()) fail(problems.size() + " page problems:\n" + String.join("\n", problems));
    }

    /**
     * The SYNOPSIS subsections, line by line (fonts and spacing aside), are what the declaration generates: C is the
     * header's include and the prototype; Shell and JavaScript are {@link Call#shellSynopses} and
     * {@link Call#scriptSynopsis}. Nothing else may be there.
     */
    static List<String> synopsisProblems(Call c, ManSource src) { return synopsisProblems(List.of(c), src); }

    /** The same for a page that documents several calls: each call's lines in turn, in the order given. */
    static List<String> synopsisProblems(List<Call> calls, ManSource src) {
        List<String> problems = new ArrayList<>();
        Call first = calls.get(0);
        String what = calls.stream().map(Call::name).collect(java.util.stream.Collectors.joining(", "));
        String include = "#include <" + (first.api().equals("MPI") ? "mpi" : "lapi") + ".h>";
        StringBuilder cWant = new StringBuilder(include);
        List<String> shell = new ArrayList<>();
        List<String> script = new ArrayList<>();
        for (Call c : calls) {
            cWant.append(' ').append(c.cPrototype()).append(';');
            shell.addAll(c.shellSynopses());
            script.add(c.scriptSynopsis());
        }
        String cText = ManSource.normalize(ManSource.text(src.subsection("SYNOPSIS", "C")));
        String want = ManSource.normalize(cWant.toString());
        if (!cText.equals(want)) problems.add(what + ": SYNOPSIS C shows '" + cText + "', the declaration gives '" + want + "'");
        compareLines(problems, what + ": SYNOPSIS Shell", src.subsection("SYNOPSIS", "Shell"), shell);
        compareLines(problems, what + ": SYNOPSIS JavaScript", src.subsection("SYNOPSIS", "JavaScript"), script);
        return problems;
    }

    private static void compareLines(List<String> problems, String what, List<String> raw, List<String> want) {
        List<String> got = ManSource.text(raw).lines().map(ManSource::normalize).filter(l -> !l.isEmpty()).toList();
        List<String> expected = want.stream().map(ManSource::normalize).toList();
        if (!got.equals(expected)) problems.add(what + " shows " + got + ", the declaration gives " + expected);
    }

    /**
     * A structure argument's members, as declared, are what the page says: for a union (lapi_xfer_t), a DESCRIPTION
     * subsection per member titled "LAPI_PUT_XFER (lapi_put_t)" whose first line lists exactly its fields in order;
     * for a plain structure (lapi_info_t, lapi_vec_t), every field is named in the DESCRIPTION.
     */
    @Test
    void structureMembersInThePagesAreTheDeclaredOnes() throws IOException {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Call c : Catalogue.get().calls()) {
            Path page = MAN.resolve("man3").resolve(c.name() + ".3");
            if (!Files.exists(page)) continue;
            ManSource src = new ManSource(Files.readString(page));
            for (Param p : c.inputs()) {
                StructType st = p.type().struct();
                if (st == null) continue;
                checked++;
                problems.addAll(memberProblems(c.name(), st, src));
            }
        }
        assertTrue(checked >= 6, "structure parameters with declared members: " + checked);
        if (!problems.isEmpty()) fail(problems.size() + " page problems:\n" + String.join("\n", problems));
    }

    static List<String> memberProblems(String call, StructType st, ManSource src) {
        List<String> problems = new ArrayList<>();
        if (st.isUnion()) {
            for (StructType.Variant v : st.variants()) {
                String title = v.title(st.cName());
                List<String> lines = ManSource.text(src.subsection("DESCRIPTION", title)).lines().filter(l -> !l.isBlank()).toList();
                String want = StructType.fieldList(v);
                if (lines.isEmpty()) problems.add(call + ": no DESCRIPTION subsection '" + title + "'");
                else if (!ManSource.normalize(lines.get(0)).equals(want)) {
                    problems.add(call + ": '" + title + "' begins '" + lines.get(0) + "', the declaration gives '" + want + "'");
                }
            }
        } else {
            String text = ManSource.text(src.section("DESCRIPTION"));
            for (StructType.Field f : st.fields()) {
                if (!f.padding() && !Pattern.compile("\\b" + Pattern.quote(f.name()) + "\\b").matcher(text).find()) {
                    problems.add(call + ": the DESCRIPTION never names " + st.cName() + "." + f.name());
                }
            }
        }
        // a structure a field points to (lapi_xfer_t's org_vec: lapi_vec_t) is described on the page too
        for (StructType inner : st.pointsTo()) problems.addAll(memberProblems(call, inner, src));
        return problems;
    }

    @Test
    void memberCheckSeesAMissingOrExtraField() throws IOException {
        StructType xfer = Catalogue.get().call("LAPI_Xfer").inputs().get(1).type().struct();
        String page = Files.readString(MAN.resolve("man3/LAPI_Xfer.3"));
        assertEquals(List.of(), memberProblems("LAPI_Xfer", xfer, new ManSource(page)));
        String dropped = page.replace(".BR flags \", \" tgt \", \" tgt_addr \", \" org_addr \", \" len \", \" tgt_cntr",
                ".BR flags \", \" tgt \", \" tgt_addr \", \" org_addr \", \" tgt_cntr");
        assertEquals(1, memberProblems("LAPI_Xfer", xfer, new ManSource(dropped)).size());
        assertEquals(1, memberProblems("LAPI_Xfer", xfer, new ManSource(page.replace(".SS LAPI_RMW_XFER", ".SS LAPI_RMW"))).size());
        StructType info = Catalogue.get().call("LAPI_Init").inputs().get(0).type().struct();
        String init = Files.readString(MAN.resolve("man3/LAPI_Init.3"));
        assertEquals(List.of(), memberProblems("LAPI_Init", info, new ManSource(init)));
        assertEquals(1, memberProblems("LAPI_Init", info, new ManSource(init.replace("instance_no", "instance"))).size());
        // lapi_xfer_t's vectors point to lapi_vec_t, whose fields the page must name
        assertEquals(1, memberProblems("LAPI_Xfer", xfer, new ManSource(page.replace("num_vecs", "n_vecs"))).size());
    }

    @Test
    void synopsisCheckSeesAWrongLine() {
        Call c = Catalogue.get().call("MPI_Comm_rank");
        String page = ".SH SYNOPSIS\n.SS C\n.nf\n.B #include <mpi.h>\n.PP\n.BI \"int MPI_Comm_rank(MPI_Comm \" comm \", int *\" rank );\n"
                + ".fi\n.SS Shell\n.nf\n.BI \"MPI_Comm_rank \" comm\n.fi\n.SS JavaScript\n.nf\n.BI \"rank = MPI.Comm_rank(\" comm )\n.fi\n"
                + ".SH DESCRIPTION\n";
        assertEquals(List.of(), synopsisProblems(c, new ManSource(page)));
        assertEquals(1, synopsisProblems(c, new ManSource(page.replace("MPI_Comm_rank \" comm", "MPI_Comm_rank \" comm rank"))).size());
        assertEquals(1, synopsisProblems(c, new ManSource(page.replace("rank = MPI", "const {rank} = MPI"))).size());
        assertEquals(1, synopsisProblems(c, new ManSource(page.replace("int *", "long *"))).size());
        assertEquals(1, synopsisProblems(c, new ManSource(page.replace(".fi\n.SS JavaScript", ".BI \"MPI_Comm_rank \" x\n.fi\n.SS JavaScript"))).size());
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
    void mandocLintFindsNothingInAnyPage() throws Exception {
        Tools.require("mandoc"); // skipped without mandoc, except in CI, where that fails
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

    @Test
    void synopsisReaderJoinsAlternatingFonts() {
        String t = ManSource.text(List.of(".BI \"int MPI_Comm_rank(MPI_Comm \" comm \", int *\" rank );"));
        assertEquals("int MPI_Comm_rank(MPI_Comm comm, int *rank);", t.strip());
        assertTrue(ManSource.normalize("a  b\n c").equals("a b c"));
    }
}
