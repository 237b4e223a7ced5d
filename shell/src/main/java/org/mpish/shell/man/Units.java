package org.mpish.shell.man;

/**
 * roff scaling units ({@code 4n}, {@code 0.5i}, {@code 2v} ...) converted the way mandoc's ASCII
 * output does: horizontal values to whole columns, vertical values to whole lines.
 */
final class Units {
    /** Returned for arguments that are not numbers. */
    static final int INVALID = Integer.MIN_VALUE;
    /** Larger distances are clamped; no page needs them and they would only waste memory. */
    static final int LIMIT = 100_000;

    private Units() {
    }

    private record Scaled(double value, char unit, int end) {
    }

    /** Index just after a number and its optional unit at the start of {@code s}, or -1. */
    static int end(String s) {
        Scaled su = parse(s, 'n');
        return su == null ? -1 : su.end;
    }

    private static Scaled parse(String s, char defaultUnit) {
        int i = 0;
        int n = s.length();
        while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        int start = i;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = i;
        while (i < n && Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && Character.isDigit(s.charAt(i))) {
                i++;
            }
        }
        if (i == digits || (i == digits + 1 && s.charAt(digits) == '.')) {
            return null;
        }
        double v = Double.parseDouble(s.substring(start, i));
        boolean hasUnit = i < n && "cifMmnPpuv".indexOf(s.charAt(i)) >= 0;
        char unit = hasUnit ? s.charAt(i) : defaultUnit;
        return new Scaled(v, unit, hasUnit ? i + 1 : i);
    }

    /**
     * Horizontal distance in basic units (24 to a column), or {@link #INVALID}; with
     * {@code defaultUnit} 0 a unit is required, as for {@code .ll}.
     */
    static long basic(String s, char defaultUnit) {
        Scaled su = parse(s, defaultUnit == 0 ? '?' : defaultUnit);
        if (su == null || su.unit == '?') {
            return INVALID;
        }
        return basicUnits(su);
    }

    /** Horizontal distance in columns, or {@link #INVALID}. */
    static int hspan(String s, char defaultUnit) {
        Scaled su = parse(s, defaultUnit);
        if (su == null) {
            return INVALID;
        }
        long bu = basicUnits(su);
        long cols = bu >= 0 ? (bu + 11) / 24 : -((-bu + 11) / 24);
        return (int) Math.max(-LIMIT, Math.min(LIMIT, cols));
    }

    private static long basicUnits(Scaled su) {
        double r = su.value * switch (su.unit) {
            case 'u' -> 1.0;
            case 'c' -> 240.0 / 2.54;
            case 'f' -> 65536.0;
            case 'i' -> 240.0;
            case 'M' -> 0.24;
            case 'v', 'P' -> 40.0;
            case 'p' -> 10.0 / 3.0;
            default -> 24.0; // n, m
        };
        return (long) Math.max(-1e12, Math.min(1e12, r > 0.0 ? r + 0.01 : r - 0.01));
    }

    /** Vertical distance in lines, or {@link #INVALID}. */
    static int vspan(String s, char defaultUnit) {
        Scaled su = parse(s, defaultUnit);
        if (su == null) {
            return INVALID;
        }
        double r = su.value * switch (su.unit) {
            case 'u' -> 1.0 / 40.0;
            case 'c' -> 6.0 / 2.54;
            case 'f' -> 65536.0 / 40.0;
            case 'i' -> 6.0;
            case 'M' -> 0.006;
            case 'p' -> 1.0 / 12.0;
            case 'n', 'm' -> 0.6;
            default -> 1.0; // v, P
        };
        double rounded = r > 0.0 ? r + 0.4995 : r - 0.4995;
        int ri = (int) Math.max(-LIMIT, Math.min(LIMIT, rounded));
        return ri < 66 ? ri : 1;
    }
}
