package org.mpish.shell.man;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Finding pages the way man(1) (man-db) does: a list of manual roots, each holding {@code man<section>}
 * folders; sections searched in man-db's order; file names {@code NAME.SECTION[SUFFIX][.gz|.bz2|.xz|.zst]}.
 * <pre>
 *   ManSearch s = new ManSearch(ManSearch.manpath(null, System.getenv("MANPATH"), Path.of("man")));
 *   s.find("3", "printf");   // [/usr/share/man/man3/printf.3.gz]
 *   s.find(null, "ls");      // the first section that has it, then the others
 * </pre>
 */
public final class ManSearch {

    /** man-db's default section order; sections not listed come after, in name order. */
    static final List<String> SECTION_ORDER = List.of("1", "n", "l", "8", "3", "0", "2", "5", "4", "9", "6", "7");

    /** Where a page was found. */
    public record Hit(Path file, Path root, String section, String name) { }

    private final List<Path> roots;

    public ManSearch(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    public List<Path> roots() {
        return roots;
    }

    /**
     * The manual roots to search: {@code -M PATH} when given (exactly those), else mpish's own pages
     * then {@code MANPATH}, whose empty components (leading, trailing or {@code ::}) stand for the
     * system's default path as in man-db; without {@code MANPATH}, the system's default path.
     */
    public static List<Path> manpath(String option, String env, Path own) {
        Set<Path> out = new LinkedHashSet<>();
        if (option != null) {
            addAll(out, option, null);
            return List.copyOf(out);
        }
        if (own != null && Files.isDirectory(own)) {
            out.add(own.toAbsolutePath().normalize());
        }
        if (env != null && !env.isEmpty()) {
            addAll(out, env, systemDefault());
        } else {
            out.addAll(systemDefault());
        }
        return List.copyOf(out);
    }

    private static void addAll(Set<Path> out, String colonList, List<Path> forEmpty) {
        String[] parts = colonList.split(":", -1);
        for (String p : parts) {
            if (p.isEmpty()) {
                if (forEmpty != null) {
                    out.addAll(forEmpty);
                }
            } else if (Files.isDirectory(Path.of(p))) {
                out.add(Path.of(p).toAbsolutePath().normalize());
            }
        }
    }

    private static volatile List<Path> systemDefault;

    /** {@code manpath}'s answer (with MANPATH unset), else /usr/local/share/man and /usr/share/man. */
    public static List<Path> systemDefault() {
        List<Path> d = systemDefault;
        if (d != null) {
            return d;
        }
        String mp = null;
        try {
            ProcessBuilder pb = new ProcessBuilder("manpath").redirectError(ProcessBuilder.Redirect.DISCARD);
            pb.environment().remove("MANPATH");
            Process p = pb.start();
            mp = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                mp = null;
            }
        } catch (IOException e) {
            mp = null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (mp == null || mp.isEmpty()) {
            mp = "/usr/local/share/man:/usr/share/man";
        }
        Set<Path> out = new LinkedHashSet<>();
        addAll(out, mp, null);
        systemDefault = d = List.copyOf(out);
        return d;
    }

    /** True when {@code word} looks like a section (man-db: {@code 3}, {@code 3ssl}, {@code n}, {@code l}). */
    public static boolean isSection(String word) {
        return word.matches("[0-9][A-Za-z0-9]*|[nlo]");
    }

    /**
     * Every page named {@code name} in {@code section} (null: any), in man-db's order: by section,
     * then by root; within a folder an exact section suffix before a longer one ({@code 3} before
     * {@code 3posix}); exact case before a case-insensitive match.
     */
    public List<Hit> find(String section, String name) {
        List<Hit> out = new ArrayList<>();
        for (String dirSection : sectionsToSearch(section)) {
            for (Path root : roots) {
                Path dir = root.resolve("man" + dirSection);
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                List<Hit> exact = new ArrayList<>();
                List<Hit> longer = new ArrayList<>();
                List<Hit> caseless = new ArrayList<>();
                for (String f : listing(dir)) {
                    String[] ns = split(f);
                    if (ns == null) {
                        continue;
                    }
                    String ext = ns[1];
                    boolean sectionOk = section == null ? ext.startsWith(dirSection.substring(0, 1))
                            : ext.equalsIgnoreCase(section) || (section.length() == 1 && ext.startsWith(section));
                    if (!sectionOk) {
                        continue;
                    }
                    Hit h = new Hit(dir.resolve(f), root, ext, ns[0]);
                    if (ns[0].equals(name)) {
                        (ext.equals(dirSection) || (section != null && ext.equalsIgnoreCase(section)) ? exact : longer).add(h);
                    } else if (ns[0].equalsIgnoreCase(name)) {
                        caseless.add(h);
                    }
                }
                out.addAll(exact);
                out.addAll(longer);
                out.addAll(caseless);
            }
        }
        return out;
    }

    /** The folder sections to look in: the given one (and its main section's folder), else all in order. */
    private List<String> sectionsToSearch(String section) {
        Set<String> present = new TreeSet<>();
        for (Path root : roots) {
            try (Stream<Path> s = Files.list(root)) {
                s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("man") && n.length() > 3)
                        .forEach(n -> present.add(n.substring(3)));
            } catch (IOException | RuntimeException e) {
                // an unreadable root has nothing to offer
            }
        }
        List<String> out = new ArrayList<>();
        if (section != null) {
            String s = section.toLowerCase(Locale.ROOT);
            if (present.contains(s)) {
                out.add(s);
            }
            String main = s.substring(0, 1);
            if (!out.contains(main) && present.contains(main)) {
                out.add(main);
            }
            return out;
        }
        for (String s : SECTION_ORDER) {
            if (present.contains(s)) {
                out.add(s);
            }
        }
        for (String s : present) {
            if (!out.contains(s)) {
                out.add(s);
            }
        }
        return out;
    }

