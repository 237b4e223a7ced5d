package org.mpish.runtime.catalog;

/** One parameter of a call: its C name, direction, type and its declaration in the C prototype. */
public record Param(String name, Dir dir, PType type, String cDecl) {
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
