package org.mpish.runtime.mpi.datatype;

import org.mpish.runtime.mpi.op.Op;

/**
 * The element an accumulate-family call works on, element by element: a basic type, or one of the predefined
 * (value, int index) pair types MINLOC / MAXLOC need. In memory a pair's index sits at {@link #indexOffset}
 * and instances are {@link #extent} apart; packed, the index follows the value directly.
 */
public record ElemType(BasicType basic, String pairName, BasicType pairValue, int indexOffset, int extent) {
    private static final java.util.List<ElemType> BASIC = java.util.Arrays.stream(BasicType.values())
            .map(b -> new ElemType(b, null, null, 0, b.size())).toList();

    public static ElemType of(BasicType b) { return BASIC.get(b.ordinal()); }

    /**
     * The element type of {@code t}, or null when {@code t} mixes basic types (not allowed in the accumulate
     * family, R23). Pair types are recognised as the predefined handles themselves; a type derived from a
     * pair type (its value type is not recorded by {@link Datatype}) also gives null.
     */
    public static ElemType of(Datatype t) {
        if (t.isPair()) {
            if (!t.isPredefined()) return null;
            BasicType v = switch (t.name()) {
                case "MPI_2INT" -> BasicType.INT;
                case "MPI_SHORT_INT" -> BasicType.SHORT;
                case "MPI_LONG_INT" -> BasicType.LONG;
                case "MPI_FLOAT_INT" -> BasicType.FLOAT;
                case "MPI_DOUBLE_INT" -> BasicType.DOUBLE;
                default -> null;
            };
            if (v == null) return null;
            int idx = Math.max(v.size(), 4);
            return new ElemType(null, t.name(), v, idx, (int) t.extent());
        }
        return t.basic() == null ? null : of(t.basic());
    }

    public boolean isPair() { return pairName != null; }

    /** Bytes of one element in packed form. */
    public int packedSize() { return isPair() ? pairValue.size() + 4 : basic.size(); }

    public String cName() { return isPair() ? pairName : basic.cName(); }

    /** Whether {@code op} applies to this element type (R22, R23, R27: REPLACE and NO_OP take any). */
    public boolean accepts(Op op) {
        if (op.isDataMovement()) return true;
        if (isPair()) return op.isLoc();
        return op.validFor(basic);
    }
}
