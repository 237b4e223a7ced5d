package org.mpish.shell.man;

import java.io.IOException;
import java.io.UncheckedIOException;
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
 * The whatis/apropos database of a manual tree {@code man/man1}, {@code man/man3}, {@code man/man7}
 * ..., built from the NAME section of each page ({@code name[, name2] \- description}).
 * <pre>
 *   WhatisIndex index = WhatisIndex.build(Path.of("man"));
 *   index.whatis("mpi_put");          // ["MPI_Put(3) - copy data to a remote window"]
 *   index.apropos("window");          // every page mentioning "window", sorted
 *   index.find("3 MPI_Put");          // man/man3/MPI_Put.3
 * </pre>
 */
public final class WhatisIndex {

    /**
     * One page.
     *
     * @param names       the names from the NAME section (at least the file's base name)
     * @param section     the section, from the directory name ({@code man3} gives {@code 3})
     * @param description the text after {@code \-}, plain
     * @param file        the page file
     */
    public record Entry(List<String> names, String section, String description, Path file) {

        /** {@code name, name2(section) - description}, as apropos prints it. */
        public String line() {
            return String.join(", ", names) + "(" + section + ") - " + description;
        }

        String line(String name) {
            return name + "(" + section + ") - " + description;
        }
    }

    /** Sections searched, in this order, when a name is given without one. */
    private static final List<String> SECTION_ORDER = List.of("1", "3", "7");

    private final List<Entry> entries;

    private WhatisIndex(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** Indexes every page in the {@code man<section>} folders of {@code manDir}; empty if none. */
    public static WhatisIndex build(Path manDir) {
        List<Entry> out = new ArrayList<>();
        if (!Files.isDirectory(manDir)) {
            return new WhatisIndex(out);
        }
        try (Stream<Path> dirs = Files.list(manDir)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                String name = dir.getFileName().toString();
                if (!name.startsWith("man") || name.length() == 3) {
                    continue;
                }
                String section = name.substring(3);
                try (Stream<Path> pages = Files.list(dir)) {
                    for (Path page : pages.filter(Files::isRegularFile).sorted().toList()) {
                        out.add(entry(page, section));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.sort(Comparator.comparing((Entry e) -> e.names().get(0).toLowerCase(Locale.ROOT))
                .thenComparing(Entry::section));
        return new WhatisIndex(out);
    }

    /** All indexed pages, sorted by first name. */
    public List<Entry> entries() {
        return entries;
    }

    /** Pages with exactly this name (ignoring case): {@code name(section) - description}. */
    public List<String> whatis(String name) {
        List<String> out = new ArrayList<>();
        for (Entry e : entries) {
            for (String n : e.names()) {
                if (n.equalsIgnoreCase(name)) {
                    out.add(e.line(n));
                    break;
                }
            }
        }
        return out;
    }

    /** Pages whose names or description contain {@code word} (ignoring case), sorted. */
    public List<String> apropos(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        for (Entry e : entries) {
            boolean hit = e.description().toLowerCase(Locale.ROOT).contains(w);
            for (String n : e.names()) {
                hit |= n.toLowerCase(Locale.ROOT).contains(w);
            }
            if (hit) {
                out.add(e.line());
            }
        }
        out.sort(String.CASE_INSENSITIVE_ORDER);
        return out;
    }

    private static final Pattern SECTION_FIRST = Pattern.compile("(\\w+)\\s+(\\S+)");
    private static final Pattern SECTION_AFTER = Pattern.compile("(\\S+?)\\((\\w+)\\)");

    /**
     * The page file for {@code MPI_Put}, {@code 3 MPI_Put} or {@code MPI_Put(3)}, or null.
     * Without a section, sections 1, 3 and 7 are searched in that order, then the others.
     * A file named after the page wins over a page that only lists the name in NAME.
     */
    public Path find(String query) {
        String q = query.strip();
        String section = null;
        Matcher m = SECTION_AFTER.matcher(q);
        if (m.matches()) {
            q = m.group(1);
            section = m.group(2);
        } else if ((m = SECTION_FIRST.matcher(q)).matches() && Character.isDigit(m.group(1).charAt(0))) {
            section = m.group(1);
            q = m.group(2);
        }
        List<Entry> candidates = new ArrayList<>();
        for (Entry e : entries) {
            if (section == null || e.section().equalsIgnoreCase(section)) {
                candidates.add(e);
            }
        }
        candidates.sort(Comparator.comparingInt(WhatisIndex::rank));
        String name = q;
        for (Entry e : candidates) {
            if (baseName(e.file()).equals(name)) {
                return e.file();
            }
        }
        for (Entry e : candidates) {
            if (baseName(e.file()).equalsIgnoreCase(name)) {
                return e.file();
            }
        }
        for (Entry e : candidates) {
            for (String n : e.names()) {
                if (n.equalsIgnoreCase(name)) {
                    return e.file();
                }
            }
        }
        return null;
    }

    private static int rank(Entry e) {
        int i = SECTION_ORDER.indexOf(e.section());
        return i >= 0 ? i : SECTION_ORDER.size();
    }

    private static String baseName(Path file) {
        String f = file.getFileName().toString();
        int dot = f.lastIndexOf('.');
        return dot > 0 ? f.substring(0, dot) : f;
    }

    /** Reads the NAME line of one page. */
    static Entry entry(Path page, String section) {
        String fallback = baseName(page);
        ManPage parsed = ManPage.parse(ManLint.read(page), page.toString());
        String text = nameSection(parsed.tree());
        List<String> names = new ArrayList<>();
        String description = "";
        if (text != null) {
            // the separator is "\-" (or "-") after a blank: "mpish\-runtime \- ..." has one
            int dash = text.indexOf(" \\-");
            int skip = 3;
            if (dash < 0) {
                dash = text.indexOf(" - ");
            }
            String left = dash < 0 ? text : text.substring(0, dash);
            description = dash < 0 ? "" : Deroff.text(text.substring(dash + skip)).replaceAll("\\s+", " ");
            for (String n : Deroff.text(left).split(",")) {
                if (!n.isBlank()) {
                    names.add(n.strip());
                }
            }
        }
        if (names.isEmpty()) {
            names.add(fallback);
        }
        return new Entry(List.copyOf(names), section, description, page);
    }

    /** The roff text of the NAME section body, words joined by blanks; null if there is none. */
    static String nameSection(ManNode.Root root) {
        for (ManNode n = root.first; n != null; n = n.next) {
            if (n instanceof ManNode.Block b && b.tok() == Tok.SH && b.head() != null
                    && Deroff.text(words(b.head())).equalsIgnoreCase("NAME")) {
                return b.body() == null ? "" : words(b.body());
            }
        }
        return null;
    }

    private static String words(ManNode n) {
        StringBuilder sb = new StringBuilder();
        collect(n, sb);
        return sb.toString().strip();
    }

    private static void collect(ManNode n, StringBuilder sb) {
        for (ManNode c = n.first; c != null; c = c.next) {
            if (c instanceof ManNode.Text t) {
                if (!sb.isEmpty()) {
                    sb.append(' ');
                }
                sb.append(t.string());
            } else {
                collect(c, sb);
            }
        }
    }
}
