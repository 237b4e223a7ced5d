package org.mpish.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.mpish.runtime.CallError;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.ArgError;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Invoker;
import org.mpish.runtime.catalog.Param;
import org.mpish.shell.script.JsRank;
import org.mpish.shell.script.ScriptRunner;

/**
 * Runs a catalogued call typed at the prompt on each target rank's own thread and prints its outputs as
 * {@code name = value} ({@code [rank]}-prefixed when several ranks answer). It works with the session's parts
 * (the job, waiting, recording, outcomes), never with the {@link Session} above them.
 */
final class CallCommand {
    private final JobControl jobs;
    private final Waits waits;
    private final Recording recording;
    private final Outcomes outcomes;
    private final Printer printer;

    CallCommand(JobControl jobs, Waits waits, Recording recording, Outcomes outcomes, Printer printer) {
        this.jobs = jobs;
        this.waits = waits;
        this.recording = recording;
        this.outcomes = outcomes;
        this.printer = printer;
    }

    /** A usage problem found while converting arguments; nothing was called. */
    private static final class Usage extends RuntimeException {
        Usage(String m) { super(m, null, false, false); }
    }

    boolean run(Call call, LineParser.Line line, List<Integer> ranks) {
        List<Param> inputs = call.inputs();
        Token[] ordered;
        try {
            ordered = order(call, inputs, line.args());
        } catch (Usage u) {
            return outcomes.usage(u.getMessage());
        }
        if (recording.recorder() != null) {
            try {
                recording.recorder().call(call, ordered, ranks);
            } catch (java.io.IOException e) {
                printer.error("record: " + e.getMessage());
            }
        }
        boolean prefix = ranks.size() > 1;
        boolean ok = true;
        org.mpish.runtime.Job job = jobs.job(); // one job for the whole command, even if a rank aborts it
        List<CompletableFuture<List<String>>> futures = new ArrayList<>();
        for (int r : ranks) {
            Rank rank = job.rank(r);
            futures.add(rank.submit(() -> invoke(rank, call, inputs, ordered)));
        }
        for (int i = 0; i < ranks.size(); i++) {
            int r = ranks.get(i);
            Rank rank = job.rank(r);
            try {
                List<String> lines = waits.await(rank, futures.get(i), call.name(), res -> {
                    if (res instanceof List<?> l) {
                        StringBuilder sb = new StringBuilder("[" + r + "] " + call.name() + " returned");
                        for (Object o : l) sb.append("\n[").append(r).append("] ").append(o);
                        printer.async(sb.toString());
                    } else if (res instanceof Throwable t) {
                        String m = describe(call, t);
                        if (m != null) printer.asyncError("[" + r + "] " + m);
                        outcomes.countError();
                    }
                });
                if (lines != null) for (String l : lines) printer.println((prefix ? "[" + r + "] " : "") + l);
            } catch (ExecutionException e) {
                Throwable t = Waits.unwrap(e);
                if (t instanceof Usage) return outcomes.usage(t.getMessage());
                String m = describe(call, t);
                if (m != null) printer.error((prefix ? "[" + r + "] " : "") + m);
                outcomes.countError();
                ok = false;
            }
        }
        return ok;
    }

    /**
     * Puts positional and name=value arguments in parameter order; missing ones stay null. In a call with exactly
     * one structure parameter (LAPI_Xfer's xfer_cmd, LAPI_Init's lapi_info), a name=value argument that names no
     * parameter is a field of that structure: {@code LAPI_Xfer 0 Xfer_type=LAPI_PUT_XFER tgt=1 len=64 ...}.
     */
    private static Token[] order(Call call, List<Param> inputs, List<Token> args) {
        Token[] out = new Token[inputs.size()];
        int next = 0;
        boolean named = false;
        int struct = call.structInput();
        List<Token> fields = new ArrayList<>();
        for (Token t : args) {
            if (t.name() == null) {
                if (named) throw new Usage(call.name() + ": a positional argument cannot follow name=value arguments");
                if (next >= out.length) {
                    throw new Usage(call.name() + " takes " + out.length + " argument" + (out.length == 1 ? "" : "s")
                            + ": " + call.shellSynopsis());
                }
                out[next++] = t;
            } else {
                named = true;
                int idx = -1;
                for (int i = 0; i < inputs.size(); i++) if (inputs.get(i).name().equalsIgnoreCase(t.name())) idx = i;
                if (idx < 0 && struct >= 0) {
                    fields.add(t);
                    continue;
                }
                if (idx < 0) {
                    throw new Usage(call.name() + ": no parameter named '" + t.name() + "' (parameters: "
                            + String.join(", ", inputs.stream().map(Param::name).toList()) + ")");
                }
                if (out[idx] != null) throw new Usage(call.name() + ": " + t.name() + " is given twice");
                out[idx] = t;
            }
        }
        if (!fields.isEmpty()) {
            if (out[struct] != null && out[struct].kind() != Token.Kind.JS) {
                throw new Usage(call.name() + ": " + inputs.get(struct).name() + " is given both whole and field by field");
            }
            out[struct] = new Token(Token.Kind.LIST, "{fields}", inputs.get(struct).name(), fields, fields.get(0).column())
                    .withBase(out[struct]);
        }
        for (int i = 0; i < out.length; i++) {
            if (out[i] == null && !inputs.get(i).optional()) { // declared so in the catalogue
                throw new Usage(call.name() + ": missing " + inputs.get(i).name() + " (usage: " + call.shellSynopsis() + ")");
            }
        }
        return out;
    }

