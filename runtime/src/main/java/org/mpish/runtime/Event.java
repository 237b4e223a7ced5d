package org.mpish.runtime;

import java.util.Map;

/**
 * One thing that happened in a job, for the trace: a callback fired, a message matched, a handler ran.
 * {@code family} groups events for filtering (attr, err, p2p, bsend, rma, lapi, job); {@code kind} names the
 * event inside its family; {@code text} is the one-line human description; {@code fields} the details.
 */
public record Event(long nanos, int rank, String family, String kind, String text, Map<String, Object> fields) {
    @Override public String toString() { return "[" + rank + "] " + family + " " + kind + ": " + text; }
}
