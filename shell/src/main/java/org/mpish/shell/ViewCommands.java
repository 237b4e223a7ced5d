package org.mpish.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.JobSettings;
import org.mpish.runtime.inspect.BufferSnapshot;
import org.mpish.shell.view.BufferPicture;
import org.mpish.shell.view.QueuesView;

/**
 * buffer, queues, requests, eager: looking at point-to-point state. The views read thread-safe snapshots from
 * the shell's thread, so they work while the rank is blocked in a call, which is when they matter most.
 */
final class ViewCommands {
    private ViewCommands() {}

    private interface View {
        List<String> lines(Session s, Rank r);
    }

    private static boolean each(Session s, LineParser.Line line, View v) {
        List<Integer> ranks = Targets.parse(line.target(), s.job().size(), s.defaultRank());
        for (int id : ranks) {
            Rank r = s.job().rank(id);
            if (ranks.size() > 1) s.printer().println(s.printer().bold("rank " + id));
            for (String l : v.lines(s, r)) s.printer().println(l);
        }
        return true;
    }

    static final class Buffer implements Builtin {
        @Override public String name() { return "buffer"; }
        @Override public String usage() { return "buffer [COMM]"; }
        @Override public String summary() { return "picture of the attached send buffer(s): entries, free space, head, tail, wrap point"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            String only = line.args().isEmpty() ? null : line.args().get(0).text();
            return each(s, line, (ses, r) -> {
                BufferSnapshot.Attached st = BufferSnapshot.of(r);
                List<String> out = new ArrayList<>();
                boolean color = ses.printer().color();
                if (only == null || only.equalsIgnoreCase("process")) {
                    BufferSnapshot b = st.process();
                    if (b != null) out.addAll(BufferPicture.render("the process buffer of rank " + r.id(), b, color));
                    else if (only != null) out.add("rank " + r.id() + " has no process buffer attached (MPI_Buffer_attach)");
                }
                for (Map.Entry<String, BufferSnapshot> e : st.communicators().entrySet()) {
                    if (only != null && !e.getKey().equalsIgnoreCase(only)) continue;
                    out.addAll(BufferPicture.render("the buffer of " + e.getKey() + " on rank " + r.id(), e.getValue(), color));
                }
                if (out.isEmpty()) {
                    out.add(only == null ? "rank " + r.id() + " has no send buffer attached (MPI_Buffer_attach, MPI_Comm_attach_buffer)"
                            : "rank " + r.id() + " has no buffer attached to " + only);
                }
                return out;
            });
        }
    }

    static final class Queues implements Builtin {
        @Override public String name() { return "queues"; }
        @Override public String usage() { return "queues"; }
        @Override public String summary() { return "the rank's message queues: posted receives and unexpected messages"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            return each(s, line, (ses, r) -> QueuesView.queues(r, ses.printer().color()));
        }
    }

    static final class Requests implements Builtin {
        @Override public String name() { return "requests"; }
        @Override public String usage() { return "requests"; }
        @Override public String summary() { return "the rank's requests: operation, state, and what a pending one waits for"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            return each(s, line, (ses, r) -> QueuesView.requests(r, ses.printer().color()));
        }
    }

    static final class Topo implements Builtin {
        @Override public String name() { return "topo"; }
        @Override public String usage() { return "topo COMM"; }
        @Override public String summary() { return "draw a communicator's process topology: a Cartesian grid, or a graph's neighbours"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            if (line.args().isEmpty()) throw new IllegalArgumentException("usage: topo COMM (a communicator made by MPI_Cart_create, MPI_Graph_create, ...)");
            String name = line.args().get(0).text();
            return each(s, line, (ses, r) -> org.mpish.shell.view.TopoView.render(org.mpish.runtime.inspect.TopologySnapshot.of(r, name)));
        }
    }

    static final class Eager implements Builtin {
        @Override public String name() { return "eager"; }
        @Override public String usage() { return "eager [BYTES]"; }
        @Override public String summary() { return "show or set the eager limit: larger standard sends wait for their receive"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            if (!line.args().isEmpty()) {
                long v;
                try {
                    v = Long.parseLong(line.args().get(0).text().replace("_", ""));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("the eager limit is a number of bytes, not '" + line.args().get(0).text() + "'");
                }
                if (v < 0) throw new IllegalArgumentException("the eager limit is 0 or more bytes");
                JobSettings.setEagerLimit(s.job(), v);
                System.setProperty("mpish.eagerLimit", Long.toString(v)); // and for the jobs started later
            }
            long l = JobSettings.eagerLimit(s.job());
            s.printer().println("eager limit " + l + " bytes: standard sends of up to " + l
                    + " bytes complete at once; larger ones wait until the receive matches");
            return true;
        }
    }

    static final class Type implements Builtin {
        @Override public String name() { return "type"; }
        @Override public String usage() { return "type DATATYPE"; }
        @Override public String summary() { return "draw a datatype's type map: blocks, gaps, extent, lb/ub and true lb/ub"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            if (line.args().isEmpty()) throw new IllegalArgumentException("type needs a datatype: a handle such as type0, or a name such as MPI_INT");
            String name = line.args().get(0).text();
            return each(s, line, (ses, r) -> {
                org.mpish.runtime.inspect.TypeMapSnapshot t = org.mpish.runtime.inspect.TypeMapSnapshot.of(r, name, 32);
                if (t == null) return List.of("rank " + r.id() + " has no datatype named " + name);
                return org.mpish.shell.view.TypeView.lines(t);
            });
        }
    }
}
