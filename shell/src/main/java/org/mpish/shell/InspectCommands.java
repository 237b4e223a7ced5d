package org.mpish.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.catalog.TypedMemory;
import org.mpish.runtime.inspect.AttributeSnapshot;
import org.mpish.runtime.inspect.HandleSnapshot;

/** handles, attrs, keyvals, mem: looking at a rank's objects and memory. */
final class InspectCommands {
    private InspectCommands() {}

    /** Marks a table's header line: bold on a terminal, plain otherwise. */
    static final String HEADER = "\u0001";

    /** Runs {@code body} on the target rank's thread (objects are rank-local) and prints its lines. */
    static boolean onRank(Session s, LineParser.Line line, java.util.function.Function<Rank, List<String>> body) {
        org.mpish.runtime.Job job = s.job();
        List<Integer> ranks = Targets.parse(line.target(), job.size(), s.defaultRank());
        boolean ok = true;
        for (int r : ranks) {
            Rank rank = job.rank(r);
            try {
                List<String> out = s.await(rank, rank.submit(() -> body.apply(rank)), "inspection", res -> {});
                if (out == null) continue;
                if (ranks.size() > 1) s.printer().println(s.printer().bold("rank " + r));
                for (String l : out) s.printer().println(l.startsWith(HEADER) ? s.printer().bold(l.substring(1)) : l);
            } catch (ExecutionException e) {
                Throwable t = Session.unwrap(e);
                if (t instanceof IllegalArgumentException iae) throw iae;
                s.printer().error(t.getMessage());
                ok = false;
            }
        }
        return ok;
    }

    static final class Handles implements Builtin {
        @Override public String name() { return "handles"; }
        @Override public String usage() { return "handles [KIND]"; }
        @Override public String summary() { return "the rank's live handles (comm, win, type, kv, group, eh, req, ...)"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            String kind = line.args().isEmpty() ? null : line.args().get(0).text();
            return onRank(s, line, r -> {
                List<String> out = new ArrayList<>();
                for (HandleSnapshot h : HandleSnapshot.of(r)) {
                    if (h.predefined() && kind == null) continue;
                    if (kind != null && !h.isOfKind(kind)) continue;
                    out.add(String.format("  %-22s %s", h.name(), h.noun()));
                }
                if (out.isEmpty()) out.add("  (no " + (kind == null ? "user-created handles" : kind + " handles") + ")");
                return out;
            });
        }
    }

    static final class Attrs implements Builtin {
        @Override public String name() { return "attrs"; }
        @Override public String usage() { return "attrs OBJECT"; }
        @Override public String summary() { return "the attributes cached on a communicator, window or datatype, as a table"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            if (line.args().size() != 1) throw new IllegalArgumentException("usage: " + usage());
            String name = line.args().get(0).text();
            return onRank(s, line, r -> {
                Object o = s.catalogue().constant(name) != null ? s.catalogue().constant(name).value().apply(r) : null;
                AttributeSnapshot a = AttributeSnapshot.of(r, name, o);
                List<String> out = new ArrayList<>();
                out.add(HEADER + String.format("  %-8s %-6s %-24s %-22s %s", "keyval", "value#", "value", "copy", "delete"));
                for (AttributeSnapshot.Attribute e : a.attributes()) {
                    out.add(String.format("  %-8s %-6d %-24s %-22s %s", e.keyval(), e.keyvalValue(), Format.value(e.value()),
                            e.copy() == null ? "-" : e.copy(), e.delete() == null ? "-" : e.delete()));
                }
                if (a.attributes().isEmpty()) out.add("  (no attributes on " + a.object() + ")");
                return out;
            });
        }
    }

    static final class Keyvals implements Builtin {
        @Override public String name() { return "keyvals"; }
        @Override public String usage() { return "keyvals"; }
        @Override public String summary() { return "the rank's attribute keys: kind, callbacks, extra state, users"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            return onRank(s, line, r -> {
                List<String> out = new ArrayList<>();
                out.add(HEADER + String.format("  %-8s %-6s %-6s %-22s %-22s %-10s %s", "keyval", "value", "for", "copy", "delete", "extra", "state"));
                for (AttributeSnapshot.KeyvalInfo k : AttributeSnapshot.keyvals(r)) {
                    if (k.predefined()) continue;
                    out.add(String.format("  %-8s %-6d %-6s %-22s %-22s %-10s %s", k.name(), k.value(), k.objectKind(),
                            k.copy() == null ? "-" : k.copy(), k.delete() == null ? "-" : k.delete(),
                            Format.value(k.extraState()), (k.userFreed() ? "freed, " : "") + k.references() + " in use"));
                }
                if (out.size() == 1) out.add("  (no user keyvals)");
                return out;
            });
        }
    }

    static final class Mem implements Builtin {
        @Override public String name() { return "mem"; }
        @Override public String usage() { return "mem [ADDR [BYTES | COUNT TYPE]]"; }
        @Override public String summary() { return "the rank's memory blocks; a hex dump at ADDR; or COUNT values of TYPE (MPI_INT, ...)"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            List<Token> a = line.args();
            return onRank(s, line, r -> {
                Memory m = r.memory();
                List<String> out = new ArrayList<>();
                if (a.isEmpty()) {
                    out.add(HEADER + String.format("  %-14s %10s   (%d bytes in use, limit %d)", "address", "bytes", m.bytesInUse(), m.limit()));
                    for (Memory.Block b : m.blocks()) out.add(String.format("  0x%-12x %10d", b.address(), b.size()));
                    if (out.size() == 1) out.add("  (nothing allocated)");
                    return out;
                }
                long addr = num(a.get(0).text());
                if (a.size() == 3) return typed(r, addr, (int) num(a.get(1).text()), a.get(2).text());
                int len = a.size() > 1 ? (int) num(a.get(1).text()) : 64;
                Memory.Block b = m.find(addr);
                if (b == null) throw new IllegalArgumentException("0x" + Long.toHexString(addr) + " is not in an allocated block of rank " + r.id());
                len = (int) Math.min(len, b.end() - addr);
                byte[] data = m.read(addr, len);
                return HexDump.lines(addr, data);
            });
        }

        /** COUNT values of a basic datatype, eight to a line with the address of the first. */
        private static List<String> typed(Rank r, long addr, int count, String typeName) {
            String n = typeName.toUpperCase().startsWith("MPI_") ? typeName.toUpperCase() : "MPI_" + typeName.toUpperCase();
            long size = TypedMemory.basicSize(r, n);
            if (size < 0) throw new IllegalArgumentException("'" + typeName + "' is not a basic datatype (MPI_INT, MPI_DOUBLE, MPI_BYTE, ...)");
            Object[] v;
            try {
                v = TypedMemory.read(r, addr, n, count);
            } catch (MemoryFault f) {
                throw new IllegalArgumentException("" + f.getMessage());
            }
            List<String> out = new ArrayList<>();
            for (int i = 0; i < v.length; i += 8) {
                StringBuilder sb = new StringBuilder(String.format("  %012x ", addr + (long) i * size));
                for (int j = i; j < Math.min(v.length, i + 8); j++) sb.append(String.format(" %12s", Format.value(v[j])));
                out.add(sb.toString());
            }
            return out;
        }

        private static long num(String w) {
            Object v = CallCommand.word(w);
            if (v instanceof Long l) return l;
            throw new IllegalArgumentException("'" + w + "' is not a number");
        }
    }
}
