package org.mpish.shell.script;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides, from a script's text alone, whether its runs may share contexts whose built-ins are frozen
 * ({@link KeptContext}, {@code mpish explore}). Freezing is what keeps one run's changes from the next; this gate
 * is what keeps a script from noticing the freezing, so it lets through only scripts that plainly never change or
 * inspect a built-in: scripts that fail it get a fresh context per rank per run, as {@code mpish run} does.
 * It is deliberately conservative (a small tokenizer, no parser): it refuses a script that names any of the
 * words below (however they are used), assigns to or deletes a member of a built-in global, uses a built-in global
 * other than to read a member, call or construct it, destructures into members, assigns to a member named like a
 * built-in method (which a frozen method up the prototype chain refuses), or has text it does not understand.
 */
final class ReuseGate {
    /** Words that reach or inspect built-in state, make code from strings, or leave work for a later run. */
    private static final Set<String> DENIED = Set.of(
            "prototype", "__proto__", "constructor", "defineProperty", "defineProperties", "setPrototypeOf",
            "getPrototypeOf", "getOwnPropertyDescriptor", "getOwnPropertyDescriptors", "assign", "freeze", "seal",
            "preventExtensions", "isFrozen", "isSealed", "isExtensible", "__defineGetter__", "__defineSetter__",
            "__lookupGetter__", "__lookupSetter__", "Reflect", "Proxy", "eval", "Function", "globalThis", "global",
            "with", "import", "delete", "arguments", "FinalizationRegistry", "WeakRef", "waitAsync",
            "captureStackTrace", "prepareStackTrace", "stackTraceLimit", "load", "loadWithNewGlobal", "Java",
            "Packages", "java", "javax", "javafx", "com", "org", "edu", "Graal", "Polyglot");

    /** The global object's built-ins (frozen in a kept context) and mpish's own globals that are not remade per run. */
    private static final Set<String> BUILTINS = Set.of(
            "Object", "Array", "String", "Number", "Boolean", "Symbol", "BigInt", "Math", "JSON", "Date", "RegExp",
            "Error", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError",
            "AggregateError", "Map", "Set", "WeakMap", "WeakSet", "Promise", "Iterator", "Intl", "Atomics",
            "ArrayBuffer", "SharedArrayBuffer", "DataView", "Int8Array", "Uint8Array", "Uint8ClampedArray",
            "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "Float16Array", "Float32Array", "Float64Array",
            "BigInt64Array", "BigUint64Array", "isNaN", "isFinite", "parseFloat", "parseInt", "encodeURI",
            "encodeURIComponent", "decodeURI", "decodeURIComponent", "escape", "unescape", "printErr");

    /** Keywords after which a slash starts a regular expression, not a division. */
    private static final Set<String> BEFORE_REGEX = Set.of(
            "return", "typeof", "instanceof", "in", "of", "new", "void", "throw", "case", "do", "else", "yield", "await");

    private static final Set<String> ASSIGN = Set.of(
            "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=");

    /** What the text says: either why it is refused, or the member names it assigns to (checked against the frozen methods). */
    record Scan(String refused, Set<String> assigned, boolean wrappable) {
        Scan(String refused, Set<String> assigned) { this(refused, assigned, false); }

        /** Null when a script may run in kept contexts whose frozen built-ins have these method names; else why not. */
        String refusal(Set<String> methods) {
            if (refused != null) return refused;
            for (String n : assigned) if (methods.contains(n)) return "assigns to a member named " + n + ", like a built-in method";
            return null;
        }
    }

    private enum Kind { WORD, NUMBER, STRING, TEMPLATE, REGEX, PUNCT }

    private record Tok(Kind kind, String text) {}

    private ReuseGate() {}

