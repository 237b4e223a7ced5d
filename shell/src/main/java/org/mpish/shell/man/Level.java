package org.mpish.shell.man;

/**
 * Severity of a {@link Diagnostic}, named and ordered like mandoc's message levels.
 * {@code STYLE} is a matter of taste, {@code WARNING} means the output may look wrong,
 * {@code ERROR} means input was skipped or repaired, {@code UNSUPP} marks input this renderer ignores.
 */
public enum Level {
    STYLE, WARNING, ERROR, UNSUPP
}
