package org.mpish.shell.script;

import org.graalvm.polyglot.Engine;

/** The one polyglot engine of this JVM: every rank's context shares its code caches. */
public final class JsEngine {
    private static volatile Engine engine;

    private JsEngine() {}

    public static Engine get() {
        Engine e = engine;
        if (e == null) {
            synchronized (JsEngine.class) {
                e = engine;
                if (e == null) {
                    engine = e = Engine.newBuilder("js")
                            .option("engine.WarnInterpreterOnly", "false")
                            .build();
                }
            }
        }
        return e;
    }
}
