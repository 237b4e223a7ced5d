package org.mpish.runtime.catalog;

import java.util.Comparator;
import java.util.List;

/**
 * The index of every call: its exact C name beside the source file and method that declare it, so that a name built
 * from a pattern ({@code "MPI_" + k + "_create_keyval"}) can still be found with grep. {@code runtime/CALLS.md} is
 * this text; CallsIndexTest keeps it up to date.
 */
public final class CallIndex {
    private CallIndex() {}

    /** The source file of a declaring frame, relative to the repository: runtime/src/main/java/org/.../AttrCalls.java. */
    public static String sourcePath(StackTraceElement at) {
        String cls = at.getClassName();
        int nested = cls.indexOf('$');
        if (nested >= 0) cls = cls.substring(0, nested);
        String pkg = cls.substring(0, cls.lastIndexOf('.')).replace('.', '/');
        return "runtime/src/main/java/" + pkg + "/" + at.getFileName();
    }

    /**
     * {@code mpish --list-calls [FILTER]}: one line per call, sorted by name: its C name, its family ("MPI rma")
     * and the file that declares it, in aligned columns (the name is the first word, the file the last). With a
     * filter, only the calls whose C name or family contains it, ignoring case.
     */
    public static List<String> listing(Catalogue cat, String filter) {
        String f = filter == null ? null : filter.toLowerCase(java.util.Locale.ROOT);
        List<Call> calls = cat.calls().stream().sorted(Comparator.comparing(Call::name))
                .filter(c -> f == null || c.name().toLowerCase(java.util.Locale.ROOT).contains(f)
                        || c.family().toLowerCase(java.util.Locale.ROOT).contains(f))
                .toList();
        int name = 0, family = 0;
        for (Call c : calls) {
            name = Math.max(name, c.name().length());
            family = Math.max(family, c.api().length() + 1 + c.family().length());
        }
        List<String> out = new java.util.ArrayList<>();
        for (Call c : calls) {
            StackTraceElement at = c.declaredAt();
            out.add(String.format("%-" + name + "s  %-" + family + "s  %s", c.name(), c.api() + " " + c.family(),
                    at == null ? "?" : sourcePath(at)));
        }
        return out;
    }

    /** The index as a Markdown page: one table row per call, sorted by name. */
    public static String markdown(Catalogue cat) {
        List<Call> calls = cat.calls().stream().sorted(Comparator.comparing(Call::name)).toList();
        StringBuilder sb = new StringBuilder();
        sb.append("# Calls\n\n")
          .append("Every call mpish declares, with the file and method that declare it (some names are built from a\n")
          .append("pattern there, so grep this page for the exact C name). Generated from the catalogue by CallsIndexTest:\n")
          .append("after adding or moving a call, run\n")
          .append("`mvn -q -B -o -pl runtime test -Dtest=CallsIndexTest -Dmpish.writeIndex=true`.\n\n")
          .append(calls.size()).append(" calls.\n\n")
          .append("| Call | Family | Declared in | Method | C prototype |\n")
          .append("|---|---|---|---|---|\n");
        for (Call c : calls) {
            StackTraceElement at = c.declaredAt();
            String method = at == null ? "" : at.getMethodName().startsWith("lambda$") ? "(lambda)" : at.getMethodName() + "()";
            sb.append("| ").append(c.name())
              .append(" | ").append(c.api()).append(' ').append(c.family())
              .append(" | ").append(at == null ? "?" : sourcePath(at))
              .append(" | ").append(method)
              .append(" | `").append(c.cPrototype()).append("` |\n");
        }
        return sb.toString();
    }
}
