package org.mpish.shell.man;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Runs a tree walk again on a thread with a large stack when it overflows the caller's: the
 * parser, validator and formatter recurse once per nesting level, and a hostile page can nest
 * thousands of RS blocks.  Ordinary pages never take the slow path.
 */
final class BigStack {
    private static final long STACK_BYTES = 1L << 30;

    private BigStack() {
    }

    static <T> T call(Supplier<T> work) {
        try {
            return work.get();
        } catch (StackOverflowError e) {
            AtomicReference<T> result = new AtomicReference<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread t = new Thread(null, () -> {
                try {
                    result.set(work.get());
                } catch (RuntimeException | StackOverflowError ex) {
                    failure.set(ex);
                }
            }, "man-deep", STACK_BYTES);
            t.start();
            try {
                t.join();
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", ie);
            }
            Throwable f = failure.get();
            if (f instanceof RuntimeException re) {
                throw re;
            }
            if (f != null) {
                throw (StackOverflowError) f;
            }
            return result.get();
        }
    }
}
