package org.mpish.runtime.mpi;

import java.util.LinkedHashMap;

/**
 * An MPI object that caches attributes: communicators, windows and datatypes. The attribute list keeps the
 * order in which keys were first set (MPI_Finalize deletes COMM_SELF's attributes last-set-first). It is
 * touched only by the owning rank's thread.
 */
public abstract class Attributable extends Handle {
    protected final LinkedHashMap<Keyval, Object> attributes = new LinkedHashMap<>();

    protected Attributable(HandleKind kind, String name) { super(kind, name); }

    /** The live attribute list (keyval to value), in order of first setting. For the attribute machinery. */
    public LinkedHashMap<Keyval, Object> attributeMap() { return attributes; }
}
