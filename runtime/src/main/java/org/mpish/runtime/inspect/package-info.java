/**
 * The runtime's read-only inspection API: immutable snapshots of what the shell's views show (message queues,
 * attached send buffers, requests, RMA windows and their epochs and locks, LAPI counters and contexts, live
 * handles, attributes and keyvals). A snapshot is taken from any thread (the shell's, while the rank is blocked)
 * and never changes the state it reads.
 *
 * <p>One file per area, each a record with a static {@code of(...)} that takes it; an area that gets a view
 * adds its own file here (for example {@code TopologySnapshot}) rather than letting the shell read its engine.
 * This package sits above the area engines and beside the catalogue: it reads engines, nothing in the runtime
 * reads it, and it is one of the packages {@code module-info} exports.
 */
package org.mpish.runtime.inspect;