    static Scan scan(String code) {
        List<Tok> toks;
        try {
            toks = tokens(code);
        } catch (IllegalArgumentException e) {
            return new Scan(e.getMessage(), Set.of());
        }
        int[] match = matches(toks);
        if (match == null) return new Scan("unbalanced brackets", Set.of());
        Set<String> assigned = new HashSet<>();
        for (int i = 0; i < toks.size(); i++) {
            Tok t = toks.get(i);
            boolean classConstructor = t.text.equals("constructor") && t.kind == Kind.WORD && !isMember(toks, i)
                    && i + 1 < toks.size() && toks.get(i + 1).text.equals("("); // a class's constructor method
            if ((t.kind == Kind.WORD || t.kind == Kind.STRING || t.kind == Kind.TEMPLATE) && DENIED.contains(t.text) && !classConstructor) {
                return new Scan("uses " + t.text, Set.of());
            }
            if (t.kind == Kind.WORD && BUILTINS.contains(t.text) && !isMember(toks, i)) {
                String next = i + 1 < toks.size() ? toks.get(i + 1).text : "";
                String before = i > 0 ? toks.get(i - 1).text : "";
                boolean read = next.equals(".") || next.equals("(") || next.equals("?.")
                        || before.equals("new") || before.equals("instanceof") || before.equals("typeof")
                        || before.equals("extends");
                boolean declares = before.equals("function") || before.equals("class") || before.equals("var")
                        || before.equals("let") || before.equals("const");
                if (declares) return new Scan("declares the built-in " + t.text + " again", Set.of());
                if (!read) return new Scan("uses the built-in " + t.text + " as a value", Set.of());
            }
            if (t.kind != Kind.PUNCT) continue;
            if (ASSIGN.contains(t.text)) {
                String why = target(toks, match, i - 1, assigned);
                if (why != null) return new Scan(why, Set.of());
            } else if (t.text.equals("++") || t.text.equals("--")) {
                // postfix: the operand ends before; prefix: it starts after (a member chain if a . or [ follows its first word)
                if (i > 0 && endsOperand(toks.get(i - 1))) {
                    String why = target(toks, match, i - 1, assigned);
                    if (why != null) return new Scan(why, Set.of());
                }
                if (i + 2 < toks.size() && toks.get(i + 1).kind == Kind.WORD
                        && (toks.get(i + 2).text.equals(".") || toks.get(i + 2).text.equals("["))) {
                    int end = i + 1;
                    while (end + 2 < toks.size() && toks.get(end + 1).text.equals(".") && toks.get(end + 2).kind == Kind.WORD) end += 2;
                    if (end + 1 < toks.size() && toks.get(end + 1).text.equals("[")) return new Scan("updates a computed member", Set.of());
                    String why = target(toks, match, end, assigned);
                    if (why != null) return new Scan(why, Set.of());
                }
            }
        }
        // `o.x of` / `o.x in`: a for-of or for-in loop may assign to the member (a read such as `o.x in y` is counted too)
        for (int i = 2; i + 1 < toks.size(); i++) {
            String n = toks.get(i + 1).text;
            if (toks.get(i).kind == Kind.WORD && toks.get(i - 1).text.equals(".") && (n.equals("of") || n.equals("in"))) {
                assigned.add(toks.get(i).text);
            }
        }
        return new Scan(null, Set.copyOf(assigned), wrappable(code, toks));
    }

    /**
     * Whether the script may run as the body of a function made once per context ({@link KeptContext}) instead of
     * as global code parsed anew each run: its first line has no code (so no reported column moves), it uses
     * {@code this} only inside class bodies (a function's top-level {@code this} and its sloppy plain functions'
     * would be the global object, where global code's var and function declarations live but a function's do not),
     * and it never reads a stack trace (one more frame).
     */
    private static boolean wrappable(String code, List<Tok> toks) {
        int nl = code.indexOf('\n');
        String first = (nl < 0 ? code : code.substring(0, nl)).strip();
        if (!first.isEmpty() && !first.startsWith("//")) return false;
        java.util.ArrayDeque<Integer> braces = new java.util.ArrayDeque<>();
        for (int i = 0; i < toks.size(); i++) {
            String t = toks.get(i).text;
            if (toks.get(i).kind != Kind.PUNCT && toks.get(i).kind != Kind.WORD) continue;
            if (t.equals("{")) braces.push(i);
            else if (t.equals("}") && !braces.isEmpty()) braces.pop();
            else if (t.equals("stack") && toks.get(i).kind == Kind.WORD) return false;
            else if (t.equals("this") && toks.get(i).kind == Kind.WORD) {
                boolean inClass = false;
                for (int o : braces) inClass |= classBody(toks, o);
                if (!inClass) return false;
            }
        }
        return true;
    }

