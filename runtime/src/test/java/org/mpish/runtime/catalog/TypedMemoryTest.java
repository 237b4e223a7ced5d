package org.mpish.runtime.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;

/**
 * A rank's memory read and written as MPI datatypes (the script's mem.read / mem.write, the shell's mem command).
 * A type is a datatype handle, an MPI name, or the name without "MPI_" in any case. Sizes are those of the C types
 * on this LP64 machine (sizeof: char 1, short 2, int 4, long 8, double 8), as MPI_Type_size gives them in MPICH
 * and Open MPI.
 */
@Timeout(30)
class TypedMemoryTest {
    @Test
    void namesHandlesAndSizesOfBasicTypes() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                assertEquals(1, TypedMemory.basicSize(r, "MPI_CHAR"));
                assertEquals(2, TypedMemory.basicSize(r, "short"));
                assertEquals(4, TypedMemory.basicSize(r, "int"));
                assertEquals(4, TypedMemory.basicSize(r, "INT"));
                assertEquals(8, TypedMemory.basicSize(r, "long"));
                assertEquals(8, TypedMemory.basicSize(r, "MPI_DOUBLE"));
                Object intHandle = TestJob.call1(r, "MPI_Type_dup", "MPI_INT"); // a derived type: not basic
                Object contig = TestJob.call1(r, "MPI_Type_contiguous", 2, "MPI_INT");
                assertEquals(-1, TypedMemory.basicSize(r, "nope"));
                assertEquals(-1, TypedMemory.basicSize(r, 42));
                assertTrue(TypedMemory.isDatatype(r, "double"));
                assertTrue(TypedMemory.isDatatype(r, contig));
                assertTrue(TypedMemory.isDatatype(r, intHandle));
                assertFalse(TypedMemory.isDatatype(r, "nope"));
                assertFalse(TypedMemory.isDatatype(r, 42));
            });
        }
    }

    @Test
    void writtenValuesReadBackAndBadTypesAreNamed() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                long a = r.memory().alloc(64);
                TypedMemory.write(r, a, "int", List.of(1, -2, 70000));
                assertArrayEquals(new long[] {1, -2, 70000}, longs(TypedMemory.read(r, a, "MPI_INT", 3)));
                // the same 12 bytes as 6 shorts, little-endian: 1, 0, -2, -1, 70000 = 0x11170 -> 0x1170, 0x0001
                assertArrayEquals(new long[] {1, 0, -2, -1, 0x1170, 1}, longs(TypedMemory.read(r, a, "short", 6)));
                TypedMemory.write(r, a, "double", List.of(2.5));
                assertEquals(List.of(2.5), List.of(TypedMemory.read(r, a, "DOUBLE", 1)));
                ArgError e = assertThrows(ArgError.class, () -> TypedMemory.read(r, a, "nope", 1));
                assertEquals("nope is not a datatype", e.getMessage());
                e = assertThrows(ArgError.class, () -> TypedMemory.write(r, a, 7, List.of(1)));
                assertEquals("7 is not a datatype", e.getMessage());
            });
        }
    }

    private static long[] longs(Object[] v) {
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) out[i] = ((Number) v[i]).longValue();
        return out;
    }
}
