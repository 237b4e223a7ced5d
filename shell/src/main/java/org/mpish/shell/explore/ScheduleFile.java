package org.mpish.shell.explore;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.mpish.runtime.explore.Choice;
import org.mpish.runtime.explore.Decision;
import org.mpish.runtime.explore.Plan;

/**
 * A saved schedule: the script it belongs to (name and a digest of its text), the rank count, the simulated
 * nodes they were placed on (a "nodes" line only when more than one), whether it ran with --sync, and every decision of the run as "choice RANK N CALL VALUE", with the decision in words as a
 * comment. {@code mpish run --schedule FILE} replays it.
 */
public record ScheduleFile(String script, String digest, int ranks, int nodes, boolean sync, List<Plan.Entry> choices) {
    static final String MAGIC = "mpish-schedule 1";

    /** A one-line reason a schedule file cannot be used. */
    public static final class Invalid extends Exception {
        public Invalid(String message) { super(message); }
    }

    public static String digest(String code) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(code.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String write(String script, String code, int ranks, boolean sync, List<Decision> decisions) {
        return write(script, code, ranks, 1, sync, decisions);
    }

    public static String write(String script, String code, int ranks, int nodes, boolean sync, List<Decision> decisions) {
        StringBuilder sb = new StringBuilder(MAGIC).append('\n');
        sb.append("# replay: mpish run --schedule THIS_FILE ").append(script).append('\n');
        sb.append("script ").append(script).append('\n');
        sb.append("sha256 ").append(digest(code)).append('\n');
        sb.append("ranks ").append(ranks).append('\n');
        if (nodes > 1) sb.append("nodes ").append(nodes).append('\n');
        sb.append("sync ").append(sync ? "yes" : "no").append('\n');
        for (Decision d : decisions) {
            sb.append("choice ").append(d.rank()).append(' ').append(d.ordinal()).append(' ').append(d.call()).append(' ')
                    .append(d.value() == Choice.NONE ? "none" : Integer.toString(d.value()));
            if (d.branching()) sb.append("  # ").append(d.words());
            sb.append('\n');
        }
        return sb.toString();
    }

    public static ScheduleFile parse(String text, String fileName) throws Invalid {
        List<String> lines = text.lines().toList();
        if (lines.isEmpty() || !lines.get(0).equals(MAGIC)) {
            throw new Invalid(fileName + " is not an mpish schedule (its first line should be \"" + MAGIC + "\")");
        }
        String script = null, digest = null;
        Integer ranks = null;
        int nodes = 1;
        Boolean sync = null;
        List<Plan.Entry> choices = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            String body = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (body.isEmpty()) continue;
            String[] w = body.split("\\s+");
            String where = fileName + " line " + (i + 1) + ": ";
            switch (w[0]) {
                case "script" -> script = need(w, 2, where)[1];
                case "sha256" -> digest = need(w, 2, where)[1];
                case "ranks" -> ranks = number(need(w, 2, where)[1], where, "the rank count");
                case "nodes" -> nodes = number(need(w, 2, where)[1], where, "the node count");
                case "sync" -> {
                    String v = need(w, 2, where)[1];
                    if (!v.equals("yes") && !v.equals("no")) throw new Invalid(where + "sync must be yes or no, not " + v);
                    sync = v.equals("yes");
                }
                case "choice" -> {
                    need(w, 5, where);
                    int rank = number(w[1], where, "the rank");
                    int ordinal = number(w[2], where, "the choice number");
                    int value = w[4].equals("none") ? Choice.NONE : number(w[4], where, "the value");
                    if (rank < 0 || ordinal < 0) throw new Invalid(where + "the rank and the choice number must not be negative");
                    choices.add(new Plan.Entry(rank, ordinal, w[3], value));
                }
                default -> throw new Invalid(where + "unknown entry \"" + w[0] + "\"");
            }
        }
        if (script == null || digest == null || ranks == null || sync == null) {
            throw new Invalid(fileName + " is incomplete: it needs script, sha256, ranks and sync lines");
        }
        if (nodes < 1 || nodes > ranks) throw new Invalid(fileName + ": " + nodes + " nodes for " + ranks + " ranks (1 to " + ranks + ")");
        for (Plan.Entry e : choices) {
            if (e.rank() >= ranks) throw new Invalid(fileName + ": a choice of rank " + e.rank() + " in a schedule of " + ranks + " ranks");
        }
        return new ScheduleFile(script, digest, ranks, nodes, sync, choices);
    }

    private static String[] need(String[] w, int n, String where) throws Invalid {
        if (w.length != n) throw new Invalid(where + "\"" + w[0] + "\" takes " + (n - 1) + (n == 2 ? " value" : " values"));
        return w;
    }

    private static int number(String s, String where, String what) throws Invalid {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new Invalid(where + what + " is not a number: " + s);
        }
    }

    public Plan plan() { return Plan.of(choices); }
}
