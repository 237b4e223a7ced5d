package org.mpish.runtime.mpi.op;

import java.util.List;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.Predefined;
import org.mpish.runtime.mpi.datatype.BasicType;

/**
 * A reduction operation: the predefined ones (MPI_SUM ... MPI_MINLOC) plus MPI_REPLACE and MPI_NO_OP, which
 * exist only for the accumulate family (R27). Predefined ops are immutable and shared by every rank, like the
 * predefined error handlers. {@link #validFor} says which basic types an op applies to, by the type groups of
 * MPI-4.1 section 6.9.2 (R22, R23). Mirrors {@code MPI_Op}.
 */
public final class Op extends Handle {
    public enum Kind { SUM, PROD, MAX, MIN, LAND, LOR, LXOR, BAND, BOR, BXOR, MAXLOC, MINLOC, REPLACE, NO_OP }

    public static final Op SUM = new Op(Kind.SUM), PROD = new Op(Kind.PROD), MAX = new Op(Kind.MAX),
            MIN = new Op(Kind.MIN), LAND = new Op(Kind.LAND), LOR = new Op(Kind.LOR), LXOR = new Op(Kind.LXOR),
            BAND = new Op(Kind.BAND), BOR = new Op(Kind.BOR), BXOR = new Op(Kind.BXOR),
            MAXLOC = new Op(Kind.MAXLOC), MINLOC = new Op(Kind.MINLOC),
            REPLACE = new Op(Kind.REPLACE), NO_OP = new Op(Kind.NO_OP);

    /** Every predefined op, in the order of the standard's table. */
    public static final List<Op> PREDEFINED = List.of(MAX, MIN, SUM, PROD, LAND, BAND, LOR, BOR, LXOR, BXOR,
            MAXLOC, MINLOC, REPLACE, NO_OP);

    private final Kind opKind;
    /** {@link #validFor} as a bit per basic type ordinal, worked out once. */
    private final long valid;

    private Op(Kind k) {
        super(HandleKind.OP, "MPI_" + k.name());
        this.opKind = k;
        long v = 0;
        if (BasicType.values().length > Long.SIZE) throw new AssertionError("a bit per basic type");
        for (BasicType b : BasicType.values()) if (computeValidFor(b)) v |= 1L << b.ordinal();
        this.valid = v;
    }

    public Kind op() { return opKind; }
    @Override public boolean isPredefined() { return true; }

    /** MINLOC and MAXLOC: they act on (value, index) pairs. */
    public boolean isLoc() { return opKind == Kind.MAXLOC || opKind == Kind.MINLOC; }

    /** REPLACE and NO_OP: valid on every predefined type, pairs included. */
    public boolean isDataMovement() { return opKind == Kind.REPLACE || opKind == Kind.NO_OP; }

    /**
     * Whether this op applies to elements of basic type {@code b} (MPI-4.1 6.9.2). MPI_CHAR, MPI_WCHAR and
     * MPI_PACKED belong to no arithmetic group; REPLACE and NO_OP take anything; MINLOC / MAXLOC take only the
     * pair types (checked by the caller, which knows whether the datatype is a pair).
     */
    public boolean validFor(BasicType b) { return (valid >>> b.ordinal() & 1) != 0; }

    private boolean computeValidFor(BasicType b) {
        BasicType.Family f = b.family();
        boolean integer = f == BasicType.Family.INT || f == BasicType.Family.UINT;
        return switch (opKind) {
            case MAX, MIN, SUM, PROD -> integer || f == BasicType.Family.FLOAT;
            case LAND, LOR, LXOR -> integer || f == BasicType.Family.LOGICAL;
            case BAND, BOR, BXOR -> integer || b == BasicType.BYTE;
            case MAXLOC, MINLOC -> false;
            case REPLACE, NO_OP -> true;
        };
    }

    /** The type groups an op accepts, for error messages. */
    public String accepts() {
        return switch (opKind) {
            case MAX, MIN, SUM, PROD -> "C integer and floating-point types";
            case LAND, LOR, LXOR -> "C integer and logical (MPI_C_BOOL) types";
            case BAND, BOR, BXOR -> "C integer types and MPI_BYTE";
            case MAXLOC, MINLOC -> "the pair types MPI_2INT, MPI_SHORT_INT, MPI_LONG_INT, MPI_FLOAT_INT, MPI_DOUBLE_INT";
            case REPLACE, NO_OP -> "every predefined type";
        };
    }
}
