package org.mpish.shell.man;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The roff state a page builds while it is read: user strings ({@code .ds}, {@code \*}), number
 * registers ({@code .nr}, {@code \n}), user macros ({@code .de}) and the {@code .ie}/{@code .el}
 * stack, with the condition and expression rules of roff as mandoc implements them (conditions
 * {@code n o t e v c d r}, string comparison, expressions evaluated left to right).
 */
final class Roff {
    final Map<String, String> strings = new HashMap<>();
    final Map<String, Integer> registers = new HashMap<>();
    /** Auto-increments of registers ({@code .nr name value step}), used by {@code \n+} and {@code \n-}. */
    final Map<String, Integer> steps = new HashMap<>();
    final Map<String, String> macros = new HashMap<>();
    /** Results of {@code .ie} conditions awaiting their {@code .el}. */
    private final java.util.ArrayDeque<Boolean> elseStack = new java.util.ArrayDeque<>();
    /** The control character {@code .cc} set, or 0 for the default ({@code .} and {@code '}). */
    char control;

    /** Whether a line starts with a control character (after {@code .cc X}, only X is one, as in mandoc). */
    boolean isControl(String line) {
        if (line.isEmpty()) {
            return false;
        }
        char c = line.charAt(0);
        return control != 0 ? c == control : c == '.' || c == '\'';
    }

    /** Character translations from {@code .tr}: a character or escape sequence to its replacement. */
    final java.util.LinkedHashMap<String, String> translations = new java.util.LinkedHashMap<>();

    /** {@code .tr abcd}: a becomes b, c becomes d; an item may be an escape sequence; a lone last one becomes a blank. */
    void translate(String arg) {
        List<String> items = new ArrayList<>();
        int i = 0;
        while (i < arg.length()) {
            char c = arg.charAt(i);
            if (c == ' ' || c == '\t') {
                break;
            }
            if (c == '\\' && i + 1 < arg.length()) {
                Escape e = Escape.parse(arg, i + 1);
                int end = Math.max(e.end(), i + 2);
                items.add(arg.substring(i, Math.min(end, arg.length())));
                i = end;
            } else {
                items.add(String.valueOf(c));
                i++;
            }
        }
        for (int k = 0; k < items.size(); k += 2) {
            String to = k + 1 < items.size() ? items.get(k + 1) : " ";
            if (items.get(k).equals(to)) {
                translations.remove(to);
            } else {
                translations.put(items.get(k), to);
            }
        }
    }

