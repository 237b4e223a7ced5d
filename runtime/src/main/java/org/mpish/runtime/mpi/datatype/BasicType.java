package org.mpish.runtime.mpi.datatype;

/** The basic (predefined, non-pair) datatypes: C name, size in bytes and the family of values they hold. */
public enum BasicType {
    CHAR("MPI_CHAR", 1, Family.CHAR), SIGNED_CHAR("MPI_SIGNED_CHAR", 1, Family.INT),
    UNSIGNED_CHAR("MPI_UNSIGNED_CHAR", 1, Family.UINT), BYTE("MPI_BYTE", 1, Family.BYTE),
    SHORT("MPI_SHORT", 2, Family.INT), UNSIGNED_SHORT("MPI_UNSIGNED_SHORT", 2, Family.UINT),
    INT("MPI_INT", 4, Family.INT), UNSIGNED("MPI_UNSIGNED", 4, Family.UINT),
    LONG("MPI_LONG", 8, Family.INT), UNSIGNED_LONG("MPI_UNSIGNED_LONG", 8, Family.UINT),
    LONG_LONG("MPI_LONG_LONG", 8, Family.INT), UNSIGNED_LONG_LONG("MPI_UNSIGNED_LONG_LONG", 8, Family.UINT),
    FLOAT("MPI_FLOAT", 4, Family.FLOAT), DOUBLE("MPI_DOUBLE", 8, Family.FLOAT),
    C_BOOL("MPI_C_BOOL", 1, Family.LOGICAL), WCHAR("MPI_WCHAR", 4, Family.CHAR),
    INT8_T("MPI_INT8_T", 1, Family.INT), INT16_T("MPI_INT16_T", 2, Family.INT),
    INT32_T("MPI_INT32_T", 4, Family.INT), INT64_T("MPI_INT64_T", 8, Family.INT),
    UINT8_T("MPI_UINT8_T", 1, Family.UINT), UINT16_T("MPI_UINT16_T", 2, Family.UINT),
    UINT32_T("MPI_UINT32_T", 4, Family.UINT), UINT64_T("MPI_UINT64_T", 8, Family.UINT),
    AINT("MPI_AINT", 8, Family.INT), OFFSET("MPI_OFFSET", 8, Family.INT), COUNT("MPI_COUNT", 8, Family.INT),
    PACKED("MPI_PACKED", 1, Family.BYTE);

    /** What kind of values a type holds, which decides the reduction operations valid on it. */
    public enum Family { INT, UINT, FLOAT, LOGICAL, BYTE, CHAR }

    private final String cName;
    private final int size;
    private final Family family;
    private final boolean integer;

    BasicType(String cName, int size, Family family) {
        this.cName = cName;
        this.size = size;
        this.family = family;
        this.integer = family == Family.INT || family == Family.UINT;
    }

    public String cName() { return cName; }
    public int size() { return size; }
    public Family family() { return family; }
    public boolean isInteger() { return integer; }
}
