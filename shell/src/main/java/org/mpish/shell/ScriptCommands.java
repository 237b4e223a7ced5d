package org.mpish.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;
import org.mpish.shell.script.JsRank;
import org.mpish.shell.script.Sandbox;
import org.mpish.shell.script.ScriptRunner;

/** js, run, source: JavaScript in the session's ranks, scripts in a new job, and files of shell commands. */
final class ScriptCommands {
    private ScriptCommands() {}

    /** The raw text after the command word (the tokenizer's view of JavaScript is not needed here). */
    static String rest(String command, LineParser.Line line) {
        StringBuilder sb = new StringBuilder();
        for (Token t : line.args()) sb.append(sb.isEmpty() ? "" : " ").append(t.kind() == Token.Kind.STRING ? quote(t.text()) : t.toString());
        return sb.toString();
    }

    private static String quote(String s) { return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"; }

    static final class Js implements Builtin {
        @Override public String name() { return "js"; }
        @Override public String usage() { return "js CODE"; }
        @Override public String summary() { return "evaluate JavaScript in the rank's context (MPI, LAPI, mem as in scripts)"; }

        @Override
        public boolean run(Session s, LineParser.Line line) {
            String code = line.raw() != null ? line.raw() : rest("js", line);
            if (code.isBlank()) throw new IllegalArgumentException("usage: js CODE");
            org.mpish.runtime.Job job = s.job(); // one job for the whole command, even if a rank aborts it
            List<Integer> ranks = Targets.parse(line.target(), job.size(), s.defaultRank());
            boolean prefix = ranks.size() > 1;
            boolean syntaxError = false;
            boolean ok = true;
            List<CompletableFuture<String>> fs = new ArrayList<>();
            for (int r : ranks) {
                Rank rank = job.rank(r);
                fs.add(rank.submit(() -> {
                    JsRank js = s.js(rank);
                    Value v = js.eval(Source.newBuilder("js", code, "<js>").buildLiteral());
                    return show(v);
                }));
            }
            for (int i = 0; i < ranks.size(); i++) {
                int r = ranks.get(i);
                try {
                    String v = s.await(job.rank(r), fs.get(i), "js", res -> {
                        if (res instanceof String str) s.printer().async("[" + r + "] " + str);
                        else if (res instanceof Throwable t && describe(t) != null) s.printer().asyncError("[" + r + "] " + describe(t));
                    });
                    if (v != null && !v.isEmpty()) s.printer().println((prefix ? "[" + r + "] " : "") + v);
                } catch (ExecutionException e) {
                    Throwable t = Session.unwrap(e);
                    if (t instanceof PolyglotException pe && pe.isSyntaxError()) syntaxError = true;
                    String m = describe(t);
                    // the memory cap cancelled it and has said so, in one line
                    if (t instanceof PolyglotException pe && pe.isCancelled() && s.currentJob() != null
                            && s.currentJob().abortReason() != null
                            && s.currentJob().abortReason().kind() == org.mpish.runtime.Job.Abort.Kind.MEMORY) m = null;
                    if (m != null) s.printer().error((prefix ? "[" + r + "] " : "") + m);
                    ok = false;
                }
            }
            if (s.recorder() != null && !syntaxError) {
                try {
                    s.recorder().js(code, ranks);
                } catch (IOException e) {
                    s.printer().error("record: " + e.getMessage());
                }
            }
            return ok;
        }

        static String show(Value v) {
            if (v == null || v.isNull() && v.toString().equals("undefined")) return "";
            if (v.isHostObject() && v.asHostObject() instanceof org.mpish.runtime.ObjectHandle h) return h.name();
            return v.toString();
        }

        static String describe(Throwable t) {
            if (t instanceof JobAbortedException) return null;
            if (t instanceof PolyglotException e) {
                if (e.isHostException() && e.asHostException() instanceof JobAbortedException) return null;
                return "js: " + ScriptRunner.describe(e);
            }
            return "js: " + t;
        }
    }

    static final class Run implements Builtin {
        @Override public String name() { return "run"; }
        @Override public String usage() { return "run FILE [-n N] [--timeout S] [-- ARGS]"; }
        @Override public String summary() { return "run a script SPMD in a new job (the session's job is left alone)"; }

        @Override
        public boolean run(Session s, LineParser.Line line) {
            int n = s.size();
            double timeout = 0;
            String file = null;
            List<String> args = new ArrayList<>();
            List<Token> t = line.args();
            for (int i = 0; i < t.size(); i++) {
                String w = t.get(i).text();
                if (w.equals("--")) {
                    for (int j = i + 1; j < t.size(); j++) args.add(t.get(j).text());
                    break;
                } else if (w.equals("-n")) {
                    n = SessionCommands.intArg(line, ++i, "number of ranks");
                } else if (w.equals("--timeout")) {
                    if (++i >= t.size()) throw new IllegalArgumentException("--timeout needs seconds");
                    timeout = Double.parseDouble(t.get(i).text());
                } else if (file == null) file = w;
                else throw new IllegalArgumentException("usage: " + usage());
            }
            if (file == null) throw new IllegalArgumentException("usage: " + usage());
            String code;
            try {
                code = Files.readString(Path.of(file));
            } catch (IOException e) {
                return s.failure("run: cannot read " + file + ": " + e.getMessage());
            }
            int status = s.runScript(new ScriptRunner(n, args, timeout, Sandbox.STRICT, s.printer().out(), System.err,
                    s.jobOptions()), Path.of(file).getFileName().toString(), code);
            if (status != 0) s.printer().error("run: " + file + " ended with status " + status);
            return status == 0;
        }
    }

    static final class SourceFile implements Builtin {
        @Override public String name() { return "source"; }
        @Override public String usage() { return "source FILE"; }
        @Override public String summary() { return "run the shell commands in FILE, one per line"; }

        @Override
        public boolean run(Session s, LineParser.Line line) {
            if (line.args().size() != 1) throw new IllegalArgumentException("usage: " + usage());
            String file = line.args().get(0).text();
            List<String> lines;
            try {
                lines = Files.readAllLines(Path.of(file));
            } catch (IOException e) {
                return s.failure("source: cannot read " + file + ": " + e.getMessage());
            }
            boolean ok = true;
            int n = 0;
            for (String l : lines) {
                n++;
                if (s.exitRequested()) break;
                if (!s.execute(l)) {
                    s.printer().error("source: " + file + ":" + n + ": the command above failed");
                    ok = false;
                }
            }
            return ok;
        }
    }
}
