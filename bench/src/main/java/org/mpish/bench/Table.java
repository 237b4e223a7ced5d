package org.mpish.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints the benchmark table: each mpish figure beside Open MPI's and MPICH's on this machine
 * (shared/anchors/perf/RESULTS.md), the hardware floor and the target, with the ratio to the better MPI.
 * Input: bench/reference.tsv and a results file of "RESULT metric value unit" lines.
 */
public final class Table {
    private Table() {}

    record Ref(String metric, String unit, boolean lowerBetter, String ompi, String mpich, String floor, String target, String what) {}

    public static void main(String[] args) throws IOException {
        Path reference = Path.of(args.length > 1 ? args[1] : "bench/reference.tsv");
        Path notes = args.length > 2 ? Path.of(args[2]) : reference.resolveSibling("notes.tsv");
        Map<String, Double> results = readResults(Path.of(args[0]));
        System.out.print(render(readReference(reference), results, readUnits(Path.of(args[0])),
                Files.exists(notes) ? readNotes(notes) : Map.of(), mpi4pyMissing(Path.of(args[0]))));
        System.out.print(notes(Path.of(args[0])));
    }

    /** "NOTE metric why" lines (a figure that could not be taken: an MPI or mpi4py not installed), as rows. */
    static String notes(Path file) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.trim().split("\\s+", 3);
            if (f.length == 3 && f[0].equals("NOTE")) sb.append("| ").append(f[1]).append(" | | | | | | | | | not measured | ").append(f[2]).append(" |\n");
        }
        return sb.toString();
    }

    /** bench/notes.tsv: metric, then what bounds its figure (measured), shown in the table's note column. */
    static Map<String, String> readNotes(Path tsv) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(tsv)) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] f = line.split("\t", 2);
            if (f.length == 2) out.put(f[0], f[1].trim());
        }
        return out;
    }

    /** Why bench/run could not measure mpi4py ("MPI4PY missing: ..." in the results), or null when it did. */
    static String mpi4pyMissing(Path results) throws IOException {
        for (String line : Files.readAllLines(results)) {
            if (line.startsWith(MPI4PY_MISSING)) return line.substring(MPI4PY_MISSING.length()).trim();
        }
        return null;
    }

    static final String MPI4PY_MISSING = "MPI4PY missing:";
    /** The prefix of the mpi4py figures bench/run measures in the same run (mpi4py.py.rma_put_8B_flush.lat ...). */
    static final String MPI4PY = "mpi4py.";

    /** The unit of each RESULT line (for figures reference.tsv does not list). */
    static Map<String, String> readUnits(Path file) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 4 && f[0].equals("RESULT")) out.put(f[1], f[3]);
        }
        return out;
    }

    static Map<String, Ref> readReference(Path tsv) throws IOException {
        Map<String, Ref> refs = new LinkedHashMap<>();
        for (String line : Files.readAllLines(tsv)) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] f = line.split("\t");
            refs.put(f[0], new Ref(f[0], f[1], f[2].equals("lower"), f[3], f[4], f[5], f[6], f.length > 7 ? f[7] : ""));
        }
        return refs;
    }

    /** "RESULT metric value unit" lines; the last value of a metric wins. */
    static Map<String, Double> readResults(Path file) throws IOException {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[0].equals("RESULT")) out.put(f[1], Double.parseDouble(f[2]));
        }
        return out;
    }

    static String render(Map<String, Ref> refs, Map<String, Double> results) {
        return render(refs, results, Map.of(), Map.of(), null);
    }

    /**
     * The table. A script row ({@code py.*}, {@code .interp} for the default mode) also shows mpi4py's figure for
     * the same loop measured in this run, and meets its target only at or below it too (the issue's rule: at least
     * as fast as mpi4py). Every row says whether it met its target; the note column says what bounds a row.
     */
    static String render(Map<String, Ref> refs, Map<String, Double> results, Map<String, String> units,
                         Map<String, String> notes, String mpi4pyMissing) {
        StringBuilder sb = new StringBuilder();
        sb.append("| metric | unit | mpish | Open MPI 4.1.4 | MPICH 4.0.2 | mpi4py (this run) | floor | target | vs best MPI | target | note |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        List<String> extra = new ArrayList<>(results.keySet());
        extra.removeIf(m -> m.startsWith(MPI4PY));
        for (Ref r : refs.values()) {
            Double v = results.get(r.metric());
            extra.remove(r.metric());
            String best = best(r);
            String ratio = "";
            if (v != null && best != null) {
                double b = Double.parseDouble(best);
                double x = r.lowerBetter() ? b / v : v / b;
                ratio = String.format("%.1fx %s", x, x >= 1 ? "better" : "worse");
            }
            String py = "";
            Double pyFigure = null;
            if (r.metric().startsWith("py.")) {
                pyFigure = results.get(mpi4pyTwin(r.metric()));
                if (pyFigure != null) py = fmt(pyFigure);
                else py = mpi4pyMissing != null ? "not installed" : "not measured";
            }
            String met;
            if (v == null) met = "not measured";
            else if (r.target().equals("-")) met = "no target";
            else {
                double t = Double.parseDouble(r.target());
                boolean ok = r.lowerBetter() ? v <= t : v >= t;
                if (ok && pyFigure != null && v > pyFigure) ok = false;   // slower than mpi4py in this run
                met = ok ? "met" : "not met";
            }
            sb.append("| ").append(r.metric()).append(" | ").append(r.unit()).append(" | ").append(v == null ? "-" : fmt(v))
                    .append(" | ").append(r.ompi()).append(" | ").append(r.mpich()).append(" | ").append(py)
                    .append(" | ").append(r.floor()).append(" | ").append(r.target()).append(" | ").append(ratio)
                    .append(" | ").append(met).append(" | ").append(notes.getOrDefault(r.metric(), "")).append(" |\n");
        }
        if (mpi4pyMissing != null) {
            sb.append("| mpi4py | | | | | not installed | | | | | ").append(mpi4pyMissing).append(" |\n");
        }
        for (String m : extra) {
            sb.append("| ").append(m).append(" | ").append(units.getOrDefault(m, "")).append(" | ").append(fmt(results.get(m)))
                    .append(" | | | | | - | | no target | ").append(notes.getOrDefault(m, "")).append(" |\n");
        }
        return sb.toString();
    }

    /**
     * The mpi4py figure a script row is held to: the same loop ({@code .interp}, the default mode, against the same
     * figure); LAPI has no mpi4py, so its Put + Waitcntr is held to mpi4py's MPI Put + flush.
     */
    static String mpi4pyTwin(String metric) {
        String m = metric.replaceFirst("\\.interp$", "");
        if (m.equals("py.lapi_put_8B_waitcntr.lat")) m = "py.rma_put_8B_flush.lat";
        return MPI4PY + m;
    }

    private static String best(Ref r) {
        String a = r.ompi(), b = r.mpich();
        if (a.equals("-")) return b.equals("-") ? null : b;
        if (b.equals("-")) return a;
        double x = Double.parseDouble(a), y = Double.parseDouble(b);
        return String.valueOf(r.lowerBetter() ? Math.min(x, y) : Math.max(x, y));
    }

    static String fmt(double v) {
        if (v == 0) return "0";
        double a = Math.abs(v);
        if (a >= 1000) return String.format("%.0f", v);
        if (a >= 10) return String.format("%.1f", v);
        if (a >= 1) return String.format("%.2f", v);
        return String.format("%.3g", v);
    }
}
