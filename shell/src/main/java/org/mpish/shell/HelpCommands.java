package org.mpish.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Param;
import org.mpish.runtime.StructType;

/** help: the commands by family, or one command's synopsis in C, shell and JavaScript. */
final class HelpCommands {
    private HelpCommands() {}

    static final class Help implements Builtin {
        @Override public String name() { return "help"; }
        @Override public String usage() { return "help [COMMAND]"; }
        @Override public String summary() { return "list the commands, or show how to call one"; }

        @Override
        public boolean run(Session s, LineParser.Line line) {
            Printer p = s.printer();
            if (!line.args().isEmpty()) {
                String name = line.args().get(0).text();
                Builtin b = s.builtins().get(name.toLowerCase());
                if (b != null) {
                    p.println(b.usage() + "\n    " + b.summary());
                    return true;
                }
                Call c = s.catalogue().call(name);
                if (c == null) return s.usage("help: no command named '" + name + "'");
                p.println(p.bold(c.name()) + " - " + c.summary() + (c.deprecated() ? " (deprecated)" : ""));
                for (String l : callHelp(c)) p.println(l);
                return true;
            }
            p.println(p.bold("Shell commands"));
            for (Builtin b : s.builtins().values()) p.println(String.format("  %-28s %s", b.usage(), b.summary()));
            Map<String, List<String>> families = new TreeMap<>();
            for (Call c : s.catalogue().calls()) {
                families.computeIfAbsent(c.api() + " " + c.family(), k -> new ArrayList<>()).add(c.name());
            }
            for (Map.Entry<String, List<String>> e : families.entrySet()) {
                p.println(p.bold(e.getKey()));
                p.println(wrap(e.getValue(), 100));
            }
            p.println("Prefix a command with @N, @0,2, @1-3 or @* to run it on other ranks. 'help NAME' or 'man NAME' for details.");
            return true;
        }

        /**
         * What 'help CALL' shows below its name, all from the declaration: the three synopses, the arguments that may
         * be left out and what the call then gets, and the fields of a structure argument (per member of a union).
         */
        static List<String> callHelp(Call c) {
            List<String> out = new ArrayList<>();
            out.add("  C:      " + c.cPrototype());
            List<String> shell = c.shellSynopses();
            for (int i = 0; i < shell.size(); i++) out.add((i == 0 ? "  shell:  " : "          ") + shell.get(i));
            out.add("  script: " + c.scriptSynopsis());
            for (Param p : c.inputs()) {
                if (p.optional()) out.add("  " + p.name() + " may be left out: the call then gets " + p.whenOmitted());
            }
            for (Param p : c.inputs()) {
                StructType st = p.type().struct();
                if (st == null) continue;
                if (st.isUnion()) {
                    out.add("  " + p.name() + " (" + st.cName() + "): " + st.selector().name() + " chooses the member, whose fields are:");
                } else {
                    out.add("  " + p.name() + " (" + st.cName() + ") fields:");
                }
                for (StructType.Variant v : st.variants()) {
                    String fields = StructType.fieldList(v);
                    out.add(st.isUnion() ? "    " + v.title(st.cName()) + ": " + fields : "    " + fields);
                }
                for (StructType inner : st.pointsTo()) {
                    out.add("    " + inner.cName() + " fields: " + StructType.fieldList(inner.variants().get(0)));
                }
            }
            out.add("  see also: man " + c.name());
            return out;
        }

        private static String wrap(List<String> words, int width) {
            StringBuilder sb = new StringBuilder("  ");
            int col = 2;
            for (String w : words) {
                if (col + w.length() + 1 > width && col > 2) {
                    sb.append("\n  ");
                    col = 2;
                }
                sb.append(w).append(' ');
                col += w.length() + 1;
            }
            return sb.toString().stripTrailing();
        }
    }
}
