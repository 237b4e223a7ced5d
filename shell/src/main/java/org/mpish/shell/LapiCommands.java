package org.mpish.shell;

import java.util.List;
import org.graalvm.polyglot.Source;
import org.mpish.runtime.catalog.JobSettings;
import org.mpish.shell.view.CountersView;

/** cntr: the LAPI counters view, and named counters for the shell. */
final class LapiCommands {
    private LapiCommands() {}

    static final class Cntr implements Builtin {
        @Override public String name() { return "cntr"; }
        @Override public String usage() { return "cntr [new NAME]"; }
        @Override public String summary() { return "LAPI counters of the rank (value, role, what moved them), or make a named counter"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            List<Token> a = line.args();
            if (a.isEmpty()) return InspectCommands.onRank(s, line, CountersView::lines);
            if (a.size() != 2 || !a.get(0).text().equals("new") || !a.get(1).text().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("usage: " + usage());
            }
            String name = a.get(1).text();
            return InspectCommands.onRank(s, line, r -> {
                long addr = r.memory().alloc(8);
                JobSettings.nameCounter(r, name, addr);
                s.js(r).eval(Source.create("js", "globalThis." + name + " = " + addr + ";"));
                return List.of(String.format("%s = 0x%x (an 8-byte counter, 0; `%s` in JavaScript, %s in LAPI_Xfer fields)",
                        name, addr, name, name));
            });
        }
    }
}