    /** Applies the {@code .tr} translations to text, leaving other escape sequences alone. */
    String translated(String s) {
        if (translations.isEmpty()) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            String item;
            if (c == '\\' && i + 1 < s.length()) {
                Escape e = Escape.parse(s, i + 1);
                int end = Math.min(Math.max(e.end(), i + 2), s.length());
                item = s.substring(i, end);
                i = end;
            } else {
                item = String.valueOf(c);
                i++;
            }
            String to = translations.get(item);
            out.append(to != null ? to : item);
        }
        return out.toString();
    }

    /** Number of arguments of the macro being expanded ({@code \n(.$}). */
    int argc;

    /** A string's value: a user definition, else null. */
    String string(String name) {
        return strings.get(name);
    }

    /** A register's value: read-only registers as mandoc defines them, then user registers, else 0. */
    /** {@code \n+name} / {@code \n-name}: steps the register by its increment first, then reads it. */
    int register(String name, char sign) {
        if ((sign == '+' || sign == '-') && !(name.length() == 2 && name.charAt(0) == '.')) {
            Integer step = steps.get(name);
            Integer v = registers.get(name);
            if (v != null && step != null) {
                registers.put(name, sign == '+' ? v + step : v - step);
            }
        }
        return register(name);
    }

    int register(String name) {
        switch (name) {
            case ".$" -> {
                return argc;
            }
            case ".A", ".j" -> {
                return 0;
            }
            case ".g", ".T" -> {
                return 1;
            }
            case ".H" -> {
                return 24;
            }
            case ".V" -> {
                return 40;
            }
            default -> {
                Integer v = registers.get(name);
                return v == null ? 0 : v;
            }
        }
    }

    boolean hasRegister(String name) {
        return registers.containsKey(name) || name.length() == 2 && name.charAt(0) == '.' && ".$AgjHTV".indexOf(name.charAt(1)) >= 0;
    }

    void pushElse(boolean taken) {
        if (elseStack.size() < 1000) {
            elseStack.push(taken);
        }
    }

    /** Whether the {@code .el} branch runs: the matching {@code .ie} was false. */
    boolean popElse() {
        Boolean taken = elseStack.poll();
        return taken != null && !taken;
    }

    // ---------------------------------------------------------------- conditions

    /** Evaluates a condition at {@code pos[0]} and moves past it. */
    boolean condition(String v, int[] pos) {
        boolean want = true;
        if (pos[0] < v.length() && v.charAt(pos[0]) == '!') {
            want = false;
            pos[0]++;
        }
        if (pos[0] >= v.length()) {
            return false;
        }
        char c = v.charAt(pos[0]);
        switch (c) {
            case 'n', 'o' -> {
                pos[0]++;
                return want;
            }
            case 'e', 't', 'v' -> {
                pos[0]++;
                return !want;
            }
            case 'c' -> {
                do {
                    pos[0]++;
                } while (pos[0] < v.length() && v.charAt(pos[0]) == ' ');
                if (pos[0] >= v.length()) {
                    return false;
                }
                if (v.charAt(pos[0]) == '\t') {
                    pos[0]++;
                    return false;
                }
                if (v.charAt(pos[0]) != '\\') {
                    pos[0]++;
                    return want;
                }
                Escape e = Escape.parse(v, pos[0] + 1);
                pos[0] = Math.max(e.end(), pos[0] + 1);
                boolean is = switch (e.kind()) {
                    case SPECIAL -> CharTable.known(e.arg(v));
                    case UNICODE -> true;
                    default -> !want;
                };
                return is == want;
            }
            case 'd', 'r' -> {
                int p = pos[0] + 1;
                while (p < v.length() && v.charAt(p) == ' ') {
                    p++;
                }
                int s = p;
                while (p < v.length() && v.charAt(p) != ' ' && v.charAt(p) != '\t') {
                    p++;
                }
                String name = v.substring(s, p);
                pos[0] = p;
                boolean is = !name.isEmpty() && (c == 'r' ? hasRegister(name)
                        : strings.containsKey(name) || macros.containsKey(name) || Tok.macro(name) != null);
                return is == want;
            }
            default -> { }
        }
        int save = pos[0];
        Integer n = expression(v, pos, 'u');
        if (n != null) {
            return (n > 0) == want;
        }
        if (pos[0] == save) {
            return stringCondition(v, pos) == want;
        }
        return false;
    }

    /** {@code 'abc'abc'}: whether two strings between delimiters are equal. */
    private static boolean stringCondition(String v, int[] pos) {
        if (pos[0] >= v.length()) {
            return false;
        }
        char d = v.charAt(pos[0]);
        int s1 = pos[0] + 1;
        int e1 = v.indexOf(d, s1);
        if (e1 < 0) {
            pos[0] = v.length();
            return false;
        }
        int e2 = v.indexOf(d, e1 + 1);
        if (e2 < 0) {
            pos[0] = v.length();
            return false;
        }
        pos[0] = e2 + 1;
        return v.substring(s1, e1).equals(v.substring(e1 + 1, e2));
    }

    // ---------------------------------------------------------------- expressions

    /**
     * A numeric expression, left to right without precedence as in roff: operands (numbers with an
     * optional unit, parenthesised expressions, signs) joined by {@code + - * / % < > <= >= = == <> & :}.
     * Returns null (position unchanged) when there is no expression here.
     */
    Integer expression(String v, int[] pos, char unit) {
        int start = pos[0];
        Integer res = operand(v, pos, unit);
        if (res == null) {
            pos[0] = start;
            return null;
        }
        long r = res;
        while (pos[0] < v.length()) {
            int save = pos[0];
            String op = operator(v, pos);
            if (op == null) {
                break;
            }
            Integer b = operand(v, pos, unit);
            if (b == null) {
                pos[0] = save;
                break;
            }
            long o = b;
            r = switch (op) {
                case "+" -> r + o;
                case "-" -> r - o;
                case "*" -> r * o;
                case "/" -> o == 0 ? r : r / o;
                case "%" -> o == 0 ? r : r % o;
                case "<" -> r < o ? 1 : 0;
                case ">" -> r > o ? 1 : 0;
                case "<=" -> r <= o ? 1 : 0;
                case ">=" -> r >= o ? 1 : 0;
                case "=", "==" -> r == o ? 1 : 0;
                case "<>", "!=" -> r != o ? 1 : 0;
                case "&" -> r > 0 && o > 0 ? 1 : 0;
                case ":" -> r > 0 || o > 0 ? 1 : 0;
                case "<?" -> Math.min(r, o);
                case ">?" -> Math.max(r, o);
                default -> r;
            };
            r = Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, r));
        }
        return (int) r;
    }

    private static String operator(String v, int[] pos) {
        int p = pos[0];
        if (p >= v.length()) {
            return null;
        }
        char c = v.charAt(p);
        char d = p + 1 < v.length() ? v.charAt(p + 1) : 0;
        String two = "" + c + d;
        for (String op : new String[] {"<=", ">=", "==", "<>", "!=", "<?", ">?"}) {
            if (two.equals(op)) {
                pos[0] += 2;
                return op;
            }
        }
        if ("+-*/%<>=&:".indexOf(c) >= 0) {
            pos[0]++;
            return String.valueOf(c);
        }
        return null;
    }

    private Integer operand(String v, int[] pos, char unit) {
        int p = pos[0];
        if (p >= v.length()) {
            return null;
        }
        char c = v.charAt(p);
        if (c == '(') {
            pos[0]++;
            Integer r = expression(v, pos, unit);
            if (r == null) {
                return null;
            }
            if (pos[0] < v.length() && v.charAt(pos[0]) == ')') {
                pos[0]++;
            }
            return r;
        }
        if (c == '-' || c == '+') {
            pos[0]++;
            Integer r = operand(v, pos, unit);
            if (r == null) {
                pos[0] = p;
                return null;
            }
            return c == '-' ? -r : r;
        }
        int s = p;
        while (p < v.length() && Character.isDigit(v.charAt(p))) {
            p++;
        }
        if (p < v.length() && v.charAt(p) == '.') {
            p++;
            while (p < v.length() && Character.isDigit(v.charAt(p))) {
                p++;
            }
        }
        if (p == s || p == s + 1 && v.charAt(s) == '.') {
            return null;
        }
        double num = Double.parseDouble(v.substring(s, p).equals(".") ? "0" : v.substring(s, p));
        char u = p < v.length() ? v.charAt(p) : 0;
        double scale = 1;
        switch (u) {
            case 'i' -> scale = 240;
            case 'c' -> scale = 240 / 2.54;
            case 'p' -> scale = 240 / 72.0;
            case 'P' -> scale = 40;
            case 'm', 'n' -> scale = 24;
            case 'v' -> scale = 40;
            case 'u' -> scale = 1;
            case 'f' -> scale = 65536;
            case 'M' -> scale = 24 / 100.0;
            default -> u = 0;
        }
        if (u != 0) {
            p++;
        }
        pos[0] = p;
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, num * scale));
    }

    // ---------------------------------------------------------------- macros

    /** Splits macro arguments as roff does: blanks separate, double quotes group, {@code ""} is a quote. */
    static List<String> arguments(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            while (i < n && s.charAt(i) == ' ') {
                i++;
            }
            if (i >= n) {
                break;
            }
            StringBuilder a = new StringBuilder();
            if (s.charAt(i) == '"') {
                i++;
                while (i < n) {
                    char c = s.charAt(i);
                    if (c == '"') {
                        if (i + 1 < n && s.charAt(i + 1) == '"') {
                            a.append('"');
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    a.append(c);
                    i++;
                }
            } else {
                while (i < n && s.charAt(i) != ' ') {
                    char c = s.charAt(i);
                    a.append(c);
                    if (c == '\\' && i + 1 < n) {
                        a.append(s.charAt(i + 1));
                        i++;
                    }
                    i++;
                }
            }
            out.add(a.toString());
        }
        return out;
    }

    /** A macro body with {@code \$1}..{@code \$9}, {@code \$*}, {@code \$@}, {@code \$#} and {@code \$0} replaced. */
    static String substitute(String body, String name, List<String> args) {
        StringBuilder out = new StringBuilder(body.length() + 32);
        int n = body.length();
        for (int i = 0; i < n; i++) {
            char c = body.charAt(i);
            if (c != '\\' || i + 1 >= n) {
                out.append(c);
                continue;
            }
            char d = body.charAt(i + 1);
            if (d == '\\') {
                out.append("\\\\");
                i++;
                continue;
            }
            if (d != '$' || i + 2 >= n) {
                out.append(c);
                continue;
            }
            char k = body.charAt(i + 2);
            int skip = 3;
            String val;
            if (k >= '1' && k <= '9') {
                int idx = k - '1';
                val = idx < args.size() ? args.get(idx) : "";
            } else if (k == '*') {
                val = String.join(" ", args);
            } else if (k == '@') {
                List<String> q = new ArrayList<>();
                for (String a : args) {
                    q.add("\"" + a.replace("\"", "\"\"") + "\"");
                }
                val = String.join(" ", q);
            } else if (k == '0') {
                val = name;
            } else if (k == '(' && i + 4 < n) {
                String num = body.substring(i + 3, i + 5);
                skip = 5;
                int idx = num.chars().allMatch(Character::isDigit) ? Integer.parseInt(num) - 1 : -1;
                val = idx >= 0 && idx < args.size() ? args.get(idx) : "";
            } else if (k == '[') {
                int close = body.indexOf(']', i + 3);
                if (close < 0) {
                    out.append(c);
                    continue;
                }
                String num = body.substring(i + 3, close);
                skip = close - i + 1;
                int idx = !num.isEmpty() && num.chars().allMatch(Character::isDigit) ? Integer.parseInt(num) - 1 : -1;
                val = idx >= 0 && idx < args.size() ? args.get(idx) : "";
            } else {
                out.append(c);
                continue;
            }
            out.append(val);
            i += skip - 1;
        }
        return out.toString();
    }

    /** Copy mode for a definition line: an escaped backslash stands for one backslash. */
    static String copyMode(String line) {
        if (line.indexOf("\\\\") < 0) {
            return line;
        }
        StringBuilder out = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            out.append(c);
            if (c == '\\' && i + 1 < line.length()) {
                char d = line.charAt(i + 1);
                if (d != '\\') {
                    out.append(d);
                }
                i++;
            }
        }
        return out.toString();
    }
}
