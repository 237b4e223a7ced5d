package org.mpish.runtime.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;

/**
 * Every call and every predefined name mpish knows, declared once by the families listed in {@link Families}.
 * Lookups are case-insensitive, as shell commands are.
 */
public final class Catalogue {
    /** The catalogue of all families, built on first use (the holder idiom: a final field, no lock). */
    private static final class Holder {
        static final Catalogue ALL = build(Families.ALL);
    }

    private final Map<String, Call> calls;
    /** The calls by their declared names ("MPI_Comm_dup"): the usual spelling, found without lower-casing it first. */
    private final Map<String, Call> exact = new java.util.HashMap<>();
    private final Map<String, Constant> constants;

    private final List<CallFamily> families;

    private Catalogue(List<CallFamily> families, Map<String, Call> calls, Map<String, Constant> constants) {
        this.families = List.copyOf(families);
        this.calls = calls;
        this.constants = constants;
        List<String> names = new ArrayList<>();
        for (Call c : calls.values()) {
            exact.put(c.name(), c);
            names.add(c.name());
            c.number(names.size(), this);
        }
        this.callNames = List.copyOf(names);
        this.numbering = new Job.Numbering(callNames);
    }

    /** {@link #callNames} numbered, shared by every job of this catalogue. */
    private final Job.Numbering numbering;

    /** The names of the calls in the order of their numbers (number i at index i - 1). */
    private final List<String> callNames;

    /** The catalogue of all families. */
    public static Catalogue get() { return Holder.ALL; }

    public static Catalogue build(List<CallFamily> families) {
        Builder b = new Builder();
        for (CallFamily f : families) f.declare(b);
        return new Catalogue(families, Collections.unmodifiableMap(b.calls), Collections.unmodifiableMap(b.constants));
    }

    /** A job of {@code size} ranks with the hooks and settings of this catalogue's families wired in. */
    public Job newJob(int size, Job.Options options) { return new Job(size, options, this::wire); }

    /** Wires this catalogue's families into a new job (see {@link CallFamily#wire}). */
    public void wire(Job job) {
        // a new job takes the catalogue's numbering as it is; one that numbered calls already is checked
        if (!job.numberCalls(numbering)) {
            for (String name : callNames) {
                if (job.callNumber(name) != call(name).number()) {
                    // no job id in the message: wiring may run inside the job's constructor, before the id exists
                    throw new IllegalStateException("a job numbered " + name + " before its catalogue was wired");
                }
            }
        }
        for (CallFamily f : families) f.wire(job, this);
    }

    public Call call(String name) {
        Call c = exact.get(name);
        return c != null ? c : calls.get(name.toLowerCase(Locale.ROOT));
    }
    public List<Call> calls() { return List.copyOf(calls.values()); }

    /**
     * The handle that invokes call {@code name} (any spelling {@link #call} takes), for a caller that makes it
     * many times: look it up once, keep it. Null when there is no such call.
     */
    public CallHandle bind(String name) {
        Call c = call(name);
        return c == null ? null : bind(c);
    }

    /**
     * The handle of {@code c}, one of this catalogue's calls: made on first use, then the same every time. Each
     * call has its own compiled copy of the invoking code (see {@link BoundCall}).
     */
    public CallHandle bind(Call c) {
        return bind(c, true);
    }

    /**
     * The handle {@link Invoker} runs {@code c} through: its own once made, else a shared invoker until the call
     * has been made {@link #OWN_AFTER} times (a call's own copy costs a class, about a millisecond on a busy
     * machine: a script or a shell line that makes a call a few times should not pay it).
     */
    CallHandle handleFor(Call c) {
        CallHandle h = c.handle();
        if (h != null) return h;
        return bind(c, c.used() >= OWN_AFTER);
    }

    static final int OWN_AFTER = 1000;

    private CallHandle bind(Call c, boolean own) {
        CallHandle h = c.handle();
        if (h != null) return h;
        if (c.owner() != this || !own) return new BoundCall(c, this); // a shared invoker, not kept
        synchronized (c) {
            h = c.handle();
            if (h == null) c.handle(h = Invokers.of(c, this));
            return h;
        }
    }
    public Constant constant(String name) { return constants.get(name.toUpperCase(Locale.ROOT)); }
    public List<Constant> constants() { return List.copyOf(constants.values()); }

    /** Constants of a group ("comm", "copyfn", "errhandler", ...), for completion. */
    public List<Constant> constants(String group) {
        List<Constant> out = new ArrayList<>();
        for (Constant c : constants.values()) if (c.group().equals(group)) out.add(c);
        return out;
    }

    /** The value of a predefined name for a parameter of type {@code t} on rank {@code r}, or null. */
    public Object resolveName(Rank r, String name, PType t) {
        Constant c = constant(name);
        return c == null ? null : c.value().apply(r);
    }

    /** Declares calls and constants. */
    public static final class Builder {
        private final Map<String, Call> calls = new LinkedHashMap<>();
        private final Map<String, Constant> constants = new LinkedHashMap<>();

        public CallBuilder call(String name, String family, String summary) {
            return new CallBuilder(this, name, family, summary);
        }

        /** A constant whose value is the same on every rank. */
        public Builder constant(String name, String group, Object value) {
            return constant(name, group, r -> value);
        }

        public Builder constant(String name, String group, Function<Rank, Object> value) {
            if (constants.put(name.toUpperCase(Locale.ROOT), new Constant(name, group, value)) != null) {
                throw new IllegalStateException("constant declared twice: " + name);
            }
            return this;
        }

