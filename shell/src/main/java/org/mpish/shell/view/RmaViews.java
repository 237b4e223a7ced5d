package org.mpish.shell.view;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.rma.Epochs;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.rma.RmaWindow;
import org.mpish.runtime.mpi.rma.Win;
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
    static List<Win> windows(Rank r, String name) {
        MpiProcess p = r.stateIfPresent(MpiProcess.class);
        List<Win> out = new ArrayList<>();
        if (p == null) return out;
        if (name != null) {
            Handle h = p.handles().lookup(name);
            if (h instanceof Win w && w.isValid()) out.add(w);
            else if (h != null) throw new IllegalArgumentException(name + " is a " + h.kind().noun() + ", not a window");
            return out;
        }
        for (Handle h : p.handles().of(HandleKind.WIN)) out.add((Win) h);
        return out;
    }

    /** "rank 2", or "rank 5 (window rank 2)" when the window's group numbers the rank differently. */
    static String who(Win w) {
        int job = w.process().rank().id();
        return job == w.rank() ? "rank " + job : "rank " + job + " (window rank " + w.rank() + ")";
    }

    static String flavor(Win w) {
        return switch (w.flavor()) {
            case Win.FLAVOR_CREATE -> "create";
            case Win.FLAVOR_ALLOCATE -> "allocate";
            case Win.FLAVOR_DYNAMIC -> "dynamic";
            case Win.FLAVOR_SHARED -> "shared";
            default -> "flavor " + w.flavor();
        };
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
                for (Win w : windows(r, name)) {
                    any = true;
                    for (String l : describe(w)) s.printer().println(l);
                }
            }
            if (!any) s.printer().println(name == null ? "(no windows)" : "(no window named " + name + ")");
            return true;
        }

        static List<String> describe(Win w) {
            RmaWindow rw = RmaWindow.of(w);
            int me = w.rank();
            Epochs e = rw.epochs(me);
            List<String> out = new ArrayList<>();
            out.add(String.format("%s  %s  (%s, %d bytes, disp_unit %d, %d ranks)", who(w), w.name(), flavor(w), w.size(),
                    w.dispUnit(), rw.size()));
            out.add("    access     " + e.describeAccess());
            out.add("    exposure   " + e.describeExposure());
            out.add("    locked by  " + rw.lock(me).holders() + (rw.lock(me).isExposed() ? "  (exposed by MPI_Win_post)" : ""));
            List<String> pend = new ArrayList<>();
            int total = 0;
            for (int t = 0; t < rw.size(); t++) {
                if (e.pending(t) > 0) {
                    pend.add("rank " + t + ": " + e.pending(t));
                    total += e.pending(t);
                }
            }
            out.add("    pending    " + (total == 0 ? "no operation awaits completion"
                    : total + " operation" + (total == 1 ? "" : "s") + " until the next synchronization (" + String.join(", ", pend) + ")"));
            if (w.flavor() == Win.FLAVOR_DYNAMIC) {
                out.add("    attached   " + rw.regions(me).size() + " region" + (rw.regions(me).size() == 1 ? "" : "s"));
            }
            String hints = rw.hints(me).noLocks() ? "no_locks" : "";
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
                for (Win w : windows(r, name)) {
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

        static List<String> dump(Rank r, Win w, long max) {
            List<String> out = new ArrayList<>();
            Memory m = r.memory();
            if (w.flavor() == Win.FLAVOR_DYNAMIC) {
                var regions = RmaWindow.of(w).regions(w.rank());
                out.add(String.format("%s  %s  dynamic, %d attached region%s", who(w), w.name(), regions.size(), regions.size() == 1 ? "" : "s"));
                for (RmaWindow.Region reg : regions.values()) {
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
