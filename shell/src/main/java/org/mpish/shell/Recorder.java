package org.mpish.shell;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;
import org.mpish.runtime.catalog.Param;

/**
 * `record FILE`: writes every call and `js` command from then on as the equivalent JavaScript, so that
 * `mpish run -n N FILE` replays the session. Each command runs only on the ranks it ran on in the shell;
 * handles are kept in `$` under the names the shell gave them (the same names come back in the replay, since
 * every rank creates its handles in the same order), and outputs print as `name = value`.
 */
final class Recorder implements AutoCloseable {
    private static final String HEADER = """
            // Recorded by mpish; replay with: mpish run -n %d %s
            const rank = MPI.Comm_rank(MPI.COMM_WORLD);
            const $ = {};
            const on = (...ranks) => ranks.includes(rank);
            const keep = (v) => {
              if (v !== null && typeof v === 'object') {
                if (typeof v.name === 'function') { $[v.name()] = v; return v; }
                for (const k of Object.keys(v)) keep(v[k]);
              }
              return v;
            };
            // errors print as they did in the shell, and the replay goes on
            const run = (f) => { try { f(); } catch (e) { if (e instanceof MPIError || e instanceof LAPIError) print('error: ' + e.message); else throw e; } };
            const show = (names, v) => {
              keep(v);
              const out = (n, x) => print(n + ' = ' + (x !== null && typeof x === 'object' && typeof x.name === 'function' ? x.name() : x));
              if (names.length === 1) out(names[0], v);
              else for (const n of names) out(n, v[n]);
            };
            """;

    private final Writer out;
    private final Catalogue catalogue;
    private final Path file;

    Recorder(Path file, int ranks, Catalogue catalogue) throws IOException {
        this.file = file;
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        this.catalogue = catalogue;
        out.write(String.format(HEADER, ranks, file.getFileName()));
        out.flush();
    }

    /** Records a catalogued call with its (ordered) argument tokens, run on {@code ranks}. */
    void call(Call call, Token[] args, List<Integer> ranks) throws IOException {
        List<String> js = new ArrayList<>();
        List<Param> in = call.inputs();
        for (int i = 0; i < args.length; i++) js.add(args[i] == null ? "undefined" : expr(args[i], in.get(i)));
        String invocation = call.api() + "." + call.scriptName() + "(" + String.join(", ", js) + ")";
        List<String> outs = call.outputs().stream().map(p -> "'" + p.name() + "'").toList();
        String stmt = "run(() => " + (outs.isEmpty() ? invocation : "show([" + String.join(", ", outs) + "], " + invocation + ")") + ");";
        write(ranks, stmt);
    }

    /** Records a `js` command. */
    void js(String code, List<Integer> ranks) throws IOException {
        write(ranks, "{ " + code + " }");
    }

    private void write(List<Integer> ranks, String stmt) throws IOException {
        out.write("if (on(" + ranks.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")) " + stmt + "\n");
        out.flush();
    }

    private String expr(Token t, Param p) {
        return switch (t.kind()) {
            case STRING -> quote(t.text());
            case JS -> t.text();
            case LIST -> "[" + t.items().stream().map(i -> expr(i, p)).collect(Collectors.joining(", ")) + "]";
            case WORD -> p.type().kind() == org.mpish.runtime.catalog.PType.Kind.STRING
                    || (p.type().kind() == org.mpish.runtime.catalog.PType.Kind.VALUE && !(CallCommand.word(t.text()) instanceof Number))
                    ? quote(t.text()) : word(t.text());
        };
    }

    private String word(String w) {
        Object v = CallCommand.word(w);
        if (v instanceof Number) return w;
        Constant c = catalogue.constant(w);
        if (c != null) {
            String name = c.scriptName();
            return c.api() + (name.matches("[A-Za-z_$][A-Za-z0-9_$]*") ? "." + name : "['" + name + "']");
        }
        return "$." + w;
    }

    private static String quote(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'";
    }

    /** The file being written (explore reads the session from it). */
    Path file() { return file; }

    @Override public void close() throws IOException { out.close(); }
}
