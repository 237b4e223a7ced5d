package org.mpish.shell.repl;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Constant;
import org.mpish.runtime.catalog.Param;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.inspect.HandleSnapshot;
import org.mpish.shell.Session;
import org.mpish.shell.script.ScriptApi;

/**
 * Tab completion: command names first; then, for a call, values of the kind the next parameter takes —
 * live handles of that kind and predefined names of its group; in a {@code js} command, the members of
 * {@code MPI.}, {@code LAPI.} and {@code mem.} with their synopses.
 */
final class ShellCompleter implements Completer {
    private final Session session;

    ShellCompleter(Session session) { this.session = session; }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> out) {
        List<String> words = line.words();
        int idx = line.wordIndex();
        int first = !words.isEmpty() && words.get(0).startsWith("@") ? 1 : 0;
        if (idx <= first) {
            for (String b : session.builtins().keySet()) out.add(new Candidate(b, b, "shell", null, null, null, true));
            for (Call c : session.catalogue().calls()) out.add(new Candidate(c.name(), c.name(), c.api() + " " + c.family(), c.summary(), null, null, true));
            return;
        }
        String cmd = words.get(first).toLowerCase(Locale.ROOT);
        if (cmd.equals("js")) {
            completeScript(line.word(), out);
            return;
        }
        if (cmd.equals("man") || cmd.equals("whatis") || cmd.equals("help")) {
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (org.mpish.shell.man.WhatisIndex.Entry e : org.mpish.shell.ManCommands.index().entries()) {
                for (String n : e.names()) if (seen.add(n)) out.add(new Candidate(n, n, "manual (" + e.section() + ")", e.description(), null, null, true));
            }
            if (cmd.equals("man")) {
                // the system's pages too (names only: their summaries would need every page read)
                for (String n : org.mpish.shell.ManCommands.defaultSearch().names()) if (seen.add(n)) out.add(new Candidate(n, n, "manual", null, null, null, true));
            }
            return;
        }
        Call call = session.catalogue().call(words.get(first));
        if (call == null) return;
        // a field of the call's structure argument (LAPI_Xfer's xfer_cmd given as name=value words)
        List<Candidate> fields = FieldCompletion.complete(session.catalogue(), call, words.subList(first + 1, Math.min(idx + 1, words.size())), line.word());
        if (fields != null) {
            out.addAll(fields);
            return;
        }
        List<Param> inputs = call.inputs();
        int argIndex = idx - first - 1;
        String current = line.word();
        Param p = null;
        int eq = current.indexOf('=');
        if (eq > 0) {
            String name = current.substring(0, eq);
            for (Param q : inputs) if (q.name().equalsIgnoreCase(name)) p = q;
        } else if (argIndex < inputs.size()) p = inputs.get(argIndex);
        if (p == null) {
            for (Param q : inputs) out.add(new Candidate(q.name() + "=", q.name() + "=", null, q.cDecl(), null, null, false));
            return;
        }
        String prefix = eq > 0 ? current.substring(0, eq + 1) : "";
        PType t = p.type();
        if (t.kind() == PType.Kind.HANDLE && session.currentJob() != null) {
            // a handle parameter's constant group is its kind's prefix ("comm", "win", ...)
            for (HandleSnapshot h : HandleSnapshot.of(session.job().rank(session.defaultRank()), t.constantGroup())) {
                if (!h.predefined()) out.add(new Candidate(prefix + h.name(), h.name(), "live " + h.noun() + "s", null, null, null, true));
            }
        }
        if (t.constantGroup() != null) {
            for (Constant c : session.catalogue().constants(t.constantGroup())) {
                out.add(new Candidate(prefix + c.name(), c.name(), "predefined", null, null, null, true));
            }
        }
        if (out.isEmpty() && eq < 0) {
            out.add(new Candidate(p.name() + "=", p.name() + "=", null, p.cDecl().toLowerCase(Locale.ROOT), null, null, false));
        }
    }

    /** {@code MPI.}, {@code LAPI.} or {@code mem.} and the start of a member name, at the end of the word being typed. */
    private static final Pattern MEMBER = Pattern.compile("(?<![\\w$.])(MPI|LAPI|mem)\\.(\\w*)$");

    /**
     * In a {@code js} command: after {@code MPI.}, {@code LAPI.} or {@code mem.}, every member of that object with
     * its synopsis (the word may hold more code before it: {@code print(MPI.Comm_r}).
     */
    private void completeScript(String word, List<Candidate> out) {
        Matcher m = MEMBER.matcher(word);
        if (!m.find()) return;
        String object = m.group(1);
        String before = word.substring(0, m.start());
        for (ScriptApi.Member member : ScriptApi.members(session.catalogue(), object)) {
            String full = object + "." + member.name();
            out.add(new Candidate(before + full, full, object, member.synopsis(), null, null, false));
        }
    }
}
