package org.mpish.shell.repl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jline.reader.Candidate;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;
import org.mpish.runtime.catalog.Param;
import org.mpish.runtime.StructType;

/**
 * Completion of the fields of a call's structure argument given as name=value words ({@code LAPI_Xfer 0
 * Xfer_type=LAPI_PUT_XFER tgt=1 ...}), from the members the catalogue declares: the selector first, then the fields
 * of the member it names that are not given yet; after {@code name=}, the predefined values of that field.
 */
final class FieldCompletion {
    private FieldCompletion() {}

    /**
     * Candidates for {@code current} (the word being completed) in a call line whose arguments are {@code args}
     * (the words after the command, the current one included), or null when the word is not a structure field.
     */
    static List<Candidate> complete(Catalogue cat, Call call, List<String> args, String current) {
        int s = call.structInput();
        if (s < 0) return null;
        Param struct = call.inputs().get(s);
        StructType st = struct.type().struct();
        if (st == null) return null;
        int eq = current.indexOf('=');
        List<Candidate> out = new ArrayList<>();
        if (eq > 0) {
            String name = current.substring(0, eq);
            StructType.Field f = st.isSelector(name) ? st.selector() : any(st, name);
            if (f == null) return null;
            if (f.group() != null) {
                for (Constant c : cat.constants(f.group())) {
                    String v = current.substring(0, eq + 1) + c.name();
                    out.add(new Candidate(v, c.name(), "predefined", null, null, null, true));
                }
            }
            return out;
        }
        // how many positional words are there before this one: the structure comes after them
        int positional = 0;
        for (String a : args.subList(0, Math.max(0, args.size() - 1))) if (a.indexOf('=') < 0) positional++;
        if (positional < s) return null; // still completing the parameters before it
        Set<String> given = new HashSet<>();
        String tag = null;
        for (String a : args.subList(0, Math.max(0, args.size() - 1))) {
            int e = a.indexOf('=');
            if (e <= 0) continue;
            String n = a.substring(0, e);
            given.add(n);
            if (st.isSelector(n)) tag = a.substring(e + 1);
        }
        List<StructType.Field> offer = new ArrayList<>();
        if (st.isUnion()) {
            StructType.Variant v = tag == null ? null : member(st, tag);
            if (v == null) offer.add(st.selector());
            else offer.addAll(v.fields());
        } else offer.addAll(st.fields());
        for (StructType.Field f : offer) {
            if (f.padding() || given.contains(f.name())) continue;
            out.add(new Candidate(f.name() + "=", f.name() + "=", st.cName(), f.cDecl(), null, null, false));
        }
        return out;
    }

    private static StructType.Field any(StructType st, String name) {
        for (StructType.Variant v : st.variants()) {
            StructType.Field f = v.field(name);
            if (f != null) return f;
        }
        return null;
    }

    /** The member a selector value names: the constant's name, or the shell's short forms (PUT, PUT_XFER). */
    private static StructType.Variant member(StructType st, String tag) {
        for (StructType.Variant v : st.variants()) {
            String t = v.tag();
            String shortName = t.replaceFirst("^LAPI_", "");
            if (t.equalsIgnoreCase(tag) || shortName.equalsIgnoreCase(tag) || shortName.replaceFirst("_XFER$", "").equalsIgnoreCase(tag)) {
                return v;
            }
        }
        return null;
    }
}
