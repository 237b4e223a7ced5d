package org.mpish.shell.script;

/**
 * What a script may touch beyond its own rank. Everything is refused unless the user asks for it on the
 * command line (mpish run --allow-io / --allow-env / --allow-host): no host class lookup, no files, no
 * processes, no threads, no environment, no sockets, no native code.
 */
public record Sandbox(boolean io, boolean env, boolean hostClasses) {
    public static final Sandbox STRICT = new Sandbox(false, false, false);
}
