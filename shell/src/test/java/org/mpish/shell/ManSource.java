package org.mpish.shell;

import java.util.ArrayList;
import java.util.List;

/** Just enough troff reading for the page checks: sections, and text with fonts and escapes removed. */
final class ManSource {
    private final List<String> lines;

    ManSource(String text) { this.lines = List.of(text.split("\n")); }

    /** The raw lines of section {@code sh} (up to the next .SH). */
    List<String> section(String sh) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String l : lines) {
            if (l.startsWith(".SH")) {
                String name = l.substring(3).trim().replace("\"", "");
                in = name.equalsIgnoreCase(sh);
                continue;
            }
            if (in) out.add(l);
        }
        return out;
    }

    /** The raw lines of subsection {@code ss} inside section {@code sh}. */
    List<String> subsection(String sh, String ss) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String l : section(sh)) {
            if (l.startsWith(".SS")) {
                in = l.substring(3).trim().replace("\"", "").equalsIgnoreCase(ss);
                continue;
            }
            if (in) out.add(l);
        }
        return out;
    }

    /** Text of lines: macro arguments joined as the alternating-font macros join them, escapes resolved. */
    static String text(List<String> raw) {
        StringBuilder sb = new StringBuilder();
        for (String l : raw) {
            String t;
            if (l.startsWith(".\\\"")) continue;
            if (l.startsWith(".")) {
                String macro = l.split("\\s+", 2)[0];
                String args = l.length() > macro.length() ? l.substring(macro.length()).trim() : "";
                switch (macro) {
                    case ".B", ".I", ".SM", ".SB" -> t = String.join(" ", words(args));
                    case ".BI", ".IB", ".BR", ".RB", ".IR", ".RI" -> t = String.join("", words(args));
                    default -> { continue; }
                }
            } else t = l;
            sb.append(unescape(t)).append('\n');
        }
        return sb.toString();
    }

    static List<String> words(String args) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < args.length()) {
            while (i < args.length() && args.charAt(i) == ' ') i++;
            if (i >= args.length()) break;
            StringBuilder w = new StringBuilder();
            if (args.charAt(i) == '"') {
                i++;
                while (i < args.length()) {
                    char c = args.charAt(i);
                    if (c == '"') {
                        if (i + 1 < args.length() && args.charAt(i + 1) == '"') { w.append('"'); i += 2; continue; }
                        i++;
                        break;
                    }
                    w.append(c);
                    i++;
                }
            } else {
                while (i < args.length() && args.charAt(i) != ' ') w.append(args.charAt(i++));
            }
            out.add(w.toString());
        }
        return out;
    }

    static String unescape(String s) {
        return s.replaceAll("\\\\f(\\[[^]]*]|\\(..|.)", "").replace("\\-", "-").replace("\\e", "\\").replace("\\&", "")
                .replace("\\(em", "--").replace("\\(en", "-").replace("\\(bu", "*").replace("\\(lq", "\"").replace("\\(rq", "\"")
                .replace("\\ ", " ").replace("\\(aq", "'").replace("\\(dq", "\"");
    }

    static String normalize(String s) {
        return s.replaceAll("\\s+", " ").replaceAll("\\( ", "(").replaceAll(" \\)", ")").replaceAll(" ,", ",").trim();
    }
}
