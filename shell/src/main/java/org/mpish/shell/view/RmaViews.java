package org.mpish.shell.view;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.inspect.WindowSnapshot;
import org.mpish.shell.Builtin;
import org.mpish.shell.HexDump;
import org.mpish.shell.LineParser;
import org.mpish.shell.Session;
import org.mpish.shell.Targets;

/**
 * What one-sided communication looks like right now: {@code epochs} shows each window's epochs and locks per
 * rank, {@code winmem} dumps a window's memory per rank. Both read the state from the shell's thread, so they
 * work while ranks are blocked in MPI_Win_wait, MPI_Win_lock or a fence, which is when people look.
 */
public final class RmaViews {
    private RmaViews() {}

    /** The ranks a view covers: the @ target if given, else every rank. */
    static List<Integer> ranks(Session s, LineParser.Line line) {
        int n = s.job().size();
        return Targets.parse(line.target() == null ? "*" : line.target(), n, s.defaultRank());
    }

    /** This rank's windows, or the one named {@code name}; empty when MPI has not started there. */
    static List<WindowSnapshot> windows(Rank r, String name) { return WindowSnapshot.of(r, name); }

    /** "rank 2", or "rank 5 (window rank 2)" when the window's group numbers the rank differently. */
    static String who(WindowSnapshot w) {
        return w.jobRank() == w.windowRank() ? "rank " + w.jobRank() : "rank " + w.jobRank() + " (window rank " + w.windowRank() + ")";
    }

    public static final class EpochsView implements Builtin {
        @Override public String name() { return "epochs"; }
        @Override public String usage() { return "epochs [WIN]"; }
        @Override public String summary() { return "each window's access and exposure epochs, locks held and pending RMA operations, per rank"; }

        @Override public boolean run(Session s, LineParser.Line line) {
            String name = line.args().isEmpty() ? null : line.args().get(0).text();
            boolean any = false;
            for (int id : ranks(s, line)) {
                Rank r = s.job().rank(id);
                for (WindowSnapshot w : windows(r, name)) {
                    any = true;
                    for (String l : describe(w)) s.printer().println(l);
                }
            }
            if (!any) s.printer().println(name == null ? "(no windows)" : "(no window named " + name + ")");
            return true;
        }

        static List<String> describe(WindowSnapshot w) {
            List<String> out = new ArrayList<>();
            out.add(String.format("%s  %s  (%s, %d bytes, disp_unit %d, %d ranks)", who(w), w.name(), w.flavor(), w.size(),
                    w.dispUnit(), w.groupSize()));
            out.add("    access     " + w.access());
            out.add("    exposure   " + w.exposure());
            out.add("    locked by  " + w.lockHolders() + (w.exposedByPost() ? "  (exposed by MPI_Win_post)" : ""));
            List<String> pend = new ArrayList<>();
            int total = 0;
            for (int t = 0; t < w.pending().size(); t++) {
                if (w.pending().get(t) > 0) {
                    pend.add("rank " + t + ": " + w.pending().get(t));
                    total += w.pending().get(t);
                }
            }
            out.add("    pending    " + (total == 0 ? "no operation awaits completion"
                    : total + " operation" + (total == 1 ? "" : "s") + " until the next synchronization (" + String.join(", ", pend) + ")"));
            if (w.dynamic()) {
                out.add("    attached   " + w.regions().size() + " region" + (w.regions().size() == 1 ? "" : "s"));
            }
            String hints = w.noLocks() ? "no_locks" : "";
            if (!hints.isEmpty()) out.add("    hints      " + hints);
            return out;
        }
    }

    public static final class WinMem implements Builtin {
        @Override public String name() { return "winmem"; }
        @Override public String usage() { return "winmem WIN [BYTES]"; }
        @Override public String summary() { return "hex dump of a window's memory on each rank (up to BYTES per rank, default 256)"; }

        @Override public boolean run(Session s, LineParser.Line line) {
            if (line.args().isEmpty()) throw new IllegalArgumentException("usage: " + usage());
            String name = line.args().get(0).text();
            long max = 256;
            if (line.args().size() > 1) {
                try {
                    max = Long.decode(line.args().get(1).text());
                } catch (NumberFormatException ex) {
                    throw new IllegalArgumentException("winmem: '" + line.args().get(1).text() + "' is not a number of bytes");
                }
            }
            boolean any = false;
            for (int id : ranks(s, line)) {
                Rank r = s.job().rank(id);
                for (WindowSnapshot w : windows(r, name)) {
                    any = true;
                    for (String l : dump(r, w, max)) s.printer().println(l);
                }
            }
            if (!any) {
                s.printer().error("winmem: no window named " + name);
                return false;
            }
            return true;
        }

        static List<String> dump(Rank r, WindowSnapshot w, long max) {
            List<String> out = new ArrayList<>();
            Memory m = r.memory();
            if (w.dynamic()) {
                var regions = w.regions();
                out.add(String.format("%s  %s  dynamic, %d attached region%s", who(w), w.name(), regions.size(), regions.size() == 1 ? "" : "s"));
                for (WindowSnapshot.Region reg : regions) {
                    out.add(String.format("  region 0x%x, %d bytes", reg.base(), reg.size()));
                    out.addAll(bytes(m, reg.base(), reg.size(), max));
                }
                return out;
            }
            out.add(String.format("%s  %s  %d bytes at 0x%x, disp_unit %d", who(w), w.name(), w.size(), w.base(), w.dispUnit()));
            if (w.size() == 0) out.add("  (no memory)");
            else out.addAll(bytes(m, w.base(), w.size(), max));
            return out;
        }

        static List<String> bytes(Memory m, long addr, long size, long max) {
            long n = Math.min(size, max);
            List<String> l = new ArrayList<>(HexDump.lines(addr, m.read(addr, (int) n)));
            if (n < size) l.add("  ... " + (size - n) + " more bytes (winmem WIN BYTES shows more)");
            return l;
        }
    }
}
