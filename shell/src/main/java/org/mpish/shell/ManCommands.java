package org.mpish.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.mpish.shell.man.Device;
import org.mpish.shell.man.Diagnostic;
import org.mpish.shell.man.ManFiles;
import org.mpish.shell.man.ManLint;
import org.mpish.shell.man.ManPage;
import org.mpish.shell.man.ManSearch;
import org.mpish.shell.man.Style;
import org.mpish.shell.man.WhatisIndex;

/**
 * man, apropos, whatis: man(1) over mpish's own pages and the system's manual path, rendered by
 * mpish's own roff renderer. Exit codes as man-db's: 0 shown, 2 a page could not be read, 16 no page
 * found; a bad command line is 2 as everywhere in mpish (man-db says 1).
 */
public final class ManCommands {
    private ManCommands() {}

    public static final int OK = 0;
    /** A bad command line: 2 as for every mpish command line (man-db uses 1). */
    public static final int USAGE = 2;
    public static final int FAILED = 2;
    public static final int NOT_FOUND = 16;

    public static final String USAGE_TEXT =
            "usage: man [-a] [-w] [-T ascii|utf8] [-M PATH] [SECTION] NAME... | man -l FILE... | man -k WORD | man -f NAME | man --lint FILE...";

    /**
     * Where output goes: a page (paged on a terminal), a line, an error line; and the layout:
     * width, how fonts show, and the character set pages are rendered in when {@code -T} does not say.
     */
    public record Io(Consumer<String> page, Consumer<String> line, Consumer<String> error, int width, Style style,
                     Device device) {
        /** Pages in ASCII. */
        public Io(Consumer<String> page, Consumer<String> line, Consumer<String> error, int width, Style style) {
            this(page, line, error, width, style, Device.ASCII);
        }
    }

    /**
     * The character set for pages shown on a terminal: UTF-8 when the locale's character type is
     * UTF-8 (the first of LC_ALL, LC_CTYPE and LANG that is set says so, e.g. {@code C.UTF-8} or
     * {@code en_US.utf8}), else ASCII; output that is not a terminal is ASCII, as mandoc's default.
     */
    public static Device device(boolean terminal) {
        if (!terminal) {
            return Device.ASCII;
        }
        for (String v : new String[] {"LC_ALL", "LC_CTYPE", "LANG"}) {
            String s = System.getenv(v);
            if (s != null && !s.isEmpty()) {
                String l = s.toLowerCase(java.util.Locale.ROOT);
                return l.contains("utf-8") || l.contains("utf8") ? Device.UTF8 : Device.ASCII;
            }
        }
        return Device.ASCII;
    }

    /** mpish's own pages: $mpish.root/man, or ./man. */
    static Path ownPages() {
        String root = System.getProperty("mpish.root");
        return root != null ? Path.of(root, "man") : Path.of("man");
    }

    /** The index of this installation's own manual, for completion and help. */
    public static WhatisIndex index() {
        return ManSearch.index(ownPages().toAbsolutePath().normalize());
    }

    /** The search over the default manual path (MANPATH, mpish's pages, the system's). */
    public static ManSearch defaultSearch() {
        return new ManSearch(ManSearch.manpath(null, System.getenv("MANPATH"), ownPages()));
    }

    /** The width to render at: $MANWIDTH if set, else the terminal's width (at most 100), else 78. */
    static int width(int terminalWidth) {
        String mw = System.getenv("MANWIDTH");
        if (mw != null) {
            try {
                int w = Integer.parseInt(mw.trim());
                if (w > 10) return w;
            } catch (NumberFormatException ignored) {
                // fall through to the default
            }
        }
        return terminalWidth > 20 ? Math.min(terminalWidth - 2, 100) : ManPage.DEFAULT_WIDTH;
    }