        void add(Call c) {
            if (calls.put(c.name().toLowerCase(Locale.ROOT), c) != null) {
                throw new IllegalStateException("call declared twice: " + c.name());
            }
        }
    }

    private static final StackWalker DECLARER = StackWalker.getInstance();

    /** Declares one call: parameters in C order, then {@link #impl}. */
    public static final class CallBuilder {
        private final Builder owner;
        private final String name;
        private final String family;
        private final String summary;
        private final List<Param> params = new ArrayList<>();
        private int errorParam = -1;
        private boolean deprecated;
        private String cReturn = "int";
        private String resultName;
        /** The family code that started this declaration (for the index of calls). */
        private final StackTraceElement declaredAt = DECLARER.walk(frames -> frames
                .filter(f -> !f.getClassName().startsWith(Catalogue.class.getPackageName() + "."))
                .findFirst().map(StackWalker.StackFrame::toStackTraceElement).orElse(null));

        CallBuilder(Builder owner, String name, String family, String summary) {
            this.owner = owner;
            this.name = name;
            this.family = family;
            this.summary = summary;
        }

        public CallBuilder in(String n, PType t) { return param(n, Dir.IN, t, null); }
        public CallBuilder in(String n, PType t, String cDecl) { return param(n, Dir.IN, t, cDecl); }
        public CallBuilder out(String n, PType t) { return param(n, Dir.OUT, t, null); }
        public CallBuilder out(String n, PType t, String cDecl) { return param(n, Dir.OUT, t, cDecl); }
        public CallBuilder inout(String n, PType t) { return param(n, Dir.INOUT, t, null); }
        public CallBuilder inout(String n, PType t, String cDecl) { return param(n, Dir.INOUT, t, cDecl); }

        private CallBuilder param(String n, Dir d, PType t, String cDecl) {
            params.add(new Param(n, d, t, cDecl != null ? cDecl : Param.defaultDecl(n, d, t)));
            return this;
        }

        /**
         * The parameter declared last may be left out; {@code meaning} says in words what the call then gets
         * ("NULL", "a zeroed lapi_info_t"); the implementation receives null for it. Only inputs, and only a
         * parameter whose implementation reads null that way.
         */
        public CallBuilder optional(String meaning) {
            int last = params.size() - 1;
            if (last < 0 || !params.get(last).isInput()) throw new IllegalStateException(name + ": optional() follows an input parameter");
            params.set(last, params.get(last).leftOutMeans(meaning));
            return this;
        }

        /** Errors of this call go to the error handler of parameter {@code paramName}. */
        public CallBuilder errorsOn(String paramName) {
            for (int i = 0; i < params.size(); i++) {
                if (params.get(i).name().equals(paramName)) { errorParam = i; return this; }
            }
            throw new IllegalStateException(name + ": no parameter " + paramName);
        }

        public CallBuilder deprecated() { deprecated = true; return this; }
        public CallBuilder returns(String cType) { cReturn = cType; return this; }
        /** The call's value is its C result, of type {@code cType}, called {@code resultName} in synopses. */
        public CallBuilder returns(String cType, String resultName) {
            cReturn = cType;
            this.resultName = resultName;
            return this;
        }

        /**
         * Declares the call. A call with a parameter whose type has a large-count form ({@link PType#large}: an int
         * count, ...) is declared twice from here, as MPI-4.1 section 2.5.8 pairs them: the int form (a value given
         * beyond an int is MPI_ERR_COUNT naming it; a result beyond an int is MPI_UNDEFINED or MPI_ERR_VALUE_TOO_LARGE)
         * and {@code name_c}, with MPI_Count (or MPI_Aint) there and the same implementation.
         */
        public Call impl(CallImpl impl) { return declare(impl, null); }

        /**
         * Declares the call with a typed body: {@code body} is a lambda of {@code shape}, a functional interface
         * whose method takes the {@link Rank} and then one parameter per input in order, typed as the input is
         * ({@code int} for an int, {@code long} for a long, count or address, a handle class such as
         * {@code Win} for a handle the call needs live, {@code Handle} or {@code Object} for one it checks
         * itself or a value); it returns nothing, the one output, or an {@code Object[]} of several. The
         * {@code Object[]} way (shell, scripts) reads each input from {@link Args} and calls the same body; a
         * {@link CallHandle#typed} entry calls it with no array, no boxing and no {@code Args}. A count the
         * large-count form widens is best taken as {@code long}: the int form and {@code _c} share the body.
         */
        public <T> Call typed(Class<T> shape, T body) {
            return declare(null, Typed.body(name, shape, body));
        }

        private Call declare(CallImpl given, Typed.Body typed) {
            CallImpl impl = typed != null ? Typed.impl(typed) : given;
            boolean large = !name.endsWith("_c") && params.stream().anyMatch(p -> p.type().large() != null);
            LargeCounts.IntForm intForm = large ? LargeCounts.intForm(name, params) : null;
            Call c = new Call(name, family, summary, List.copyOf(params), intForm != null ? intForm.around(impl) : impl,
                    errorParam, deprecated, cReturn, resultName, declaredAt);
            c.body(impl, intForm);
            if (typed != null) c.typedBody(typed);
            owner.add(c);
            if (large) {
                Call l = new Call(name + "_c", family, summary, LargeCounts.largeParams(params), impl, errorParam, deprecated,
                        cReturn, resultName, declaredAt);
                if (typed != null) l.typedBody(typed);
                owner.add(l);
            }
            return c;
        }
    }
}
