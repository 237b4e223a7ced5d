package org.mpish.runtime.mpi.coll;

import org.mpish.runtime.mpi.MpiConst;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.coll.CollFixture.call;
import static org.mpish.runtime.mpi.coll.CollFixture.fails;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.env.EnvCalls;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;

/** Cartesian topologies, MPI-4.1 8.5; MPI_Dims_create values are what MPICH 4.0.2 and Open MPI 4.1.4 give on this machine. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CartTopologyTest {
    static int[] dims(TestJob t, int n, int... in) {
        return t.on(0, () -> (int[]) TestJob.call1(t.rank(0), "MPI_Dims_create", n, in.length, in));
    }

    @Test
    void dimsCreateGivesTheGridsOfMpichAndOpenMpi() { // 8.5.2
        try (TestJob t = new TestJob(1)) {
            assertArrayEquals(new int[] {3, 2}, dims(t, 6, 0, 0));
            assertArrayEquals(new int[] {4, 3}, dims(t, 12, 0, 0));
            assertArrayEquals(new int[] {4, 2, 2}, dims(t, 16, 0, 0, 0));
            assertArrayEquals(new int[] {7, 1}, dims(t, 7, 0, 0));
            assertArrayEquals(new int[] {3, 2, 2}, dims(t, 12, 0, 0, 0));
            assertArrayEquals(new int[] {4, 3, 2}, dims(t, 24, 0, 0, 0));
            assertArrayEquals(new int[] {1, 1, 1}, dims(t, 1, 0, 0, 0));
            assertArrayEquals(new int[] {6, 6}, dims(t, 36, 0, 0));
            assertArrayEquals(new int[] {5, 4, 3}, dims(t, 60, 0, 0, 0));
            assertArrayEquals(new int[] {4, 4, 4}, dims(t, 64, 0, 0, 0));
            assertArrayEquals(new int[] {3, 4}, dims(t, 12, 3, 0));
            assertArrayEquals(new int[] {3, 2, 2}, dims(t, 12, 0, 2, 0));
            assertArrayEquals(new int[] {5, 3, 2}, dims(t, 30, 0, 0, 0));
            assertArrayEquals(new int[] {10, 10}, dims(t, 100, 0, 0));
            assertArrayEquals(new int[] {2, 2, 2, 1}, dims(t, 8, 0, 0, 0, 0));
            t.on(0, () -> {
                TestJob.returnErrors(t.rank(0));
                fails(ErrorClass.MPI_ERR_DIMS, t.rank(0), "MPI_Dims_create", 7, 2, new int[] {2, 0});
                fails(ErrorClass.MPI_ERR_DIMS, t.rank(0), "MPI_Dims_create", 6, -1, new int[] {});
                fails(ErrorClass.MPI_ERR_DIMS, t.rank(0), "MPI_Dims_create", 6, 2, new int[] {-2, 0});
                return null;
            });
        }
    }

    @Test
    void aTwoByThreeGridWithPeriodicRows() { // 8.5.1, 8.5.4, 8.5.5, 8.5.6
        try (TestJob t = new TestJob(8)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int m = r.id();
                Handle h = (Handle) TestJob.call1(r, "MPI_Cart_create", "MPI_COMM_WORLD", 2, new int[] {2, 3}, new int[] {1, 0}, 0);
                assertEquals(MpiConst.UNDEFINED, TestJob.call1(r, "MPI_Topo_test", "MPI_COMM_WORLD"));
                if (m >= 6) {
                    assertEquals("MPI_COMM_NULL", h.name(), "ranks beyond the grid get no communicator");
                    return;
                }
                Comm cart = (Comm) h;
                assertEquals(TopoCalls.CART, TestJob.call1(r, "MPI_Topo_test", cart));
                assertEquals(2, TestJob.call1(r, "MPI_Cartdim_get", cart));
                Object[] g = call(r, "MPI_Cart_get", cart, 2);
                assertArrayEquals(new int[] {2, 3}, (int[]) g[0]);
                assertArrayEquals(new int[] {1, 0}, (int[]) g[1]);
                assertArrayEquals(new int[] {m / 3, m % 3}, (int[]) g[2], "row-major: the last dimension varies fastest");
                assertEquals(5, TestJob.call1(r, "MPI_Cart_rank", cart, new int[] {1, 2}));
                assertEquals(3, TestJob.call1(r, "MPI_Cart_rank", cart, new int[] {-1, 0}), "periodic rows wrap");
                fails(ErrorClass.MPI_ERR_ARG, r, "MPI_Cart_rank", cart, new int[] {0, 3});
                assertArrayEquals(new int[] {1, 2}, (int[]) TestJob.call1(r, "MPI_Cart_coords", cart, 5, 2));
                fails(ErrorClass.MPI_ERR_RANK, r, "MPI_Cart_coords", cart, 6, 2);
                // along the columns (not periodic): off the edge is MPI_PROC_NULL, not an error
                Object[] s = call(r, "MPI_Cart_shift", cart, 1, 1);
                int col = m % 3;
                assertEquals(col == 0 ? MpiConst.PROC_NULL : m - 1, s[0]);
                assertEquals(col == 2 ? MpiConst.PROC_NULL : m + 1, s[1]);
                // along the rows (periodic, 2 of them): both neighbours are the other row
                Object[] s0 = call(r, "MPI_Cart_shift", cart, 0, 1);
                assertEquals((m + 3) % 6, s0[0]);
                assertEquals((m + 3) % 6, s0[1]);
                fails(ErrorClass.MPI_ERR_ARG, r, "MPI_Cart_shift", cart, 2, 1);
                // keep the columns dimension: three processes per row
                Comm row = (Comm) TestJob.call1(r, "MPI_Cart_sub", cart, new int[] {0, 1});
                assertEquals(3, row.size());
                assertEquals(col, row.rank());
                assertArrayEquals(new int[] {3}, (int[]) call(r, "MPI_Cart_get", row, 1)[0]);
                assertEquals(m < 4 ? m : MpiConst.UNDEFINED, TestJob.call1(r, "MPI_Cart_map", cart, 2, new int[] {2, 2}, new int[] {0, 0}));
            });
        }
    }

    @Test
    void badGridsAndMissingTopologies() { // 8.5.1
        try (TestJob t = new TestJob(4)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                assertTrue(fails(ErrorClass.MPI_ERR_ARG, r, "MPI_Cart_create", "MPI_COMM_WORLD", 2, new int[] {3, 2}, new int[] {0, 0}, 0)
                        .getMessage().contains("needs more processes"));
                fails(ErrorClass.MPI_ERR_DIMS, r, "MPI_Cart_create", "MPI_COMM_WORLD", 2, new int[] {0, 2}, new int[] {0, 0}, 0);
                fails(ErrorClass.MPI_ERR_TOPOLOGY, r, "MPI_Cart_shift", "MPI_COMM_WORLD", 0, 1);
                fails(ErrorClass.MPI_ERR_TOPOLOGY, r, "MPI_Cartdim_get", "MPI_COMM_WORLD");
            });
        }
    }
}
