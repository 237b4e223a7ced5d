package org.mpish.runtime.mpi.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * MPI_Type_get_value_index (MPI-4.1 section 6.9.4) and MPI_Type_create_f90_real / _integer / _complex (MPI-4.1
 * section 19.1.9). The pairs are the standard's table of C pair types for MPI_MINLOC / MPI_MAXLOC (mpish has no
 * long double, so no MPI_LONG_DOUBLE_INT). The f90 sizes, combiners and contents are what Open MPI 4.1.4 and MPICH
 * 4.0.2 printed on this machine for the same arguments (a C program calling MPI_Type_size, _get_envelope and
 * _get_contents); where they differ (both p and r MPI_UNDEFINED: Open MPI refuses, MPICH gives a float; freeing:
 * Open MPI refuses with MPI_ERR_TYPE, MPICH frees and then fails an assertion) mpish follows Open MPI and the
 * standard's "either p or r, not both" and "predefined, cannot be freed".
 */
@Timeout(60)
class F90AndPairTypesTest {
    private static final int U = MpiConst.UNDEFINED;
    /** MPI_COMBINER_F90_REAL and _INTEGER as MPICH 4.0.2's mpi.h numbers them. */
    private static final int F90_REAL = 15, F90_INTEGER = 17;

    private static Handle type(Rank r, String name) { return MpiProcess.of(r).handles().lookup(name); }

