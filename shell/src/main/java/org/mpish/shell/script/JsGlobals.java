package org.mpish.shell.script;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Catalogue;

/**
 * Puts a rank's globals into its context: MPI, LAPI, MPIError, LAPIError, print and console (made by the
 * prelude, {@code prelude.js} beside this class), mem, args, and getenv / readFile / writeFile, which refuse unless
 * the sandbox allows them.
 */
final class JsGlobals {
    /** The prelude, parsed once per engine: every context shares its code. Internal, so errors the bindings throw
     *  are located at the script line that called them, not in here. */
    private static final Source PRELUDE = Source.newBuilder("js", resource("prelude.js"), "<mpish>").internal(true).buildLiteral();

    private JsGlobals() {}

    private static String resource(String name) {
        try (InputStream in = JsGlobals.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Installs the globals; returns the conversions that go with them. */
    static JsValues install(Context context, Rank rank, Catalogue catalogue, RankOutput out, List<String> args,
                            Sandbox sandbox) {
        return install(context, context.getBindings("js"), rank, catalogue, out, args, sandbox);
    }

    /** As above, given the context's bindings (a kept context holds them: fetching them costs more than the rest). */
    static JsValues install(Context context, Value bindings, Rank rank, Catalogue catalogue, RankOutput out, List<String> args,
                            Sandbox sandbox) {
        bindings.putMember("__out", (ProxyExecutable) a -> {
            out.line(rank.id(), a.length == 0 ? "" : a[0].asString());
            return null;
        });
        bindings.putMember("__show", (ProxyExecutable) a -> Show.value(a[0]));
        ApiObject mpi = new ApiObject("MPI", catalogue, rank), lapi = new ApiObject("LAPI", catalogue, rank);
        bindings.putMember("__mpi", (ProxyExecutable) a -> mpi.getMember(a[0].asString()));
        bindings.putMember("__mpiArity", (ProxyExecutable) a -> mpi.arity(a[0].asString()));
        bindings.putMember("__lapi", (ProxyExecutable) a -> lapi.getMember(a[0].asString()));
        bindings.putMember("__lapiArity", (ProxyExecutable) a -> lapi.arity(a[0].asString()));
        // the member names as one string each: the fewest host crossings while the context starts
        bindings.putMember("__mpiKeys", mpi.keyList());
        bindings.putMember("__lapiKeys", lapi.keyList());
        JsValues v = new JsValues(context, rank, context.eval(PRELUDE));
        // the members need the conversions, which need the prelude's factories
        mpi.attach(v);
        lapi.attach(v);
        bindings.putMember("getenv", (ProxyExecutable) a -> {
            if (!sandbox.env()) throw refused(v, "read the environment", "--allow-env");
            String s = a.length == 0 ? null : System.getenv(a[0].asString());
            return s == null ? v.undefined() : s;
        });
        bindings.putMember("readFile", (ProxyExecutable) a -> {
            if (!sandbox.io()) throw refused(v, "read files", "--allow-io");
            try {
                return Files.readString(Path.of(a[0].asString()));
            } catch (IOException | RuntimeException e) {
                throw v.error("readFile: " + e.getMessage());
            }
        });
        bindings.putMember("writeFile", (ProxyExecutable) a -> {
            if (!sandbox.io()) throw refused(v, "write files", "--allow-io");
            try {
                Files.writeString(Path.of(a[0].asString()), a.length < 2 ? "" : a[1].isString() ? a[1].asString() : a[1].toString());
                return v.undefined();
            } catch (IOException | RuntimeException e) {
                throw v.error("writeFile: " + e.getMessage());
            }
        });
        bindings.putMember("mem", new MemObject(v));
        bindings.putMember("args", v.array(args.toArray()));
        return v;
    }

    private static RuntimeException refused(JsValues v, String what, String option) {
        throw v.error("scripts may not " + what + " unless mpish run is given " + option);
    }
}
