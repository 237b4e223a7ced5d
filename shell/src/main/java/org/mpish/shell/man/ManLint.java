package org.mpish.shell.man;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks man(7) files the way {@code mandoc -T lint} does and reports the same messages,
 * each as {@code file:line:col: LEVEL: message} ({@link Diagnostic#toString()}).
 */
public final class ManLint {

    private ManLint() {
    }

    /**
     * All messages (STYLE and up) about a file, named in them as given.
     *
     * @throws java.io.UncheckedIOException if the file cannot be read
     */
    public static List<Diagnostic> lint(Path file) {
        return ManPage.parse(read(file), file.toString()).diagnostics();
    }

    /** Messages at or above {@code minimum}, like {@code mandoc -T lint -W warning}. */
    public static List<Diagnostic> lint(Path file, Level minimum) {
        return ManPage.parse(read(file), file.toString()).diagnostics(minimum);
    }

    /**
     * What {@code mandoc -T lint} adds after reading a page: a style message for each page named
     * with {@code .Xr} that none of the manual folders searched holds (in the section given), at
     * its first mention, with how many times it is named when more than once.
     */
    public static List<Diagnostic> unresolved(ManPage page, ManSearch search) {
        List<Diagnostic> out = new java.util.ArrayList<>();
        for (MdocParser.Xref x : page.xrefs()) {
            // mandoc's last resort is a file glob, where a backslash quotes the next character
            if (!search.find(x.section, x.name).isEmpty()
                    || x.name.indexOf('\\') >= 0 && !search.find(x.section, x.name.replaceAll("\\\\(.)", "$1")).isEmpty()) {
                continue;
            }
            // mandoc reports it one column right of the name
            out.add(new Diagnostic(page.fileName(), x.line, x.pos + 2, Level.STYLE, "referenced manual not found: Xr "
                    + x.name + " " + x.section + (x.count > 1 ? " (" + x.count + " times)" : "")));
        }
        return out;
    }

    /** Reads a page as UTF-8, or as ISO 8859-1 when it is not valid UTF-8 (as mandoc does). */
    static String read(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            try {
                return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                return new String(bytes, StandardCharsets.ISO_8859_1);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
