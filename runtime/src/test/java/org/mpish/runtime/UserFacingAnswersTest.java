package org.mpish.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * Answers a user porting code gets (issue 19): the documented extent of a struct, and error messages that name
 * the real problem. Expected extents were measured with Open MPI and MPICH on this machine.
 */
@Timeout(30)
class UserFacingAnswersTest {
    /** The standard's alignment rule for struct extents; Open MPI and MPICH both answer 24 and 8 here. */
    @Test
    void aStructIsPaddedToItsMostStrictlyAlignedMember() {
        try (TestJob t = new TestJob(1)) {
            t.on(0, () -> {
                Rank r = t.rank(0);
                Object s = TestJob.call1(r, "MPI_Type_create_struct", 4, List.of(1, 1, 1, 1), List.of(0L, 4L, 8L, 16L),
                        List.of("MPI_CHAR", "MPI_INT", "MPI_DOUBLE", "MPI_SHORT"));
                assertArrayEquals(new Object[] {0L, 24L}, TestJob.call(r, "MPI_Type_get_extent", s));
                assertEquals(15, ((Number) TestJob.call1(r, "MPI_Type_size", s)).intValue());
                Object ic = TestJob.call1(r, "MPI_Type_create_struct", 2, List.of(1, 1), List.of(0L, 4L), List.of("MPI_INT", "MPI_CHAR"));
                assertArrayEquals(new Object[] {0L, 8L}, TestJob.call(r, "MPI_Type_get_extent", ic));
                Object chars = TestJob.call1(r, "MPI_Type_create_struct", 1, List.of(3), List.of(0L), List.of("MPI_CHAR"));
                assertArrayEquals(new Object[] {0L, 3L}, TestJob.call(r, "MPI_Type_get_extent", chars));
                // resized still sets any extent
                Object rs = TestJob.call1(r, "MPI_Type_create_resized", s, 0L, 18L);
                assertArrayEquals(new Object[] {0L, 18L}, TestJob.call(r, "MPI_Type_get_extent", rs));
                return null;
            });
        }
    }

    @Test
    void aNegativeBufferSizeIsCalledNegative() {
        try (TestJob t = new TestJob(1)) {
            t.on(0, () -> {
                Rank r = t.rank(0);
                TestJob.returnErrors(r);
                long buf = r.memory().alloc(1024);
                MpiException e = assertThrows(MpiException.class, () -> TestJob.call(r, "MPI_Buffer_attach", buf, -5));
                assertEquals(ErrorClass.MPI_ERR_BUFFER, e.errorClass());
                assertTrue(e.getMessage().contains("-5 is negative") && !e.getMessage().contains("OVERHEAD"), e.getMessage());
                return null;
            });
        }
    }

    /** A write that does not fit says by how much, with both sizes, and stores nothing. */
    @Test
    void aWritePastTheEndOfABlockNamesBothSizesAndChangesNothing() {
        try (TestJob t = new TestJob(1)) {
            t.on(0, () -> {
                Rank r = t.rank(0);
                Memory mem = r.memory();
                long small = mem.alloc(8);
                long next = mem.alloc(64);   // a neighbour the write must not reach either
                mem.writeLong(small, 0x1122334455667788L);
                List<Long> values = Collections.nCopies(1_000_000, 7L);
                org.mpish.runtime.mpi.datatype.Datatype intType = (org.mpish.runtime.mpi.datatype.Datatype) Catalogue().constant("MPI_INT").value().apply(r);
                MemoryFault f = assertThrows(MemoryFault.class, () -> org.mpish.runtime.mpi.datatype.TypedAccess.write(mem, small, intType, values));
                assertTrue(f.getMessage().contains("4000000 bytes") && f.getMessage().contains("runs past the end of the 8-byte block"),
                        f.getMessage());
                assertEquals(0x1122334455667788L, mem.readLong(small));
                assertEquals(0L, mem.readLong(next));
                return null;
            });
        }
    }

    private static org.mpish.runtime.catalog.Catalogue Catalogue() { return org.mpish.runtime.catalog.Catalogue.get(); }
}
