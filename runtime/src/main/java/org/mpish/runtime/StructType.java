package org.mpish.runtime;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The members of a C structure or union that a call takes (lapi_xfer_t, lapi_info_t, lapi_vec_t, ...), declared
 * once. A union has one {@link Variant} per value of its selector field ({@code Xfer_type} names the member of
 * lapi_xfer_t); a plain structure has one variant without a tag. The parser of the call reads the fields this
 * declares, the shell completes {@code name=} from it, {@code help} lists it and the man-page check compares the
 * page with it.
 */
public final class StructType {
    /**
     * One member of a structure.
     *
     * @param group   the constant group whose names are valid values (for completion), or null
     * @param padding a field that exists only for alignment: accepted and never read
     * @param points  the declared structure this field points to (lapi_xfer_t's org_vec: lapi_vec_t), or null
     */
    public record Field(String name, String cDecl, String group, boolean padding, StructType points) {}

    /**
     * The fields of one member of a union ({@code tag} = the selector's value, LAPI_PUT_XFER; {@code member} = the
     * member's C type, lapi_put_t, or null where the C header gives it none), or of a plain structure (tag null).
     * The selector itself is not among {@code fields}.
     */
    public record Variant(String tag, String member, List<Field> fields) {
        public List<String> names() { return fields.stream().map(Field::name).toList(); }

        public Field field(String name) {
            for (Field f : fields) if (f.name().equals(name)) return f;
            return null;
        }

        /** "LAPI_PUT_XFER (lapi_put_t)", "LAPI_AM_LW_XFER", or the structure's name. */
        public String title(String structName) {
            if (tag == null) return structName;
            return member == null ? tag : tag + " (" + member + ")";
        }
    }

    private final String cName;
    private final Field selector;
    private final List<String> selectorAliases;
    private final List<Variant> variants;
    /** Every name any member has, worked out once: each field a call reads is checked against it. */
    private final Set<String> allNames;

    private StructType(String cName, Field selector, List<String> selectorAliases, List<Variant> variants) {
        this.cName = cName;
        this.selector = selector;
        this.selectorAliases = List.copyOf(selectorAliases);
        this.variants = List.copyOf(variants);
        Set<String> all = new LinkedHashSet<>();
        if (selector != null) {
            all.add(selector.name());
            all.addAll(selectorAliases);
        }
        for (Variant v : variants) all.addAll(v.names());
        this.allNames = java.util.Collections.unmodifiableSet(all);
    }

    /** "lapi_xfer_t". */
    public String cName() { return cName; }
    /** The field that chooses the member ({@code Xfer_type}), or null for a plain structure. */
    public Field selector() { return selector; }
    /** Other names the selector may be given by (the shell's short {@code type=}). */
    public List<String> selectorAliases() { return selectorAliases; }
    public boolean isUnion() { return selector != null; }
    public List<Variant> variants() { return variants; }

    /** The fields of a plain structure. */
    public List<Field> fields() {
        if (isUnion()) throw new IllegalStateException(cName + " is a union: ask for a variant's fields");
        return variants.get(0).fields();
    }

    /** The member for a selector value such as "LAPI_PUT_XFER", or null. */
    public Variant variant(String tag) {
        for (Variant v : variants) if (v.tag() != null && v.tag().equalsIgnoreCase(tag)) return v;
        return null;
    }

    /** Whether {@code name} is the selector or one of its aliases. */
    public boolean isSelector(String name) {
        return selector != null && (selector.name().equals(name) || selectorAliases.contains(name));
    }

    /** Every field name of every member, the selector and its aliases first. */
    public Set<String> allNames() { return allNames; }

    /**
     * The first name in {@code given} that is a field of no member (nor the selector), or null. A field of another
     * member of a union is not reported: as in C, the call reads only the member the selector names.
     */
    public String unknown(Collection<String> given) {
        for (String g : given) if (!allNames.contains(g)) return g;
        return null;
    }

    /** The message for a field that no member has: it lists the fields of {@code v} (the member being read). */
    public String unknownMessage(String what, String name, Variant v) {
        List<String> names = new ArrayList<>();
        if (selector != null) names.add(selector.name());
        for (Field f : v.fields()) if (!f.padding()) names.add(f.name());
        return what + " has no field '" + name + "' (fields: " + String.join(", ", names) + ")";
    }

    /** The fields of {@code v} written as the man page lists them: "flags, tgt, tgt_addr." (padding left out). */
    public static String fieldList(Variant v) {
        return String.join(", ", v.fields().stream().filter(f -> !f.padding()).map(Field::name).toList()) + ".";
    }

    // ---- declaring ----------------------------------------------------------------------------

    /** A plain structure: {@code StructType.struct("lapi_info_t").field(...)...build()}. */
    public static Builder struct(String cName) { return new Builder(cName, null); }

    /** A union whose member is chosen by {@code selector} (a field every member begins with). */
    public static Builder union(String cName, Field selector, String... aliases) {
        Builder b = new Builder(cName, selector);
        b.aliases.addAll(List.of(aliases));
        return b;
    }

    public static Field field(String name, String cDecl) { return new Field(name, cDecl, null, false, null); }
    public static Field field(String name, String cDecl, String group) { return new Field(name, cDecl, group, false, null); }
    public static Field padding(String name, String cDecl) { return new Field(name, cDecl, null, true, null); }
    /** A pointer to a structure whose members {@code points} declares. */
    public static Field field(String name, String cDecl, StructType points) { return new Field(name, cDecl, null, false, points); }

    /** The declared structures the fields of any member point to, each once, in order of appearance. */
    public List<StructType> pointsTo() {
        List<StructType> out = new ArrayList<>();
        for (Variant v : variants) {
            for (Field f : v.fields()) if (f.points() != null && !out.contains(f.points())) out.add(f.points());
        }
        return out;
    }

    public static final class Builder {
        private final String cName;
        private final Field selector;
        private final List<String> aliases = new ArrayList<>();
        private final List<Variant> variants = new ArrayList<>();
        private final List<Field> plain = new ArrayList<>();

        private Builder(String cName, Field selector) {
            this.cName = cName;
            this.selector = selector;
        }

        /** A member of a plain structure. */
        public Builder field(Field f) {
            if (selector != null) throw new IllegalStateException(cName + " is a union: declare members with member()");
            plain.add(f);
            return this;
        }

        /** A member of the union, for selector value {@code tag}. */
        public Builder member(String tag, String member, List<Field> fields) {
            if (selector == null) throw new IllegalStateException(cName + " is a structure: declare fields with field()");
            Set<String> seen = new LinkedHashSet<>();
            for (Field f : fields) {
                if (!seen.add(f.name()) || f.name().equals(selector.name())) {
                    throw new IllegalStateException(cName + "." + tag + ": field " + f.name() + " declared twice");
                }
            }
            variants.add(new Variant(tag, member, List.copyOf(fields)));
            return this;
        }

        public StructType build() {
            if (selector == null) variants.add(new Variant(null, cName, List.copyOf(plain)));
            return new StructType(cName, selector, aliases, variants);
        }
    }

    @Override public String toString() { return cName; }
}