    /** Whether the brace at {@code o} opens a class body: class {, class A {, class A extends B {. */
    private static boolean classBody(List<Tok> toks, int o) {
        String b1 = o > 0 ? toks.get(o - 1).text : "", b2 = o > 1 ? toks.get(o - 2).text : "";
        boolean word = o > 0 && toks.get(o - 1).kind == Kind.WORD;
        return b1.equals("class") || word && (b2.equals("class") || b2.equals("extends"));
    }

    /** Whether the word at {@code i} is a member name (after a dot), not a variable. */
    private static boolean isMember(List<Tok> toks, int i) {
        return i > 0 && (toks.get(i - 1).text.equals(".") || toks.get(i - 1).text.equals("?."));
    }

    private static boolean endsOperand(Tok t) {
        return t.kind == Kind.WORD || t.text.equals("]") || t.text.equals(")");
    }

    /**
     * The target of an assignment ending at token {@code end}: a plain variable is fine; a member of a variable (or
     * of {@code this}) is fine unless it is a built-in, and its name is recorded; anything else is refused (why).
     */
    private static String target(List<Tok> toks, int[] match, int end, Set<String> assigned) {
        if (end < 0) return "an assignment without a target";
        Tok last = toks.get(end);
        if (last.text.equals("]") || last.text.equals("}")) {
            int open = match[end];
            String before = open > 0 ? toks.get(open - 1).text : "";
            // a destructuring pattern: only as a declaration (let [a, b] = ...), whose targets are variables
            if (before.equals("let") || before.equals("const") || before.equals("var")) return null;
            boolean member = last.text.equals("]") && open > 0 && endsOperand(toks.get(open - 1)) && !isKeyword(before);
            if (!member) return "destructures into an assignment";
            for (int k = open + 1; k < end; k++) {
                Tok x = toks.get(k);
                if (x.kind == Kind.STRING || x.kind == Kind.TEMPLATE) return "assigns to a member named by a string";
            }
            return root(toks, match, open - 1);
        }
        if (last.kind != Kind.WORD) return "assigns to something other than a variable or a member";
        if (!isMember(toks, end)) return BUILTINS.contains(last.text) ? "assigns to the built-in " + last.text : null;
        assigned.add(last.text);
        return root(toks, match, end - 2);
    }

    /** Walks a member chain back from token {@code i} to its first word: refused unless that is a variable or this. */
    private static String root(List<Tok> toks, int[] match, int i) {
        while (i >= 0) {
            Tok t = toks.get(i);
            if (t.text.equals("]")) {
                i = match[i] - 1;
                continue;
            }
            if (t.text.equals(")")) return "assigns to a member of a call's result";
            if (t.kind != Kind.WORD) return "assigns to a member of something other than a variable";
            if (isMember(toks, i)) {
                i -= 2;
                continue;
            }
            if (BUILTINS.contains(t.text)) return "assigns to a member of the built-in " + t.text;
            return isKeyword(t.text) && !t.text.equals("this") ? "assigns to a member of something other than a variable" : null;
        }
        return "assigns to a member of nothing";
    }

    private static boolean isKeyword(String w) {
        return BEFORE_REGEX.contains(w) || w.equals("this") || w.equals("super") || w.equals("null") || w.equals("true")
                || w.equals("false") || w.equals("if") || w.equals("while") || w.equals("for") || w.equals("switch")
                || w.equals("catch");
    }

