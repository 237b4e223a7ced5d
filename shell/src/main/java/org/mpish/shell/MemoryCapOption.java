package org.mpish.shell;


/**
 * mpish --memory-cap and MPISH_MEMORY_CAP (issue 19 item 18): the cap of every job this process runs. The
 * runtime's {@link MemoryCap} watches it; this only hands the option over and says when it had to be lowered.
 */
final class MemoryCapOption {
    private MemoryCapOption() {}

    /** Warns, once at start, when MPISH_MEMORY_CAP is set to something that is not a number of bytes. */
    static void checkEnvironment() {
        String env = System.getenv(MemoryCap.ENV);
        if (env != null && !env.isBlank() && MemoryCap.parse(env) < 0) {
            System.err.println("mpish: " + MemoryCap.ENV + "='" + env + "' is not a number of bytes (such as 512M or 2G);"
                    + " using the default cap of " + MemoryCap.bytes(MemoryCap.cap()));
        }
    }

    /** Applies the option (null: keep MPISH_MEMORY_CAP or the default). */
    static void apply(Long bytes) {
        if (bytes == null) return;
        String warning = MemoryCap.set(bytes);
        if (warning != null) System.err.println("mpish: " + warning);
    }
}
