package org.mpish.shell.man;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.TextStyle;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks and normalises a parsed tree the way mandoc does after parsing: takes the page
 * metadata from {@code .TH}, drops empty or redundant paragraphs, and reports problems.
 * Nodes are visited children first, so messages come out in mandoc's order.
 */
final class ManValidator {

    /** Page metadata from {@code .TH}. */
    record Meta(String title, String section, String date, String source, String volume, boolean hasBody) {
    }

    private final Diags diags;
    private final ManScopes scopes;
    private String title;
    private String section;
    private String date;
    private String source;
    private String volume;
    private boolean hasBody;

    /** The section digit from the file name suffix ({@code MPI_Put.3} gives '3'), or 0. */
    private final char fileSection;

    private ManValidator(Diags diags, ManScopes scopes, String fileName) {
        this.diags = diags;
        this.scopes = scopes;
        int dot = fileName == null ? -1 : fileName.lastIndexOf('.');
        char c = dot >= 0 && dot + 1 < fileName.length() ? fileName.charAt(dot + 1) : 0;
        this.fileSection = c >= '0' && c <= '9' ? c : 0;
    }

    static Meta validate(ManNode.Root root, ManScopes scopes, Diags diags, String fileName) {
        ManValidator v = new ManValidator(diags, scopes, fileName);
        v.visit(root);
        return new Meta(v.title, v.section, v.date, v.source, v.volume, v.hasBody);
    }

    private void visit(ManNode n) {
        if (n.tok == Tok.LP || n.tok == Tok.P) {
            n.tok = Tok.PP;
        }
        for (ManNode c : n.children()) {
            if (c.parent == n) {
                visit(c);
            }
        }
        if (n instanceof ManNode.Text t) {
            checkText(t);
            return;
        }
        if (n instanceof ManNode.Root) {
            checkRoot(n);
            return;
        }
        Check check = CHECKS.get(n.tok);
        if (check != null) {
            check.run(this, n);
        }
    }

    // ---------------------------------------------------------------- one check per macro

    /** What the validator does with a node of one macro, after its children (mandoc's man_validate.c table). */
    private interface Check {
        void run(ManValidator v, ManNode n);
    }

    private static final Map<Tok, Check> CHECKS = new EnumMap<>(Tok.class);

    static {
        CHECKS.put(Tok.BR_REQ, ManValidator::br);
        CHECKS.put(Tok.FI, (v, n) -> v.fill(n, false));
        CHECKS.put(Tok.FT, ManValidator::ft);
        CHECKS.put(Tok.NF, (v, n) -> v.fill(n, true));
        CHECKS.put(Tok.SP, ManValidator::sp);
        CHECKS.put(Tok.TH, ManValidator::th);
        CHECKS.put(Tok.SH, ManValidator::section);
        CHECKS.put(Tok.SS, ManValidator::section);
        CHECKS.put(Tok.PP, ManValidator::paragraph); // LP and P became PP on the way down
        CHECKS.put(Tok.IP, ManValidator::ip);
        CHECKS.put(Tok.RS, ManValidator::emptyBody);
        CHECKS.put(Tok.UC, (v, n) -> v.source = uc(n.first));
        CHECKS.put(Tok.AT, (v, n) -> v.source = at(n.first));
        CHECKS.put(Tok.IN, ManValidator::in);
        CHECKS.put(Tok.OP, ManValidator::op);
        CHECKS.put(Tok.EX, (v, n) -> v.fill(n, true));
        CHECKS.put(Tok.EE, (v, n) -> v.fill(n, false));
        CHECKS.put(Tok.UR, ManValidator::resource);
        CHECKS.put(Tok.MT, ManValidator::resource);
    }

    /** Whether the macro or request has a check. */
    static boolean hasCheck(Tok tok) {
        return CHECKS.containsKey(tok);
    }

