package org.mpish.shell.script;

/**
 * What a script may touch beyond its own rank. Everything is refused unless the user asks for it on the
 * command line: no host class lookup, no files, no processes, no threads, no environment, no sockets, no native
 * code. {@code io} (mpish run --allow-io): files, through {@code load}, {@code readFile} and {@code writeFile};
 * {@code env} (--allow-env): {@code getenv(name)}; {@code hostClasses} (--allow-host-classes): {@code Java.type}
 * and every Java class, which is all the JVM can do (files, processes, sockets, the environment included).
 */
public record Sandbox(boolean io, boolean env, boolean hostClasses) {
    public static final Sandbox STRICT = new Sandbox(false, false, false);
}
