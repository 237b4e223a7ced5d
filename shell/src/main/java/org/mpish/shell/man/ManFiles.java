package org.mpish.shell.man;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.zip.GZIPInputStream;

/**
 * Reading page files as man(1) does: compressed pages (gzip with the JDK; bzip2, xz and zstd with
 * Apache Commons Compress), UTF-8 or else ISO 8859-1 text, and {@code .so} requests replaced by the
 * file they name, relative to the manual root (the folder above {@code man<section>/}), like mandoc.
 * Every failure is an {@link IOException} whose message is one line naming the file and the problem.
 */
public final class ManFiles {
    /** Pages bigger than this (after decompression) are refused rather than read into memory. */
    public static final long MAX_BYTES = 64L << 20;
    /** How deep {@code .so} requests may nest (mandoc allows a handful). */
    static final int MAX_SO_DEPTH = 8;

    private ManFiles() {
    }

    /** The page's bytes, decompressed by content (not by name). */
    public static byte[] readBytes(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException(file + ": is a directory");
        }
        if (!Files.exists(file)) {
            throw new IOException(file + ": no such file");
        }
        if (!Files.isReadable(file)) {
            throw new IOException(file + ": permission denied");
        }
        if (Files.size(file) > MAX_BYTES) {
            throw new IOException(file + ": too large for a manual page (" + Files.size(file) + " bytes)");
        }
        byte[] raw = Files.readAllBytes(file);
        String kind = compression(raw);
        if (kind == null) {
            return raw;
        }
        try (InputStream in = open(kind, raw)) {
            byte[] out = in.readNBytes((int) MAX_BYTES + 1);
            if (out.length > MAX_BYTES) {
                throw new IOException(file + ": too large for a manual page once decompressed");
            }
            return out;
        } catch (IOException | RuntimeException | LinkageError e) {
            if (e instanceof IOException io && io.getMessage() != null && io.getMessage().startsWith(file.toString())) {
                throw io;
            }
            throw new IOException(file + ": cannot decompress (" + kind + "): " + oneLine(e));
        }
    }

    /** {@code gzip}, {@code bzip2}, {@code xz}, {@code zstd} from the magic bytes, or null for plain. */
    static String compression(byte[] b) {
        if (b.length >= 2 && (b[0] & 0xff) == 0x1f && (b[1] & 0xff) == 0x8b) {
            return "gzip";
        }
        if (b.length >= 3 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h') {
            return "bzip2";
        }
        if (b.length >= 6 && (b[0] & 0xff) == 0xfd && b[1] == '7' && b[2] == 'z' && b[3] == 'X' && b[4] == 'Z' && b[5] == 0) {
            return "xz";
        }
        if (b.length >= 4 && (b[0] & 0xff) == 0x28 && (b[1] & 0xff) == 0xb5 && (b[2] & 0xff) == 0x2f && (b[3] & 0xff) == 0xfd) {
            return "zstd";
        }
        return null;
    }

    private static InputStream open(String kind, byte[] raw) throws IOException {
        InputStream in = new ByteArrayInputStream(raw);
        return switch (kind) {
            case "gzip" -> new GZIPInputStream(in);
            case "bzip2" -> new org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream(in, true);
            case "xz" -> new org.apache.commons.compress.compressors.xz.XZCompressorInputStream(in, true);
            default -> new org.apache.commons.compress.compressors.zstandard.ZstdCompressorInputStream(in);
        };
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            m = e.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** UTF-8 text, or ISO 8859-1 when the bytes are not valid UTF-8 (as mandoc decides). */
    public static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    /** True when the bytes look like a binary file rather than roff text (a NUL in the first block). */
    public static boolean isBinary(byte[] bytes) {
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /** The manual root of a page file: the folder holding its {@code man<section>} folder, else its own folder. */
    public static Path rootOf(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        if (dir != null && dir.getFileName() != null && dir.getFileName().toString().matches("(man|cat)[^/]+") && dir.getParent() != null) {
            return dir.getParent();
        }
        return dir == null ? abs : dir;
    }

    /**
     * Reads a page and replaces each {@code .so FILE} line with that file's text, FILE taken relative to
     * {@code root} (mandoc's rule). A missing, looping, too-deep or outside-the-root {@code .so} is
     * left as a one-line roff comment naming the problem, so the rest of the page still renders.
     */
    public static String readPage(Path file, Path root) throws IOException {
        byte[] b = readBytes(file);
        if (isBinary(b)) {
            throw new IOException(file + ": not a manual page (binary data)");
        }
        Deque<Path> stack = new ArrayDeque<>();
        stack.push(file.toAbsolutePath().normalize());
        return expand(decode(b), root.toAbsolutePath().normalize(), stack);
    }

    private static String expand(String text, Path root, Deque<Path> stack) {
        if (!text.contains(".so")) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            int nl = text.indexOf('\n', i);
            int end = nl < 0 ? text.length() : nl + 1;
            String line = text.substring(i, end);
            String target = soTarget(line);
            if (target == null) {
                out.append(line);
            } else {
                out.append(include(target, root, stack));
                if (out.length() > 0 && out.charAt(out.length() - 1) != '\n') {
                    out.append('\n');
                }
            }
            i = end;
        }
        return out.toString();
    }

    /** The file named by a {@code .so} line, or null if the line is something else. */
    static String soTarget(String line) {
        String l = line.strip();
        if (!l.startsWith(".so") || l.length() < 4 || (l.charAt(3) != ' ' && l.charAt(3) != '\t')) {
            return null;
        }
        String t = l.substring(4).strip();
        return t.isEmpty() ? null : t;
    }

    private static String include(String target, Path root, Deque<Path> stack) {
        Path p = root.resolve(target).normalize();
        if (!p.startsWith(root)) {
            return ".\\\" .so " + target + ": outside the manual root " + root + ", not read\n";
        }
        if (stack.contains(p)) {
            return ".\\\" .so " + target + ": includes itself, not read again\n";
        }
        if (stack.size() > MAX_SO_DEPTH) {
            return ".\\\" .so " + target + ": nested too deeply, not read\n";
        }
        Path found = withSuffix(p);
        if (found == null) {
            return ".\\\" .so " + target + ": no such file\n";
        }
        try {
            byte[] b = readBytes(found);
            if (isBinary(b)) {
                return ".\\\" .so " + target + ": binary data, not read\n";
            }
            stack.push(p);
            try {
                return expand(decode(b), root, stack);
            } finally {
                stack.pop();
            }
        } catch (IOException e) {
            return ".\\\" .so " + target + ": " + oneLine(e) + "\n";
        }
    }

    /** {@code p}, or {@code p} with a compression suffix, whichever exists. */
    static Path withSuffix(Path p) {
        if (Files.isRegularFile(p)) {
            return p;
        }
        for (String s : new String[] {".gz", ".bz2", ".xz", ".zst"}) {
            Path q = p.resolveSibling(p.getFileName() + s);
            if (Files.isRegularFile(q)) {
                return q;
            }
        }
        return null;
    }
}
