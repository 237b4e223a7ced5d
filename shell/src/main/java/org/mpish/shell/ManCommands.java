package org.mpish.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.nio.file.Path;
import org.mpish.shell.man.ManPage;
import org.mpish.shell.man.Style;
import org.mpish.shell.man.WhatisIndex;

/** man, apropos, whatis: the manual, rendered by mpish's own man(7) renderer. */
public final class ManCommands {
    private ManCommands() {}

    private static volatile WhatisIndex index;

    /** The index of this installation's manual ($mpish.root/man, or ./man), built on first use. */
    public static WhatisIndex index() {
        WhatisIndex i = index;
        if (i == null) {
            String root = System.getProperty("mpish.root");
            index = i = WhatisIndex.build(root != null ? Path.of(root, "man") : Path.of("man"));
        }
        return i;
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

    /** Renders a page; null with a message printed when there is none. */
    static String render(Session s, List<Token> args, int width, Style style) {
        String section = null;
        String name;
        if (args.size() == 2 && args.get(0).text().matches("[137]")) {
            section = args.get(0).text();
            name = args.get(1).text();
        } else if (args.size() == 1) {
            name = args.get(0).text();
        } else {
            throw new IllegalArgumentException("usage: man [SECTION] NAME | man -k WORD");
        }
        Path page = index().find(section == null ? name : section + " " + name);
        if (page == null) {
            List<String> near = index().apropos(name);
            throw new IllegalArgumentException("no manual entry for " + name
                    + (near.isEmpty() ? "" : "; try: " + String.join(", ", near.stream().limit(3).map(l -> l.substring(0, l.indexOf(')') + 1)).toList())));
        }
        try {
            return ManPage.render(Files.readString(page), page.getFileName().toString(), width, style);
        } catch (IOException ex) {
            throw new IllegalArgumentException("cannot read " + page + ": " + ex.getMessage());
        }
    }

    static final class Man implements Builtin {
        @Override public String name() { return "man"; }
        @Override public String usage() { return "man [SECTION] NAME | man -k WORD"; }
        @Override public String summary() { return "read a manual page (paged on a terminal)"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            List<Token> a = line.args();
            if (a.size() == 2 && a.get(0).text().equals("-k")) return new Apropos().run(s, new LineParser.Line(null, "apropos", a.subList(1, 2)));
            Session.Pager pager = s.pager();
            String text = render(s, a, width(pager == null ? 0 : pager.width()), pager != null && s.printer().color() ? Style.ANSI : Style.PLAIN);
            if (pager != null) pager.page(text);
            else s.printer().out().print(text);
            s.printer().out().flush();
            return true;
        }
    }

    static final class Apropos implements Builtin {
        @Override public String name() { return "apropos"; }
        @Override public String usage() { return "apropos WORD"; }
        @Override public String summary() { return "the manual pages whose name or summary mentions WORD"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            if (line.args().size() != 1) throw new IllegalArgumentException("usage: " + usage());
            List<String> hits = index().apropos(line.args().get(0).text());
            if (hits.isEmpty()) return s.failure("apropos: nothing appropriate for " + line.args().get(0).text());
            for (String h : hits) s.printer().println(h);
            return true;
        }
    }

    static final class Whatis implements Builtin {
        @Override public String name() { return "whatis"; }
        @Override public String usage() { return "whatis NAME"; }
        @Override public String summary() { return "the one-line summary of a manual page"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            if (line.args().size() != 1) throw new IllegalArgumentException("usage: " + usage());
            List<String> hits = index().whatis(line.args().get(0).text());
            if (hits.isEmpty()) return s.failure("whatis: nothing appropriate for " + line.args().get(0).text());
            for (String h : hits) s.printer().println(h);
            return true;
        }
    }
}
