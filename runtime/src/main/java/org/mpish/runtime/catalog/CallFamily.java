package org.mpish.runtime.catalog;

/** A group of calls declared together (attributes, point-to-point, RMA, LAPI transfers, ...). */
public interface CallFamily {
    void declare(Catalogue.Builder b);
}
