package org.mpish.runtime.catalog;

import org.mpish.runtime.Rank;

/**
 * The implementation of a call: runs on the rank's own thread with converted input arguments. Returns null
 * when the call has no output, the value of its one output, or an Object[] of its outputs in declaration order
 * (OUT and INOUT parameters). Fails by throwing MpiException (routed to the error handler) or LapiException.
 */
@FunctionalInterface
public interface CallImpl {
    Object invoke(Rank rank, Args args);
}