    /** {@code printf.3posix.gz} as {@code [printf, 3posix]}; null for a name with no section suffix. */
    static String[] split(String file) {
        String f = file;
        for (String z : new String[] {".gz", ".bz2", ".xz", ".zst", ".Z"}) {
            if (f.endsWith(z)) {
                f = f.substring(0, f.length() - z.length());
                break;
            }
        }
        int dot = f.lastIndexOf('.');
        if (dot <= 0 || dot == f.length() - 1) {
            return null;
        }
        return new String[] {f.substring(0, dot), f.substring(dot + 1)};
    }

    private record Listing(FileTime stamp, List<String> names) { }

    private static final Map<Path, Listing> LISTINGS = new ConcurrentHashMap<>();

    /** The file names in a folder, cached until the folder changes. */
    static List<String> listing(Path dir) {
        FileTime t;
        try {
            t = Files.getLastModifiedTime(dir);
        } catch (IOException e) {
            return List.of();
        }
        Listing l = LISTINGS.get(dir);
        if (l != null && l.stamp().equals(t)) {
            return l.names();
        }
        List<String> names;
        try (Stream<Path> s = Files.list(dir)) {
            names = s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException | RuntimeException e) {
            names = List.of();
        }
        LISTINGS.put(dir, new Listing(t, names));
        return names;
    }

    /** Every page name under the roots (for completion), sorted, without duplicates. */
    public Set<String> names() {
        Set<String> out = new TreeSet<>();
        for (Path root : roots) {
            try (Stream<Path> s = Files.list(root)) {
                for (Path dir : s.filter(p -> p.getFileName().toString().startsWith("man")).toList()) {
                    for (String f : listing(dir)) {
                        String[] ns = split(f);
                        if (ns != null) {
                            out.add(ns[0]);
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // skip an unreadable root
            }
        }
        return out;
    }

    private static final Map<Path, Object[]> INDEXES = new ConcurrentHashMap<>();

    /** The whatis index of one root, cached until one of its section folders changes. */
    public static WhatisIndex index(Path root) {
        String stamp = stamp(root);
        Object[] c = INDEXES.get(root);
        if (c != null && c[0].equals(stamp)) {
            return (WhatisIndex) c[1];
        }
        WhatisIndex i = WhatisIndex.load(cacheFile(root), stamp);
        if (i == null) {
            i = WhatisIndex.build(root);
            i.save(cacheFile(root), stamp);
        }
        INDEXES.put(root, new Object[] {stamp, i});
        return i;
    }

    /** Where the whatis index of a root is kept between runs: $XDG_CACHE_HOME/mpish (else ~/.cache/mpish). */
    private static Path cacheFile(Path root) {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home", "."), ".cache");
        String key = Integer.toHexString(root.toAbsolutePath().normalize().toString().hashCode());
        return base.resolve("mpish").resolve("whatis-" + key + ".tsv");
    }

    private static String stamp(Path root) {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> s = Files.list(root)) {
            for (Path d : s.filter(Files::isDirectory).sorted().toList()) {
                sb.append(d.getFileName()).append('@').append(Files.getLastModifiedTime(d).toMillis()).append(';');
            }
        } catch (IOException | RuntimeException e) {
            sb.append("unreadable");
        }
        return sb.toString();
    }

    /**
     * {@code whatis NAME}: the summary line of every page with that file name (read directly, so no
     * index of the whole path is needed), plus the pages of small roots that list the name in NAME.
     */
    public List<String> whatis(String name) {
        Set<String> out = new LinkedHashSet<>();
        for (Hit h : find(null, name)) {
            out.addAll(WhatisIndex.entry(h.file(), h.section(), h.root()).whatisLines(name));
        }
        for (Path r : roots) {
            if (isIndexed(r)) {
                out.addAll(index(r).whatis(name));
            }
        }
        return List.copyOf(out);
    }

    /** True when the root's index is built already or cheap to build (a small root such as mpish's own). */
    private static boolean isIndexed(Path root) {
        if (INDEXES.containsKey(root)) {
            return true;
        }
        int n = 0;
        try (Stream<Path> s = Files.list(root)) {
            for (Path d : s.filter(p -> p.getFileName().toString().startsWith("man")).toList()) {
                n += listing(d).size();
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return n < 2000;
    }

    /** {@code apropos WORD} over every root. */
    public List<String> apropos(String word) {
        List<String> out = new ArrayList<>();
        for (Path r : roots) {
            out.addAll(index(r).apropos(word));
        }
        return out;
    }
}
