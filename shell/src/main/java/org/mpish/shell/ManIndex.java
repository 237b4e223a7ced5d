package org.mpish.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The manual's index, read from the NAME sections of man/man1, man3 and man7: finds a page by name
 * (optionally with its section: "3 MPI_Put", "MPI_Put(3)"), and answers whatis (exact name) and apropos
 * (a word in a name or description).
 */
public final class ManIndex {
    public record Entry(String name, String section, String description, Path file) {
        public String line() { return name + "(" + section + ") - " + description; }
    }

    private static final String[] SECTIONS = {"1", "3", "7"};
    private static final Pattern NAME_LINE = Pattern.compile("^(.+?)\\s+\\\\-\\s+(.*)$");
    private static volatile ManIndex cached;

    private final Path dir;
    private final List<Entry> entries;

    private ManIndex(Path dir, List<Entry> entries) {
        this.dir = dir;
        this.entries = entries;
    }

    /** The manual of this installation: $mpish.root/man, or ./man. */
    public static ManIndex get() {
        ManIndex c = cached;
        if (c == null) {
            String root = System.getProperty("mpish.root");
            cached = c = load(root != null ? Path.of(root, "man") : Path.of("man"));
        }
        return c;
    }

    public static ManIndex load(Path manDir) {
        List<Entry> out = new ArrayList<>();
        for (String sec : SECTIONS) {
            Path d = manDir.resolve("man" + sec);
            if (!Files.isDirectory(d)) continue;
            try (Stream<Path> files = Files.list(d)) {
                for (Path f : files.filter(p -> p.getFileName().toString().endsWith("." + sec)).sorted().toList()) {
                    out.add(entry(f, sec));
                }
            } catch (IOException e) {
                // an unreadable folder contributes nothing
            }
        }
        out.sort(Comparator.comparing(Entry::name, String.CASE_INSENSITIVE_ORDER).thenComparing(Entry::section));
        return new ManIndex(manDir, List.copyOf(out));
    }

    private static Entry entry(Path f, String sec) {
        String file = f.getFileName().toString();
        String name = file.substring(0, file.length() - sec.length() - 1);
        String desc = "";
        try {
            List<String> lines = Files.readAllLines(f);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).matches("^\\.SH\\s+\"?NAME\"?\\s*$") && i + 1 < lines.size()) {
                    Matcher m = NAME_LINE.matcher(lines.get(i + 1));
                    if (m.matches()) desc = m.group(2).replace("\\-", "-").replace("\\(em", "--").replace("\\&", "");
                    break;
                }
            }
        } catch (IOException e) {
            desc = "(unreadable)";
        }
        return new Entry(name, sec, desc, f);
    }

    public Path dir() { return dir; }
    public List<Entry> entries() { return entries; }

    /** The page for "NAME", "NAME(3)" or section + name; null if none. Case-insensitive, sections 1, 3, 7 in order. */
    public Entry find(String section, String name) {
        Matcher m = Pattern.compile("^(.+)\\((\\d)\\)$").matcher(name);
        if (m.matches()) {
            name = m.group(1);
            section = m.group(2);
        }
        for (String sec : SECTIONS) {
            if (section != null && !section.equals(sec)) continue;
            for (Entry e : entries) if (e.section().equals(sec) && e.name().equalsIgnoreCase(name)) return e;
        }
        return null;
    }

    /** whatis: the pages named exactly {@code name}. */
    public List<String> whatis(String name) {
        return entries.stream().filter(e -> e.name().equalsIgnoreCase(name)).map(Entry::line).toList();
    }

    /** apropos: pages whose name or description contains {@code word} (case-insensitive). */
    public List<String> apropos(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return entries.stream()
                .filter(e -> e.name().toLowerCase(Locale.ROOT).contains(w) || e.description().toLowerCase(Locale.ROOT).contains(w))
                .map(Entry::line).toList();
    }
}
