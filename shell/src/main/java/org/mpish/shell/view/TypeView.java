package org.mpish.shell.view;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.inspect.TypeMapSnapshot;

/**
 * The {@code type} view: a datatype's type map as text. A header with size, bounds and true bounds, the blocks in
 * type-map order with the gaps between them, and a one-line picture of the bytes from the lower of lb and true lb
 * to the higher of ub and true ub (a letter per byte or group of bytes: i int, d double, ..., '.' no data).
 */
public final class TypeView {
    private TypeView() {}

    public static List<String> lines(TypeMapSnapshot s) {
        List<String> out = new ArrayList<>();
        out.add(s.handle() + (s.typeName().isEmpty() || s.typeName().equals(s.handle()) ? "" : " \"" + s.typeName() + "\"") + ": "
                + (s.predefined() ? "predefined" : s.combiner().replace("MPI_COMBINER_", "").toLowerCase(java.util.Locale.ROOT)
                + (s.committed() ? ", committed" : ", not committed")) + "; " + s.size() + " bytes of data in " + s.elements()
                + " element" + (s.elements() == 1 ? "" : "s"));
        out.add("  lb " + s.lb() + "  ub " + s.ub() + "  extent " + s.extent() + "    true lb " + s.trueLb() + "  true ub " + s.trueUb()
                + "  true extent " + s.trueExtent());
        long prevEnd = Long.MIN_VALUE;
        for (TypeMapSnapshot.Block b : s.blocks()) {
            if (prevEnd != Long.MIN_VALUE && b.offset() > prevEnd) out.add(String.format("  %8s  gap of %d byte%s", "", b.offset() - prevEnd,
                    b.offset() - prevEnd == 1 ? "" : "s"));
            if (prevEnd != Long.MIN_VALUE && b.offset() < prevEnd) out.add(String.format("  %8s  (back to a lower offset)", ""));
            out.add(String.format("  %8s  %s x %d  [%d, %d)", "@" + b.offset(), b.type(), b.count(), b.offset(), b.end()));
            prevEnd = b.end();
        }
        if (s.truncated()) out.add("  ... (more blocks: the view lists the first " + s.blocks().size() + ")");
        out.addAll(picture(s));
        return out;
    }

    /** The snapshot's picture of the bytes, and a line marking lb and ub under it. */
    static List<String> picture(TypeMapSnapshot s) {
        int n = s.picture().length();
        if (n == 0) return List.of();
        long per = s.bytesPerChar();
        char[] marks = new char[n + 1];
        java.util.Arrays.fill(marks, ' ');
        int lb = (int) ((s.lb() - s.pictureFrom()) / per), ub = (int) ((s.ub() - s.pictureFrom() + per - 1) / per);
        marks[Math.min(n, lb)] = '^';
        marks[Math.min(n, ub)] = '^';
        String scale = per == 1 ? "one character a byte" : "one character per " + per + " bytes";
        return List.of("  |" + s.picture() + "|  (" + scale + ", from byte " + s.pictureFrom() + ")",
                "   " + new String(marks).stripTrailing() + "  (^ lb and ub)");
    }
}
