package org.mpish.shell;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small command-line model and the one parser that reads it: a command has options (a flag, or an option that
 * takes a value, with a short and/or a long name) and operands, and may have subcommands named by the first
 * argument. {@link #parse} and {@link #help} both work from the same declarations, so what the launcher accepts
 * and what {@code --help} says cannot drift apart.
 *
 * <p>Accepted spellings: {@code -n 3}, {@code -n3}, {@code -n=3}, {@code --ranks 3}, {@code --ranks=3}, and
 * clustered flags ({@code -fk}). An option may appear once. {@code --} ends the options. In a command that
 * {@linkplain Command#passesRest passes the rest on} (mpish run), the first operand also ends them: what follows
 * the script belongs to the script.
 */
final class Cli {
    private Cli() {}

    /** What a bad command line gets: one line naming the problem (exit status 2). */
    static final class UsageError extends Exception {
        final Command command;

        UsageError(Command command, String message) {
            super(message, null, false, false);
            this.command = command;
        }
    }

    /** Turns an option's text into its value; throws IllegalArgumentException with a message for the user. */
    interface Converter<T> {
        T convert(String text);
    }

    /** One option. {@code label} null: a flag (its value is {@code true} when given). */
    static final class Option<T> {
        final String shortName;
        final String longName;
        final String label;
        final String help;
        final Converter<T> converter;

        private Option(String shortName, String longName, String label, String help, Converter<T> converter) {
            this.shortName = shortName;
            this.longName = longName;
            this.label = label;
            this.help = help;
            this.converter = converter;
        }

        static Option<Boolean> flag(String shortName, String longName, String help) {
            return new Option<>(shortName, longName, null, help, t -> Boolean.TRUE);
        }

        static <T> Option<T> value(String shortName, String longName, String label, String help, Converter<T> converter) {
            return new Option<>(shortName, longName, label, help, converter);
        }

        boolean takesValue() { return label != null; }

        /** The name the user is told about: the long one if there is one. */
        String name() { return longName != null ? longName : shortName; }

        /** "-n, --ranks N" as help lists it. */
        String signature() {
            String names = shortName != null && longName != null ? shortName + ", " + longName
                    : shortName != null ? shortName : "    " + longName;
            return label == null ? names : names + " " + label;
        }

        /** "[-n N]" as a usage line shows it. */
        String synopsis() {
            String n = shortName != null ? shortName : longName;
            // a no-break space: help's wrapping keeps "[-o FILE]" on one line
            return "[" + (label == null ? n : n + "\u00a0" + label) + "]";
        }
    }

    /** An operand: {@code min} to {@code max} words ({@code max} -1: any number). */
    record Operand(String label, String help, int min, int max) {
        String synopsis() {
            String s = max < 0 ? label + "..." : label;
            return min == 0 ? "[" + s + "]" : s;
        }
    }

    /** A command: its name as typed after {@code mpish} (the root's is "mpish"), a one-line summary, and its parts. */
    record Command(String name, String summary, List<Option<?>> options, List<Operand> operands, boolean passesRest,
                   List<Command> subcommands) {
        /** What the user types to run it: "mpish" or "mpish run". */
        String path() { return name.equals("mpish") ? "mpish" : "mpish " + name; }

        /** Every option and operand: "mpish run [-n N] ... SCRIPT [ARGS...]". */
        String usage() {
            StringBuilder b = new StringBuilder(path());
            for (Option<?> o : options) b.append(' ').append(o.synopsis());
            for (Operand o : operands) b.append(' ').append(o.synopsis());
            return b.toString();
        }

        /** The short form for an error message: "mpish run [OPTIONS] SCRIPT [ARGS...]". */
        String shortUsage() {
            StringBuilder b = new StringBuilder(path()).append(" [OPTIONS]");
            for (Operand o : operands) b.append(' ').append(o.synopsis());
            return b.toString();
        }
    }

    /** A parsed command line: which command, the options given, and the operands' words. */
    static final class Parsed {
        final Command command;
        private final Map<Option<?>, Object> values;
        private final Map<Operand, List<String>> words;

        Parsed(Command command, Map<Option<?>, Object> values, Map<Operand, List<String>> words) {
            this.command = command;
            this.values = values;
            this.words = words;
        }

        boolean has(Option<?> o) { return values.containsKey(o); }

        @SuppressWarnings("unchecked")
        <T> T get(Option<T> o, T otherwise) { return values.containsKey(o) ? (T) values.get(o) : otherwise; }

        List<String> words(Operand o) { return words.getOrDefault(o, List.of()); }

        /** The operand's one word, or null. */
        String word(Operand o) {
            List<String> w = words(o);
            return w.isEmpty() ? null : w.get(0);
        }
    }

    /**
     * Parses {@code args} against {@code root} (or the subcommand its first argument names). Operand counts are
     * not checked when {@code lenient} says so for the options given (--help and --version need no operands).
     */
    static Parsed parse(Command root, String[] args, Option<?>... lenient) throws UsageError {
        Command c = root;
        int i = 0;
        if (args.length > 0) {
            for (Command sub : root.subcommands()) {
                if (sub.name().equals(args[0])) {
                    c = sub;
                    i = 1;
                }
            }
        }
        Map<Option<?>, Object> values = new LinkedHashMap<>();
        List<String> operands = new ArrayList<>();
        boolean optionsEnded = false;
        for (; i < args.length; i++) {
            String a = args[i];
            if (!optionsEnded && a.equals("--")) {
                optionsEnded = true;
            } else if (!optionsEnded && a.startsWith("--")) {
                int eq = a.indexOf('=');
                String name = eq < 0 ? a : a.substring(0, eq);
                Option<?> o = find(c, name, false);
                if (o == null) throw new UsageError(c, "unknown option '" + name + "'");
                String v = null;
                if (o.takesValue()) {
                    if (eq >= 0) v = a.substring(eq + 1);
                    else if (i + 1 < args.length) v = args[++i];
                    else throw new UsageError(c, name + " needs a value (" + o.label + ")");
                } else if (eq >= 0) {
                    throw new UsageError(c, name + " takes no value");
                }
                put(c, values, o, name, v);
            } else if (!optionsEnded && a.startsWith("-") && a.length() > 1) {
                // -n3, -n=3, -n 3, or a cluster of flags (-fk)
                for (int k = 1; k < a.length(); k++) {
                    String name = "-" + a.charAt(k);
                    Option<?> o = find(c, name, true);
                    if (o == null) throw new UsageError(c, "unknown option '" + name + "'" + (k > 1 ? " (in '" + a + "')" : ""));
                    if (!o.takesValue()) {
                        put(c, values, o, name, null);
                        continue;
                    }
                    String v = a.substring(k + 1);
                    if (v.startsWith("=")) v = v.substring(1);
                    else if (v.isEmpty()) {
                        if (i + 1 >= args.length) throw new UsageError(c, name + " needs a value (" + o.label + ")");
                        v = args[++i];
                    }
                    put(c, values, o, name, v);
                    break;
                }
            } else {
                if (c == root && !root.subcommands().isEmpty()) {
                    for (Command sub : root.subcommands()) {
                        if (sub.name().equals(a)) {
                            throw new UsageError(c, "'" + a + "' must be the first argument (" + sub.shortUsage() + ")");
                        }
                    }
                }
                operands.add(a);
                if (c.passesRest()) optionsEnded = true;
            }
        }
        boolean checkCounts = true;
        for (Option<?> o : lenient) if (values.containsKey(o)) checkCounts = false;
        return new Parsed(c, values, assign(c, operands, checkCounts));
    }

    private static Option<?> find(Command c, String name, boolean isShort) {
        for (Option<?> o : c.options()) if (name.equals(isShort ? o.shortName : o.longName)) return o;
        return null;
    }

    private static void put(Command c, Map<Option<?>, Object> values, Option<?> o, String typed, String text) throws UsageError {
        if (values.containsKey(o)) throw new UsageError(c, o.name() + " is given twice");
        Object v;
        try {
            v = o.converter.convert(text);
        } catch (IllegalArgumentException e) {
            throw new UsageError(c, typed + ": " + e.getMessage());
        }
        values.put(o, v);
    }

    /** Hands the words to the operands in order, each taking as many as it may. */
    private static Map<Operand, List<String>> assign(Command c, List<String> words, boolean checkCounts) throws UsageError {
        Map<Operand, List<String>> out = new LinkedHashMap<>();
        int next = 0;
        for (Operand o : c.operands()) {
            int take = o.max() < 0 ? words.size() - next : Math.min(o.max(), words.size() - next);
            if (take < o.min() && checkCounts) throw new UsageError(c, "missing " + o.label());
            out.put(o, List.copyOf(words.subList(next, next + take)));
            next += take;
        }
        if (next < words.size() && checkCounts) throw new UsageError(c, "unexpected argument '" + words.get(next) + "'");
        return out;
    }

    // ---- help ------------------------------------------------------------------------------------

    private static final int WIDTH = 80;
    private static final int COLUMN = 26;

    /** {@code --help}: the usage line, the summary, then every operand and option with its description. */
    static String help(Command c) {
        StringBuilder b = new StringBuilder();
        wrap(b, "Usage: ", c.usage(), 8 + c.path().length());
        for (Command s : c.subcommands()) wrap(b, "       ", s.usage(), 8 + s.path().length());
        wrap(b, "", c.summary(), 0);
        b.append('\n');
        for (Operand o : c.operands()) if (o.help() != null) entry(b, o.label(), o.help());
        for (Option<?> o : c.options()) entry(b, o.signature(), o.help);
        if (!c.subcommands().isEmpty()) {
            b.append("\nCommands (").append(c.path()).append(" COMMAND --help for each):\n");
            for (Command s : c.subcommands()) entry(b, s.name(), s.summary());
        }
        return b.toString();
    }

    private static void entry(StringBuilder b, String left, String text) {
        String head = "  " + left;
        if (head.length() >= COLUMN - 1) {
            b.append(head).append('\n');
            head = "";
        }
        wrap(b, head + " ".repeat(COLUMN - head.length()), text, COLUMN);
    }

    /** Appends {@code first + text}, wrapped at {@link #WIDTH} with continuation lines indented by {@code indent}. */
    private static void wrap(StringBuilder b, String first, String text, int indent) {
        StringBuilder line = new StringBuilder(first);
        int start = first.length();
        for (String w : text.split(" ")) {
            if (line.length() > start && line.length() + 1 + w.length() > WIDTH) {
                b.append(line).append('\n');
                line = new StringBuilder(" ".repeat(indent));
                start = indent;
            }
            if (line.length() > start) line.append(' ');
            line.append(w.replace('\u00a0', ' '));
        }
        b.append(line).append('\n');
    }
}
