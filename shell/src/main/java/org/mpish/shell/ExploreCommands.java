package org.mpish.shell;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.mpish.shell.explore.ExploreCommand;

/** explore: `mpish explore` from the shell, over a script or over the session being recorded. */
final class ExploreCommands {
    private ExploreCommands() {}

    static final class Explore implements Builtin {
        @Override public String name() { return "explore"; }
        @Override public String usage() { return "explore [--nodes K] [--sync] [--max-schedules K] [--timeout S] [-o FILE] [--same-output] [FILE]"; }
        @Override public String summary() {
            return "run a script (default: the session being recorded) under every schedule MPI allows; report deadlocks and errors";
        }

        @Override
        public boolean run(Session s, LineParser.Line line) {
            // the shell's ranks, on its nodes (an explicit --nodes comes later and wins)
            List<String> argv = new ArrayList<>(List.of("explore", "-n", Integer.toString(s.size()),
                    "--nodes", Integer.toString(s.jobOptions().nodes())));
            int fixed = argv.size();
            for (Token t : line.args()) argv.add(t.text());
            boolean hasFile = argv.size() > fixed && !argv.get(argv.size() - 1).startsWith("-")
                    && !List.of("--max-schedules", "--timeout", "-o", "--nodes").contains(argv.get(argv.size() - 2));
            if (!hasFile) {
                Recorder r = s.recorder();
                if (r == null) return s.failure("explore: which script? Give a FILE, or start `record FILE` and explore the session recorded so far");
                argv.add(r.file().toString());
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
            int status = ExploreCommand.explore(argv.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            for (String l : out.toString(StandardCharsets.UTF_8).lines().toList()) s.printer().println(l);
            String e = err.toString(StandardCharsets.UTF_8).strip();
            if (!e.isEmpty()) return s.failure(e.replaceFirst("^mpish explore: ", "explore: "));
            return status == 0;
        }
    }
}
