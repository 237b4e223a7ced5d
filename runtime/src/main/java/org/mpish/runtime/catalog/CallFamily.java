package org.mpish.runtime.catalog;

import org.mpish.runtime.Job;

/** A group of calls declared together (attributes, point-to-point, RMA, LAPI transfers, ...). */
public interface CallFamily {
    void declare(Catalogue.Builder b);

    /**
     * Wires what this family adds to a new job: hooks into other families' life events and per-job settings.
     * Runs once per job, before its ranks start, for every family of the job's catalogue.
     */
    default void wire(Job job, Catalogue catalogue) { }
}