    /** For each bracket token, the index of its partner; null when they do not pair up. */
    private static int[] matches(List<Tok> toks) {
        int[] m = new int[toks.size()];
        java.util.ArrayDeque<Integer> open = new java.util.ArrayDeque<>();
        for (int i = 0; i < toks.size(); i++) {
            Tok t = toks.get(i);
            if (t.kind != Kind.PUNCT) continue;
            switch (t.text) {
                case "(", "[", "{" -> open.push(i);
                case ")", "]", "}" -> {
                    if (open.isEmpty()) return null;
                    int o = open.pop();
                    String want = t.text.equals(")") ? "(" : t.text.equals("]") ? "[" : "{";
                    if (!toks.get(o).text.equals(want)) return null;
                    m[i] = o;
                    m[o] = i;
                }
                default -> { }
            }
        }
        return open.isEmpty() ? m : null;
    }

    private static final String PUNCT = ">>>= ... === !== **= <<= >>= >>> &&= ||= ??= => == != <= >= && || ?? ?. ++ -- += -= *= /= %= &= |= ^= ** << >>";

    /**
     * The tokens of {@code s} (comments and white space dropped). A template's text is one token per piece and its
     * substitutions are tokens in between. Throws (why) on what it does not read: a backslash outside a string
     * (an escaped identifier could spell any word), an unterminated literal.
     */
    static List<Tok> tokens(String s) {
        List<Tok> out = new ArrayList<>();
        // open braces inside each template substitution being read (top: the innermost)
        java.util.ArrayDeque<int[]> templates = new java.util.ArrayDeque<>();
        int i = 0, n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || c == '\u00a0' || c == '\ufeff') {
                i++;
            } else if (s.startsWith("//", i)) {
                while (i < n && s.charAt(i) != '\n' && s.charAt(i) != '\r' && s.charAt(i) != '\u2028' && s.charAt(i) != '\u2029') i++;
            } else if (s.startsWith("/*", i)) {
                int e = s.indexOf("*/", i + 2);
                if (e < 0) throw new IllegalArgumentException("an unterminated comment");
                i = e + 2;
            } else if (i == 0 && s.startsWith("#!")) {
                while (i < n && s.charAt(i) != '\n') i++;
            } else if (Character.isJavaIdentifierStart(c)) {
                int b = i;
                while (i < n && Character.isJavaIdentifierPart(s.charAt(i)) && s.charAt(i) != '\u0000') i++;
                out.add(new Tok(Kind.WORD, s.substring(b, i)));
            } else if (c == '#' && i + 1 < n && Character.isJavaIdentifierStart(s.charAt(i + 1))) {
                int b = i++;
                while (i < n && Character.isJavaIdentifierPart(s.charAt(i))) i++;
                out.add(new Tok(Kind.WORD, s.substring(b, i))); // a private name (#x): never a built-in's
            } else if (Character.isDigit(c) || c == '.' && i + 1 < n && Character.isDigit(s.charAt(i + 1))) {
                int b = i;
                while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '.' || s.charAt(i) == '_'
                        || (s.charAt(i) == '+' || s.charAt(i) == '-') && (s.charAt(i - 1) == 'e' || s.charAt(i - 1) == 'E')
                        && !s.substring(b, i).startsWith("0x") && !s.substring(b, i).startsWith("0X"))) i++;
                out.add(new Tok(Kind.NUMBER, s.substring(b, i)));
            } else if (c == '\'' || c == '"') {
                StringBuilder v = new StringBuilder();
                i = string(s, i + 1, c, v);
                out.add(new Tok(Kind.STRING, v.toString()));
            } else if (c == '`') {
                i = template(s, i + 1, out, templates);
            } else if (c == '}' && !templates.isEmpty() && templates.peek()[0] == 0) {
                templates.pop();
                out.add(new Tok(Kind.PUNCT, ")")); // the substitution ends (paired with the "(" that began it)
                i = template(s, i + 1, out, templates);
            } else if (c == '/' && regexAllowed(out)) {
                int b = i++;
                boolean cls = false;
                for (;; i++) {
                    if (i >= n || s.charAt(i) == '\n') throw new IllegalArgumentException("an unterminated regular expression");
                    char x = s.charAt(i);
                    if (x == '\\') i++;
                    else if (x == '[') cls = true;
                    else if (x == ']') cls = false;
                    else if (x == '/' && !cls) break;
                }
                i++;
                while (i < n && Character.isJavaIdentifierPart(s.charAt(i))) i++;
                out.add(new Tok(Kind.REGEX, s.substring(b, i)));
            } else if (c == '\\') {
                throw new IllegalArgumentException("an escape outside a string");
            } else {
                String p = String.valueOf(c);
                for (String q : PUNCT.split(" ")) {
                    if (s.startsWith(q, i) && !(q.equals("?.") && i + 2 < n && Character.isDigit(s.charAt(i + 2)))) {
                        p = q;
                        break;
                    }
                }
                if (!templates.isEmpty()) {
                    if (p.equals("{")) templates.peek()[0]++;
                    else if (p.equals("}")) templates.peek()[0]--;
                }
                out.add(new Tok(Kind.PUNCT, p));
                i += p.length();
            }
        }
        if (!templates.isEmpty()) throw new IllegalArgumentException("an unterminated template");
        return out;
    }

    /** Reads a string literal's body from {@code i} (after the quote) into {@code v}; returns the index after it. */
    private static int string(String s, int i, char quote, StringBuilder v) {
        int n = s.length();
        while (i < n && s.charAt(i) != quote) {
            char c = s.charAt(i);
            if (c == '\n') throw new IllegalArgumentException("an unterminated string");
            if (c == '\\') {
                if (i + 1 >= n) break;
                char e = s.charAt(i + 1);
                if (e == 'x' && i + 3 < n) {
                    v.append((char) Integer.parseInt(s.substring(i + 2, i + 4), 16));
                    i += 4;
                } else if (e == 'u') {
                    throw new IllegalArgumentException("a unicode escape"); // could spell a denied word
                } else {
                    v.append(e);
                    i += 2;
                }
                continue;
            }
            v.append(c);
            i++;
        }
        if (i >= n) throw new IllegalArgumentException("an unterminated string");
        return i + 1;
    }

    /** Reads template text from {@code i} (after ` or }) up to the closing ` or the next ${; returns the index after. */
    private static int template(String s, int i, List<Tok> out, java.util.ArrayDeque<int[]> templates) {
        int n = s.length(), b = i;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\\') {
                if (i + 1 < n && s.charAt(i + 1) == 'u') throw new IllegalArgumentException("a unicode escape");
                i += 2;
            } else if (c == '`') {
                out.add(new Tok(Kind.TEMPLATE, s.substring(b, i)));
                return i + 1;
            } else if (c == '$' && i + 1 < n && s.charAt(i + 1) == '{') {
                out.add(new Tok(Kind.TEMPLATE, s.substring(b, i)));
                out.add(new Tok(Kind.PUNCT, "(")); // the substitution, as a parenthesised expression
                templates.push(new int[] {0});
                return i + 2;
            } else {
                i++;
            }
        }
        throw new IllegalArgumentException("an unterminated template");
    }

    private static boolean regexAllowed(List<Tok> out) {
        if (out.isEmpty()) return true;
        Tok p = out.get(out.size() - 1);
        return switch (p.kind) {
            case NUMBER, STRING, TEMPLATE, REGEX -> false;
            case WORD -> BEFORE_REGEX.contains(p.text);
            case PUNCT -> !p.text.equals(")") && !p.text.equals("]") && !p.text.equals("}");
        };
    }
}
