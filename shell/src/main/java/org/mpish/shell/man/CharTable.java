package org.mpish.shell.man;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * ASCII renderings of roff special characters ({@code \(em}, {@code \[bu]}, {@code \[u00E9]} ...).
 * The tables are resources measured from mandoc's {@code -T ascii} output, so the renderings match.
 */
final class CharTable {
    // Layout markers live in the private use area, so no character a page prints (U+00A0 on
    // the UTF-8 device, say) is mistaken for one.
    /** A blank at which a line may not be broken. */
    static final char NBSP = '\uE000';
    /** A zero-width, non-breaking placeholder (from {@code \&} and similar). */
    static final char ZW = '\uE001';
    /** A hyphen at which a line may be broken. */
    static final char HYPH = '\uE002';
    /** A zero-width break point ({@code \:}). */
    static final char BREAKPOINT = '\uE003';

    private static final Map<String, String> NAMES = new HashMap<>();
    /** The same names as the Unicode characters mandoc's UTF-8 device prints. */
    private static final Map<String, String> NAMES_UTF8 = new HashMap<>();
    private static final Map<Integer, String> UNICODE = new HashMap<>();

    static {
        load("chars.tsv", f -> {
            // a rendering of several words ("<there exists>") is one glyph: its blanks do not break
            NAMES.put(f[0], unescape(f[1]).replace(' ', NBSP));
            NAMES_UTF8.put(f[0], Character.toString(Integer.parseInt(f[2], 16)));
        });
        load("ascii-uc.tsv", f -> UNICODE.put(Integer.parseInt(f[0], 16), unescape(f[1])));
        // Spacing characters with one-byte names are layout markers, not glyphs.
        NAMES.put(" ", String.valueOf(NBSP));
        NAMES.put("~", String.valueOf(NBSP));
        NAMES.put("0", String.valueOf(NBSP));
        NAMES.put(":", String.valueOf(BREAKPOINT));
        NAMES.put("_", "_");
        // mandoc's UTF-8 device prints the unbreakable blanks as the no-break space character
        for (String blank : List.of(" ", "~", "0")) {
            NAMES_UTF8.put(blank, "\u00A0");
        }
        NAMES_UTF8.put(":", ""); // no code point: on the UTF-8 device \: is not even a break point
        NAMES_UTF8.put("_", "_");
    }

    private CharTable() {
    }

    private static void load(String resource, java.util.function.Consumer<String[]> row) {
        try (InputStream in = CharTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isEmpty() && !line.startsWith("#")) {
                    String[] f = line.split("\t", -1);
                    row.accept(f);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Decodes {@code \\b} (backspace, for overstruck accents) and {@code \\\\} in table cells. */
    private static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                b.append(n == 'b' ? '\b' : n == 't' ? '\t' : n);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The ASCII rendering of a named special character, or null when the name is unknown. */
    static String special(String name) {
        return NAMES.get(name);
    }

    /** A named special character on a device: the Unicode character for UTF-8; null when unknown. */
    static String special(String name, boolean utf8) {
        return utf8 ? NAMES_UTF8.get(name) : NAMES.get(name);
    }

    /** A code point on a device: itself for UTF-8 (but for layout characters), else its ASCII rendering. */
    static String unicode(int cp, boolean utf8) {
        if (!utf8 || cp == '\t' || !Character.isValidCodePoint(cp) || cp <= 0xFFFF && Character.isSurrogate((char) cp)) {
            return unicode(cp);
        }
        if (cp < 0x20 || (cp >= 0x7f && cp < 0xA0)) {
            return "\uFFFD"; // control characters print as the replacement character
        }
        return Character.toString(cp);
    }

    /** A numbered character on a device (see {@link #numbered(int)}). */
    static String numbered(int n, boolean utf8) {
        return n >= 0 && n < 256 ? unicode(n, utf8) : null;
    }

    /** Whether a character is one of the layout markers above rather than a glyph. */
    static boolean marker(char c) {
        return c == NBSP || c == ZW || c == HYPH || c == BREAKPOINT;
    }

    /** Whether a name is a known special character. */
    static boolean known(String name) {
        return NAMES.containsKey(name);
    }

    /** The ASCII rendering of a Unicode code point, as mandoc prints {@code \[uXXXX]}. */
    static String unicode(int cp) {
        if (cp == '\t') {
            return "\t";
        }
        if (cp == 0xA0) {
            return String.valueOf(NBSP); // a blank, but not a place to break the line
        }
        if (cp >= 0x20 && cp < 0x7f) {
            return String.valueOf((char) cp);
        }
        String s = UNICODE.get(cp);
        return s != null ? s : "<?>";
    }

    /** The ASCII rendering of a numbered character {@code \N'n'} or {@code \[charN]}, or null when it prints nothing. */
    static String numbered(int n) {
        if (n >= 0 && n < 256) {
            return unicode(n); // mandoc prints numbers 0 to 255 as the code points they name
        }
        return null;
    }
}
