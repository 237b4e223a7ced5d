package org.mpish.runtime.catalog;

/**
 * One parameter of a call: its C name, direction, type and its declaration in the C prototype.
 *
 * @param whenOmitted null for a parameter that must be given; for one that may be left out (in the shell, or as a
 *                    trailing undefined in a script), what the call then receives, in words ("NULL", "a zeroed
 *                    lapi_info_t"): the implementation gets null and treats it so
 */
public record Param(String name, Dir dir, PType type, String cDecl, String whenOmitted) {
    public Param(String name, Dir dir, PType type, String cDecl) { this(name, dir, type, cDecl, null); }

    /** May be left out: declared so with {@code CallBuilder.optional}, never guessed. */
    public boolean optional() { return whenOmitted != null; }
    Param leftOutMeans(String meaning) { return new Param(name, dir, type, cDecl, meaning); }

    public boolean isInput() { return dir != Dir.OUT; }
    public boolean isOutput() { return dir != Dir.IN; }

    /** The declaration the C synopsis uses when none was given: "MPI_Comm comm", "int *flag". */
    static String defaultDecl(String name, Dir dir, PType type) {
        String t = type.cType();
        if (type.kind() == PType.Kind.INT_ARRAY || type.kind() == PType.Kind.LONG_ARRAY || type.kind() == PType.Kind.HANDLE_ARRAY) {
            return (dir == Dir.IN ? "const " : "") + t + " " + name + "[]";
        }
        if (dir == Dir.IN) return t.endsWith("*") ? t + name : t + " " + name;
        return t.endsWith("*") ? t + "*" + name : t + " *" + name;
    }
}
