package org.mpish.shell.script;

import java.util.List;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;

/**
 * One rank's JavaScript context: a sandboxed context ({@link SandboxContext}) with the globals MPI, LAPI, mem,
 * print, console and args ({@link JsGlobals}), all derived from the call catalogue, and the conversions between
 * its values and the runtime's ({@link JsValues}). Created on, and only ever used from, the rank's own thread
 * (except {@link #interruptAsync} and {@link #close}).
 */
public final class JsRank implements AutoCloseable {
    private final Rank rank;
    private final Context context;
    private final JsValues values;
    /** The context kept for more runs this one borrows ({@code mpish explore}), or null: a context of its own. */
    private final KeptContext kept;

    public JsRank(Rank rank, Catalogue catalogue, RankOutput out, List<String> args, Sandbox sandbox) {
        this.rank = rank;
        this.context = SandboxContext.open(sandbox, out);
        this.values = JsGlobals.install(context, rank, catalogue, out, args, sandbox);
        this.kept = null;
    }

    /** One run's view of a kept context (reset, or never used): this run's globals, for {@code rank}. */
    JsRank(Rank rank, KeptContext kept, Catalogue catalogue, RankOutput out, List<String> args, Sandbox sandbox) {
        this.rank = rank;
        this.context = kept.context();
        this.values = JsGlobals.install(context, kept.bindings(), rank, catalogue, out, args, sandbox);
        this.kept = kept;
        kept.beginRun(out);
    }

    /** The kept context this run borrows, or null. */
    KeptContext kept() { return kept; }

    public Rank rank() { return rank; }
    public Context context() { return context; }

    /** Evaluates code in this rank's context (the rank's own thread only). */
    public Value eval(Source source) { return kept != null ? kept.run(source) : context.eval(source); }

    /** A script value converted for a parameter of type {@code t} (see {@link JsValues#argument}). */
    public Object argument(Value v, PType t) { return values.argument(v, t); }

    @Override public void close() {
        if (kept != null) kept.close();
        else context.close(true);
    }

    /** Stops whatever runs in this context, from any thread, and closes it; quiet if it is closed already. */
    public void cancel() {
        if (kept != null) {
            kept.close();
            return;
        }
        try {
            context.close(true);
        } catch (RuntimeException alreadyClosed) {
            // closed, or closing, meanwhile
        }
    }

    /**
     * Stops JavaScript running in this context (Ctrl-C); returns at once. If the interrupt does not land within
     * a few seconds the context is cancelled and {@code onReset} runs (the rank gets a fresh context next time).
     */
    public void interruptAsync(Runnable onReset) {
        Thread.ofPlatform().daemon(true).name("mpish-interrupt").start(() -> {
            try {
                context.interrupt(java.time.Duration.ofSeconds(3));
            } catch (java.util.concurrent.TimeoutException e) {
                context.close(true);
                onReset.run();
            } catch (RuntimeException ignored) {
                // the code finished, or the context closed, meanwhile
            }
        });
    }
}
