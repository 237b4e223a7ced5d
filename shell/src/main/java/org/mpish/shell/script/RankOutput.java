package org.mpish.shell.script;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Where ranks print. Output carries a "[rank] " prefix when more than one rank prints. To never label a line
 * wrongly, the lines of the first rank that prints are held back until a second rank prints (then they are
 * written with prefixes) or the job ends (then without). In a one-rank job nothing is held.
 */
public final class RankOutput {
    private final PrintStream out;
    private final boolean alwaysPrefix;
    private final boolean hold;
    private int firstPrinter = -1;
    private boolean several;
    private final List<String> held = new ArrayList<>();

    /** @param alwaysPrefix prefix every line (the interactive shell) ; @param ranks the job size */
    public RankOutput(PrintStream out, boolean alwaysPrefix, int ranks) {
        this.out = out;
        this.alwaysPrefix = alwaysPrefix;
        this.hold = !alwaysPrefix && ranks > 1;
    }

    public RankOutput(PrintStream out, boolean alwaysPrefix) { this(out, alwaysPrefix, 1); }

    /** Marks the lines of one process of a native launch, for the launcher that labels them ({@link #untag}). */
    private int tagAs = -1;
    static final char TAG = '\u001e', TAG_END = '\u001f';

    /** Output of one process of {@code mpish run --mpi}: every line tagged with the process's rank, unlabelled here. */
    public static RankOutput tagged(PrintStream out, int worldRank) {
        RankOutput o = new RankOutput(out, false, 1);
        o.tagAs = worldRank;
        return o;
    }

    /** A tagged line's rank, or -1 for a line no process of mpish wrote (the MPI launcher's own). */
    public static int tagOf(String line) {
        if (line.isEmpty() || line.charAt(0) != TAG) return -1;
        int e = line.indexOf(TAG_END);
        try {
            return e < 0 ? -1 : Integer.parseInt(line.substring(1, e));
        } catch (NumberFormatException notOurs) {
            return -1;
        }
    }

    /** The text of a tagged line. */
    public static String untag(String line) { return line.substring(line.indexOf(TAG_END) + 1); }

    public synchronized void line(int rank, String text) {
        if (tagAs >= 0) {
            for (String l : text.split("\n", -1)) out.println(TAG + Integer.toString(tagAs) + TAG_END + l);
            out.flush();
        } else if (alwaysPrefix) {
            for (String l : text.split("\n", -1)) out.println("[" + rank + "] " + l);
        } else if (!hold) {
            out.println(text);
        } else {
            if (firstPrinter < 0) firstPrinter = rank;
            if (!several && rank != firstPrinter) {
                several = true;
                for (String h : held) out.println("[" + firstPrinter + "] " + h);
                held.clear();
            }
            if (several) {
                for (String l : text.split("\n", -1)) out.println("[" + rank + "] " + l);
            } else {
                held.add(text);
                return;
            }
        }
        out.flush();
    }

    /** Writes what is still held (the job ended with a single printing rank). */
    public synchronized void flush() {
        for (String h : held) out.println(h);
        held.clear();
        out.flush();
    }

    public PrintStream stream() { return out; }
}
