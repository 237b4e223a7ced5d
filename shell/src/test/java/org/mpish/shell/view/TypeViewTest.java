package org.mpish.shell.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Invoker;
import org.mpish.runtime.inspect.TypeMapSnapshot;

/**
 * The {@code type} view. The maps drawn are those MPI-4.1 section 5.1 gives these constructors (and MPICH measured:
 * vector(2, 3, 5, MPI_INT) is ints 0-2 and 5-7, extent 32; resized(MPI_INT, -4, 16) keeps its int at 0, lb -4).
 */
class TypeViewTest {
    private static Object make(Rank r, String call, Object... args) throws Exception {
        Catalogue cat = Catalogue.get();
        return r.submit(() -> Invoker.invoke(r, cat, cat.call(call), args)[0]).get();
    }

    @Test
    void aVectorShowsItsBlocksTheGapAndItsBounds() throws Exception {
        try (Job job = Catalogue.get().newJob(1, Job.Options.defaults())) {
            Rank r = job.rank(0);
            Object v = make(r, "MPI_Type_vector", 2, 3, 5, "MPI_INT");
            List<String> out = TypeView.lines(TypeMapSnapshot.of(r, v.toString(), 32));
            assertEquals(List.of(
                    v + ": vector, not committed; 24 bytes of data in 6 elements",
                    "  lb 0  ub 32  extent 32    true lb 0  true ub 32  true extent 32",
                    "        @0  MPI_INT x 3  [0, 12)",
                    "            gap of 8 bytes",
                    "       @20  MPI_INT x 3  [20, 32)",
                    "  |iiiiiiiiiiii........iiiiiiiiiiii|  (one character a byte, from byte 0)",
                    "   ^                               ^  (^ lb and ub)"), out);
            Object rs = make(r, "MPI_Type_create_resized", "MPI_INT", -4L, 16L);
            out = TypeView.lines(TypeMapSnapshot.of(r, rs.toString(), 32));
            assertEquals("  lb -4  ub 12  extent 16    true lb 0  true ub 4  true extent 4", out.get(1));
            assertEquals("  |....iiii........|  (one character a byte, from byte -4)", out.get(3));
            assertNull(TypeMapSnapshot.of(r, "no_such_type", 32));
        }
    }

    @Test
    void aLongMapIsCutAndAWideOneScaled() throws Exception {
        try (Job job = Catalogue.get().newJob(1, Job.Options.defaults())) {
            Rank r = job.rank(0);
            Object v = make(r, "MPI_Type_vector", 40, 1, 2, "MPI_DOUBLE");   // 40 doubles, one every 16 bytes
            List<String> out = TypeView.lines(TypeMapSnapshot.of(r, v.toString(), 4));
            assertEquals("  ... (more blocks: the view lists the first 4)", out.get(out.size() - 3));
            // 632 bytes (extent (39 * 2 + 1) * 8) at 10 bytes a character: the double at 16k covers characters 16k/10 to (16k+7)/10
            char[] want = ".".repeat(64).toCharArray();
            for (int k = 0; k < 40; k++) for (int c = 16 * k / 10; c <= (16 * k + 7) / 10; c++) want[c] = 'd';
            assertEquals("  |" + new String(want) + "|  (one character per 10 bytes, from byte 0)", out.get(out.size() - 2));
        }
    }
}
