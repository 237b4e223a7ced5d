import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;

/**
 * What one bare JavaScript context costs on a shared engine, as every rank of `mpish run` makes one: build it, make
 * its realm (the first getBindings), evaluate one statement, close it. Prints the CPU time of this thread per context
 * (after 30 unmeasured ones), twice for the defaults and twice with the GraalJS options given, alternating:
 *
 *     java -cp "shell/target/lib/*" bench/probes/ContextCost.java 100 js.intl-402=false
 *
 * The scale rows (scale.np256.wall, np1024) cannot go below ranks x this / cores. Options named experimental by
 * GraalJS are allowed here so they can be measured; mpish itself sets none.
 */
public class ContextCost {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        try (Engine engine = Engine.newBuilder("js").option("engine.WarnInterpreterOnly", "false").build()) {
            for (int round = 0; round < 2; round++) {
                for (boolean withOptions : new boolean[] {false, true}) {
                    if (withOptions && args.length < 2) continue;
                    for (int i = 0; i < 30; i++) one(engine, withOptions, args);
                    long c0 = cpu.getCurrentThreadCpuTime(), w0 = System.nanoTime();
                    for (int i = 0; i < n; i++) one(engine, withOptions, args);
                    long c1 = cpu.getCurrentThreadCpuTime(), w1 = System.nanoTime();
                    System.out.printf("%s: %.2f ms CPU per context (wall %.2f ms)%n", withOptions ? "options" : "defaults",
                            (c1 - c0) / 1e6 / n, (w1 - w0) / 1e6 / n);
                }
            }
        }
    }

    private static void one(Engine engine, boolean withOptions, String[] args) {
        Context.Builder b = Context.newBuilder("js").engine(engine).allowHostAccess(HostAccess.NONE).allowExperimentalOptions(true);
        if (withOptions) {
            for (int i = 1; i < args.length; i++) {
                String[] kv = args[i].split("=", 2);
                b.option(kv[0], kv[1]);
            }
        }
        try (Context c = b.build()) {
            c.getBindings("js");
            c.eval("js", "globalThis.x = 1;");
        }
    }
}
