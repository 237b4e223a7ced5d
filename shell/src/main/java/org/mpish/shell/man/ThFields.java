package org.mpish.shell.man;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The date and volume fields of {@code .TH}, normalised as mandoc does. */
final class ThFields {

    private ThFields() {
    }

    private static final Pattern ISO = Pattern.compile("\\s*(\\d+)-\\s*(\\d{1,2})-\\s*(\\d{1,2})");
    private static final Pattern MDY = Pattern.compile("\\s*([A-Za-z]+)\\s*(\\d{1,2})\\s*,\\s*(\\d+)\\s*");
    private static final Pattern MDOCDATE = Pattern.compile("\\$Mdocdate:\\s*([A-Za-z]+)\\s*(\\d{1,2})\\s+(\\d+)\\s*\\$");

    static String normalizeDate(Diags diags, ManNode.Text t) {
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
}
