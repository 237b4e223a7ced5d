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

        /** The whatis lines for {@code name}: the one with that name if listed, else the first name's. */
        List<String> whatisLines(String name) {
            for (String n : names) {
                if (n.equalsIgnoreCase(name)) {
                    return List.of(line(n));
                }
            }
            return List.of(line(names.get(0)));
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
                for (String f : ManSearch.listing(dir)) {
                    String[] ns = ManSearch.split(f);
                    Path page = dir.resolve(f);
                    if (ns != null && Files.isRegularFile(page)) {
                        out.add(entry(page, ns[1], manDir));
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

    /** An index saved by {@link #save} under the same stamp, or null (missing, stale or unreadable). */
    static WhatisIndex load(Path file, String stamp) {
        try {
            List<String> lines = Files.readAllLines(file, java.nio.charset.StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals(stamp)) {
                return null;
            }
            List<Entry> out = new ArrayList<>();
            for (String l : lines.subList(1, lines.size())) {
                String[] f = l.split("\t", -1);
                if (f.length != 4) {
                    return null;
                }
                out.add(new Entry(List.of(f[2].split("\u0001")), f[1], f[3], Path.of(f[0])));
            }
            return new WhatisIndex(out);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Keeps the index for the next run; a cache that cannot be written is simply not kept. */
    void save(Path file, String stamp) {
        StringBuilder sb = new StringBuilder(stamp).append('\n');
        for (Entry e : entries) {
            sb.append(e.file()).append('\t').append(e.section()).append('\t')
                    .append(String.join("\u0001", e.names()).replace('\t', ' ').replace('\n', ' ')).append('\t')
                    .append(e.description().replace('\t', ' ').replace('\n', ' ')).append('\n');
        }
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), "whatis", ".tmp");
            Files.writeString(tmp, sb, java.nio.charset.StandardCharsets.UTF_8);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            // no cache this time
        }
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
            if (hit && !out.contains(e.line())) {
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
        String[] ns = ManSearch.split(file.getFileName().toString());
        return ns == null ? file.getFileName().toString() : ns[0];
    }

    static Entry entry(Path page, String section) {
        return entry(page, section, ManFiles.rootOf(page));
    }

    /** Reads the NAME section of one page (only the start of the page up to the section after NAME is parsed). */
    static Entry entry(Path page, String section, Path root) {
        String fallback = baseName(page);
        String source;
        try {
            source = ManFiles.readPage(page, root);
        } catch (IOException e) {
            return new Entry(List.of(fallback), section, "", page);
        }
        List<String> names = new ArrayList<>();
        String description = "";
        String text = null;
        String[] lines = source.split("\n", -1);
        int start = -1;
        int end = lines.length;
        boolean mdoc = false;
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            boolean heading = l.startsWith(".SH") || l.startsWith(".Sh");
            if (heading && start < 0 && l.substring(3).replace("\"", "").strip().equalsIgnoreCase("NAME")) {
                start = i;
                mdoc = l.startsWith(".Sh");
            } else if (heading && start >= 0) {
                end = i;
                break;
            }
        }
        if (start >= 0 && mdoc) {
            StringBuilder nm = new StringBuilder();
            for (int i = start + 1; i < end; i++) {
                String l = lines[i].strip();
                if (l.startsWith(".Nm")) {
                    nm.append(' ').append(l.substring(3));
                } else if (l.startsWith(".Nd")) {
                    description = Deroff.text(l.substring(3).strip()).replaceAll("\\s+", " ");
                }
            }
            for (String n : nm.toString().split("[ ,]+")) {
                if (!n.isBlank()) {
                    names.add(Deroff.text(n.strip()));
                }
            }
        } else if (start >= 0) {
            String head = String.join("\n", java.util.Arrays.asList(lines).subList(0, end)) + "\n";
            ManPage parsed = ManPage.parse(head, page.toString());
            text = nameSection(parsed.tree());
        }
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
        return new Entry(List.copyOf(names), section, description.strip(), page);
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
