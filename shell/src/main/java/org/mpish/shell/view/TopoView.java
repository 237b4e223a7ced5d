package org.mpish.shell.view;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.inspect.TopologySnapshot;

/**
 * The {@code topo COMM} view: a Cartesian grid drawn as text (each rank with its coordinates, neighbours joined
 * by "--" along the last dimension and "|" along the one before, "~" marking where a periodic dimension wraps
 * around), or a graph as its adjacency lists in the order the neighbourhood collectives use.
 */
public final class TopoView {
    private TopoView() {}

    /** MPI_PROC_NULL. */
    private static final int PROC_NULL = -1;

    public static List<String> render(TopologySnapshot t) {
        return switch (t.kind()) {
            case CARTESIAN -> cart(t);
            case GRAPH, DIST_GRAPH -> graph(t);
        };
    }

    static List<String> cart(TopologySnapshot t) {
        List<String> out = new ArrayList<>();
        int[] dims = t.dims();
        StringBuilder head = new StringBuilder(t.comm() + ": Cartesian grid ");
        for (int i = 0; i < dims.length; i++) head.append(i == 0 ? "" : " x ").append(dims[i]);
        head.append(dims.length == 0 ? "of no dimensions" : "").append("; periodic:");
        for (int i = 0; i < dims.length; i++) head.append(" dim ").append(i).append(t.periods()[i] ? " yes" : " no").append(i < dims.length - 1 ? "," : "");
        out.add(head.toString());
        if (dims.length == 0) return out;
        int cols = dims[dims.length - 1], rows = dims.length >= 2 ? dims[dims.length - 2] : 1;
        boolean wrapCols = t.periods()[dims.length - 1], wrapRows = dims.length >= 2 && t.periods()[dims.length - 2];
        int planeSize = rows * cols, planes = t.size() / Math.max(planeSize, 1);
        int width = 0;
        for (int r = 0; r < t.size(); r++) width = Math.max(width, cell(t, r).length());
        for (int p = 0; p < planes; p++) {
            if (dims.length > 2) {
                int[] c = t.coords(p * planeSize);
                StringBuilder lead = new StringBuilder("coordinates (");
                for (int i = 0; i < dims.length - 2; i++) lead.append(i == 0 ? "" : ", ").append(c[i]);
                out.add(lead.append(", *, *)").toString());
            }
            if (wrapRows) out.add(columnMarks(cols, width, "~"));
            for (int row = 0; row < rows; row++) {
                StringBuilder line = new StringBuilder(wrapCols ? "~ " : "  ");
                for (int col = 0; col < cols; col++) {
                    line.append(pad(cell(t, p * planeSize + row * cols + col), width));
                    if (col < cols - 1) line.append(" -- ");
                }
                if (wrapCols) line.append(" ~");
                out.add(line.toString().stripTrailing());
                if (row < rows - 1) out.add(columnMarks(cols, width, "|"));
            }
            if (wrapRows) out.add(columnMarks(cols, width, "~"));
        }
        out.add("~ marks an edge that wraps around to the other side of a periodic dimension");
        return out;
    }

    private static String cell(TopologySnapshot t, int rank) {
        StringBuilder b = new StringBuilder().append(rank).append(" (");
        int[] c = t.coords(rank);
        for (int i = 0; i < c.length; i++) b.append(i == 0 ? "" : ",").append(c[i]);
        return b.append(')').toString();
    }

    private static String pad(String s, int width) { return s + " ".repeat(width - s.length()); }

    /** A mark under (or over) the middle of each cell. */
    private static String columnMarks(int cols, int width, String mark) {
        StringBuilder b = new StringBuilder("  ");
        for (int col = 0; col < cols; col++) {
            int mid = width / 2;
            b.append(" ".repeat(mid)).append(mark).append(" ".repeat(width - mid - 1));
            if (col < cols - 1) b.append("    ");
        }
        return b.toString().stripTrailing();
    }

    static List<String> graph(TopologySnapshot t) {
        List<String> out = new ArrayList<>();
        boolean dist = t.kind() == TopologySnapshot.Kind.DIST_GRAPH;
        out.add(t.comm() + ": " + (dist ? "distributed graph" : "graph") + " of " + t.size() + " processes"
                + (dist ? "; each line: the sources (receive order) and destinations (send order)" : "; each line: the neighbours in order"));
        for (int r = 0; r < t.size(); r++) {
            if (dist) out.add("  rank " + r + ": from " + list(t.sources()[r]) + "; to " + list(t.destinations()[r]));
            else out.add("  rank " + r + ": " + list(t.destinations()[r]));
        }
        return out;
    }

    private static String list(int[] a) {
        if (a.length == 0) return "nobody";
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < a.length; i++) b.append(i == 0 ? "" : " ").append(a[i] == PROC_NULL ? "-" : String.valueOf(a[i]));
        return b.toString();
    }
}