    /** On the rank's thread: converts the tokens, invokes, formats the outputs. */
    private List<String> invoke(Rank rank, Call call, List<Param> inputs, Token[] tokens) {
        Object[] raw = new Object[tokens.length];
        for (int i = 0; i < tokens.length; i++) raw[i] = tokens[i] == null ? null : convert(rank, inputs.get(i), tokens[i]);
        Object[] outs;
        try {
            outs = Invoker.invoke(rank, jobs.catalogue(), call, raw);
        } catch (ArgError e) {
            throw new Usage(call.name() + ": " + e.getMessage());
        }
        List<Param> outParams = call.outputs();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < outs.length; i++) {
            if (i >= outParams.size()) { // the C return value (MPI_Wtime)
                lines.add(call.name() + " = " + Format.value(outs[i]));
                continue;
            }
            lines.add(outParams.get(i).name() + " = " + Format.value(outs[i], outParams.get(i).type()));
        }
        return lines;
    }

    private Object convert(Rank rank, Param p, Token t) {
        if (t.text().equals("{fields}") && t.kind() == Token.Kind.LIST) {
            java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
            if (t.base() != null && convert(rank, p, t.base()) instanceof java.util.Map<?, ?> whole) {
                for (java.util.Map.Entry<?, ?> e : whole.entrySet()) m.put(String.valueOf(e.getKey()), e.getValue());
            }
            for (Token f : t.items()) m.put(f.name(), convert(rank, p, f));
            return m;
        }
        return switch (t.kind()) {
            case WORD -> word(t.text());
            case STRING -> t.text();
            case LIST -> {
                List<Object> l = new ArrayList<>();
                for (Token item : t.items()) l.add(convert(rank, p, item));
                yield l;
            }
            case JS -> {
                JsRank js = jobs.js(rank);
                Value v;
                try {
                    // an argument is an expression: "function(){}" alone would parse as a declaration
                    v = js.eval(Source.newBuilder("js", "(" + t.text() + "\n)", "<" + p.name() + ">").buildLiteral());
                } catch (PolyglotException e) {
                    if (e.isHostException() && e.asHostException() instanceof JobAbortedException ja) throw ja;
                    throw new Usage(p.name() + ": JavaScript error: " + ScriptRunner.describe(e));
                }
                yield js.argument(v, p.type());
            }
        };
    }

    /** A number stays a number; anything else is a name for the parameter's type to resolve. */
    static Object word(String w) {
        try {
            if (w.startsWith("0x") || w.startsWith("0X")) return Long.parseUnsignedLong(w.substring(2), 16);
            if (w.matches("-?\\d+")) return Long.parseLong(w);
            if (w.matches("-?\\d*\\.\\d+([eE][-+]?\\d+)?")) return Double.parseDouble(w);
        } catch (NumberFormatException ignored) {
            // too large: treat as a name, the parameter reports it
        }
        return w;
    }

    /** One line for a failed call, or null when the failure was already reported (job abort). */
    static String describe(Call call, Throwable t) {
        if (t instanceof JobAbortedException) return null;
        if (t instanceof CallError e) return "error: " + e.at(call.name(), e.rank()).getMessage();
        if (t instanceof PolyglotException e) return "error: " + ScriptRunner.describe(e);
        if (t instanceof Usage) return t.getMessage();
        return "internal error in " + call.name() + ": " + t;
    }
}
