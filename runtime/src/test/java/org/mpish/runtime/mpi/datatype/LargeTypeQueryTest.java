package org.mpish.runtime.mpi.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.Status;

/**
 * Datatypes whose size or extent passes 2^31 - 1 bytes (MPI-4.1 sections 5.1.2-5.1.5, 5.1.12, the _c queries of
 * 19.2), built and queried without touching memory. Every expected number is what MPICH 4.0.2 printed for the same
 * constructor and query calls (a C program with MPI_Type_vector_c, MPI_Type_create_subarray_c,
 * MPI_Type_create_struct_c, MPI_Type_indexed_c and MPI_Status_set_elements_x, one process); each also follows
 * from the standard's type-map rules, written out beside it.
 */
@Timeout(60)
class LargeTypeQueryTest {
    private static final long BLOCK = 65536, STRIDE = 65600, BLOCKS = (1L << 15) + 1;

    private static long[] extent(Rank r, Object t) {
        Object[] e = call(r, "MPI_Type_get_extent_c", t), te = call(r, "MPI_Type_get_true_extent_c", t);
        return new long[] {(Long) e[0], (Long) e[1], (Long) te[0], (Long) te[1]};
    }

    @Test
    void vectorPast2GiBReportsItsSizeAndExtentAndTheIntFormsSayUndefined() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                // 2^15 + 1 blocks of 64 KiB, 65600 bytes apart: size 2^31 + 2^16, extent 2^15 * 65600 + 2^16
                Object v = call1(r, "MPI_Type_vector_c", BLOCKS, BLOCK, STRIDE, "MPI_BYTE");
                assertEquals(2147549184L, call1(r, "MPI_Type_size_c", v));
                assertEquals(2147549184L, call1(r, "MPI_Type_size_x", v));
                assertArrayEquals(new long[] {0, 2149646336L, 0, 2149646336L}, extent(r, v));
                assertEquals(MpiConst.UNDEFINED, call1(r, "MPI_Type_size", v), "the int form cannot hold the size");
                // MPI_Type_get_extent's results are MPI_Aint: they fit
                assertEquals(List.of(0L, 2149646336L), List.of(call(r, "MPI_Type_get_extent", v)));
                call(r, "MPI_Type_commit", v);
                // three instances
                assertEquals(3 * 2147549184L, call1(r, "MPI_Pack_size_c", 3L, v, "MPI_COMM_WORLD"));
            });
        }
    }

    @Test
    void subarrayStructAndIndexedPast2GiB() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                // a 3 x 2^31 byte array, rows 1-2, columns 4 .. 2^30 + 7: size 2 (2^30 + 4), extent 3 * 2^31, data from 2^31 + 4
                Object s = call1(r, "MPI_Type_create_subarray_c", 2, new long[] {3, 1L << 31}, new long[] {2, (1L << 30) + 4},
                        new long[] {1, 4}, "MPI_ORDER_C", "MPI_BYTE");
                assertEquals(2147483656L, call1(r, "MPI_Type_size_c", s));
                assertArrayEquals(new long[] {0, 6442450944L, 2147483652L, 3221225476L}, extent(r, s));
                // {2^30 ints at -8, 3 doubles at 2^31}: size 2^32 + 24, lb -8, ub 2^32 - 8 (the doubles end below it)
                Object st = call1(r, "MPI_Type_create_struct_c", 2L, new long[] {1L << 30, 3}, new long[] {-8, 1L << 31},
                        List.of("MPI_INT", "MPI_DOUBLE"));
                assertEquals(4294967320L, call1(r, "MPI_Type_size_c", st));
                assertArrayEquals(new long[] {-8, 4294967296L, -8, 4294967296L}, extent(r, st));
                // shorts: 2^29 at element 2^30, 5 at 0, 7 at 100: size 2 (2^29 + 12), extent 2 (2^30 + 2^29)
                Object ix = call1(r, "MPI_Type_indexed_c", 3L, new long[] {1L << 29, 5, 7}, new long[] {1L << 30, 0, 100}, "MPI_SHORT");
                assertEquals(1073741848L, call1(r, "MPI_Type_size_c", ix));
                assertArrayEquals(new long[] {0, 3221225472L, 0, 3221225472L}, extent(r, ix));
            });
        }
    }

    @Test
    void countsAndElementsOfAStatusPast2GiB() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                Object v = call1(r, "MPI_Type_vector_c", BLOCKS, BLOCK, STRIDE, "MPI_BYTE");
                call(r, "MPI_Type_commit", v);
                long ints = (1L << 31) + 5;
                Status s = (Status) call1(r, "MPI_Status_set_elements_x", Status.EMPTY, "MPI_INT", ints);
                assertEquals(ints, call1(r, "MPI_Get_count_c", s, "MPI_INT"));
                assertEquals(ints, call1(r, "MPI_Get_elements_c", s, "MPI_INT"));
                assertEquals(MpiConst.UNDEFINED, call1(r, "MPI_Get_count", s, "MPI_INT"));
                assertEquals(MpiConst.UNDEFINED, call1(r, "MPI_Get_elements", s, "MPI_INT"));
                // 4 (2^31 + 5) bytes as the vector: not a whole number of instances, but whole bytes (its elements)
                assertEquals((long) MpiConst.UNDEFINED, call1(r, "MPI_Get_count_c", s, v));
                assertEquals(8589934612L, call1(r, "MPI_Get_elements_c", s, v));
                s = (Status) call1(r, "MPI_Status_set_elements_x", Status.EMPTY, "MPI_BYTE", 3 * 2147549184L);
                assertEquals(3L, call1(r, "MPI_Get_count_c", s, v));
                assertEquals(3, call1(r, "MPI_Get_count", s, v), "3 instances fit the int form");
            });
        }
    }
}