    private void resource(ManNode n) {
        if (n instanceof ManNode.Head && n.first == null) {
            diags.warn(n.line, n.pos, "missing resource identifier, using \"\": " + n.tok);
        }
        emptyBody(n);
    }

    private void op(ManNode n) {
        if (n.first == null) {
            diags.warn(n.line, n.pos, "missing option string, using \"\": OP");
        } else if (n.first.next != null && n.first.next.next != null) {
            ManNode x = n.first.next.next;
            diags.error(x.line, x.pos, "skipping excess arguments: OP ... " + text(x));
        }
    }

    /** EX, nf (disable) and EE, fi (enable): a style message when the mode is already so. */
    private void fill(ManNode n, boolean disable) {
        if (n.has(ManNode.NOFILL) == disable) {
            diags.style(n.line, n.pos, "fill mode already " + (disable ? "disabled" : "enabled")
                    + ", skipping: " + n.tok);
        }
    }

    private void ft(ManNode n) {
        String f = n.first instanceof ManNode.Text t ? t.string : "";
        if (n.first != null && Escape.font(f) == Escape.Kind.ERROR) {
            diags.warn(n.line, n.pos, "unknown font, skipping request: ft " + f);
            scopes.delete(n);
        }
    }

    /** An indentation given inside a TP head is relative. */
    private void in(ManNode n) {
        if (n.parent.tok == Tok.TP && n.parent instanceof ManNode.Head
                && n.first instanceof ManNode.Text t
                && !t.string.startsWith("+") && !t.string.startsWith("-")) {
            t.string = "+" + t.string;
        }
    }

    private void br(ManNode n) {
        ManNode prev = n.prevSibling();
        if (n.next instanceof ManNode.Text t && t.string.startsWith(" ")) {
            diags.warn(n.line, n.pos, "skipping paragraph macro: br before text line with leading blank");
            scopes.delete(n);
        } else if (prev != null && (prev.tok == Tok.BR_REQ || prev.tok == Tok.SP)) {
            diags.warn(n.line, n.pos, "skipping paragraph macro: br after " + prev.tok);
            scopes.delete(n);
        }
    }

    private void sp(ManNode n) {
        ManNode prev = n.prevSibling();
        if (prev != null && prev.tok == Tok.BR_REQ) {
            diags.warn(prev.line, prev.pos, "skipping paragraph macro: br before sp");
            scopes.delete(prev);
        }
    }

    private static String text(ManNode n) {
        return n instanceof ManNode.Text t ? t.string : "";
    }

    private void checkText(ManNode.Text t) {
        if (t.has(ManNode.NOFILL)) {
            return;
        }
        for (int i = t.string.indexOf('\t'); i >= 0; i = t.string.indexOf('\t', i + 1)) {
            diags.warn(t.line, t.pos + i, "tab in filled text");
        }
    }

    private void checkRoot(ManNode root) {
        if (root.last == null) {
            diags.warn(0, 0, "no document body");
        } else {
            hasBody = true;
        }
        if (title == null) {
            diags.warn(0, 0, "missing manual title, using \"\"");
            title = "";
            section = "";
            diags.warn(0, 0, "missing date, using \"\"");
            date = "";
        }
    }

    private void emptyBody(ManNode n) {
        if (n instanceof ManNode.Body && n.first == null) {
            diags.warn(n.line, n.pos, "empty block: " + n.tok);
        }
    }

    private void section(ManNode n) {
        if (!(n instanceof ManNode.Body) || n.first == null) {
            return;
        }
        ManNode nc = n.first;
        if (nc.tok == Tok.PP && nc instanceof ManNode.Block b && b.body != null && b.body.first != null) {
            // The paragraph right after a heading is redundant: keep its content, drop the macro.
            while (b.body.last != null) {
                ManNode moved = b.body.last;
                moved.unlink();
                moved.parent = n;
                moved.next = n.first;
                n.first.prev = moved;
                n.first = moved;
            }
        }
        if (nc.tok == Tok.PP || nc.tok == Tok.SP || nc.tok == Tok.BR_REQ) {
            diags.warn(nc.line, nc.pos, "skipping paragraph macro: " + nc.tok + " after " + n.tok);
            scopes.delete(nc);
        }
        ManNode lastChild = n.last;
        if (lastChild != null && lastChild.tok == Tok.BR_REQ) {
            diags.warn(lastChild.line, lastChild.pos,
                    "skipping paragraph macro: br at the end of " + n.tok);
            scopes.delete(lastChild);
        }
    }

