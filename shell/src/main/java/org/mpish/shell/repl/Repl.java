package org.mpish.shell.repl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.Reference;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.mpish.shell.Session;

/** The interactive loop: read a line, run it, never die on a typo; Ctrl-C clears the line, Ctrl-D leaves. */
public final class Repl {
    private final Terminal terminal;
    private final Session session;

    public Repl(Terminal terminal, Session session) {
        this.terminal = terminal;
        this.session = session;
    }

    public int run() {
        DefaultParser parser = new DefaultParser();
        // an unclosed bracket or quote continues on the next line (JavaScript functions typed over several lines)
        parser.setEofOnUnclosedBracket(DefaultParser.Bracket.CURLY, DefaultParser.Bracket.ROUND, DefaultParser.Bracket.SQUARE);
        parser.setEofOnUnclosedQuote(true);
        parser.setEscapeChars(new char[0]);
        LineReaderBuilder b = LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("mpish")
                .parser(parser)
                .highlighter(new ShellHighlighter(session))
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, "%P ...> ")
                .completer(new ShellCompleter(session))
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.HISTORY_IGNORE_SPACE, true)
                .variable(LineReader.HISTORY_SIZE, 5000);
        Path history = HistoryFile.path();
        if (history != null) b.variable(LineReader.HISTORY_FILE, history);
        LineReader reader = b.build();
        // up and down search the history for lines starting with what is typed (Ctrl-R searches anywhere)
        reader.getKeyMaps().get(LineReader.MAIN).bind(new Reference(LineReader.HISTORY_SEARCH_BACKWARD), "\u001b[A", "\u001bOA");
        reader.getKeyMaps().get(LineReader.MAIN).bind(new Reference(LineReader.HISTORY_SEARCH_FORWARD), "\u001b[B", "\u001bOB");
        session.setPager(pager(terminal));
        if (session.printer().color()) {
            org.jline.widget.TailTipWidgets tips = SynopsisTips.install(reader, session);
            if (session.pager() instanceof TerminalPager tp) tp.setTips(tips);
        }
        // Ctrl-C while a command runs interrupts that command (at the prompt, JLine clears the line)
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, sig -> session.interrupt());
        if (history != null) HistoryFile.loadSafely(reader, history, session.printer());
        session.printer().setAbove(reader::printAbove);
        InitFile.run(session);
        session.printer().println("mpish " + org.mpish.shell.Main.VERSION + " - " + session.size()
                + " ranks. 'help' lists commands, 'man mpish' explains, Ctrl-D leaves.");
        try {
            while (!session.exitRequested()) {
                String line;
                try {
                    line = reader.readLine(prompt());
                } catch (UserInterruptException e) {
                    continue;
                } catch (EndOfFileException e) {
                    break;
                }
                session.printer().input(prompt(), line);
                try {
                    session.execute(line);
                } catch (RuntimeException e) {
                    session.printer().error("internal error: " + e);
                }
            }
        } finally {
            terminal.handle(Terminal.Signal.INT, previous);
            session.printer().setAbove(null);
            try {
                reader.getHistory().save();
            } catch (IOException | RuntimeException ignored) {
                // history is a convenience; never fail the exit over it
            }
        }
        return session.exitStatus();
    }

    /** A pager on this terminal, or null on a dumb one (JLine's less would hang there). */
    public static org.mpish.shell.Session.Pager pager(Terminal terminal) {
        return terminal.getType().startsWith(Terminal.TYPE_DUMB) ? null : new TerminalPager(terminal);
    }

    private String prompt() {
        String p = "mpish[" + session.defaultRank() + "]> ";
        return session.printer().color() ? "\u001b[1;36m" + p + "\u001b[0m" : p;
    }

    /** Where history lives: $MPISH_HISTFILE ('' disables), else $XDG_STATE_HOME/mpish/history. */
    static final class HistoryFile {
        private HistoryFile() {}

        static Path path() {
            String env = System.getenv("MPISH_HISTFILE");
            if (env != null) return env.isEmpty() ? null : Path.of(env);
            String state = System.getenv("XDG_STATE_HOME");
            Path dir = state != null && !state.isEmpty() ? Path.of(state) : Path.of(System.getProperty("user.home"), ".local", "state");
            return dir.resolve("mpish").resolve("history");
        }

        /** Loads history; a corrupt or unreadable file is moved aside with one warning, never fatal. */
        static void loadSafely(LineReader reader, Path file, org.mpish.shell.Printer printer) {
            try {
                Files.createDirectories(file.getParent());
                reader.getHistory().attach(reader);
            } catch (IOException | RuntimeException e) {
                try {
                    Path aside = file.resolveSibling(file.getFileName() + ".broken");
                    Files.move(file, aside, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    printer.error("history file was unreadable; moved it to " + aside);
                    reader.getHistory().attach(reader);
                } catch (IOException | RuntimeException e2) {
                    printer.error("history disabled: " + e2.getMessage());
                    reader.setVariable(LineReader.HISTORY_FILE, null);
                }
            }
        }
    }
}
