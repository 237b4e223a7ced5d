package org.mpish.runtime.mpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.coll.CollFixture.call;
import static org.mpish.runtime.mpi.coll.CollFixture.doubles;
import static org.mpish.runtime.mpi.coll.CollFixture.fails;
import static org.mpish.runtime.mpi.coll.CollFixture.get;
import static org.mpish.runtime.mpi.coll.CollFixture.ints;
import static org.mpish.runtime.mpi.coll.CollFixture.longs;
import static org.mpish.runtime.mpi.coll.CollFixture.put;
import static org.mpish.runtime.mpi.coll.CollFixture.readDoubles;
import static org.mpish.runtime.mpi.coll.CollFixture.readInts;
import static org.mpish.runtime.mpi.coll.CollFixture.readLongs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.op.Op;

/**
 * Predefined reduction ops on each type class (MPI-4.1 6.9.2), MINLOC / MAXLOC on the pair types (6.9.4),
 * user-defined ops (6.9.5, 6.9.6) and MPI_Reduce_local (6.9.7), all through the catalogue on one rank.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReductionOpsTest {
    /** The type classes of MPI-4.1 6.9.2, written out from the standard (Fortran types are not in mpish). */
    static final List<String> C_INTEGER = List.of("MPI_INT", "MPI_LONG", "MPI_SHORT", "MPI_UNSIGNED_SHORT", "MPI_UNSIGNED",
            "MPI_UNSIGNED_LONG", "MPI_LONG_LONG", "MPI_UNSIGNED_LONG_LONG", "MPI_SIGNED_CHAR", "MPI_UNSIGNED_CHAR",
            "MPI_INT8_T", "MPI_INT16_T", "MPI_INT32_T", "MPI_INT64_T", "MPI_UINT8_T", "MPI_UINT16_T", "MPI_UINT32_T", "MPI_UINT64_T");
    static final List<String> FLOATING = List.of("MPI_FLOAT", "MPI_DOUBLE");
    static final List<String> LOGICAL = List.of("MPI_C_BOOL");
    static final List<String> BYTE = List.of("MPI_BYTE");
    static final List<String> MULTI_LANGUAGE = List.of("MPI_AINT", "MPI_OFFSET", "MPI_COUNT");
    /** In no class: no predefined op reduces them. */
    static final List<String> NONE = List.of("MPI_CHAR", "MPI_WCHAR", "MPI_PACKED");

    /** The table of MPI-4.1 6.9.2: which classes each op takes. */
    static final Map<String, Set<List<String>>> ALLOWED = Map.of(
            "MPI_MAX", Set.of(C_INTEGER, FLOATING, MULTI_LANGUAGE), "MPI_MIN", Set.of(C_INTEGER, FLOATING, MULTI_LANGUAGE),
            "MPI_SUM", Set.of(C_INTEGER, FLOATING, MULTI_LANGUAGE), "MPI_PROD", Set.of(C_INTEGER, FLOATING, MULTI_LANGUAGE),
            "MPI_LAND", Set.of(C_INTEGER, LOGICAL), "MPI_LOR", Set.of(C_INTEGER, LOGICAL), "MPI_LXOR", Set.of(C_INTEGER, LOGICAL),
            "MPI_BAND", Set.of(C_INTEGER, BYTE, MULTI_LANGUAGE), "MPI_BOR", Set.of(C_INTEGER, BYTE, MULTI_LANGUAGE),
            "MPI_BXOR", Set.of(C_INTEGER, BYTE, MULTI_LANGUAGE));

    private static void returnErrors(Rank r) { TestJob.returnErrors(r); }

    @Test
    void eachPredefinedOpTakesExactlyTheTypeClassesOfTheStandardsTable() { // MPI-4.1 6.9.2
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                returnErrors(r);
                long a = CollFixture.alloc(r, 16), b = CollFixture.alloc(r, 16);
                List<String> wrong = new ArrayList<>();
                List<List<String>> classes = List.of(C_INTEGER, FLOATING, LOGICAL, BYTE, MULTI_LANGUAGE, NONE);
                for (Map.Entry<String, Set<List<String>>> e : ALLOWED.entrySet()) {
                    for (List<String> cls : classes) {
                        for (String type : cls) {
                            boolean allowed = e.getValue().contains(cls);
                            try {
                                call(r, "MPI_Reduce_local", a, b, 1, type, e.getKey());
                                if (!allowed) wrong.add(e.getKey() + " on " + type + " was accepted");
                            } catch (MpiException x) {
                                if (allowed || x.errorClass() != ErrorClass.MPI_ERR_OP) wrong.add(e.getKey() + " on " + type + ": " + x.getMessage());
                            }
                        }
                    }
                    for (String pair : List.of("MPI_2INT", "MPI_DOUBLE_INT")) { // pairs take only MINLOC / MAXLOC (6.9.4)
                        try {
                            call(r, "MPI_Reduce_local", a, b, 1, pair, e.getKey());
                            wrong.add(e.getKey() + " on " + pair + " was accepted");
                        } catch (MpiException x) {
                            if (x.errorClass() != ErrorClass.MPI_ERR_OP) wrong.add(e.getKey() + " on " + pair + ": " + x.getMessage());
                        }
                    }
                }
                for (String loc : List.of("MPI_MINLOC", "MPI_MAXLOC")) {
                    fails(ErrorClass.MPI_ERR_OP, r, "MPI_Reduce_local", a, b, 1, "MPI_INT", loc);
                    fails(ErrorClass.MPI_ERR_OP, r, "MPI_Reduce_local", a, b, 1, "MPI_DOUBLE", loc);
                }
                assertEquals(List.of(), wrong);
            });
        }
    }

    /** inoutbuf = inbuf op inoutbuf for one element of {@code type} (size bytes), as bits. */
    private static long local(Rank r, String op, String type, int size, long in, long inout) {
        long a = CollFixture.alloc(r, 8), b = CollFixture.alloc(r, 8);
        put(r.memory(), a, size, in);
        put(r.memory(), b, size, inout);
        call(r, "MPI_Reduce_local", a, b, 1, type, op);
        return get(r.memory(), b, size);
    }

    /**
     * Vectors whose length is not a multiple of eight bytes (the integer ops go a word at a time, then the tail): each
     * element is the C operator on that element alone, at the type's width, computed here one element at a time.
     */
    @Test
    void integerVectorsWithATailShorterThanAWordGiveEachElementsResult() { // MPI-4.1 6.9.2
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                returnErrors(r);
                int n = 29; // 3 words and 5 bytes of MPI_BYTE; 14 shorts and 1 byte left over are not an element
                for (String op : List.of("MPI_BAND", "MPI_BOR", "MPI_BXOR", "MPI_SUM")) {
                    for (int size : new int[] {1, 2, 4, 8}) {
                        String type = switch (size) { case 1 -> op.equals("MPI_SUM") ? "MPI_SIGNED_CHAR" : "MPI_BYTE";
                            case 2 -> "MPI_SHORT"; case 4 -> "MPI_INT"; default -> "MPI_LONG"; };
                        int count = n / size;
                        long a = CollFixture.alloc(r, n), b = CollFixture.alloc(r, n);
                        long[] x = new long[count], y = new long[count];
                        for (int i = 0; i < count; i++) {
                            x[i] = 0x7Fl * (i + 3) * 0x0101010101010101L ^ i;
                            y[i] = 0x65l * (i + 1) * 0x0001000100010001L + i;
                            put(r.memory(), a + (long) i * size, size, x[i]);
                            put(r.memory(), b + (long) i * size, size, y[i]);
                        }
                        call(r, "MPI_Reduce_local", a, b, count, type, op);
                        for (int i = 0; i < count; i++) {
                            long want = switch (op) { case "MPI_BAND" -> x[i] & y[i]; case "MPI_BOR" -> x[i] | y[i];
                                case "MPI_BXOR" -> x[i] ^ y[i]; default -> x[i] + y[i]; };
                            long mask = size == 8 ? -1L : (1L << (8 * size)) - 1;
                            assertEquals(want & mask, get(r.memory(), b + (long) i * size, size) & mask, op + " on " + type + ", element " + i);
                        }
                    }
                }
            });
        }
    }

    @Test
    void integerOpsGiveCsResultsAtEachWidth() { // MPI-4.1 6.9.2: the C operators, on the type's width
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                returnErrors(r);
                assertEquals(-2, local(r, "MPI_SUM", "MPI_INT", 4, 3, -5));
                assertEquals(-15, local(r, "MPI_PROD", "MPI_INT", 4, 3, -5));
                assertEquals(3, local(r, "MPI_MAX", "MPI_INT", 4, 3, -5));
                assertEquals(-5, local(r, "MPI_MIN", "MPI_INT", 4, 3, -5));
                assertEquals(-1, local(r, "MPI_MAX", "MPI_UNSIGNED", 4, -1, 1), "0xffffffff is the larger unsigned int");
                assertEquals(1, local(r, "MPI_MIN", "MPI_UNSIGNED", 4, -1, 1));
                assertEquals(-56, local(r, "MPI_SUM", "MPI_SIGNED_CHAR", 1, 100, 100), "200 wraps to -56 in a signed char");
                assertEquals(-112, local(r, "MPI_SUM", "MPI_UINT8_T", 1, 200, 200), "400 mod 256 = 144 (bits 0x90)");
                assertEquals(0, local(r, "MPI_LAND", "MPI_INT", 4, 0, 7));
                assertEquals(1, local(r, "MPI_LAND", "MPI_SHORT", 2, 2, 7));
                assertEquals(1, local(r, "MPI_LOR", "MPI_LONG", 8, 0, -9));
                assertEquals(0, local(r, "MPI_LXOR", "MPI_INT", 4, 5, 7));
                assertEquals(1, local(r, "MPI_LXOR", "MPI_INT", 4, 5, 0));
                assertEquals(8, local(r, "MPI_BAND", "MPI_INT", 4, 12, 10));
                assertEquals(14, local(r, "MPI_BOR", "MPI_INT", 4, 12, 10));
                assertEquals(6, local(r, "MPI_BXOR", "MPI_INT", 4, 12, 10));
                assertEquals(0x0F, local(r, "MPI_BAND", "MPI_BYTE", 1, 0xFF, 0x0F));
                assertEquals(1, local(r, "MPI_LOR", "MPI_C_BOOL", 1, 0, 1));
                assertEquals(0, local(r, "MPI_LAND", "MPI_C_BOOL", 1, 0, 1));
                assertEquals(Long.MIN_VALUE, local(r, "MPI_SUM", "MPI_AINT", 8, Long.MAX_VALUE, 1));
                assertEquals(0x30, local(r, "MPI_BXOR", "MPI_COUNT", 8, 0x50, 0x60));
            });
        }
    }

    @Test
    void floatingPointOpsRoundAsIeeeDoubleAndFloat() { // MPI-4.1 6.9.2, floating point class
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                returnErrors(r);
                long a = doubles(r, 0.1, 2.0, -1.0, 3.0), b = doubles(r, 0.2, 0.5, 4.0, -3.0);
                call(r, "MPI_Reduce_local", a, b, 4, "MPI_DOUBLE", "MPI_SUM");
                assertArrayEquals(new double[] {0.30000000000000004, 2.5, 3.0, 0.0}, readDoubles(r, b, 4));
                b = doubles(r, 0.2, 0.5, 4.0, -3.0);
                call(r, "MPI_Reduce_local", a, b, 4, "MPI_DOUBLE", "MPI_PROD");
                assertArrayEquals(new double[] {0.020000000000000004, 1.0, -4.0, -9.0}, readDoubles(r, b, 4));
                b = doubles(r, 0.2, 0.5, 4.0, -3.0);
                call(r, "MPI_Reduce_local", a, b, 4, "MPI_DOUBLE", "MPI_MAX");
                assertArrayEquals(new double[] {0.2, 2.0, 4.0, 3.0}, readDoubles(r, b, 4));
                long f = Float.floatToRawIntBits(1.1f), g = Float.floatToRawIntBits(2.2f);
                assertEquals(1.1f + 2.2f, Float.intBitsToFloat((int) local(r, "MPI_SUM", "MPI_FLOAT", 4, f, g)));
                assertEquals(1.1f, Float.intBitsToFloat((int) local(r, "MPI_MIN", "MPI_FLOAT", 4, f, g)));
            });
        }
    }

    @Test
    void minlocAndMaxlocPickTheValueAndOnTiesTheSmallerIndex() { // MPI-4.1 6.9.4
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                returnErrors(r);
                // MPI_2INT: (value, index) pairs of two ints
                long a = ints(r, 5, 1, 7, 2, 3, 9), b = ints(r, 5, 0, 2, 4, 8, 1);
                call(r, "MPI_Reduce_local", a, b, 3, "MPI_2INT", "MPI_MAXLOC");
                assertArrayEquals(new int[] {5, 0, 7, 2, 8, 1}, readInts(r, b, 6));
                b = ints(r, 5, 3, 2, 4, 8, 1);
                call(r, "MPI_Reduce_local", a, b, 3, "MPI_2INT", "MPI_MINLOC");
                assertArrayEquals(new int[] {5, 1, 2, 4, 3, 9}, readInts(r, b, 6));
                // MPI_DOUBLE_INT: a double then an int, 16 bytes apart
                long d = CollFixture.alloc(r, 32), e = CollFixture.alloc(r, 32);
                r.memory().writeLong(d, Double.doubleToRawLongBits(1.5)); r.memory().writeInt(d + 8, 4);
                r.memory().writeLong(d + 16, Double.doubleToRawLongBits(-2.0)); r.memory().writeInt(d + 24, 6);
                r.memory().writeLong(e, Double.doubleToRawLongBits(1.5)); r.memory().writeInt(e + 8, 3);
                r.memory().writeLong(e + 16, Double.doubleToRawLongBits(-1.0)); r.memory().writeInt(e + 24, 0);
                call(r, "MPI_Reduce_local", d, e, 2, "MPI_DOUBLE_INT", "MPI_MAXLOC");
                assertEquals(1.5, Double.longBitsToDouble(r.memory().readLong(e)));
                assertEquals(3, r.memory().readInt(e + 8));
                assertEquals(-1.0, Double.longBitsToDouble(r.memory().readLong(e + 16)));
                assertEquals(0, r.memory().readInt(e + 24));
                // MPI_SHORT_INT: the index sits at offset 4 (after padding)
                long s = CollFixture.alloc(r, 8), u = CollFixture.alloc(r, 8);
                put(r.memory(), s, 2, -7); r.memory().writeInt(s + 4, 11);
                put(r.memory(), u, 2, 3); r.memory().writeInt(u + 4, 2);
                call(r, "MPI_Reduce_local", s, u, 1, "MPI_SHORT_INT", "MPI_MINLOC");
                assertEquals(-7, get(r.memory(), u, 2));
                assertEquals(11, r.memory().readInt(u + 4));
            });
        }
    }

    @Test
    void replaceNoOpAndOpNullAreNotReductions() { // MPI-4.1 6.9.2 and 12.3.4: REPLACE and NO_OP only for accumulate
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                returnErrors(r);
                long a = ints(r, 1), b = ints(r, 2);
                fails(ErrorClass.MPI_ERR_OP, r, "MPI_Reduce_local", a, b, 1, "MPI_INT", "MPI_REPLACE");
                fails(ErrorClass.MPI_ERR_OP, r, "MPI_Reduce_local", a, b, 1, "MPI_INT", "MPI_NO_OP");
                fails(ErrorClass.MPI_ERR_OP, r, "MPI_Reduce_local", a, b, 1, "MPI_INT", "MPI_OP_NULL");
                fails(ErrorClass.MPI_ERR_COUNT, r, "MPI_Reduce_local", a, b, -1, "MPI_INT", "MPI_SUM");
                fails(ErrorClass.MPI_ERR_BUFFER, r, "MPI_Reduce_local", CollCalls.IN_PLACE, b, 1, "MPI_INT", "MPI_SUM");
                assertArrayEquals(new int[] {2}, readInts(r, b, 1), "a failed call leaves inoutbuf alone");
            });
        }
    }

    @Test
    void predefinedOpsReduceDerivedTypesOfOneBasicType() { // MPICH's choice: a type built from one basic type
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                returnErrors(r);
                Datatype col = (Datatype) TestJob.call1(r, "MPI_Type_vector", 2, 1, 2, "MPI_INT");
                call(r, "MPI_Type_commit", col);
                long a = ints(r, 1, 100, 2, 200), b = ints(r, 10, -1, 20, -2);
                call(r, "MPI_Reduce_local", a, b, 1, col, "MPI_SUM");
                assertArrayEquals(new int[] {11, -1, 22, -2}, readInts(r, b, 4), "only the vector's elements are combined");
                Datatype mixed = (Datatype) TestJob.call1(r, "MPI_Type_create_struct", 2, new int[] {1, 1}, new long[] {0, 8},
                        List.of("MPI_INT", "MPI_DOUBLE"));
                call(r, "MPI_Type_commit", mixed);
                MpiException e = fails(ErrorClass.MPI_ERR_OP, r, "MPI_Reduce_local", a, b, 1, mixed, "MPI_SUM");
                assertTrue(e.getMessage().contains("mixes basic types"), e.getMessage());
            });
        }
    }

    @Test
    void userOpGetsAddressesInTheCallersMemoryAndRunsInOrder() { // MPI-4.1 6.9.5: inoutvec[i] = invec[i] op inoutvec[i]
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                returnErrors(r);
                List<long[]> seen = new ArrayList<>();
                UserFn fn = new UserFn() {
                    @Override public void apply(long in, long inout, int len, Datatype type) {
                        seen.add(new long[] {in, inout, len});
                        for (int i = 0; i < len; i++) {
                            long x = r.memory().readLong(in + 8L * i), y = r.memory().readLong(inout + 8L * i);
                            r.memory().writeLong(inout + 8L * i, x * 10 + y);
                        }
                    }
                    @Override public String describe() { return "digits"; }
                };
                Op op = (Op) TestJob.call1(r, "MPI_Op_create", fn, false);
                assertFalse((Boolean) TestJob.call1(r, "MPI_Op_commutative", op));
                assertTrue((Boolean) TestJob.call1(r, "MPI_Op_commutative", "MPI_SUM"));
                long a = longs(r, 1, 4), b = longs(r, 2, 5);
                call(r, "MPI_Reduce_local", a, b, 2, "MPI_LONG", op);
                assertArrayEquals(new long[] {12, 45}, readLongs(r, b, 2));
                assertArrayEquals(new long[] {a, b, 2}, seen.get(0), "the user function sees the caller's own buffers");
                assertEquals("MPI_OP_NULL", ((Handle) TestJob.call1(r, "MPI_Op_free", op)).name());
                fails(ErrorClass.MPI_ERR_OP, r, "MPI_Reduce_local", a, b, 2, "MPI_LONG", op);
                fails(ErrorClass.MPI_ERR_OP, r, "MPI_Op_free", "MPI_SUM");
                fails(ErrorClass.MPI_ERR_OP, r, "MPI_Op_commutative", "MPI_OP_NULL");
            });
        }
    }

    @Test
    void aUserOpThatFailsFailsTheCallWithItsCode() { // MPI-4.1 6.9.5, and the callback contract of mpish
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                returnErrors(r);
                UserFn bad = new UserFn() {
                    @Override public void apply(long in, long inout, int len, Datatype type) {
                        throw new org.mpish.runtime.CallbackFailure(ErrorClass.MPI_ERR_ARG, true, "no");
                    }
                    @Override public String describe() { return "bad"; }
                };
                Op op = (Op) TestJob.call1(r, "MPI_Op_create", bad, true);
                fails(ErrorClass.MPI_ERR_ARG, r, "MPI_Reduce_local", ints(r, 1), ints(r, 2), 1, "MPI_INT", op);
            });
        }
    }

    @Test
    void accumulateRefusesUserOpsAndLogicalOpsOnMultiLanguageTypes() { // R22 with MPI-4.1 6.9.2's multi-language class
        Op user = Op.user(new Object(), true);
        assertFalse(user.isPredefined());
        assertFalse(Op.LAND.validFor(org.mpish.runtime.mpi.datatype.BasicType.AINT));
        assertTrue(Op.BAND.validFor(org.mpish.runtime.mpi.datatype.BasicType.OFFSET));
        assertTrue(user.accepts().contains("user-defined"));
    }
}
