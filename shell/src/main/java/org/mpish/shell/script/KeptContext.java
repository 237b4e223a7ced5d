package org.mpish.shell.script;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * A context that serves several runs of one script, one after the other ({@code mpish explore}): making a context
 * costs several times what running a small script does, and Graal cannot reset one. Its guard ({@code guard.js})
 * freezes every built-in object once, when the context is made. Each run gets mpish's globals afresh for its own
 * rank ({@link JsGlobals#install}); the script runs as global code whose top-level let, const and class stay its
 * own; afterwards {@link #reset} puts the global object back as it was before the first run. A context whose reset
 * fails, or that was closed (an abort), is not used again. Only scripts that {@link ReuseGate} lets through run
 * here, since a script that changes a built-in would see it frozen.
 */
final class KeptContext {
    private static final Source GUARD = Source.newBuilder("js", resource("guard.js"), "<mpish-guard>").internal(true).buildLiteral();

    private final Context context;
    private final Value guard;
    /** The global scope, fetched once: {@link Context#getBindings} took most of the time of installing the globals. */
    private final Value bindings;
    private final Switch out = new Switch();
    /** The script last parsed here (checked for syntax errors once), and that code named by a sourceURL (stack frames and errors show it). */
    private String parsed, code;
    /** Run the script as the body of a function ({@link ReuseGate.Scan#wrappable}), whose code is parsed once per engine. */
    private final boolean wrap;
    private Source body;
    private boolean dead;

    /** The output of a kept context, pointed at each run's own. */
    private static final class Switch extends OutputStream {
        volatile OutputStream to = OutputStream.nullOutputStream();
        @Override public void write(int b) throws IOException { to.write(b); }
        @Override public void write(byte[] b, int off, int len) throws IOException { to.write(b, off, len); }
        @Override public void flush() throws IOException { to.flush(); }
    }

    KeptContext(Sandbox sandbox, boolean wrap) {
        this.wrap = wrap;
        this.context = SandboxContext.open(sandbox, out);
        try {
            this.guard = context.eval(GUARD);
            this.bindings = context.getBindings("js");
        } catch (RuntimeException e) {
            context.close(true);
            throw e;
        }
    }

    private static String resource(String name) {
        try (InputStream in = KeptContext.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    Context context() { return context; }

    Value bindings() { return bindings; }

    /** The names of the frozen built-ins' methods (for {@link ReuseGate}: assigning to such a member now fails). */
    java.util.Set<String> methodNames() {
        return java.util.Set.of(guard.invokeMember("methodNames").asString().split(","));
    }

    /** Points the context's own output at this run's; called with the globals installed for the run. */
    void beginRun(RankOutput output) {
        out.to = output.stream();
    }

    /**
     * Evaluates the script: a syntax error is reported exactly as a fresh context reports it (the source is parsed
     * first, which the engine caches), then the code runs as the body of a function (parsed once per engine) or,
     * when it may not ({@link ReuseGate.Scan#wrappable}), as an indirect eval named as the source is.
     */
    Value run(Source source) {
        String text = source.getCharacters().toString();
        if (!text.equals(parsed)) {
            context.parse(source);
            parsed = text;
            code = text + "\n//# sourceURL=" + source.getName().replace('\n', ' ');
            // the same text and name in every context: the engine parses it once and shares the code
            body = wrap ? Source.newBuilder("js", "(function () {" + text + "\n})", source.getName()).buildLiteral() : null;
        }
        if (body != null) return context.eval(body).execute();
        return guard.invokeMember("run", code);
    }

    /** After a run (no thread in the context): whether it may serve another run. False closes it. */
    boolean reset() {
        if (dead) return false;
        boolean ok;
        try {
            out.to = OutputStream.nullOutputStream();
            String why = guard.invokeMember("reset").asString();
            ok = why.isEmpty();
            if (!ok && Boolean.getBoolean("mpish.debugKept")) System.err.println("mpish: kept context not reused: " + why);
        } catch (RuntimeException closedOrBroken) {
            ok = false;
        }
        if (!ok) close();
        return ok;
    }

    /** Closes the context, stopping whatever runs in it; quiet if it is closed already. */
    void close() {
        dead = true;
        try {
            context.close(true);
        } catch (RuntimeException alreadyClosed) {
            // closed, or closing, meanwhile
        }
    }
}