    /** Runs man(1) with these arguments; returns its exit code. Never throws on bad input. */
    public static int man(List<String> args, Io io) {
        boolean all = false, where = false, local = false, apropos = false, whatis = false, lint = false;
        String manpath = null;
        Device device = io.device();
        List<String> words = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                words.addAll(args.subList(i + 1, args.size()));
                break;
            }
            if (a.startsWith("--")) {
                switch (a) {
                    case "--all" -> all = true;
                    case "--where", "--path", "--location" -> where = true;
                    case "--local-file" -> local = true;
                    case "--apropos" -> apropos = true;
                    case "--whatis" -> whatis = true;
                    case "--lint" -> lint = true;
                    case "--help" -> { io.line().accept(USAGE_TEXT); return OK; }
                    default -> {
                        if (a.startsWith("--manpath=")) {
                            manpath = a.substring("--manpath=".length());
                        } else {
                            io.error().accept("man: unknown option " + a + "; " + USAGE_TEXT);
                            return USAGE;
                        }
                    }
                }
                continue;
            }
            if (!a.startsWith("-") || a.length() == 1 || !words.isEmpty() && !looksLikeOption(a)) {
                words.add(a);
                continue;
            }
            for (int k = 1; k < a.length(); k++) {
                char c = a.charAt(k);
                switch (c) {
                    case 'a' -> all = true;
                    case 'w' -> where = true;
                    case 'l' -> local = true;
                    case 'k' -> apropos = true;
                    case 'f' -> whatis = true;
                    case 'h' -> { io.line().accept(USAGE_TEXT); return OK; }
                    case 'T' -> {
                        String v = k + 1 < a.length() ? a.substring(k + 1) : i + 1 < args.size() ? args.get(++i) : null;
                        if (v == null || !(v.equals("ascii") || v.equals("utf8"))) {
                            io.error().accept("man: -T takes ascii or utf8 (the output character set)"
                                    + (v == null ? "" : ", not " + v) + "; " + USAGE_TEXT);
                            return USAGE;
                        }
                        device = v.equals("utf8") ? Device.UTF8 : Device.ASCII;
                        k = a.length();
                    }
                    case 'M' -> {
                        if (k + 1 < a.length()) {
                            manpath = a.substring(k + 1);
                        } else if (i + 1 < args.size()) {
                            manpath = args.get(++i);
                        } else {
                            io.error().accept("man: -M needs a PATH (folders separated by ':'); " + USAGE_TEXT);
                            return USAGE;
                        }
                        k = a.length();
                    }
                    default -> {
                        io.error().accept("man: unknown option -" + c + "; " + USAGE_TEXT);
                        return USAGE;
                    }
                }
            }
        }
        if (words.isEmpty()) {
            io.error().accept(apropos || whatis ? "man: " + (apropos ? "-k" : "-f") + " needs a WORD" : "What manual page do you want?; " + USAGE_TEXT);
            return USAGE;
        }
        if (apropos && whatis) {
            io.error().accept("man: -k and -f cannot be combined");
            return USAGE;
        }
        ManSearch search = new ManSearch(ManSearch.manpath(manpath, System.getenv("MANPATH"), ownPages()));
        if (apropos || whatis) {
            int rc = OK;
            for (String w : words) {
                List<String> hits = apropos ? search.apropos(w) : search.whatis(w);
                if (hits.isEmpty()) {
                    io.error().accept(w + ": nothing appropriate.");
                    rc = NOT_FOUND;
                }
                hits.forEach(io.line());
            }
            return rc;
        }
        if (lint) {
            return lint(words, io, search);
        }
        String section = null;
        if (!local && words.size() > 1 && ManSearch.isSection(words.get(0))) {
            section = words.get(0);
            words = words.subList(1, words.size());
        }
        int rc = OK;
        for (String w : words) {
            List<Path> files = new ArrayList<>();
            if (local || w.contains("/")) {
                files.add(Path.of(w));
            } else {
                for (ManSearch.Hit h : search.find(section, w)) {
                    files.add(h.file());
                }
                if (files.isEmpty()) {
                    io.error().accept("No manual entry for " + w + (section == null ? "" : " in section " + section));
                    rc = Math.max(rc, NOT_FOUND);
                    continue;
                }
                if (!all) {
                    files = files.subList(0, 1);
                }
            }
            for (Path f : files) {
                if (where) {
                    if (!Files.exists(f)) {
                        io.error().accept("man: " + f + ": no such file");
                        rc = Math.max(rc, NOT_FOUND);
                    } else {
                        io.line().accept(f.toString());
                    }
                    continue;
                }
                try {
                    String src = ManFiles.readPage(f, ManFiles.rootOf(f));
                    io.page().accept(ManPage.parse(src, f.getFileName().toString()).render(io.width(), io.style(), device));
                } catch (IOException e) {
                    io.error().accept("man: " + e.getMessage());
                    rc = Math.max(rc, Files.exists(f) ? FAILED : NOT_FOUND);
                }
            }
        }
        return rc;
    }

    private static boolean looksLikeOption(String a) {
        return a.matches("-[awlkfhMT].*");
    }

    /** {@code man --lint FILE...}: mpish's linter, messages like {@code mandoc -T lint}'s. */
    private static int lint(List<String> files, Io io, ManSearch search) {
        int rc = OK;
        for (String w : files) {
            Path f = Path.of(w);
            try {
                String src = ManFiles.readPage(f, ManFiles.rootOf(f));
                ManPage page = ManPage.parse(src, w);
                for (Diagnostic d : page.diagnostics()) io.line().accept(d.toString());
                // then, as mandoc, the pages named with .Xr that the manual path does not have
                for (Diagnostic d : ManLint.unresolved(page, search)) io.line().accept(d.toString());
            } catch (IOException e) {
                io.error().accept("man: " + e.getMessage());
                rc = Math.max(rc, Files.exists(f) ? FAILED : NOT_FOUND);
            }
        }
        return rc;
    }

    private static Io io(Session s, boolean paged) {
        Session.Pager pager = paged ? s.pager() : null;
        Style style = pager != null && s.printer().color() ? Style.ANSI : Style.PLAIN;
        Consumer<String> page = pager != null ? pager::page : text -> { s.printer().out().print(text); s.printer().out().flush(); };
        return new Io(page, s.printer()::println, s.printer()::error, width(pager == null ? 0 : pager.width()), style,
                device(pager != null));
    }

    /** The shell's status for man(1)'s exit code: errors were already printed. */
    private static boolean status(Session s, int rc) {
        if (rc == OK) return true;
        s.countError();
        return false;
    }

    static final class Man implements Builtin {
        @Override public String name() { return "man"; }
        @Override public String usage() { return USAGE_TEXT.substring("usage: ".length()); }
        @Override public String summary() { return "read a manual page (paged on a terminal), mpish's or the system's"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            List<String> a = line.args().stream().map(Token::text).toList();
            return status(s, man(a, io(s, true)));
        }
    }

    static final class Apropos implements Builtin {
        @Override public String name() { return "apropos"; }
        @Override public String usage() { return "apropos WORD"; }
        @Override public String summary() { return "the manual pages whose name or summary mentions WORD"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            if (line.args().size() != 1) throw new IllegalArgumentException("usage: " + usage());
            return status(s, man(List.of("-k", line.args().get(0).text()), io(s, false)));
        }
    }

    static final class Whatis implements Builtin {
        @Override public String name() { return "whatis"; }
        @Override public String usage() { return "whatis NAME"; }
        @Override public String summary() { return "the one-line summary of a manual page"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            if (line.args().size() != 1) throw new IllegalArgumentException("usage: " + usage());
            return status(s, man(List.of("-f", line.args().get(0).text()), io(s, false)));
        }
    }
}
