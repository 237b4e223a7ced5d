package org.mpish.runtime.catalog;

import java.util.List;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.TypedAccess;

/**
 * A rank's memory read and written as values of an MPI datatype, for the script's {@code mem.read} /
 * {@code mem.write} and the shell's {@code mem ADDR COUNT TYPE}. A type is a datatype handle or the name of a
 * predefined one ("MPI_INT", or "int" / "INT").
 */
public final class TypedMemory {
    private TypedMemory() {}

    /** The datatype {@code type} stands for on rank {@code r}, or null when it is not one. */
    private static Datatype datatype(Rank r, Object type) {
        if (type instanceof Datatype d) return d;
        // a predefined datatype of a native engine's library: the in-process one of the same name lays out the same bytes
        if (type instanceof org.mpish.runtime.mpi.Handle h && h.isPredefined()) type = h.name();
        if (type instanceof String s) return Datatype.named(MpiProcess.of(r), s.startsWith("MPI_") ? s : "MPI_" + s.toUpperCase());
        return null;
    }

    /** True when {@code type} is a datatype handle or names a predefined datatype. */
    public static boolean isDatatype(Rank r, Object type) { return datatype(r, type) != null; }

    /** The size in bytes of a basic (predefined, not derived) datatype, or -1 when {@code type} is not one. */
    public static long basicSize(Rank r, Object type) {
        Datatype d = datatype(r, type);
        return d == null || d.basic() == null ? -1 : d.size();
    }

    /** {@code count} values of {@code type} at {@code addr}. */
    public static Object[] read(Rank r, long addr, Object type, int count) {
        return TypedAccess.read(r.memory(), addr, need(r, type), count);
    }

    /** Writes {@code values} as {@code type} at {@code addr}, checking the whole destination first. */
    public static void write(Rank r, long addr, Object type, List<?> values) {
        TypedAccess.write(r.memory(), addr, need(r, type), values);
    }

    private static Datatype need(Rank r, Object type) {
        Datatype d = datatype(r, type);
        if (d == null) throw new ArgError(type + " is not a datatype");
        return d;
    }
}