    @Test
    void valueIndexGivesTheNamedPairOrDatatypeNull() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                String[][] pairs = {{"MPI_FLOAT", "MPI_FLOAT_INT"}, {"MPI_DOUBLE", "MPI_DOUBLE_INT"}, {"MPI_LONG", "MPI_LONG_INT"},
                        {"MPI_INT", "MPI_2INT"}, {"MPI_SHORT", "MPI_SHORT_INT"}};
                for (String[] p : pairs) {
                    assertSame(type(r, p[1]), call1(r, "MPI_Type_get_value_index", p[0], "MPI_INT"), p[0] + " + MPI_INT");
                }
                Handle none = Handle.nullOf(HandleKind.DATATYPE);
                // no predefined pair: another index type, another value type, a pair as value, a derived type
                assertSame(none, call1(r, "MPI_Type_get_value_index", "MPI_INT", "MPI_LONG"));
                assertSame(none, call1(r, "MPI_Type_get_value_index", "MPI_DOUBLE", "MPI_SHORT"));
                assertSame(none, call1(r, "MPI_Type_get_value_index", "MPI_LONG_LONG", "MPI_INT"));
                assertSame(none, call1(r, "MPI_Type_get_value_index", "MPI_INT32_T", "MPI_INT"));
                assertSame(none, call1(r, "MPI_Type_get_value_index", "MPI_2INT", "MPI_INT"));
                Object dup = call1(r, "MPI_Type_dup", "MPI_FLOAT");
                assertSame(none, call1(r, "MPI_Type_get_value_index", dup, "MPI_INT"));
                expectError(ErrorClass.MPI_ERR_TYPE, () -> call(r, "MPI_Type_get_value_index", "MPI_DATATYPE_NULL", "MPI_INT"));
            });
        }
    }

    @Test
    void thePairItReturnsWorksWithMaxloc() {
        try (TestJob t = new TestJob(3)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object pair = call1(r, "MPI_Type_get_value_index", "MPI_DOUBLE", "MPI_INT");
                long in = r.memory().alloc(16), out = r.memory().alloc(16);
                double v = r.id() == 1 ? 2.5 : -1.0;
                r.memory().segment(in, 16).set(ValueLayout.JAVA_DOUBLE_UNALIGNED, 0, v);
                r.memory().segment(in, 16).set(ValueLayout.JAVA_INT_UNALIGNED, 8, r.id());
                call(r, "MPI_Allreduce", in, out, 1, pair, "MPI_MAXLOC", "MPI_COMM_WORLD");
                assertEquals(2.5, r.memory().segment(out, 16).get(ValueLayout.JAVA_DOUBLE_UNALIGNED, 0));
                assertEquals(1, r.memory().segment(out, 16).get(ValueLayout.JAVA_INT_UNALIGNED, 8));
            });
        }
    }

    /** size, combiner, contents of one f90 type. */
    private static void check(Rank r, Object h, int size, int combiner, int... contents) {
        assertEquals((long) size, ((Number) call1(r, "MPI_Type_size", h)).longValue());
        Object[] env = call(r, "MPI_Type_get_envelope", h);
        assertEquals(combiner, env[3], "combiner");
        assertEquals(contents.length, env[0], "num_integers");
        assertEquals(0, env[1]);
        assertEquals(0, env[2]);
        Object[] c = call(r, "MPI_Type_get_contents", h, contents.length, 0, 0);
        assertArrayEquals(contents, (int[]) c[0]);
    }

    @Test
    void f90RealAndIntegerPickTheSmallestKindThatFits() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int[][] real = {{6, U, 4}, {7, U, 8}, {U, 37, 4}, {U, 38, 8}, {15, 307, 8}, {-1, U, 4}, {0, 0, 4}, {1, 1, 4}};
                for (int[] c : real) check(r, call1(r, "MPI_Type_create_f90_real", c[0], c[1]), c[2], F90_REAL, c[0], c[1]);
                int[][] ints = {{1, 1}, {2, 1}, {3, 2}, {4, 2}, {5, 4}, {9, 4}, {10, 8}, {18, 8}, {U, 1}, {0, 1}, {-1, 1}};
                for (int[] c : ints) check(r, call1(r, "MPI_Type_create_f90_integer", c[0]), c[1], F90_INTEGER, c[0]);
                // REAL(10) / REAL(16) / INTEGER(16) have no C type here; both libraries refuse what no kind fits
                for (int[] c : new int[][] {{16, U}, {15, 308}, {18, U}, {33, U}, {34, U}, {U, U}}) {
                    expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Type_create_f90_real", c[0], c[1]));
                }
                for (int rr : new int[] {19, 38, 39}) expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Type_create_f90_integer", rr));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Type_create_f90_complex", 6, U));
            });
        }
    }

    @Test
    void anF90TypeIsPredefinedOncePerArgumentsAndBehavesAsItsCType() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object a = call1(r, "MPI_Type_create_f90_real", 10, U);
                assertSame(a, call1(r, "MPI_Type_create_f90_real", 10, U), "same (p, r): same handle");
                assertNotSame(a, call1(r, "MPI_Type_create_f90_real", 11, U), "other arguments: another handle");
                expectError(ErrorClass.MPI_ERR_TYPE, () -> call(r, "MPI_Type_free", a));
                assertEquals("", call(r, "MPI_Type_get_name", a)[0]);
                // a double, summed as one
                long in = r.memory().alloc(8), out = r.memory().alloc(8);
                r.memory().segment(in, 8).set(ValueLayout.JAVA_DOUBLE_UNALIGNED, 0, 0.25 + r.id());
                call(r, "MPI_Allreduce", in, out, 1, a, "MPI_SUM", "MPI_COMM_WORLD");
                assertEquals(1.5, r.memory().segment(out, 8).get(ValueLayout.JAVA_DOUBLE_UNALIGNED, 0));
                // INTEGER(2) is a 16-bit signed integer: -300 + 100 stays negative
                Object i2 = call1(r, "MPI_Type_create_f90_integer", 4);
                long si = r.memory().alloc(2), so = r.memory().alloc(2);
                r.memory().segment(si, 2).set(ValueLayout.JAVA_SHORT_UNALIGNED, 0, (short) (r.id() == 0 ? -300 : 100));
                call(r, "MPI_Allreduce", si, so, 1, i2, "MPI_SUM", "MPI_COMM_WORLD");
                assertEquals((short) -200, r.memory().segment(so, 2).get(ValueLayout.JAVA_SHORT_UNALIGNED, 0));
                assertTrue(((Handle) a).isPredefined());
            });
        }
    }
}
