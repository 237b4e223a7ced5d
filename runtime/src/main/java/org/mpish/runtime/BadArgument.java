package org.mpish.runtime;

/**
 * An argument the engine cannot use because of its form (a field missing, a name that is not a number), found
 * while it reads a structured value. The catalogue reports it as a usage error, like its own argument errors.
 */
public class BadArgument extends RuntimeException {
    public BadArgument(String message) { super(message, null, false, false); }
}