    private void paragraph(ManNode n) {
        if (n instanceof ManNode.Block b) {
            if (b.body == null || b.body.first == null) {
                scopes.delete(n);
            }
        } else if (n instanceof ManNode.Body) {
            ManNode c = n.first;
            if (c != null && (c.tok == Tok.SP || c.tok == Tok.BR_REQ)) {
                diags.warn(c.line, c.pos, "skipping paragraph macro: " + c.tok + " after " + n.tok);
                scopes.delete(c);
            }
            if (n.first == null) {
                diags.warn(n.line, n.pos, "skipping paragraph macro: " + n.tok + " empty");
            }
        } else if (n instanceof ManNode.Head && n.first != null) {
            diags.error(n.line, n.pos, "skipping all arguments: " + n.tok + " " + text(n.first)
                    + (n.first.next != null ? " ..." : ""));
        }
    }

    private void ip(ManNode n) {
        if (n instanceof ManNode.Block b) {
            if ((b.head == null || b.head.first == null) && (b.body == null || b.body.first == null)) {
                scopes.delete(n);
            }
        } else if (n instanceof ManNode.Body && n.first == null) {
            ManNode.Block b = (ManNode.Block) n.parent;
            if (b.head == null || b.head.first == null) {
                diags.warn(n.line, n.pos, "skipping paragraph macro: IP empty");
            }
        }
    }

    private void th(ManNode n) {
        ManNode a = n.first;
        title = null;
        section = null;
        date = null;
        source = null;
        volume = null;
        if (a instanceof ManNode.Text t) {
            for (int i = 0; i < t.string.length(); i++) {
                char c = t.string.charAt(i);
                if (Character.isLetter(c) && c < 0x80 && !Character.isUpperCase(c)) {
                    diags.style(t.line, t.pos + i, "lower case character in document title: TH " + t.string);
                    break;
                }
            }
            title = t.string;
        } else {
            title = "";
            diags.warn(n.line, n.pos, "missing manual title, using \"\": TH");
        }
        a = a == null ? null : a.next;
        if (a instanceof ManNode.Text t) {
            section = t.string;
            if (fileSection != 0 && !section.isEmpty() && section.charAt(0) >= '1'
                    && section.charAt(0) <= '9' && section.charAt(0) != fileSection) {
                diags.warn(t.line, t.pos, "filename/section mismatch: *." + fileSection + " vs TH ... "
                        + section.charAt(0));
            }
        } else {
            section = "";
            diags.warn(n.line, n.pos, "missing manual section, using \"\": TH " + title);
        }
        a = a == null ? null : a.next;
        if (a instanceof ManNode.Text t && !t.string.isEmpty()) {
            date = normalizeDate(t);
        } else {
            date = "";
            ManNode at = a != null ? a : n;
            diags.warn(at.line, at.pos, "missing date, using \"\": TH");
        }
        if (a != null && (a = a.next) != null) {
            source = text(a);
        }
        if (a != null && (a = a.next) != null) {
            volume = text(a);
        } else if (!section.isEmpty()) {
            volume = defaultVolume(section);
        }
        if (a != null && (a = a.next) != null) {
            diags.error(a.line, a.pos, "skipping excess arguments: TH ... " + text(a));
        }
        scopes.delete(n);
    }

