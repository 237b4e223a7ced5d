package org.mpish.shell;

import java.util.LinkedHashSet;
import java.util.Set;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;

/** rank, ranks, job, trace, exit: commands about the session itself. */
final class SessionCommands {
    private SessionCommands() {}

    static int intArg(LineParser.Line line, int i, String what) {
        if (line.args().size() <= i) throw new IllegalArgumentException("missing " + what);
        try {
            return Integer.parseInt(line.args().get(i).text());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a number, not '" + line.args().get(i).text() + "'");
        }
    }

    static final class Rank implements Builtin {
        @Override public String name() { return "rank"; }
        @Override public String usage() { return "rank [N]"; }
        @Override public String summary() { return "show or set the rank commands run on by default"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            if (!line.args().isEmpty()) s.setDefaultRank(intArg(line, 0, "rank"));
            s.printer().println("default rank " + s.defaultRank() + " of " + s.size());
            return true;
        }
    }

    static final class Ranks implements Builtin {
        @Override public String name() { return "ranks"; }
        @Override public String usage() { return "ranks"; }
        @Override public String summary() { return "what every rank is doing: idle, running, or waiting in a call on what"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            Job job = s.job();
            s.printer().println(s.printer().bold(String.format("%-5s %-9s %-24s %s", "rank", "state", "call", "waiting for")));
            for (org.mpish.runtime.Rank r : job.ranks()) {
                String call = r.currentCall();
                String what = r.waitDescription();
                s.printer().println(String.format("%-5s %-9s %-24s %s", r.id() == s.defaultRank() ? r.id() + "*" : r.id(),
                        r.status().name().toLowerCase(), call == null ? "-" : call, what == null ? "" : what));
            }
            return true;
        }
    }

    static final class JobCommand implements Builtin {
        @Override public String name() { return "job"; }
        @Override public String usage() { return "job [new [N]]"; }
        @Override public String summary() { return "show the job, or end it and start a new one of N ranks"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            if (!line.args().isEmpty()) {
                if (!line.args().get(0).text().equals("new")) throw new IllegalArgumentException("usage: " + usage());
                int n = line.args().size() > 1 ? intArg(line, 1, "number of ranks") : s.size();
                s.newJob(n);
            }
            Job j = s.job();
            s.printer().println("job " + j.id() + ": " + j.size() + " ranks, default rank " + s.defaultRank());
            return true;
        }
    }

    static final class Trace implements Builtin {
        static final Set<String> FAMILIES = Set.of("attr", "err", "p2p", "bsend", "rma", "lapi", "coll", "env", "part", "all");
        @Override public String name() { return "trace"; }
        @Override public String usage() { return "trace on [FAMILY...] | off | save FILE | clear | replay SCHEDULE SCRIPT [-- ARGS] | step | continue"; }
        @Override public String summary() { return "print events as they happen (attr err p2p bsend rma lapi coll env part, or all)"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            if (line.args().isEmpty()) {
                s.printer().println(s.traceFamilies().isEmpty() ? "trace is off" : "tracing " + String.join(" ", s.traceFamilies()));
                return true;
            }
            String mode = line.args().get(0).text();
            if (mode.equals("off")) {
                s.setTrace(Set.of());
                return true;
            }
            if (mode.equals("clear")) {
                s.clearTrace();
                return true;
            }
            if (mode.equals("save")) {
                if (line.args().size() != 2) throw new IllegalArgumentException("usage: trace save FILE");
                String f = line.args().get(1).text();
                java.util.List<org.mpish.runtime.Event> ev = s.tracedEvents();
                try {
                    ChromeTrace.write(java.nio.file.Path.of(f), ev);
                } catch (java.io.IOException e) {
                    return s.failure("trace save: cannot write " + f + ": " + e.getMessage());
                }
                s.printer().println("wrote " + ev.size() + " events to " + f + " (open it in Perfetto or chrome://tracing)");
                return true;
            }
            if (mode.equals("replay")) {
                if (line.args().size() < 3 || line.args().size() > 3 && !line.args().get(3).text().equals("--")) {
                    throw new IllegalArgumentException("usage: trace replay SCHEDULE SCRIPT [-- ARGS]");
                }
                java.util.List<String> args = new java.util.ArrayList<>();
                for (int i = 4; i < line.args().size(); i++) args.add(line.args().get(i).text());
                s.printer().println(TraceReplay.start(s, line.args().get(1).text(), line.args().get(2).text(), args));
                return !s.replay().failed();
            }
            if (mode.equals("step") || mode.equals("continue")) {
                if (line.args().size() != 1) throw new IllegalArgumentException("usage: trace " + mode);
                TraceReplay r = s.replay();
                if (r == null) return s.failure("trace " + mode + ": no replay; start one with `trace replay SCHEDULE SCRIPT`");
                boolean over = r.ended();
                s.printer().println(mode.equals("step") ? r.step() : r.finish());
                return over || !r.failed();
            }
            if (!mode.equals("on")) throw new IllegalArgumentException("usage: " + usage());
            Set<String> fams = new LinkedHashSet<>();
            for (int i = 1; i < line.args().size(); i++) {
                String f = line.args().get(i).text();
                if (!FAMILIES.contains(f)) throw new IllegalArgumentException("unknown family '" + f + "'; families: attr err p2p bsend rma lapi coll env part all");
                fams.add(f);
            }
            if (fams.isEmpty()) fams.add("all");
            s.job();
            s.setTrace(fams);
            s.printer().println("tracing " + String.join(" ", fams));
            return true;
        }
    }

    static final class Exit implements Builtin {
        private final String name;
        Exit(String name) { this.name = name; }
        @Override public String name() { return name; }
        @Override public String usage() { return name + " [STATUS]"; }
        @Override public String summary() { return "leave the shell"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            s.requestExit(line.args().isEmpty() ? s.exitStatus() : intArg(line, 0, "exit status"));
            return true;
        }
    }
}
