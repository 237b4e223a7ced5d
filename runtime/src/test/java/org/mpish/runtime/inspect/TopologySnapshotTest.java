package org.mpish.runtime.inspect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.Handle;

/** The topology snapshot the shell's topo view reads (MPI-4.1 8.5, 8.6: neighbours in buffer order). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TopologySnapshotTest {
    @Test
    void aTorusAndADistributedGraphAsOneRankSeesThem() {
        try (TestJob t = new TestJob(6)) {
            String[] names = new String[2];
            t.spmd(r -> {
                Handle cart = (Handle) TestJob.call1(r, "MPI_Cart_create", "MPI_COMM_WORLD", 2, new int[] {3, 2}, new int[] {1, 0}, 0);
                int me = r.id();
                Handle d = (Handle) TestJob.call1(r, "MPI_Dist_graph_create_adjacent", "MPI_COMM_WORLD", 1, new int[] {(me + 5) % 6}, "MPI_UNWEIGHTED",
                        1, new int[] {(me + 1) % 6}, "MPI_UNWEIGHTED", "MPI_INFO_NULL", 0);
                if (me == 0) {
                    names[0] = cart.name();
                    names[1] = d.name();
                }
            });
            TopologySnapshot c = t.on(0, () -> TopologySnapshot.of(t.rank(0), names[0]));
            assertEquals(TopologySnapshot.Kind.CARTESIAN, c.kind());
            assertArrayEquals(new int[] {3, 2}, c.dims());
            // rank 0 at (0,0): rows wrap (back: rank 4, ahead: rank 2); columns do not (back: none, ahead: rank 1)
            assertArrayEquals(new int[] {4, 2, -1, 1}, c.sources()[0]);
            assertArrayEquals(new int[] {2, 1}, c.coords(5));
            TopologySnapshot g = t.on(0, () -> TopologySnapshot.of(t.rank(0), names[1]));
            assertEquals(TopologySnapshot.Kind.DIST_GRAPH, g.kind());
            assertArrayEquals(new int[] {2}, g.sources()[3], "every rank's lists, not only the caller's");
            assertArrayEquals(new int[] {4}, g.destinations()[3]);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.on(0, () -> TopologySnapshot.of(t.rank(0), "MPI_COMM_WORLD")));
            assertTrue(e.getMessage().contains("has no process topology"), e.getMessage());
        }
    }
}
