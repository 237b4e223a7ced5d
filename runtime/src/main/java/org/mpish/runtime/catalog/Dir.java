package org.mpish.runtime.catalog;

/** Parameter direction, as the MPI standard marks it. */
public enum Dir { IN, OUT, INOUT }
