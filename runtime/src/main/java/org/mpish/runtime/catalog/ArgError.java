package org.mpish.runtime.catalog;

/** An argument that cannot be turned into what the parameter needs (wrong type, unknown name, missing). */
public final class ArgError extends org.mpish.runtime.BadArgument {
    public ArgError(String message) { super(message); }
}
