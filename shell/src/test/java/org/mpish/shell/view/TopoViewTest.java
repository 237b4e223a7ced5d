package org.mpish.shell.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.inspect.TopologySnapshot;

/** The topo view's drawing (MPI-4.1 8.5: row-major coordinates, the last dimension varying fastest). */
class TopoViewTest {
    @Test
    void aTorusIsDrawnWithCoordinatesAndWrapMarks() {
        // 3 x 2, periodic both ways: rank r is at (r / 2, r % 2)
        TopologySnapshot t = new TopologySnapshot("comm1", TopologySnapshot.Kind.CARTESIAN, 6, new int[] {3, 2}, new boolean[] {true, true},
                new int[6][], new int[6][]);
        assertEquals(List.of(
                "comm1: Cartesian grid 3 x 2; periodic: dim 0 yes, dim 1 yes",
                "     ~          ~",
                "~ 0 (0,0) -- 1 (0,1) ~",
                "     |          |",
                "~ 2 (1,0) -- 3 (1,1) ~",
                "     |          |",
                "~ 4 (2,0) -- 5 (2,1) ~",
                "     ~          ~",
                "~ marks an edge that wraps around to the other side of a periodic dimension"), TopoView.render(t));
    }

    @Test
    void aLineThatDoesNotWrapHasNoMarks() {
        TopologySnapshot t = new TopologySnapshot("c", TopologySnapshot.Kind.CARTESIAN, 3, new int[] {3}, new boolean[] {false},
                new int[3][], new int[3][]);
        assertEquals("  0 (0) -- 1 (1) -- 2 (2)", TopoView.render(t).get(1));
    }

    @Test
    void graphsListEachRanksNeighboursInOrder() {
        int[][] nb = {{1, 3}, {0}, {3}, {0, 2}};
        TopologySnapshot g = new TopologySnapshot("g", TopologySnapshot.Kind.GRAPH, 4, null, null, nb, nb);
        assertEquals(List.of("g: graph of 4 processes; each line: the neighbours in order",
                "  rank 0: 1 3", "  rank 1: 0", "  rank 2: 3", "  rank 3: 0 2"), TopoView.render(g));
        TopologySnapshot d = new TopologySnapshot("d", TopologySnapshot.Kind.DIST_GRAPH, 2, null, null,
                new int[][] {{1}, {}}, new int[][] {{}, {0}});
        assertEquals("  rank 1: from nobody; to 0", TopoView.render(d).get(2));
    }
}