    private static final Pattern ISO = Pattern.compile("\\s*(\\d+)-\\s*(\\d{1,2})-\\s*(\\d{1,2})");
    private static final Pattern MDY = Pattern.compile("\\s*([A-Za-z]+)\\s*(\\d{1,2})\\s*,\\s*(\\d+)\\s*");
    private static final Pattern MDOCDATE = Pattern.compile("\\$Mdocdate:\\s*([A-Za-z]+)\\s*(\\d{1,2})\\s+(\\d+)\\s*\\$");

    private String normalizeDate(ManNode.Text t) {
        String in = t.string;
        LocalDate today = LocalDate.now(ZoneId.systemDefault());
        if (in.equals("$Mdocdate$")) {
            return format(today);
        }
        Matcher m = MDOCDATE.matcher(in);
        if (!m.matches()) {
            m = MDY.matcher(in);
        }
        if (m.matches()) {
            LocalDate d = date(monthNumber(m.group(1)), m.group(2), m.group(3));
            if (d != null) {
                String cp = format(d);
                if (d.isAfter(today.plusDays(1))) {
                    diags.warn(t.line, t.pos, "date in the future, using it anyway: TH " + cp);
                } else if (!in.startsWith("$") && !in.equals(cp)) {
                    diags.style(t.line, t.pos, "normalizing date format to: TH " + cp);
                }
                return cp;
            }
        }
        m = ISO.matcher(in);
        LocalDate d = m.matches() ? date(Integer.parseInt(m.group(2)), m.group(3), m.group(1)) : null;
        if (d == null) {
            diags.warn(t.line, t.pos, "cannot parse date, using it verbatim: TH " + in);
        } else if (d.isAfter(today.plusDays(1))) {
            diags.warn(t.line, t.pos, "date in the future, using it anyway: TH " + in);
        }
        return in;
    }

    private static LocalDate date(int month, String day, String year) {
        try {
            int y = Integer.parseInt(year);
            int dd = Integer.parseInt(day);
            if (month < 1 || month > 12 || dd < 1 || dd > 31 || year.length() > 9) {
                return null;
            }
            return LocalDate.of(y, month, 1).plusDays(dd - 1L);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static int monthNumber(String name) {
        for (java.time.Month mo : java.time.Month.values()) {
            String full = mo.getDisplayName(TextStyle.FULL, Locale.ENGLISH);
            if (full.equalsIgnoreCase(name) || full.substring(0, 3).equalsIgnoreCase(name)) {
                return mo.getValue();
            }
        }
        return 0;
    }

    private static String format(LocalDate d) {
        return d.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " " + d.getDayOfMonth()
                + ", " + d.getYear();
    }

    static String defaultVolume(String section) {
        return switch (section) {
            case "1" -> "General Commands Manual";
            case "2" -> "System Calls Manual";
            case "3" -> "Library Functions Manual";
            case "3p" -> "Perl Library Manual";
            case "4" -> "Device Drivers Manual";
            case "5" -> "File Formats Manual";
            case "6" -> "Games Manual";
            case "7" -> "Miscellaneous Information Manual";
            case "8" -> "System Manager's Manual";
            case "9" -> "Kernel Developer's Manual";
            default -> null;
        };
    }

    private static String uc(ManNode a) {
        String s = a instanceof ManNode.Text t ? t.string : "";
        return switch (s) {
            case "4" -> "4th Berkeley Distribution";
            case "5" -> "4.2 Berkeley Distribution";
            case "6" -> "4.3 Berkeley Distribution";
            case "7" -> "4.4 Berkeley Distribution";
            default -> "3rd Berkeley Distribution";
        };
    }

    private static String at(ManNode a) {
        String s = a instanceof ManNode.Text t ? t.string : "";
        return switch (s) {
            case "4" -> "System III";
            case "5" -> a.next instanceof ManNode.Text t2 && !t2.string.isEmpty()
                    ? "System V Release 2" : "System V";
            default -> "7th Edition";
        };
    }
}
