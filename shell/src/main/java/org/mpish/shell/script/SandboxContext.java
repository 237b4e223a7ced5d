package org.mpish.shell.script;

import java.lang.reflect.Method;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.EnvironmentAccess;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.io.IOAccess;
import org.mpish.runtime.ObjectHandle;

/**
 * Builds a rank's polyglot context with exactly what the {@link Sandbox} allows. Without host classes a script
 * reaches Java only through the few methods listed here (a handle's name, {@link CallFunction}'s entry points);
 * with them it has all of Java (files, processes, sockets, the environment). {@code --allow-io} opens files only
 * (not sockets), {@code --allow-env} the environment.
 */
final class SandboxContext {
    private static final HostAccess HOST_ACCESS;
    static {
        try {
            HostAccess.Builder b = HostAccess.newBuilder()
                    // a handle's name, declared by the runtime's ObjectHandle and reached through the class that implements it
                    .allowAccessInheritance(true)
                    .allowAccess(ObjectHandle.class.getMethod("toString"))
                    .allowAccess(ObjectHandle.class.getMethod("name"))
                    .allowAccess(CallFunction.class.getMethod("tooMany", int.class));
            for (int n = 0; n <= CallFunction.MAX_ARITY; n++) {
                Class<?>[] params = new Class<?>[n];
                java.util.Arrays.fill(params, Object.class);
                Method call = CallFunction.class.getMethod("call" + n, params);
                b.allowAccess(call);
            }
            HOST_ACCESS = b.build();
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private SandboxContext() {}

    /** A new context on the shared engine; script output (and anything the engine prints) goes to {@code out}. */
    static Context open(Sandbox sandbox, RankOutput out) { return open(sandbox, out.stream()); }

    /** A new context on the shared engine printing to {@code out} (a kept context's, pointed at each run's output). */
    static Context open(Sandbox sandbox, java.io.OutputStream out) {
        return Context.newBuilder("js")
                .engine(JsEngine.get())
                .allowHostAccess(sandbox.hostClasses() ? HostAccess.ALL : HOST_ACCESS)
                .allowHostClassLookup(c -> sandbox.hostClasses())
                .allowIO(sandbox.io() ? IOAccess.newBuilder().allowHostFileAccess(true).build() : IOAccess.NONE)
                .allowCreateProcess(sandbox.hostClasses())
                .allowCreateThread(false)
                .allowNativeAccess(false)
                .allowPolyglotAccess(PolyglotAccess.NONE)
                .allowEnvironmentAccess(sandbox.env() ? EnvironmentAccess.INHERIT : EnvironmentAccess.NONE)
                .out(out)
                .err(out)
                .build();
    }
}
